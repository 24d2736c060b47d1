/* lwipgen test fixture: what this file includes and checks tells whether the reader got the IDE's flags */
#include "lwipopts.h"
#include "xparameters.h"
#include "platform.h"
