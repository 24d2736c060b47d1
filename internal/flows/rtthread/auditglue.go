package rtthread

import "github.com/lwipgen/lwipgen/internal/auditreg"

// RT-Thread's configuration namespace, for the audit.
func init() {
	auditreg.RegisterVendorGlue(map[string]string{
		"RT_*":               "RT-Thread (rtconfig.h)",
		"RT_LWIP_USING_PING": "RT-Thread's netdev ping glue",
	})
}
