/* fixture: an RTOS build with lightweight protection (lwIP's default) */
#ifndef FIXTURE_LWIPOPTS_H
#define FIXTURE_LWIPOPTS_H
#define NO_SYS                 0
#define SYS_LIGHTWEIGHT_PROT   1
#define MEM_ALIGNMENT          4
#define MEM_SIZE               (16*1024)
#define LWIP_NETCONN           1
#define LWIP_SOCKET            0
#endif
