/* lwipopts.h in the shape CubeMX generates it (fixture text, not ST's) */
#ifndef __LWIPOPTS__H__
#define __LWIPOPTS__H__
#include "main.h"
/* USER CODE BEGIN 0 */
/* USER CODE END 0 */
#define WITH_RTOS 1
#define CHECKSUM_BY_HARDWARE 1
#define MEM_ALIGNMENT 4
#define MEM_SIZE 16360
#define LWIP_ETHERNET 1
#define TCP_MSS 1460
#define TCP_SND_BUF 5840
#define TCP_WND 5840
#define TCP_SND_QUEUELEN 16
#define TCPIP_THREAD_STACKSIZE 2048
#define TCPIP_THREAD_PRIO osPriorityAboveNormal
#define TCPIP_MBOX_SIZE 6
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define LWIP_STATS 0
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_ICMP 0
/* USER CODE BEGIN 1 */
/* USER CODE END 1 */
#endif
