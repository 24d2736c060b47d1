/* a CubeMX bare-metal lwipopts.h, reduced to what the import test needs (layout ours) */
#ifndef __LWIPOPTS__H__
#define __LWIPOPTS__H__
#define NO_SYS 1
#define MEM_ALIGNMENT 4
#define MEM_SIZE 16384
#define LWIP_ETHERNET 1
#define TCP_MSS 1460
#define TCP_SND_BUF 5840
#define TCP_WND 5840
#define TCP_SND_QUEUELEN 16
#endif
