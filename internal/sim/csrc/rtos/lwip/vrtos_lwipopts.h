/*
 * vrtos_lwipopts.h - what the simulator adds after a board's lwipopts.h on RTOS boards: lwIP's
 * core-locking hooks wired to the model, so that every lwIP core function entered outside the core
 * lock (or outside the tcpip thread without core locking, or from an interrupt) fails the run with
 * the thread and the function. A project that maps LWIP_ASSERT_CORE_LOCKED itself (CubeMX's
 * sys_check_core_locking in lwipgen's ethernetif.c) keeps its own check, which then runs on the
 * model's __get_IPSR() and xTaskGetCurrentTaskHandle().
 */
#ifndef VRTOS_LWIPOPTS_H
#define VRTOS_LWIPOPTS_H

void vrtos_lwip_check_core_locked(const char *func, const char *file, int line);
void vrtos_lwip_mark_tcpip_thread(void);

#ifndef LWIP_ASSERT_CORE_LOCKED
#define LWIP_ASSERT_CORE_LOCKED() vrtos_lwip_check_core_locked(__func__, __FILE__, __LINE__)
#endif
#ifndef LWIP_MARK_TCPIP_THREAD
#define LWIP_MARK_TCPIP_THREAD() vrtos_lwip_mark_tcpip_thread()
#endif

#endif /* VRTOS_LWIPOPTS_H */
