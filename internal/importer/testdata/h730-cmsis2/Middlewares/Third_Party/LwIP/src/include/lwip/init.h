/* the version macros of lwIP's init.h (fixture text) */
#ifndef LWIP_HDR_INIT_H
#define LWIP_HDR_INIT_H
#define LWIP_VERSION_MAJOR      2
#define LWIP_VERSION_MINOR      1
#define LWIP_VERSION_REVISION   2
#endif
