// Package halstub is lwipgen's one stand-in for what a CubeMX project
// carries under Drivers/ and Middlewares/ (ST's HAL, CMSIS, FreeRTOS with
// its CMSIS-RTOS wrapper, lwIP's system/ port): declaration headers and stub
// bodies written for lwipgen's tests (sdk/README.md says what each tree
// models). Every test that compiles against an STM32 HAL takes it from here:
// the CubeMX fixtures (Write) and the glue's compile tests (Headers); the
// arch test TestOneHALStandIn keeps other copies out of testdata.
//
// Only tests import it; the files are embedded so a test in any package
// gets them without a path relative to its own folder.
package halstub

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

//go:embed sdk
var sdk embed.FS

// Project is what a fixture's Drivers/ and Middlewares/ are made of.
type Project struct {
	Family   string // h7, f4, f7
	HAL      [3]int // HAL driver version written into stm32xxxx_hal.c
	TxConfig string // the TX configuration typedef that HAL version has (ST's release history)
	CMSIS    string // "" (bare metal), CMSIS_RTOS (v1) or CMSIS_RTOS_V2
	Port     string // FreeRTOS GCC port folder (with CMSIS)
	BSP      bool   // LAN8742 BSP component
}

// Write copies the stand-ins into the project dir, where CubeMX keeps ST's,
// with the project's HAL version and TX type name. lwIP's own src/ is not
// written (the caller links the lwIP tree it tests against).
func Write(dir string, p Project) error {
	fill := p.filler()
	var err error
	switch p.Family {
	case "h7":
		err = copyInto(dir, "sdk/h7", fill, nil)
	case "f4":
		err = copyInto(dir, "sdk/dwmac", fill, nil)
	case "f7":
		// the F4 and F7 new ETH drivers have the same API; the F7 tree is the
		// F4's renamed, with the Cortex-M7 core header (caches)
		err = copyInto(dir, "sdk/dwmac", fill, func(rel string) string {
			rel = strings.ReplaceAll(strings.ReplaceAll(rel, "f4xx", "f7xx"), "F4xx", "F7xx")
			return strings.ReplaceAll(strings.ReplaceAll(rel, "stm32f407xx", "stm32f767xx"), "core_cm4.h", "core_cm7.h")
		})
		if err == nil {
			err = copyFile(dir, "sdk/h7/Drivers/CMSIS/Include/core_cm7.h", "Drivers/CMSIS/Include/core_cm7.h", nil)
		}
	default:
		return fmt.Errorf("halstub: no stand-in for family %q (h7, f4, f7)", p.Family)
	}
	if err != nil {
		return err
	}
	if err := copyInto(dir, "sdk/lwipport", fill, nil); err != nil {
		return err
	}
	if p.BSP {
		if err := copyInto(dir, "sdk/bsp", fill, nil); err != nil {
			return err
		}
	}
	if p.CMSIS == "" {
		return nil
	}
	err = copyInto(dir, "sdk/freertos", fill, func(rel string) string {
		return strings.Replace(rel, "ARM_CM4F", p.Port, 1)
	})
	if err != nil {
		return err
	}
	// only the CMSIS-RTOS flavour the project uses
	other := map[string]string{"CMSIS_RTOS": "CMSIS_RTOS_V2", "CMSIS_RTOS_V2": "CMSIS_RTOS"}[p.CMSIS]
	return os.RemoveAll(filepath.Join(dir, "Middlewares", "Third_Party", "FreeRTOS", "Source", other))
}

// filler fills the placeholders of sdk/README.md and, for the F7, renames
// the F4 tree's names.
func (p Project) filler() func(string) string {
	r := strings.NewReplacer("@HAL_MAIN@", hex2(p.HAL[0]), "@HAL_SUB1@", hex2(p.HAL[1]), "@HAL_SUB2@", hex2(p.HAL[2]), "@TXCFG@", p.TxConfig)
	f7 := strings.NewReplacer("stm32f4xx", "stm32f7xx", "STM32F4xx", "STM32F7xx", "STM32F4XX", "STM32F7XX",
		"stm32f407xx", "stm32f767xx", "STM32F407xx", "STM32F767xx", "STM32F407XX", "STM32F767XX", "core_cm4.h", "core_cm7.h")
	return func(s string) string {
		s = r.Replace(s)
		if p.Family == "f7" {
			s = f7.Replace(s)
		}
		return s
	}
}

func hex2(v int) string { return fmt.Sprintf("0x%02X", v) }

// copyInto writes every file under the embedded folder src into dir,
// filled, at its path relative to src (renamed if rename is given).
func copyInto(dir, src string, fill func(string) string, rename func(string) string) error {
	return fs.WalkDir(sdk, src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := strings.TrimPrefix(p, src+"/")
		if rename != nil {
			rel = rename(rel)
		}
		return copyFile(dir, p, rel, fill)
	})
}

func copyFile(dir, src, rel string, fill func(string) string) error {
	b, err := sdk.ReadFile(src)
	if err != nil {
		return err
	}
	if fill != nil {
		b = []byte(fill(string(b)))
	}
	out := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, b, 0o644)
}

// family is one STM32 family's names in the stand-in.
type family struct {
	dir, prefix, part string // sdk family, file prefix, the part the device header picks
	hal               [3]int // a HAL version with the TX type name the built-in boards' glue uses
	txcfg             string
}

var families = map[string]family{
	"stm32h7": {"h7", "stm32h7xx", "STM32H743xx", [3]int{1, 11, 3}, "ETH_TxPacketConfigTypeDef"},
	"stm32f4": {"f4", "stm32f4xx", "STM32F407xx", [3]int{1, 8, 3}, "ETH_TxPacketConfigTypeDef"},
	// F7 HAL after 1.3.0 has the TypeDef name (cubemx.ReadHAL's table)
	"stm32f7": {"f7", "stm32f7xx", "STM32F767xx", [3]int{1, 3, 1}, "ETH_TxPacketConfigTypeDef"},
}

// Headers writes, under dir, the HAL and CMSIS stand-ins of an STM32
// family (lwipgen's name: stm32h7, stm32f7, stm32f4) at a HAL version with
// the TX type name a board without a project gets (ETH_TxPacketConfigTypeDef), and the project files a CubeMX build has in Core/Inc
// (main.h, the HAL configuration enabling ETH, GPIO, RCC and Cortex). It
// returns the compiler flags that compile code including "main.h" against
// them: the include folders and the part and USE_HAL_DRIVER definitions.
func Headers(dir, fam string) ([]string, error) {
	f, ok := families[fam]
	if !ok {
		return nil, fmt.Errorf("halstub: no stand-in for family %q", fam)
	}
	if err := Write(dir, Project{Family: f.dir, HAL: f.hal, TxConfig: f.txcfg}); err != nil {
		return nil, err
	}
	up := strings.ToUpper(f.prefix[:len(f.prefix)-2]) + "xx" // STM32H7xx
	core := filepath.Join(dir, "Core", "Inc")
	if err := os.MkdirAll(core, 0o755); err != nil {
		return nil, err
	}
	conf := "/* " + f.prefix + "_hal_conf.h - written by halstub.Headers: the modules lwipgen's glue uses. */\n" +
		"#ifndef " + up + "_HAL_CONF_H\n#define " + up + "_HAL_CONF_H\n" +
		"#define HAL_MODULE_ENABLED\n#define HAL_ETH_MODULE_ENABLED\n#define HAL_GPIO_MODULE_ENABLED\n" +
		"#define HAL_RCC_MODULE_ENABLED\n#define HAL_CORTEX_MODULE_ENABLED\n"
	for _, m := range []string{"rcc", "gpio", "cortex", "eth"} {
		conf += "#include \"" + f.prefix + "_hal_" + m + ".h\"\n"
	}
	conf += "#endif\n"
	mainH := "/* main.h - written by halstub.Headers in the shape of CubeMX's. */\n#ifndef MAIN_H\n#define MAIN_H\n" +
		"#include \"" + f.prefix + "_hal.h\"\nvoid Error_Handler(void);\n#endif\n"
	if err := os.WriteFile(filepath.Join(core, f.prefix+"_hal_conf.h"), []byte(conf), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(core, "main.h"), []byte(mainH), 0o644); err != nil {
		return nil, err
	}
	drivers := filepath.Join(dir, "Drivers")
	return []string{
		"-I", core,
		"-I", filepath.Join(drivers, up+"_HAL_Driver", "Inc"),
		"-I", filepath.Join(drivers, "CMSIS", "Device", "ST", up, "Include"),
		"-I", filepath.Join(drivers, "CMSIS", "Include"),
		"-D" + f.part, "-DUSE_HAL_DRIVER",
	}, nil
}

// Files lists the stand-in's files (slash paths under sdk/), for the arch
// test that finds copies elsewhere.
func Files() ([]string, error) {
	var out []string
	err := fs.WalkDir(sdk, "sdk", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, path.Clean(p))
		}
		return err
	})
	return out, err
}

// HostHeaders is Headers for a program the host compiler builds and runs
// (the glue's runtime test): the core header declares the intrinsics (the
// program defines them) and ETH is the program's lwipgen_test_eth_regs.
func HostHeaders(dir, fam string) ([]string, error) {
	flags, err := Headers(dir, fam)
	if err != nil {
		return nil, err
	}
	return append(flags, "-DLWIPGEN_HALSTUB_HOST"), nil
}
