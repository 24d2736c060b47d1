/* Stand-in cmsis_os.h for the audit corpus (written for lwipgen): the CMSIS-RTOS v1 priority names. */
#ifndef CMSIS_OS_STANDIN_H
#define CMSIS_OS_STANDIN_H
typedef enum { osPriorityIdle = -3, osPriorityLow = -2, osPriorityBelowNormal = -1, osPriorityNormal = 0,
               osPriorityAboveNormal = 1, osPriorityHigh = 2, osPriorityRealtime = 3 } osPriority;
#endif
