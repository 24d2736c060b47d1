/* fixture OS port: the RTOS's handles (an RTOS header the audit cannot compile) */
#include "FreeRTOS.h"
typedef unsigned int sys_prot_t;
