/* lwipgen test fixture: what this file includes and checks tells whether the reader got the IDE's flags */
#include "main.h"
#include "lwip/opt.h"
#if defined(DEBUG) && LWIP_DEBUG != 1
#error "Debug builds with LWIP_DEBUG=1"
#endif
#if !defined(DEBUG) && (defined(LWIP_DEBUG) || !defined(NDEBUG))
#error "Release builds with NDEBUG and without LWIP_DEBUG"
#endif
