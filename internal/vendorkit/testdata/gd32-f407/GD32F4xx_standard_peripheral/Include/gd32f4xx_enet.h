/* gd32f4xx_enet.h - a stand-in written for lwipgen's tests: only the #ifndef-guarded ENET knobs the
 * GD32 firmware library exposes (values as its documentation gives them); no GigaDevice code. */
#ifndef GD32F4XX_ENET_H
#define GD32F4XX_ENET_H
#ifndef ENET_RXBUF_NUM
#define ENET_RXBUF_NUM 5U
#endif
#ifndef ENET_TXBUF_NUM
#define ENET_TXBUF_NUM 5U
#endif
#endif
