// What STM32CubeMX's generated files expect from the
// files lwipgen replaces or edits, as data: per generation style, the
// functions CubeMX's LWIP/App/lwip.c and friends call, the headers they rely
// on, where CubeMX puts sys_now, and every USER CODE block name of CubeMX's
// LWIP/Target/ethernetif.c/.h with where lwipgen's replacement keeps it.
//
// Modelled on CubeMX's own ethernetif.c/ethernetif.h/lwip.c as generated for
// the new ETH API (STM32CubeMX 6.5..6.15, FW_H7 1.10..1.11, FW_F7 1.17, FW_F4
// 1.27): stm32-hotspot/STM32H7-LwIP-Examples STM32H743_Nucleo_ETH/LWIP/
// (FreeRTOS, CMSIS-RTOS v2), CubeMX's template text of ethernetif.c (every
// with_rtos / cmsis_version branch), and public bare-metal and CMSIS-RTOS v1
// projects found by "ethernet_link_check_state" / "osThreadDef(EthLink".
// Nothing of that code is copied: only names and signatures.
package cubemx

import (
	"regexp"
	"strings"
)

// Style is how CubeMX generated the LwIP middleware of a project.
type Style string

const (
	BareMetal Style = "bare-metal"    // NO_SYS=1: MX_LWIP_Process() polls
	RTOSv1    Style = "cmsis-rtos-v1" // FreeRTOS behind CMSIS-RTOS v1 (osThreadDef/osThreadCreate)
	RTOSv2    Style = "cmsis-rtos-v2" // FreeRTOS behind CMSIS-RTOS v2 (osThreadNew)
)

// RTOS reports whether the style runs lwIP with an RTOS (NO_SYS=0).
func (s Style) RTOS() bool { return s == RTOSv1 || s == RTOSv2 }

// Func is a function CubeMX's other files call, which the ethernetif.c
// that replaces CubeMX's must define (and ethernetif.h declare).
type Func struct {
	Name   string
	Decl   string // the prototype exactly as CubeMX's ethernetif.h declares it
	Caller string // who calls it
}

// Contract is what one style of CubeMX's generated files expects.
type Contract struct {
	Style Style
	// Defined must be defined by ethernetif.c.
	Defined []Func
	// Declared are the further prototypes CubeMX's ethernetif.h carries
	// (Error_Handler, sys_jiffies, sys_now), which lwip.c and user code use.
	Declared []string
	// HeaderIncludes are what CubeMX's ethernetif.h includes, which lwip.c
	// relies on (osThreadAttr_t, osThreadDef come in through cmsis_os.h).
	HeaderIncludes []string
	// SysNowBlock is the USER CODE block of ethernetif.c in which CubeMX
	// defines sys_now() (HAL_GetTick), in every style: ST's sys_arch.c for
	// CMSIS-RTOS has none.
	SysNowBlock string
	// PostConfig is when CubeMX's low_level_init runs USER CODE PHY_POST_CONFIG.
	PostConfig PostConfigWhen
	// Lost are the functions CubeMX's ethernetif.h declares for the style
	// that lwipgen's driver cannot keep, with why and what to do instead;
	// vendor refuses every use of one (Defined and Declared are kept).
	Lost []LostFunc
}

// LostFunc is a function CubeMX's ethernetif.h declares that lwipgen's
// driver cannot keep callable.
type LostFunc struct {
	Name, Decl string
	Why        string // why, and what to do instead
}

// PostConfigWhen is when CubeMX's low_level_init runs the PHY_POST_CONFIG block.
type PostConfigWhen int

const (
	// PostConfigAlways: after the PHY set-up, whatever the link. CubeMX's bare-metal template for the
	// new ETH API has no PHY_POST_CONFIG block in low_level_init (it ends with
	// ethernet_link_check_state(netif) and LOW_LEVEL_INIT: GunterO/nucleo-h743zi2-lwip_http_server_example,
	// CalebKang/stm32h743zi_ethernet_lwip LWIP/Target/ethernetif.c); the legacy API's and a hand-placed
	// one run unconditionally after the PHY set-up, so lwipgen runs one after its first link check.
	PostConfigAlways PostConfigWhen = iota
	// PostConfigLinkAtBoot: only when the PHY reports a link in low_level_init. CubeMX's CMSIS-RTOS
	// v1/v2 template puts the block in the else branch of "if(PHYLinkState <= LAN8742_STATUS_LINK_DOWN)",
	// after HAL_ETH_Start_IT, netif_set_up and netif_set_link_up, inside "if (hal_eth_init_status ==
	// HAL_OK)" (stm32-hotspot/STM32H7-LwIP-Examples STM32H743_Nucleo_ETH LWIP/Target/ethernetif.c, and
	// the same branch in public F7 CMSIS-RTOS v1 projects); a link that comes up later, in
	// ethernet_link_thread, never runs it.
	PostConfigLinkAtBoot
)

var contracts = map[Style]Contract{
	BareMetal: {
		Style: BareMetal,
		Defined: []Func{
			{"ethernetif_init", "err_t ethernetif_init(struct netif *netif);", "lwip.c MX_LWIP_Init: netif_add(..., &ethernetif_init, &ethernet_input)"},
			{"ethernetif_input", "void ethernetif_input(struct netif *netif);", "lwip.c MX_LWIP_Process, every main-loop pass"},
			{"ethernet_link_check_state", "void ethernet_link_check_state(struct netif *netif);", "lwip.c Ethernet_Link_Periodic_Handle (static in lwip.c), every 100 ms"},
		},
		Declared:       []string{"void Error_Handler(void);", "u32_t sys_jiffies(void);", "u32_t sys_now(void);"},
		HeaderIncludes: []string{"lwip/err.h", "lwip/netif.h"},
		SysNowBlock:    "6",
		PostConfig:     PostConfigAlways,
	},
	RTOSv1: {
		Style: RTOSv1,
		Defined: []Func{
			{"ethernetif_init", "err_t ethernetif_init(struct netif *netif);", "lwip.c MX_LWIP_Init: netif_add(..., &ethernetif_init, &tcpip_input)"},
			{"ethernet_link_thread", "void ethernet_link_thread(void const * argument);", "lwip.c MX_LWIP_Init: osThreadDef(EthLink, ethernet_link_thread, ...); osThreadCreate"},
		},
		Declared:       []string{"void Error_Handler(void);", "u32_t sys_jiffies(void);", "u32_t sys_now(void);"},
		HeaderIncludes: []string{"lwip/err.h", "lwip/netif.h", "cmsis_os.h"},
		SysNowBlock:    "6",
		PostConfig:     PostConfigLinkAtBoot,
	},
	RTOSv2: {
		Style: RTOSv2,
		Defined: []Func{
			{"ethernetif_init", "err_t ethernetif_init(struct netif *netif);", "lwip.c MX_LWIP_Init: netif_add(..., &ethernetif_init, &tcpip_input)"},
			{"ethernet_link_thread", "void ethernet_link_thread(void* argument);", "lwip.c MX_LWIP_Init: osThreadNew(ethernet_link_thread, &gnetif, &attributes)"},
		},
		Declared:       []string{"void Error_Handler(void);", "u32_t sys_jiffies(void);", "u32_t sys_now(void);"},
		HeaderIncludes: []string{"lwip/err.h", "lwip/netif.h", "cmsis_os.h"},
		SysNowBlock:    "6",
		PostConfig:     PostConfigLinkAtBoot,
		Lost: []LostFunc{
			// CubeMX's RTOS template declares its RX thread body in ethernetif.h; low_level_init
			// starts it (osThreadNew(ethernetif_input, netif, ...)).
			{"ethernetif_input", "void ethernetif_input(void* argument);", "CubeMX's RX thread body, which low_level_init starts: lwipgen's RX task (started by ethernetif_init, LWIPGEN_RX_TASK_PRIORITY) drains the same DMA ring, and a second thread on it would race for its descriptors. Receiving needs nothing from the application: remove the thread that runs it"},
		},
	},
}

// ContractOf returns the contract of style s.
func ContractOf(s Style) (Contract, bool) {
	c, ok := contracts[s]
	return c, ok
}

// Where lwipgen's replacement ethernetif.c keeps a CubeMX USER CODE block.
type Place int

const (
	// FileScope blocks are compiled at file scope in lwipgen's file, at the
	// same relative position (includes, defines, globals, helper functions).
	FileScope Place = iota
	// Kept blocks live inside functions of CubeMX's own driver (low_level_init,
	// the link thread, the HAL RX/TX callbacks) that lwipgen's driver replaces:
	// their lines are kept in the file, in an #if 0 section, so CubeMX and the
	// next vendor run carry them, but they are not compiled; vendor names each
	// non-empty one.
	Kept
	// Moved blocks belong to HAL_ETH_MspInit/DeInit, which vendor moves with
	// their functions to LWIP/lwipgen/ethernetif_msp.c.
	Moved
	// InPlace blocks sit at a point of CubeMX's low_level_init that
	// lwipgen's low_level_init has too (before the PHY is set up, after it,
	// at the end): they are compiled there, with the locals lwipgen's
	// function can give them (netif, hal_eth_init_status), when the
	// project's cross compiler accepts them in place (judgeInPlace); a block
	// it refuses is kept under #if 0 like a Kept one, with gcc's first error.
	InPlace
)

// Block is one USER CODE block of CubeMX's ethernetif.c or ethernetif.h.
type Block struct {
	Name  string
	Place Place
	Where string // where CubeMX has it, said to the user when it is kept but not compiled
}

// EthernetifCBlocks are the USER CODE blocks of CubeMX's ethernetif.c, in the
// order CubeMX writes them (all styles and BSP variants together: a file has
// a subset).
var EthernetifCBlocks = []Block{
	{"Header", FileScope, "file header"},
	{"Include for User BSP", FileScope, "includes (no BSP PHY driver)"},
	{"0", FileScope, "after the includes"},
	{"OS_THREAD_STACK_SIZE_WITH_RTOS", FileScope, "RX thread stack size define"},
	{"1", FileScope, "private defines"},
	{"2", Kept, "after the DMA descriptor / RX pool declarations (lwipgen places them through lwip_sections.ld)"},
	{"Private function prototypes for User BSP", FileScope, "prototypes (no BSP PHY driver)"},
	{"3", FileScope, "private function prototypes"},
	{"4", FileScope, "after the HAL ETH callbacks"},
	{"OS_THREAD_ATTR_CMSIS_RTOS_V2", Kept, "low_level_init() local variables"},
	{"low_level_init Variables Initialization for User BSP", Kept, "low_level_init() local variables"},
	{"MACADDRESS", Kept, "low_level_init(): heth.Init.MACAddr (lwipgen takes the MAC from ethernet.mac_address)"},
	{"OS_THREAD_NEW_CMSIS_RTOS_V2", Kept, "low_level_init(): creation of CubeMX's RX thread (lwipgen starts its own RX task)"},
	{"OS_THREAD_DEF_CREATE_CMSIS_RTOS_V1", Kept, "low_level_init(): creation of CubeMX's RX thread (lwipgen starts its own RX task)"},
	{"PHY_PRE_CONFIG", InPlace, "low_level_init(), before the PHY driver is set up"},
	{"low_level_init Code 1 for User BSP", InPlace, "low_level_init(), PHY set-up (no BSP PHY driver)"},
	{"PHY_POST_CONFIG", InPlace, "low_level_init(), after the PHY set-up (CMSIS-RTOS: only when the link is up at boot, after the MAC start and netif_set_link_up)"},
	{"low_level_init Code 2 for User BSP", Kept, "low_level_init(), link check and MAC start (lwipgen's link check does both)"},
	{"LOW_LEVEL_INIT", InPlace, "end of low_level_init()"},
	{"5", Kept, "low_level_output_arp_off() (LWIP_ARP=0 only)"},
	{"6", FileScope, "after pbuf_free_custom(): CubeMX's sys_now()"},
	{"ETH_MspInit 0", Moved, "HAL_ETH_MspInit()"},
	{"ETH_MspInit 1", Moved, "HAL_ETH_MspInit()"},
	{"ETH_MspDeInit 0", Moved, "HAL_ETH_MspDeInit()"},
	{"ETH_MspDeInit 1", Moved, "HAL_ETH_MspDeInit()"},
	{"PHI IO Functions for User BSP", FileScope, "PHY IO functions (no BSP PHY driver)"},
	{"ETH link init", Kept, "start of ethernet_link_thread() / ethernet_link_check_state()"},
	{"ETH link Thread core code for User BSP", Kept, "loop of ethernet_link_thread()"},
	{"HAL ETH RxAllocateCallback", Kept, "body of HAL_ETH_RxAllocateCallback() (lwipgen's zero-copy pool replaces it)"},
	{"HAL ETH RxLinkCallback", Kept, "body of HAL_ETH_RxLinkCallback() (lwipgen's zero-copy pool replaces it)"},
	{"HAL ETH TxFreeCallback", Kept, "body of HAL_ETH_TxFreeCallback() (CubeMX's own pbuf_free is in it; lwipgen's callback frees the pbuf)"},
	{"8", FileScope, "end of file: ST's ETH_CODE examples put sys_lock_tcpip_core() and friends here"},
}

// EthernetifHBlocks are the USER CODE blocks of CubeMX's ethernetif.h.
var EthernetifHBlocks = []string{"Header", "0", "1"}

// BlocksAt returns the names of the ethernetif.c blocks kept at place p.
func BlocksAt(p Place) []string {
	var out []string
	for _, b := range EthernetifCBlocks {
		if b.Place == p {
			out = append(out, b.Name)
		}
	}
	return out
}

// BlockOf returns the block called name.
func BlockOf(name string) (Block, bool) {
	for _, b := range EthernetifCBlocks {
		if b.Name == name {
			return b, true
		}
	}
	return Block{}, false
}

// CoreLockHook is one of the ETH_CODE core-locking hooks: the project's
// lwipopts.h maps an lwIP macro to a function, which must then exist.
type CoreLockHook struct {
	Macro, Func string
}

// CoreLockHooks are the hooks of ST's ETH_CODE examples (lwipopts.h USER
// CODE 1: LOCK_TCPIP_CORE -> sys_lock_tcpip_core, ...; bodies in ethernetif.c
// USER CODE 8).
var CoreLockHooks = []CoreLockHook{
	{"LOCK_TCPIP_CORE", "sys_lock_tcpip_core"},
	{"UNLOCK_TCPIP_CORE", "sys_unlock_tcpip_core"},
	{"LWIP_ASSERT_CORE_LOCKED", "sys_check_core_locking"},
	{"LWIP_MARK_TCPIP_THREAD", "sys_mark_tcpip_thread"},
}

var commentRe = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)

// StripComments removes C comments (for scanning code, not for rewriting it).
func StripComments(src string) string { return commentRe.ReplaceAllString(src, " ") }

// HooksUsed returns the core-locking hook functions that lwipopts (the
// project's lwipopts.h text) maps an lwIP macro to.
func HooksUsed(lwipopts string) []CoreLockHook {
	code := StripComments(lwipopts)
	var out []CoreLockHook
	for _, h := range CoreLockHooks {
		if regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+` + h.Macro + `\b[^\n]*\b` + h.Func + `\b`).MatchString(code) {
			out = append(out, h)
		}
	}
	return out
}

// Defines reports whether C source src defines function name (a
// definition, not a prototype).
func Defines(src, name string) bool {
	return regexp.MustCompile(`(?m)^[ \t]*([A-Za-z_][\w \t\*]*[ \t\*])?` + regexp.QuoteMeta(name) + `[ \t]*\([^;{)]*\)[ \t\r\n]*\{`).MatchString(StripComments(src))
}

// DetectStyle works out the style from the project's lwipopts.h and .ioc
// text (either may be empty).
func DetectStyle(lwipopts, ioc string) Style {
	code := StripComments(lwipopts)
	rtos := regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+WITH_RTOS[ \t]+1\b`).MatchString(code) ||
		regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+NO_SYS[ \t]+0\b`).MatchString(code)
	if !rtos {
		return BareMetal
	}
	// .ioc: VP_FREERTOS_VS_CMSIS_V1 / _V2 (Mcu.Pin list), FREERTOS.IPParameters
	if strings.Contains(ioc, "CMSIS_V1") && !strings.Contains(ioc, "CMSIS_V2") {
		return RTOSv1
	}
	return RTOSv2
}
