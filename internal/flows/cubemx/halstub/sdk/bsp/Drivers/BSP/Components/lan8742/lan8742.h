/* lan8742.h - lwipgen test stand-in for ST's LAN8742 BSP component header (our own text). */
#ifndef LAN8742_H
#define LAN8742_H
#include <stdint.h>
#define LAN8742_STATUS_LINK_DOWN 1
#define LAN8742_STATUS_100MBITS_FULLDUPLEX 2
#define LAN8742_STATUS_100MBITS_HALFDUPLEX 3
#define LAN8742_STATUS_10MBITS_FULLDUPLEX 4
#define LAN8742_STATUS_10MBITS_HALFDUPLEX 5
typedef int32_t (*lan8742_Init_Func)(void);
typedef int32_t (*lan8742_DeInit_Func)(void);
typedef int32_t (*lan8742_ReadReg_Func)(uint32_t, uint32_t, uint32_t *);
typedef int32_t (*lan8742_WriteReg_Func)(uint32_t, uint32_t, uint32_t);
typedef int32_t (*lan8742_GetTick_Func)(void);
typedef struct { lan8742_Init_Func Init; lan8742_DeInit_Func DeInit; lan8742_WriteReg_Func WriteReg; lan8742_ReadReg_Func ReadReg; lan8742_GetTick_Func GetTick; } lan8742_IOCtx_t;
typedef struct { uint32_t DevAddr; uint32_t Is_Initialized; lan8742_IOCtx_t IO; void *pData; } lan8742_Object_t;
int32_t LAN8742_RegisterBusIO(lan8742_Object_t *pObj, lan8742_IOCtx_t *ioctx);
int32_t LAN8742_Init(lan8742_Object_t *pObj);
int32_t LAN8742_GetLinkState(lan8742_Object_t *pObj);
#endif
