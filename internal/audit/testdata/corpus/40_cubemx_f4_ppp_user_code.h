/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: Houzich/PPPoS-Bridge-STM32F407@adc7ba3c11 Inc/lwipopts.h (CubeMX F4 with PPP switched on in the GUI and more PPP options in a USER CODE block); here the block also asks for a PPPoE server, which lwIP's pppoe.c refuses - only compiling lwIP's PPP sources shows it
 * args: --chip stm32f407
 * expect: error lwip.compile.error PPPOE_SERVER
 * expect: info audit.vendor_glue WITH_RTOS
 */
#ifndef __LWIPOPTS__H__
#define __LWIPOPTS__H__

#define WITH_RTOS 1
#define MEM_ALIGNMENT 4
#define MEM_SIZE 10240
#define LWIP_NETCONN 1
#define LWIP_SOCKET 0
#define PPP_SUPPORT 1

/* USER CODE BEGIN 1 */
#define PPPOS_SUPPORT 1
#define PPPOE_SUPPORT 1
#define PPPOE_SERVER 1
#define PAP_SUPPORT 1
#define LWIP_PPP_API 1
/* USER CODE END 1 */
#endif
