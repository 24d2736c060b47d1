/* lwipgen test fixture: what this file includes and checks tells whether the reader got the IDE's flags */
#include "lwipopts.h"
#include "arch/cc.h"
#if defined(DEBUG) && ETH_RX_BUFFER_CNT != 12U
#error "the per-file symbols of ethernetif.c are missing"
#endif
