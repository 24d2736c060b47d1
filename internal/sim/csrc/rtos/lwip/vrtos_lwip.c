/*
 * vrtos_lwip.c - the core-locking check of the simulation (LWIP_ASSERT_CORE_LOCKED, see
 * vrtos_lwipopts.h) and lwIP's hooks that are the same for every API. Modelled on what lwIP's own
 * ports check (contrib/ports/unix and freertos: sys_check_core_locking): never from an interrupt;
 * once the tcpip thread runs, with LWIP_TCPIP_CORE_LOCKING only by the holder of lock_tcpip_core,
 * without it only in the tcpip thread.
 */
#include "lwip/opt.h"
#include "lwip/sys.h"
#include "lwip/tcpip.h"

#include "vrtos.h"
#include "vrtos_lwipopts.h"

#if !NO_SYS

static vrtos_thread_t *tcpip_thread;
static unsigned long checks;

void vrtos_lwip_mark_tcpip_thread(void) { tcpip_thread = vrtos_self(); }

void vrtos_lwip_check_core_locked(const char *func, const char *file, int line)
{
    checks++;
    if (vrtos_in_isr()) {
        vrtos_fault("lwIP core function %s() (%s:%d) called from interrupt context", func, file, line);
    }
    if (tcpip_thread == NULL) {
        return; /* lwip_init in tcpip_init, before the tcpip thread exists */
    }
    vrtos_thread_t *me = vrtos_self();
#if LWIP_TCPIP_CORE_LOCKING
    if (vrtos_mutex_holder((vrtos_obj_t *)VRTOS_SYS_MUTEX_OBJ(&lock_tcpip_core)) != me || me == NULL) {
        vrtos_fault("lwIP core function %s() (%s:%d) called by %s \"%s\" without the core lock (LOCK_TCPIP_CORE)", func, file,
                    line, me ? "thread" : "the harness", vrtos_thread_name(me));
    }
#else
    if (me != tcpip_thread) {
        vrtos_fault("lwIP core function %s() (%s:%d) called by %s \"%s\" outside the tcpip thread (LWIP_TCPIP_CORE_LOCKING 0)",
                    func, file, line, me ? "thread" : "the harness", vrtos_thread_name(me));
    }
#endif
}

unsigned long vrtos_lwip_core_checks(void) { return checks; }

#endif /* !NO_SYS */
