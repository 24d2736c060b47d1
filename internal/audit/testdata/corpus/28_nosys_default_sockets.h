/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a bare-metal port lwipopts.h that sets NO_SYS 1 but leaves the sequential APIs at their default
 * args: --cpu cortex-m4
 * expect: error lwip.init.sequential_api_needs_os NO_SYS
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (8*1024)
#define TCP_MSS                     1460
#define TCP_SND_BUF                 (2*TCP_MSS)
#define LWIP_DHCP                   1

#endif
