package board

// The closed vocabularies of the board schema. Each is checked with a
// "did you mean" suggestion on the attribute that uses it.
var (
	Vendors      = []string{"cubemx", "gd32", "vitis", "standalone", "rtthread"}
	RTOSes       = []string{"none", "freertos", "rtthread"}
	Profiles     = []string{"throughput", "latency", "balanced"}
	Interfaces   = []string{"mii", "rmii", "rgmii", "internal"}
	Placements   = []string{"bottom", "top"}
	LwIPVersions = []string{"2.1.2", "2.1.3", "2.2.0", "2.2.1"}
	// RT-Thread 4.0.x/4.1.x ship lwIP 2.1.2 in their own tree; only valid with rtos = "rtthread".
	RTThreadLwIPVersions = []string{"2.1.2", "2.1.3"}
	Speeds               = []int64{10, 100, 1000}
	MemoryKinds          = []string{"ram", "flash"}
)

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
