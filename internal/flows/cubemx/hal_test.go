package cubemx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// halTree writes a project with the HAL version macros and ETH header text given.
func halTree(t *testing.T, fam string, v [3]string, ethHeader, halConf string) string {
	t.Helper()
	dir := t.TempDir()
	pfx := map[string]string{"stm32h7": "stm32h7xx", "stm32f7": "stm32f7xx", "stm32f4": "stm32f4xx"}[fam]
	up := strings.ToUpper(pfx[:len(pfx)-2]) + "xx"
	drv := filepath.Join(dir, "Drivers", up+"_HAL_Driver")
	os.MkdirAll(filepath.Join(drv, "Src"), 0o755)
	os.MkdirAll(filepath.Join(drv, "Inc"), 0o755)
	os.MkdirAll(filepath.Join(dir, "Core", "Inc"), 0o755)
	src := "#define __" + up + "_HAL_VERSION_MAIN   (" + v[0] + "UL)\n#define __" + up + "_HAL_VERSION_SUB1   (" + v[1] + "UL)\n#define __" + up + "_HAL_VERSION_SUB2   (" + v[2] + "UL)\n"
	os.WriteFile(filepath.Join(drv, "Src", pfx+"_hal.c"), []byte(src), 0o644)
	if ethHeader != "" {
		os.WriteFile(filepath.Join(drv, "Inc", pfx+"_hal_eth.h"), []byte(ethHeader), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "Core", "Inc", pfx+"_hal_conf.h"), []byte(halConf), 0o644)
	return dir
}

const newAPI = "HAL_StatusTypeDef HAL_ETH_ReadData(ETH_HandleTypeDef *heth, void **pAppBuff);\n"

func TestReadHALTxConfigType(t *testing.T) {
	for _, c := range []struct {
		fam    string
		v      [3]string
		header string
		want   string
	}{
		// the typedef in the project's header decides
		{"stm32h7", [3]string{"0x01", "0x0B", "0x00"}, "typedef struct {\n uint32_t Attributes;\n} ETH_TxPacketConfig;\n" + newAPI, "ETH_TxPacketConfig"},
		{"stm32h7", [3]string{"0x01", "0x0B", "0x03"}, "typedef struct {\n uint32_t Attributes;\n} ETH_TxPacketConfigTypeDef;\n" + newAPI, "ETH_TxPacketConfigTypeDef"},
		{"stm32f7", [3]string{"0x01", "0x03", "0x00"}, "} ETH_TxPacketConfig; /* comment */\n" + newAPI, "ETH_TxPacketConfig"},
		{"stm32f4", [3]string{"0x01", "0x08", "0x03"}, "} ETH_TxPacketConfigTypeDef;\n" + newAPI, "ETH_TxPacketConfigTypeDef"},
		// no header text to read: the version table (F4 1.8.0-1.8.2 have only the old name)
		{"stm32f4", [3]string{"0x01", "0x08", "0x01"}, "", "ETH_TxPacketConfig"},
		{"stm32f4", [3]string{"0x01", "0x08", "0x03"}, "", "ETH_TxPacketConfigTypeDef"},
	} {
		dir := halTree(t, c.fam, c.v, c.header, "#define HAL_ETH_MODULE_ENABLED\n")
		conf := "Core/Inc/" + map[string]string{"stm32h7": "stm32h7xx", "stm32f7": "stm32f7xx", "stm32f4": "stm32f4xx"}[c.fam] + "_hal_conf.h"
		h, err := ReadHAL(dir, c.fam, conf)
		if err != nil {
			t.Fatal(err)
		}
		if h.TxConfigType != c.want || h.Legacy {
			t.Errorf("%s %v: TxConfigType %q legacy %v (%s), want %q", c.fam, c.v, h.TxConfigType, h.Legacy, h.LegacyWhy, c.want)
		}
	}
}

// TestLegacyHALRefused: the legacy ETH driver is refused with the HAL version found and what to do.
func TestLegacyHALRefused(t *testing.T) {
	// STM32CubeF4 1.26 ships stm32f4xx_hal_driver 1.7.x: the old API only
	dir := halTree(t, "stm32f4", [3]string{"0x01", "0x07", "0x0D"}, "HAL_StatusTypeDef HAL_ETH_GetReceivedFrame(ETH_HandleTypeDef *heth);\n", "#define HAL_ETH_MODULE_ENABLED\n")
	h, err := ReadHAL(dir, "stm32f4", "Core/Inc/stm32f4xx_hal_conf.h")
	if err != nil {
		t.Fatal(err)
	}
	e := h.LegacyError()
	if e == nil {
		t.Fatalf("HAL %s accepted", h.Version)
	}
	for _, want := range []string{"HAL 1.7.13", "STM32CubeF4 1.27.0", "Manage embedded software packages", "lwipgen vendor again"} {
		if !strings.Contains(e.Error(), want) {
			t.Errorf("refusal does not say %q:\n%v", want, e)
		}
	}
	// a new HAL with the legacy module switched on in hal_conf (CubeF4 >= 1.27 ships both drivers)
	dir = halTree(t, "stm32f4", [3]string{"0x01", "0x08", "0x03"}, "} ETH_TxPacketConfigTypeDef;\n"+newAPI, "#define HAL_ETH_LEGACY_MODULE_ENABLED\n")
	h, _ = ReadHAL(dir, "stm32f4", "Core/Inc/stm32f4xx_hal_conf.h")
	if e := h.LegacyError(); e == nil || !strings.Contains(e.Error(), "HAL_ETH_LEGACY_MODULE_ENABLED") || !strings.Contains(e.Error(), "1.8.3") {
		t.Errorf("legacy module not refused with its reason: %v", e)
	}
	// F7 < 1.3.0 (CubeF7 < 1.17)
	dir = halTree(t, "stm32f7", [3]string{"0x01", "0x02", "0x09"}, "", "")
	h, _ = ReadHAL(dir, "stm32f7", "Core/Inc/stm32f7xx_hal_conf.h")
	if e := h.LegacyError(); e == nil || !strings.Contains(e.Error(), "STM32CubeF7 1.17.0") {
		t.Errorf("F7 HAL 1.2.9 not refused: %v", e)
	}
}

func TestDetectStyle(t *testing.T) {
	for _, c := range []struct {
		opts, ioc string
		want      Style
	}{
		{"#define WITH_RTOS 0\n#define NO_SYS 1\n", "", BareMetal},
		{"/* #define WITH_RTOS 1 */\n", "", BareMetal},
		{"#define WITH_RTOS 1\n", "Mcu.Pin0=VP_FREERTOS_VS_CMSIS_V2\n", RTOSv2},
		{"#define WITH_RTOS 1\n", "Mcu.Pin0=VP_FREERTOS_VS_CMSIS_V1\nVP_FREERTOS_VS_CMSIS_V1.Mode=CMSIS_V1\n", RTOSv1},
		{"#define NO_SYS 0\n", "", RTOSv2},
	} {
		if got := DetectStyle(c.opts, c.ioc); got != c.want {
			t.Errorf("DetectStyle(%q, %q) = %s, want %s", c.opts, c.ioc, got, c.want)
		}
	}
}

func TestHooksAndDefinitions(t *testing.T) {
	opts := "/* #define LOCK_TCPIP_CORE old_lock */\n#define LOCK_TCPIP_CORE sys_lock_tcpip_core\n#define LWIP_ASSERT_CORE_LOCKED() sys_check_core_locking()\nvoid sys_lock_tcpip_core(void);\n"
	got := HooksUsed(opts)
	if len(got) != 2 || got[0].Func != "sys_lock_tcpip_core" || got[1].Func != "sys_check_core_locking" {
		t.Errorf("HooksUsed = %v", got)
	}
	if Defines("void sys_lock_tcpip_core(void);\n", "sys_lock_tcpip_core") {
		t.Error("a prototype counted as a definition")
	}
	if !Defines("void sys_lock_tcpip_core(void){\n}\n", "sys_lock_tcpip_core") || !Defines("static void\nfoo (int a)\n{\n}\n", "foo") {
		t.Error("a definition not found")
	}
	if Defines("/* void sys_lock_tcpip_core(void) { } */\n", "sys_lock_tcpip_core") {
		t.Error("a commented-out definition counted")
	}
}

// Every block name of CubeMX's ethernetif.c is placed exactly once.
func TestEveryBlockPlaced(t *testing.T) {
	seen := map[string]bool{}
	for _, b := range EthernetifCBlocks {
		if seen[b.Name] {
			t.Errorf("block %q listed twice", b.Name)
		}
		seen[b.Name] = true
		if b.Where == "" {
			t.Errorf("block %q: no Where", b.Name)
		}
	}
	for _, n := range []string{"Header", "0", "1", "2", "3", "4", "5", "6", "8", "MACADDRESS", "PHY_PRE_CONFIG", "PHY_POST_CONFIG", "LOW_LEVEL_INIT",
		"OS_THREAD_STACK_SIZE_WITH_RTOS", "OS_THREAD_ATTR_CMSIS_RTOS_V2", "OS_THREAD_NEW_CMSIS_RTOS_V2", "OS_THREAD_DEF_CREATE_CMSIS_RTOS_V1",
		"ETH link init", "ETH link Thread core code for User BSP", "HAL ETH RxAllocateCallback", "HAL ETH RxLinkCallback", "HAL ETH TxFreeCallback",
		"ETH_MspInit 0", "ETH_MspInit 1", "ETH_MspDeInit 0", "ETH_MspDeInit 1"} {
		if !seen[n] {
			t.Errorf("CubeMX block %q has no place", n)
		}
	}
}
