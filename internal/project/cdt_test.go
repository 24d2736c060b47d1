package project

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// The fixtures under testdata/cdt reproduce public projects' .cproject
// and .project structure; each README names its examples.

func readCDTFixture(t *testing.T, dir string, o Options) *Build {
	t.Helper()
	r, ok := readers[SysCDT]
	if !ok {
		t.Fatal("no CDT reader registered")
	}
	file := r.Present(dir)
	if file != ".cproject" {
		t.Fatalf("Present(%s) = %q", dir, file)
	}
	o.Offline = true
	b, err := r.Read(context.Background(), dir, file, o)
	if err != nil {
		t.Fatal(err)
	}
	if b.System != SysCDT || b.File != ".cproject" || b.Exact {
		t.Errorf("build %s %s exact=%v", b.System, b.File, b.Exact)
	}
	return b
}

func absDir(t *testing.T, dir string) string {
	t.Helper()
	a, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func rels(b *Build) []string {
	var out []string
	for _, u := range b.Units {
		out = append(out, u.Rel)
	}
	return out
}

func unit(t *testing.T, b *Build, rel string) *Unit {
	t.Helper()
	u := b.Unit(rel)
	if u == nil {
		t.Fatalf("no unit %s in %v", rel, rels(b))
	}
	return u
}

// lineOf is the 1-based line of the n-th (0-based) occurrence of s in file.
func lineOf(t *testing.T, file, s string, n int) int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	off := 0
	for i := 0; i <= n; i++ {
		j := bytes.Index(src[off:], []byte(s))
		if j < 0 {
			t.Fatalf("%s: no %q #%d", file, s, n)
		}
		off += j
		if i < n {
			off++
		}
	}
	return 1 + bytes.Count(src[:off], []byte("\n"))
}

func hasNote(b *Build, parts ...string) bool {
	for _, n := range b.Notes {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(n, p)
		}
		if all {
			return true
		}
	}
	return false
}

// The STM32CubeIDE case: &quot;-quoted workspace include paths
// decoded, LWIP_DEBUG=1 from the build, the excluding= list, per-folder and
// per-file overrides, Debug first and Release by name.
func TestCDTCubeIDE(t *testing.T) {
	dir := "testdata/cdt/cubeide-h7"
	root := absDir(t, dir)
	b := readCDTFixture(t, dir, Options{})
	if b.Tool != "STM32CubeIDE" || b.Config != "Debug" {
		t.Errorf("tool %q config %q", b.Tool, b.Config)
	}
	if !hasNote(b, "configuration Debug", "first of Debug, Release", "workspace") {
		t.Errorf("the choice of Debug is not explained: %q", b.Notes)
	}
	cfgLine := lineOf(t, filepath.Join(dir, ".cproject"), "<configuration ", 0)
	if b.Device != "STM32H743ZITx" || b.DeviceFrom == nil || b.DeviceFrom.Line != lineOf(t, filepath.Join(dir, ".cproject"), "option.target_mcu.", 0) {
		t.Errorf("device %q from %v", b.Device, b.DeviceFrom)
	}
	want := []string{
		"Core/Src/main.c", "Core/Src/stm32h7xx_it.c", "Core/Startup/startup_stm32h743zitx.s",
		"Drivers/STM32H7xx_HAL_Driver/Src/stm32h7xx_hal_eth.c",
		"Extra/lwiperf.c", // through the virtual folder Utilities of .project
		"LWIP/App/lwip.c", "LWIP/Target/ethernetif.c",
		"Middlewares/Third_Party/LwIP/src/apps/http/fs.c", "Middlewares/Third_Party/LwIP/src/core/init.c",
		"Middlewares/Third_Party/LwIP/src/core/tcp.c", "Middlewares/Third_Party/LwIP/system/OS/sys_arch.c",
	}
	if got := rels(b); !reflect.DeepEqual(got, want) {
		t.Errorf("units\n got %v\nwant %v", got, want)
	}
	main := unit(t, b, "Core/Src/main.c")
	if m := main.Macros(); m["LWIP_DEBUG"] != "1" || m["DEBUG"] != "1" || m["STM32H743xx"] != "1" || len(m) != 4 {
		t.Errorf("main.c macros %v", m)
	}
	wantInc := []string{"Core/Inc", "Drivers/STM32H7xx_HAL_Driver/Inc", "Drivers/CMSIS/Include", "LWIP/App", "LWIP/Target",
		"Middlewares/Third_Party/LwIP/src/include", "Middlewares/Third_Party/LwIP/system"}
	for i := range wantInc {
		wantInc[i] = filepath.Join(root, filepath.FromSlash(wantInc[i]))
	}
	if !reflect.DeepEqual(main.Includes, wantInc) {
		t.Errorf("includes (entities, quotes and ${workspace_loc} decoded, the built-in one left out)\n got %q\nwant %q", main.Includes, wantInc)
	}
	if !reflect.DeepEqual(main.Target, []string{"-mfpu=fpv5-d16", "-mfloat-abi=hard", "-mthumb"}) || main.Std != "gnu11" {
		t.Errorf("target %v std %q", main.Target, main.Std)
	}
	if main.Dir != filepath.Join(root, "Debug") || main.Compiler != "arm-none-eabi-gcc" || main.Lang != LangC ||
		main.From != (Pos{File: ".cproject", Line: cfgLine}) || main.File != filepath.Join(root, "Core/Src/main.c") {
		t.Errorf("main.c %+v", main)
	}
	if !slices.Contains(main.Other, "-O0") || !slices.Contains(main.Other, "-g3") {
		t.Errorf("main.c other %v", main.Other)
	}
	// <folderInfo resourcePath="Middlewares/Third_Party/LwIP">: -Os there only
	if tcp := unit(t, b, "Middlewares/Third_Party/LwIP/src/core/tcp.c"); !slices.Contains(tcp.Other, "-Os") || slices.Contains(tcp.Other, "-O0") {
		t.Errorf("tcp.c under the folder override: %v", tcp.Other)
	}
	// <fileInfo> of ethernetif.c: its own defined symbols
	if m := unit(t, b, "LWIP/Target/ethernetif.c").Macros(); m["ETH_RX_BUFFER_CNT"] != "12U" || m["LWIP_DEBUG"] != "1" {
		t.Errorf("ethernetif.c macros %v", m)
	}
	if _, ok := unit(t, b, "LWIP/App/lwip.c").Macros()["ETH_RX_BUFFER_CNT"]; ok {
		t.Error("the file override leaked to another file")
	}
	if s := unit(t, b, "Core/Startup/startup_stm32h743zitx.s"); s.Lang != LangASM || !reflect.DeepEqual(s.Macros(), map[string]string{"DEBUG": "1"}) {
		t.Errorf("startup: lang %s macros %v", s.Lang, s.Macros())
	}
	for _, u := range b.Units {
		for _, d := range append(append([]string{}, u.Includes...), u.Forced...) {
			if strings.ContainsAny(d, "\"&${}") {
				t.Errorf("%s: undecoded path %q", u.Rel, d)
			}
		}
	}
	l := b.Link
	if l == nil || !reflect.DeepEqual(l.Scripts, []string{filepath.Join(root, "STM32H743ZITX_FLASH.ld")}) ||
		l.Output != filepath.Join(root, "Debug", "STM32H743_LwIP.elf") || !slices.Contains(l.Flags, "-Wl,--print-memory-usage") ||
		l.From.Line != cfgLine {
		t.Errorf("link %+v", l)
	}
	if !hasNote(b, "outside the project", "Common -> PARENT-1-PROJECT_LOC/Common") {
		t.Errorf("the linked folder outside the project is not named: %q", b.Notes)
	}
	if !hasNote(b, "STM32H743ZITx", "-mcpu left out") {
		t.Errorf("no flow knows STM32H743 in this package's tests, and no note says -mcpu is missing: %q", b.Notes)
	}

	r := readCDTFixture(t, dir, Options{Config: "Release"})
	if r.Config != "Release" || !hasNote(r, "configuration Release: chosen by name") {
		t.Errorf("config %q notes %q", r.Config, r.Notes)
	}
	if m := unit(t, r, "Core/Src/main.c").Macros(); m["NDEBUG"] != "1" || m["LWIP_DEBUG"] != "" || m["DEBUG"] != "" {
		t.Errorf("Release main.c macros %v", m)
	}
	if tcp := unit(t, r, "Middlewares/Third_Party/LwIP/src/core/tcp.c"); !slices.Contains(tcp.Other, "-O2") || tcp.Dir != filepath.Join(root, "Release") {
		t.Errorf("Release tcp.c %v in %s", tcp.Other, tcp.Dir)
	}
	if _, ok := unit(t, r, "LWIP/Target/ethernetif.c").Macros()["ETH_RX_BUFFER_CNT"]; ok {
		t.Error("Debug's file override applied to Release")
	}
	if r.Link.Output != filepath.Join(root, "Release", "STM32H743_LwIP.elf") {
		t.Errorf("Release output %s", r.Link.Output)
	}
	if c := readCDTFixture(t, dir, Options{Config: "release"}); c.Config != "Release" {
		t.Errorf("a name in other case: %q", c.Config)
	}
	_, err := readers[SysCDT].Read(context.Background(), dir, ".cproject", Options{Config: "Flash"})
	if err == nil || !strings.Contains(err.Error(), `no configuration "Flash"`) || !strings.Contains(err.Error(), "Debug, Release") ||
		!strings.Contains(err.Error(), filepath.Join(dir, ".cproject")) {
		t.Errorf("unknown configuration: %v", err)
	}
}

// A GD32F450 project of GNU MCU Eclipse: target from the enumerations,
// -U, the per-folder tool-chain override, linker options.
func TestCDTGNUMCUEclipseGD32(t *testing.T) {
	dir := "testdata/cdt/gnumcu-gd32f450"
	root := absDir(t, dir)
	b := readCDTFixture(t, dir, Options{})
	if b.Tool != "GNU MCU Eclipse" || b.Config != "Debug" || b.Device != "" {
		t.Errorf("tool %q config %q device %q", b.Tool, b.Config, b.Device)
	}
	want := []string{
		"Source/gd32f4xx_enet_eval.c", "Source/gd32f4xx_it.c", "Source/main.c", "Startup/startup_gd32f450.S",
		"gdlib/CMSIS/Source/system_gd32f4xx.c", "gdlib/Peripheral/Source/gd32f4xx_enet.c", "gdlib/Peripheral/Source/gd32f4xx_rcu.c",
		"libraries/lwip-2.1.3/arch/sys_arch.c", "libraries/lwip-2.1.3/src/core/init.c", "libraries/lwip-2.1.3/src/core/tcp.c",
		"libraries/lwip-2.1.3/src/netif/ethernet.c",
	}
	if got := rels(b); !reflect.DeepEqual(got, want) {
		t.Errorf("units\n got %v\nwant %v", got, want)
	}
	main := unit(t, b, "Source/main.c")
	wantDefs := []Define{{"DEBUG", "1", false}, {"GD32F450", "1", false}, {"USE_STDPERIPH_DRIVER", "1", false}, {"HXTAL_VALUE", "25000000", false}, {"USE_FULL_ASSERT", "", true}}
	if !reflect.DeepEqual(main.Defines, wantDefs) {
		t.Errorf("defines %+v", main.Defines)
	}
	if !reflect.DeepEqual(main.Target, []string{"-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16"}) || main.Std != "gnu11" {
		t.Errorf("target %v std %q", main.Target, main.Std)
	}
	if len(main.Includes) != 6 || main.Includes[5] != filepath.Join(root, "libraries/lwip-2.1.3/arch") {
		t.Errorf("includes %q", main.Includes)
	}
	for _, f := range []string{"-Og", "-ffunction-sections", "-fdata-sections", "-g3", "-Wall", "-fno-strict-aliasing"} {
		if !slices.Contains(main.Other, f) {
			t.Errorf("main.c lacks %s: %v", f, main.Other)
		}
	}
	tcp := unit(t, b, "libraries/lwip-2.1.3/src/core/tcp.c")
	if !slices.Contains(tcp.Other, "-Os") || slices.Contains(tcp.Other, "-Og") || len(tcp.Includes) != 3 || tcp.Target[0] != "-mcpu=cortex-m4" {
		t.Errorf("tcp.c under the folder override: other %v includes %q target %v", tcp.Other, tcp.Includes, tcp.Target)
	}
	if s := unit(t, b, "Startup/startup_gd32f450.S"); s.Lang != LangASM || !reflect.DeepEqual(s.Macros(), map[string]string{"DEBUG": "1", "GD32F450": "1"}) {
		t.Errorf("startup %s %v", s.Lang, s.Macros())
	}
	l := b.Link
	if l == nil || !reflect.DeepEqual(l.Scripts, []string{filepath.Join(root, "gd32f450IKHx.ld")}) || !reflect.DeepEqual(l.Libs, []string{"-lm"}) ||
		l.Output != filepath.Join(root, "Debug", "gd32f450_enet.elf") {
		t.Fatalf("link %+v", l)
	}
	for _, f := range []string{"--specs=nano.specs", "--specs=nosys.specs", "-Wl,--print-memory-usage", "--gc-sections", "-mcpu=cortex-m4"} {
		if !slices.Contains(l.Flags, f) {
			t.Errorf("link lacks %s: %v", f, l.Flags)
		}
	}
}

// RT-Thread Studio on ART-Pi, RT-Thread 4.1: lwIP 2.0.3 is built, 1.4.1 and
// 2.1.2 are not; rtconfig_preinc.h is forced into every C unit.
func TestCDTRTThreadStudio(t *testing.T) {
	dir := "testdata/cdt/studio-artpi"
	root := absDir(t, dir)
	b := readCDTFixture(t, dir, Options{})
	if b.Tool != "RT-Thread Studio" || b.Config != "Debug" {
		t.Errorf("tool %q config %q", b.Tool, b.Config)
	}
	var lwip []string
	for _, r := range rels(b) {
		if strings.Contains(r, "/lwip/") {
			lwip = append(lwip, r)
		}
	}
	wantLwIP := []string{
		"rt-thread/components/net/lwip/lwip-2.0.3/src/apps/ping/ping.c",
		"rt-thread/components/net/lwip/lwip-2.0.3/src/core/memp.c",
		"rt-thread/components/net/lwip/lwip-2.0.3/src/core/tcp.c",
		"rt-thread/components/net/lwip/port/ethernetif.c",
		"rt-thread/components/net/lwip/port/sys_arch.c",
	}
	if !reflect.DeepEqual(lwip, wantLwIP) {
		t.Errorf("lwIP units\n got %v\nwant %v", lwip, wantLwIP)
	}
	for _, gone := range []string{"board/CubeMX_Config/Core/Src/main.c", "libraries/drivers/drv_adc.c", "rt-thread/src/mem.c",
		"rt-thread/libcpu/arm/cortex-m4/cpuport.c", "rt-thread/libcpu/arm/cortex-m7/context_rvds.S"} {
		if b.Unit(gone) != nil {
			t.Errorf("%s is excluded (a //-prefixed pattern) but read", gone)
		}
	}
	if len(b.Units) != 13 {
		t.Errorf("%d units: %v", len(b.Units), rels(b))
	}
	pre := filepath.Join(root, "rtconfig_preinc.h")
	for _, u := range b.Units {
		if u.Lang == LangC && !reflect.DeepEqual(u.Forced, []string{pre}) {
			t.Errorf("%s: forced %q", u.Rel, u.Forced)
		}
	}
	tcp := unit(t, b, "rt-thread/components/net/lwip/lwip-2.0.3/src/core/tcp.c")
	if tcp.Includes[0] != root || tcp.Includes[4] != filepath.Join(root, "rt-thread/components/net/lwip/lwip-2.0.3/src/include") {
		t.Errorf("includes (${workspace_loc://${ProjName}//X}) %q", tcp.Includes)
	}
	if !reflect.DeepEqual(tcp.Target, []string{"-mcpu=cortex-m7", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv5-d16"}) {
		t.Errorf("target %v", tcp.Target)
	}
	asm := unit(t, b, "rt-thread/libcpu/arm/cortex-m7/context_gcc.S")
	if asm.Lang != LangASM || !slices.Contains(asm.Other, "-mimplicit-it=thumb") || asm.Includes[0] != root {
		t.Errorf("context_gcc.S %+v", asm)
	}
	l := b.Link
	if l == nil || !reflect.DeepEqual(l.Libs, []string{"-lm", "-lc"}) || l.Output != filepath.Join(root, "Debug", "rtthread.elf") ||
		!reflect.DeepEqual(l.Scripts, []string{filepath.Join(root, "board/linker_scripts/STM32H750XBHx/link.lds")}) {
		t.Errorf("link %+v", l)
	}
	if hasNote(b, "missing") {
		t.Errorf("every include folder exists: %q", b.Notes)
	}
}

// A Xilinx SDK application: the BSP's include folder beside the project,
// target flags inside "Other flags", the libraries the BSP builds.
func TestCDTXilinxSDK(t *testing.T) {
	dir := "testdata/cdt/xsdk-echo/echo_app"
	root := absDir(t, dir)
	b := readCDTFixture(t, dir, Options{})
	if b.Tool != "Xilinx SDK 2019.1" || b.Config != "Debug" {
		t.Errorf("tool %q config %q", b.Tool, b.Config)
	}
	if got := rels(b); !reflect.DeepEqual(got, []string{"src/echo.c", "src/main.c", "src/platform.c", "src/platform_zynq.c"}) {
		t.Errorf("units %v", got)
	}
	bsp := filepath.Join(filepath.Dir(root), "echo_bsp", "ps7_cortexa9_0")
	m := unit(t, b, "src/main.c")
	if m.Compiler != "arm-none-eabi-gcc" || !reflect.DeepEqual(m.Target, []string{"-mcpu=cortex-a9", "-mfpu=vfpv3", "-mfloat-abi=hard"}) ||
		!reflect.DeepEqual(m.Includes, []string{filepath.Join(bsp, "include")}) || !slices.Contains(m.Other, "-g3") || !slices.Contains(m.Other, "-O0") {
		t.Errorf("main.c %+v", m)
	}
	if !hasNote(b, "outside the project", filepath.Join(bsp, "include")) {
		t.Errorf("the BSP's include folder is not named: %q", b.Notes)
	}
	l := b.Link
	if l == nil || !reflect.DeepEqual(l.Scripts, []string{filepath.Join(root, "src", "lscript.ld")}) ||
		!reflect.DeepEqual(l.LibDirs, []string{filepath.Join(bsp, "lib")}) || !slices.Contains(l.Flags, "-Wl,-llwip4") ||
		l.Output != filepath.Join(root, "Debug", "echo_app.elf") {
		t.Errorf("link %+v", l)
	}
	r := readCDTFixture(t, dir, Options{Config: "Release"})
	if rm := unit(t, r, "src/main.c"); !slices.Contains(rm.Other, "-O2") || slices.Contains(rm.Other, "-g3") {
		t.Errorf("Release main.c %v", rm.Other)
	}
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The .cproject fixtures other packages already carry, read by this reader.
func TestCDTRepoFixtures(t *testing.T) {
	// internal/vendorkit: a CubeIDE H743 project without a .project
	dir := "../vendorkit/testdata/cubeide-h743"
	root := absDir(t, dir)
	b := readCDTFixture(t, dir, Options{})
	if got := rels(b); !reflect.DeepEqual(got, []string{"Core/Src/main.c"}) {
		t.Errorf("cubeide-h743 units %v", got)
	}
	m := unit(t, b, "Core/Src/main.c")
	if !reflect.DeepEqual(m.Macros(), map[string]string{"DEBUG": "1", "USE_HAL_DRIVER": "1", "STM32H743xx": "1"}) ||
		len(m.Includes) != 5 || m.Includes[2] != filepath.Join(root, "LWIP/Target") {
		t.Errorf("cubeide-h743 main.c %v %q", m.Macros(), m.Includes)
	}
	if b.Device != "STM32H743ZITx" || b.Link == nil || !reflect.DeepEqual(b.Link.Scripts, []string{filepath.Join(root, "STM32H743ZITX_FLASH.ld")}) ||
		b.Link.Output != filepath.Join(root, "Debug", "cubeide-h743.elf") || !hasNote(b, "no .project") {
		t.Errorf("cubeide-h743 %q %+v %q", b.Device, b.Link, b.Notes)
	}

	// internal/importer: the CM7 folder of a dual-core project, headers only
	c := readCDTFixture(t, "../importer/testdata/cubeide-cm7", Options{})
	if len(c.Units) != 0 || c.Device != "STM32H743ZITx" || c.Tool != "STM32CubeIDE" || !hasNote(c, "compiles no C, C++ or assembler file") ||
		!hasNote(c, "names no linker script") {
		t.Errorf("cubeide-cm7: %d units, device %q, tool %q, notes %q", len(c.Units), c.Device, c.Tool, c.Notes)
	}

	// internal/flows/rtthread: a Studio BSP choosing lwIP 2.0.2; with a
	// source in each lwIP tree, only 2.0.2's is built
	bsp := testenv.CopyTree(t, "../flows/rtthread/testdata/bsp")
	writeFile(t, filepath.Join(bsp, "rt-thread/components/net/lwip-2.0.2/src/core/tcp.c"), "/* test */\n")
	writeFile(t, filepath.Join(bsp, "rt-thread/components/net/lwip-2.1.2/src/core/tcp.c"), "/* test */\n")
	writeFile(t, filepath.Join(bsp, "rt-thread/components/net/lwip-2.0.2/src/core/ipv6/ip6.c"), "/* test */\n")
	r := readCDTFixture(t, bsp, Options{})
	if got := rels(r); !reflect.DeepEqual(got, []string{"rt-thread/components/net/lwip-2.0.2/src/core/tcp.c"}) {
		t.Errorf("rtthread bsp units %v", got)
	}
	u := r.Units[0]
	if !reflect.DeepEqual(u.Forced, []string{filepath.Join(bsp, "rtconfig_preinc.h")}) || u.Target[0] != "-mcpu=cortex-m7" ||
		!reflect.DeepEqual(r.Link.Scripts, []string{filepath.Join(bsp, "board/linker_scripts/link.lds")}) || r.Tool != "GNU MCU Eclipse" {
		t.Errorf("rtthread bsp %+v %+v %q", u, r.Link, r.Tool)
	}
}

// Symbolic links: one leading out of the project is not followed and is
// named; a file link inside it is read.
func TestCDTSymlinks(t *testing.T) {
	dir := testenv.CopyTree(t, "testdata/cdt/studio-artpi")
	outside := filepath.Join(filepath.Dir(dir), "sdk", "rt-thread")
	if err := os.MkdirAll(filepath.Dir(outside), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "rt-thread"), outside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../sdk/rt-thread", filepath.Join(dir, "rt-thread")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("main.c", filepath.Join(dir, "applications", "alias.c")); err != nil {
		t.Fatal(err)
	}
	b := readCDTFixture(t, dir, Options{})
	for _, r := range rels(b) {
		if strings.HasPrefix(r, "rt-thread/") {
			t.Errorf("%s read through a link out of the project", r)
		}
	}
	if b.Unit("applications/alias.c") == nil {
		t.Errorf("the file link inside the project is not read: %v", rels(b))
	}
	if !hasNote(b, "symbolic link", "rt-thread (leads out of the project)") {
		t.Errorf("the link is not named: %q", b.Notes)
	}
	// the include folders behind the link are there, only not read: the
	// real SDK layout (mklinks.bat) was reported as "38 include folder(s)
	// ... missing from the project"
	if hasNote(b, "missing from the project", "rt-thread/") || !hasNote(b, "through a symbolic link leading out of the project", "rt-thread/components/net/lwip/port") {
		t.Errorf("include folders behind the link: %q", b.Notes)
	}
}

// Malformed input: an error at file:line:col, nothing else.
func TestCDTMalformed(t *testing.T) {
	for _, c := range []struct {
		name, src  string
		line, col  int
		msgPart    string
		positioned bool
	}{
		{"mismatched tag", "<?xml version=\"1.0\"?>\n<cproject>\n  <storageModule moduleId=\"org.eclipse.cdt.core.settings\">\n    <cconfiguration id=\"a\"></storageModule>\n</cproject>\n", 4, 28, "malformed XML", true},
		{"truncated", "<?xml version=\"1.0\"?>\n<cproject>\n  <storageModule moduleId=\"x\"", 3, 3, "malformed XML", true},
		{"not a cproject", "<?xml version=\"1.0\"?>\n\n<projectDescription><name>x</name></projectDescription>\n", 3, 1, "not an Eclipse CDT project description", true},
		{"no configuration", "<cproject><storageModule moduleId=\"org.eclipse.cdt.core.settings\"/></cproject>", 0, 0, "no managed-build configuration", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, ".cproject"), c.src)
			_, err := readCDT(context.Background(), dir, ".cproject", Options{})
			if err == nil || !strings.Contains(err.Error(), c.msgPart) || !strings.Contains(err.Error(), filepath.Join(dir, ".cproject")) {
				t.Fatalf("error %v", err)
			}
			var xe *xmlError
			if errors.As(err, &xe) != c.positioned {
				t.Fatalf("positioned %v: %v", !c.positioned, err)
			}
			if c.positioned && (xe.Line != c.line || xe.Col != c.col) {
				t.Errorf("at %d:%d, want %d:%d (%v)", xe.Line, xe.Col, c.line, c.col, err)
			}
		})
	}
}

func TestCDTPresent(t *testing.T) {
	if cdtPresent(t.TempDir()) != "" {
		t.Error("an empty folder has a CDT build")
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".cproject"), 0o755); err != nil {
		t.Fatal(err)
	}
	if cdtPresent(dir) != "" {
		t.Error("a folder named .cproject is a CDT build")
	}
}

// The variables and path forms CDT writes, resolved.
func TestCDTPaths(t *testing.T) {
	root := filepath.FromSlash("/ws/proj")
	proj := &eclipseProject{Name: "proj", Links: []eclipseLink{
		{Name: "Common", Folder: true, Location: "PARENT-1-PROJECT_LOC/Common"},
		{Name: "Lib", Folder: true, Location: "$%7BPROJECT_LOC%7D/third_party/lib"},
		{Name: "V", Folder: true, Location: "virtual:/virtual"},
		{Name: "Up2", Folder: true, Location: "SDK_ROOT/rt-thread"},
	}, Vars: map[string]string{"SDK_ROOT": "$%7BPARENT-2-PROJECT_LOC%7D"}}
	p := newCDTPaths(root, "proj", proj)
	p.config, p.buildDir = "Debug", filepath.Join(root, "Debug")
	for in, want := range map[string]string{
		`"${workspace_loc:/${ProjName}/Core/Inc}"`: "/ws/proj/Core/Inc",
		`"${workspace_loc://${ProjName}//board}"`:  "/ws/proj/board",
		`"${workspace_loc:/${ProjName}}"`:          "/ws/proj",
		`${workspace_loc:/proj/Common/inc}`:        "/ws/Common/inc",
		`${workspace_loc:/proj/Lib/include}`:       "/ws/proj/third_party/lib/include",
		`${workspace_loc:/proj/Up2/include}`:       "/rt-thread/include",
		`${workspace_loc:/other_bsp/include}`:      "/ws/other_bsp/include",
		`"${ProjDirPath}\dawn_lib"`:                "/ws/proj/dawn_lib",
		`../Drivers/CMSIS/Include`:                 "/ws/proj/Drivers/CMSIS/Include",
		`../../bsp/ps7_cortexa9_0/include`:         "/ws/bsp/ps7_cortexa9_0/include",
		`'${ConfigName}/gen'`:                      "/ws/proj/Debug/Debug/gen",
		`${PARENT-1-PROJECT_LOC}/shared`:           "/ws/shared",
		`C:\Users\dev\STM32Cube\Repository\inc`:    "C:/Users/dev/STM32Cube/Repository/inc",
		`"${workspace_loc:/${ProjName}/a b/c}"`:    "/ws/proj/a b/c",
	} {
		if got := filepath.ToSlash(p.path(in)); got != want {
			t.Errorf("%s -> %s, want %s", in, got, want)
		}
	}
	if got := p.path(`${workspace_loc:/${ProjName}/${NOPE}/x.ld}`); !strings.Contains(got, "${NOPE}") {
		t.Errorf("an unknown variable is not left as written: %s", got)
	}
	if !p.unknown["NOPE"] || !p.foreign["C:/Users/dev/STM32Cube/Repository/inc"] {
		t.Errorf("unknown %v foreign %v", p.unknown, p.foreign)
	}
	if abs, virtual := p.resource("V"); !virtual || abs != "" {
		t.Errorf("virtual folder: %q %v", abs, virtual)
	}
}

// Eclipse's exclusion patterns.
func TestCDTExclusion(t *testing.T) {
	ex := parseExclusion("Third_Party/LwIP/src/apps/http/fsdata.c|//rt-thread/components/net/lwip-1.4.1|doc/|*.txt|**/test|src/a?c.c|gen/**/x.c")
	for rel, want := range map[string]bool{
		"Third_Party/LwIP/src/apps/http/fsdata.c":        true,
		"Third_Party/LwIP/src/apps/http/fs.c":            false,
		"rt-thread/components/net/lwip-1.4.1/src/tcp.c":  true,
		"rt-thread/components/net/lwip-1.4.10/src/tcp.c": false,
		"doc/x.c":      true,
		"docs/x.c":     false,
		"readme.txt":   true,
		"sub/x.txt":    false, // * stays within a segment
		"a/b/test/t.c": true,
		"test/t.c":     true,
		"src/abc.c":    true,
		"src/abbc.c":   false,
		"gen/x.c":      true,
		"gen/a/b/x.c":  true,
		"gen/a/y.c":    false,
	} {
		if got := ex.excludes(rel); got != want {
			t.Errorf("%s excluded %v, want %v", rel, got, want)
		}
	}
	if parseExclusion("").excludes("a.c") {
		t.Error("an empty list excludes")
	}
}

// The enumerated values of the IDEs' option tables.
func TestCDTEnumerations(t *testing.T) {
	g := "ilg.gnuarmeclipse.managedbuild.cross.option."
	for _, c := range []struct {
		f    func(string) (string, bool)
		in   string
		want string
		ok   bool
	}{
		{cpuFlag, g + "arm.target.mcpu.cortex-m0plus-small-multiply", "-mcpu=cortex-m0plus.small-multiply", true},
		{cpuFlag, g + "arm.target.mcpu.cortex-a15-cortex-a7", "-mcpu=cortex-a15.cortex-a7", true},
		{fpuFlag, g + "arm.target.fpu.unit.fpv5spd16", "-mfpu=fpv5-sp-d16", true},
		{fpuFlag, "com.st.stm32cube.ide.mcu.gnu.managedbuild.option.fpu.value.fpv4-sp-d16", "-mfpu=fpv4-sp-d16", true},
		{fpuFlag, "com.st.stm32cube.ide.mcu.gnu.managedbuild.option.fpu.value.no", "", true},
		{fpuFlag, g + "arm.target.fpu.unit.default", "", true},
		{fpuFlag, "x.fpu.value.f;rm -rf", "", false},
		{floatABIFlag, g + "arm.target.fpu.abi.softfp", "-mfloat-abi=softfp", true},
		{floatABIFlag, "com.st.stm32cube.ide.mcu.gnu.managedbuild.option.floatabi.value.hard", "-mfloat-abi=hard", true},
		{floatABIFlag, "x.floatabi.value.fancy", "", false},
		{archFlag, g + "arm.target.arch.armv8-m-main", "-march=armv8-m.main", true},
		{archFlag, g + "arm.target.arch.armv8-1-a-crc", "-march=armv8.1-a+crc", true},
		{isaFlag, g + "arm.target.instructionset.arm", "-marm", true},
		{targetEnumFlag, g + "arm.target.unalignedaccess.disabled", "-mno-unaligned-access", true},
	} {
		got, ok := c.f(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("%s -> %q %v, want %q %v", c.in, got, ok, c.want, c.ok)
		}
	}
	for in, want := range map[string]string{
		g + "c.compiler.std.gnu11":      "gnu11",
		g + "cpp.compiler.std.gnucpp14": "gnu++14",
		g + "cpp.compiler.std.cpp17":    "c++17",
		"com.st.stm32cube.ide.mcu.gnu.managedbuild.tool.c.compiler.option.cstandard.value.gnu99": "gnu99",
		"com.gigadevice.mbs.option.toolSettings.CCompiler.std.gnu99":                             "gnu99",
		g + "c.compiler.std.default": "",
	} {
		if got, _, ok := stdValue(in); got != want || !ok {
			t.Errorf("std %s -> %q %v, want %q", in, got, ok, want)
		}
	}
}

// Devices the IDE names without their core: the flows' registrations,
// longest prefix first, one core per CPU of a multi-core part.
func TestDeviceCPU(t *testing.T) {
	RegisterDeviceCPU("LWIPGENTEST", "cortex-m3")
	RegisterDeviceCPU("lwipgentest7", "cortex-m7", "cortex-m4")
	for _, c := range []struct {
		dev  string
		cpu  int
		want string
	}{
		{"LWIPGENTEST1xx", 0, "cortex-m3"}, {"LwipGenTest745ZITx", 0, "cortex-m7"}, {"LWIPGENTEST745", 1, "cortex-m4"},
		{"LWIPGENTEST745", 2, ""}, {"LWIPGENTEST1", 1, ""}, {"OTHER", 0, ""}, {"LWIPGENTEST7", -1, ""},
	} {
		if got := DeviceCPU(c.dev, c.cpu); got != c.want {
			t.Errorf("DeviceCPU(%s, %d) = %q, want %q", c.dev, c.cpu, got, c.want)
		}
	}
	// a CubeIDE project of the second core of such a part gets its -mcpu
	dir := testenv.CopyTree(t, "testdata/cdt/cubeide-h7")
	src, err := os.ReadFile(filepath.Join(dir, ".cproject"))
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(src), `value="STM32H743ZITx"`, `value="LWIPGENTEST745ZITx"`)
	s = strings.Replace(s, `superClass="com.st.stm32cube.ide.mcu.gnu.managedbuild.option.target_cpuid" useByScannerDiscovery="false" value="0"`,
		`superClass="com.st.stm32cube.ide.mcu.gnu.managedbuild.option.target_cpuid" useByScannerDiscovery="false" value="1"`, 1)
	writeFile(t, filepath.Join(dir, ".cproject"), s)
	b := readCDTFixture(t, dir, Options{})
	if u := unit(t, b, "Core/Src/main.c"); !reflect.DeepEqual(u.Target, []string{"-mcpu=cortex-m4", "-mfpu=fpv5-d16", "-mfloat-abi=hard", "-mthumb"}) {
		t.Errorf("target %v", u.Target)
	}
	if hasNote(b, "-mcpu left out") {
		t.Errorf("notes %q", b.Notes)
	}
}

// Which IDE's option names a tool chain id selects; a RISC-V GNU MCU
// Eclipse tool chain is not read with the Arm one's defaults (cortex-m3).
func TestCDTDialects(t *testing.T) {
	for chain, tool := range map[string]string{
		"com.st.stm32cube.ide.mcu.gnu.managedbuild.toolchain.exe.debug":  "STM32CubeIDE",
		"ilg.gnuarmeclipse.managedbuild.cross.toolchain.elf.debug":       "GNU MCU Eclipse",
		"ilg.gnumcueclipse.managedbuild.cross.riscv.toolchain.elf.debug": "Eclipse CDT",
		"xilinx.gnu.armv7.exe.debug.toolchain":                           "Xilinx SDK",
		"com.gigadevice.mbs.arm.toolChain.elf.debug":                     "GD32 Embedded Builder",
		"cdt.managedbuild.toolchain.gnu.base":                            "Eclipse CDT",
	} {
		if got := dialectOf(chain).Tool; got != tool {
			t.Errorf("%s: %s, want %s", chain, got, tool)
		}
	}
	if xilinxPrefix("xilinx.gnu.armr5.exe.debug.toolchain") != "armr5-none-eabi-" || xilinxPrefix("ilg.x") != "" {
		t.Error("Xilinx compiler prefixes")
	}
}

// The units compile with the cross compiler and the flags read: the
// fixtures' sources include headers only the build's include paths find and
// #error when a define, an -U or the forced rtconfig_preinc.h is missing.
// STM32CubeIDE units get their -mcpu from the cubemx flow (TestDeviceCPU
// there), which this package does not link: the test adds it. One unit of
// each set of flags is compiled, and every unit that checks something.
func TestCDTUnitsCompile(t *testing.T) {
	cc := testenv.CrossCompiler(t)
	for _, c := range []struct {
		dir, config string
	}{
		{"testdata/cdt/cubeide-h7", ""}, {"testdata/cdt/cubeide-h7", "Release"}, {"testdata/cdt/gnumcu-gd32f450", ""},
		{"testdata/cdt/studio-artpi", ""}, {"testdata/cdt/xsdk-echo/echo_app", ""},
	} {
		b := readCDTFixture(t, c.dir, Options{Config: c.config})
		out := t.TempDir()
		seen := map[string]bool{}
		for i, u := range b.Units {
			flags := strings.Join(append(append([]string{}, u.Args()...), u.Other...), " ")
			src, err := os.ReadFile(u.File)
			if err != nil {
				t.Fatal(err)
			}
			if seen[flags] && !bytes.Contains(src, []byte("#error")) {
				continue
			}
			seen[flags] = true
			args := []string{"-c", u.File, "-o", filepath.Join(out, strconv.Itoa(i)+".o")}
			if !slices.ContainsFunc(u.Target, func(a string) bool { return strings.HasPrefix(a, "-mcpu=") }) {
				args = append(args, "-mcpu=cortex-m7")
			}
			args = append(append(args, u.Args()...), u.Other...)
			cmd := exec.Command(cc, args...)
			cmd.Dir = out // every path is absolute
			if outb, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s %s: %s %v: %v\n%s", c.dir, b.Config, u.Rel, args, err, outb)
			}
		}
	}
}
