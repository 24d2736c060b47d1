/* lan8742.c - lwipgen test stand-in for ST's LAN8742 BSP component (our own text). */
#include <stddef.h>
#include "lan8742.h"
int32_t LAN8742_RegisterBusIO(lan8742_Object_t *pObj, lan8742_IOCtx_t *ioctx) { if (pObj == NULL || ioctx == NULL) { return -1; } pObj->IO = *ioctx; return 0; }
int32_t LAN8742_Init(lan8742_Object_t *pObj) { pObj->Is_Initialized = 1U; return pObj->IO.Init != NULL ? pObj->IO.Init() : 0; }
int32_t LAN8742_GetLinkState(lan8742_Object_t *pObj) { uint32_t bsr = 0U; if (pObj->IO.ReadReg != NULL) { (void)pObj->IO.ReadReg(pObj->DevAddr, 1U, &bsr); } return (bsr & 4U) != 0U ? LAN8742_STATUS_100MBITS_FULLDUPLEX : LAN8742_STATUS_LINK_DOWN; }
