/* lwipgen test fixture: what this file includes and checks tells whether the reader got the IDE's flags */
#include "lwip/opt.h"
#include "lwipopts.h"
#if HXTAL_VALUE != 25000000
#error "HXTAL_VALUE"
#endif
