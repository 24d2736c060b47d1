/* Stand-in FreeRTOSConfig.h for the audit corpus (written for lwipgen; only the values lwipopts.h files use). */
#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H
#define configMAX_PRIORITIES        ( 7 )
#define configMINIMAL_STACK_SIZE    ( ( unsigned short ) 128 )
#define configTICK_RATE_HZ          ( 1000 )
#endif
