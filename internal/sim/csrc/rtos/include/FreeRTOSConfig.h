/*
 * FreeRTOSConfig.h - the kernel configuration the virtual-time model runs with: CubeMX's values for
 * a FreeRTOS project (CMSIS-RTOS v2: 56 priorities; v1: 7), each overridable with -D. lwipgen's own
 * file, not a vendor's.
 */
#ifndef VRTOS_FREERTOS_CONFIG_H
#define VRTOS_FREERTOS_CONFIG_H

#ifndef configTICK_RATE_HZ
#define configTICK_RATE_HZ ((TickType_t)1000)
#endif
#ifndef configMAX_PRIORITIES
#if defined(VRTOS_CMSIS_V1)
#define configMAX_PRIORITIES (7) /* CubeMX, CMSIS-RTOS v1: osPriorityIdle..osPriorityRealtime */
#else
#define configMAX_PRIORITIES (56) /* CubeMX, CMSIS-RTOS v2: osPriorityIdle..osPriorityISR */
#endif
#endif
#ifndef configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY
#define configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY 5
#endif
#ifndef configMINIMAL_STACK_SIZE
#define configMINIMAL_STACK_SIZE ((uint16_t)128)
#endif
#define configUSE_PREEMPTION 1
#define configUSE_TIME_SLICING 1
#define configUSE_MUTEXES 1
#define configUSE_RECURSIVE_MUTEXES 1
#define configUSE_COUNTING_SEMAPHORES 1
#define configUSE_TASK_NOTIFICATIONS 1
#define configSUPPORT_DYNAMIC_ALLOCATION 1
#define configSUPPORT_STATIC_ALLOCATION 0
#define configCHECK_FOR_STACK_OVERFLOW 2
#define configUSE_16_BIT_TICKS 0
#define INCLUDE_vTaskDelete 1
#define INCLUDE_vTaskDelay 1
#define INCLUDE_vTaskDelayUntil 1
#define INCLUDE_vTaskPrioritySet 1
#define INCLUDE_uxTaskPriorityGet 1
#define INCLUDE_xTaskGetCurrentTaskHandle 1
#define INCLUDE_uxTaskGetStackHighWaterMark 1
#define INCLUDE_xTaskGetSchedulerState 1
#define INCLUDE_xSemaphoreGetMutexHolder 1

#define configASSERT(x) do { if (!(x)) vrtos_fault("configASSERT(%s) failed at %s:%d", #x, __FILE__, __LINE__); } while (0)

#endif /* VRTOS_FREERTOS_CONFIG_H */
