/* main.h - written for lwipgen's tests (GD32 demo shape; no GigaDevice code) */
#ifndef MAIN_H
#define MAIN_H
#define USE_ENET_INTERRUPT
#define RMII_MODE
#endif
