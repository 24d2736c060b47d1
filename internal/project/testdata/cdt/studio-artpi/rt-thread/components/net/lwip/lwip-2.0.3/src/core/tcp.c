/* lwipgen test fixture: what this file includes and checks tells whether the reader got the IDE's flags */
#include "lwip/opt.h"
#include "lwipopts.h"
#include "rtthread.h"
#ifndef __RTTHREAD__
#error "rtconfig_preinc.h is forced into every unit"
#endif
