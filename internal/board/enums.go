package board

// The closed vocabularies of the board schema. Each is checked with a
// "did you mean" suggestion on the attribute that uses it.
var (
	Vendors      = []string{"cubemx", "gd32", "vitis", "standalone", "rtthread"}
	RTOSes       = []string{"none", "freertos", "rtthread"}
	Profiles     = []string{"throughput", "latency", "balanced"}
	Interfaces   = []string{"mii", "rmii", "rgmii", "internal"}
	Placements   = []string{"bottom", "top"}
	RTOSAPIs     = []string{"cmsis_v1", "cmsis_v2"}
	LwIPVersions = []string{"2.1.2", "2.1.3", "2.2.0", "2.2.1"}
	// RT-Thread 4.0.x/4.1.x ship lwIP 2.1.2 in their own tree; only valid with rtos = "rtthread".
	RTThreadLwIPVersions = []string{"2.1.2", "2.1.3"}
	Speeds               = []int64{10, 100, 1000}
	MemoryKinds          = []string{string(MemoryRAM), string(MemoryFlash)}
)

// Per-vendor and per-RTOS schema facts, as data: the schema knows the flow
// names it accepts and what they demand of the other attributes; everything
// else a flow knows lives in internal/flows/<name>.
var (
	// rtosFlows pairs an RTOS that configures lwIP through its own BSP with
	// the only vendor flow that writes it (both ways: each needs the other).
	rtosFlows = map[string]rtosFlow{
		"rtthread": {
			Title:        "RT-Thread BSP",
			Writes:       "writes an RT-Thread BSP",
			ConfiguredBy: "RT-Thread configures lwIP through its BSP (.config, rtconfig_project.h)",
			LwIP:         RTThreadLwIPVersions,
			Version:      "4.0.3",
		},
	}
	// firstMPURegion is the first MPU region lwipgen may use, per vendor
	// flow, when memory.mpu_first_region is not set: CubeMX's generated
	// MPU_Config() keeps region 0 for its background region.
	firstMPURegion = map[string]int{"cubemx": 1}
	// topPlacement: vendor flow and chip family whose linker scripts run one
	// RAM region from the data memory through lwIP's: CubeMX's F7 scripts
	// start RAM at DTCM (0x20000000) and end at SRAM2, so lwipgen carves at
	// the top and .data/.bss keep DTCM (memory.lwip_placement default).
	topPlacement = map[[2]string]bool{{"cubemx", "stm32f7"}: true}
	// defaultRTOSAPI: the FreeRTOS thread API a vendor flow's projects use
	// (rtos_api default): CubeMX generates CMSIS-RTOS2 unless told v1.
	defaultRTOSAPI = map[string]string{"cubemx": "cmsis_v2"}
)

// rtosFlow is an RTOS whose BSP owns the lwIP configuration.
type rtosFlow struct {
	Title, Writes, ConfiguredBy string
	LwIP                        []string // lwIP versions its trees ship
	Version                     string   // default rtos_version
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// CPUs are the -mcpu values of the Arm cores arm-none-eabi-gcc knows that
// a chip file may name (core.cpu): a typo or an invented core
// ("cortex-m99") is refused at the chip's line instead of failing later
// in the compiler or passing `check`.
var CPUs = []string{
	"cortex-m0", "cortex-m0plus", "cortex-m1", "cortex-m3", "cortex-m4", "cortex-m7",
	"cortex-m23", "cortex-m33", "cortex-m35p", "cortex-m52", "cortex-m55", "cortex-m85",
	"cortex-r4", "cortex-r4f", "cortex-r5", "cortex-r7", "cortex-r8", "cortex-r52",
	"cortex-a5", "cortex-a7", "cortex-a8", "cortex-a9", "cortex-a15", "cortex-a17",
}
