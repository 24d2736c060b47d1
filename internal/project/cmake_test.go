package project

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// cmakeTools skips (or fails in CI) without cmake and the cross compiler
// CMake's compiler checks run; it returns the compiler.
func cmakeTools(t *testing.T) string {
	t.Helper()
	testenv.Tool(t, "cmake")
	return testenv.CrossCompiler(t)
}

// A CubeMX 6.12+ CMake project (Channuyoah/stm32-lwip@6d1fa1d
// SixAxisSTM32H723's shape in testdata/cmake-cubemx-h723): configured by
// cmake with its preset's toolchain, read through the File API. The HAL and
// lwIP come from OBJECT libraries; the user's LWIP_DEBUG=1 and -include
// reach every unit of the executable; the link script is the toolchain
// file's -T; each source says which CMakeLists.txt line adds it.
func TestCMakeCubeMXPreset(t *testing.T) {
	cc := cmakeTools(t)
	dir := fixture(t, "cmake-cubemx-h723")
	b := mustRead(t, SysCMake, dir, Options{CC: cc})
	if b.System != SysCMake || !b.Exact || b.Config != "Debug" || b.Tool != "STM32CubeMX" {
		t.Errorf("build %s exact=%v config=%s tool=%q", b.System, b.Exact, b.Config, b.Tool)
	}
	want := []string{"Application/udp_server.c", "Core/Src/main.c", "Drivers/STM32H7xx_HAL_Driver/Src/stm32h7xx_hal_eth.c", "LWIP/App/lwip.c",
		"LWIP/Target/ethernetif.c", "Middlewares/Third_Party/LwIP/src/core/init.c", "Middlewares/Third_Party/LwIP/src/core/memp.c", "startup_stm32h723xx.s"}
	if got := unitRels(b); !reflect.DeepEqual(got, want) {
		t.Errorf("units %v\nwant %v", got, want)
	}
	main := unitFor(t, b, "Core/Src/main.c")
	if m := main.Macros(); m["LWIP_DEBUG"] != "1" || m["DEBUG"] != "1" || m["STM32H723xx"] != "1" {
		t.Errorf("main.c macros %v", m)
	}
	if !reflect.DeepEqual(main.Forced, []string{filepath.Join(dir, "Core/Inc/board_config.h")}) {
		t.Errorf("forced %v", main.Forced)
	}
	if main.Std != "gnu11" || main.Compiler == "" || !strings.HasSuffix(main.Compiler, "arm-none-eabi-gcc") {
		t.Errorf("std %q compiler %q", main.Std, main.Compiler)
	}
	memp := unitFor(t, b, "Middlewares/Third_Party/LwIP/src/core/memp.c")
	if memp.Macros()["LWIP_DEBUG"] != "" {
		t.Error("the executable's PRIVATE LWIP_DEBUG leaked into the LwIP OBJECT library")
	}
	if got := findOnPath(memp, filepath.Dir(memp.File), "lwipopts.h"); got != filepath.Join(dir, "LWIP/Target/lwipopts.h") {
		t.Errorf("lwipopts.h resolves to %q", got)
	}
	if memp.From.File != "cmake/stm32cubemx/CMakeLists.txt" || memp.From.Line == 0 {
		t.Errorf("memp.c from %v", memp.From)
	}
	scratch, _ := scratchDir(dir)
	if b.Link == nil || !reflect.DeepEqual(b.Link.Scripts, []string{filepath.Join(dir, "STM32H723XG_FLASH.ld")}) ||
		b.Link.Output != filepath.Join(scratch, "SixAxisH723.elf") {
		t.Fatalf("link %+v", b.Link)
	}
	if noteWith(b, "disagree") || noteWith(b, "not in cmake's compile database") {
		t.Errorf("the File API and the compile database disagree: %v", b.Notes)
	}
	// the Release preset: no DEBUG
	b = mustRead(t, SysCMake, dir, Options{CC: cc, Config: "Release"})
	if b.Config != "Release" || unitFor(t, b, "Core/Src/main.c").Macros()["DEBUG"] != "" {
		t.Errorf("Release: config %s, main.c macros %v", b.Config, unitFor(t, b, "Core/Src/main.c").Macros())
	}
}

// The CMake project of the repository's CubeMX fixture (CubeMX <= 6.10:
// the toolchain file passes -T in CMAKE_C_LINK_FLAGS, which the File API's
// link fragments leave out, as cxnaive/H743VGTx_lwip@da66a1e does): the link
// script comes from the generator's link command.
func TestCMakeLinkFlagsOutsideFileAPI(t *testing.T) {
	cc := cmakeTools(t)
	dir, _ := testenv.CubeMXProjectWithLwIP(t, "../vendorkit/testdata/cubemx-cmake-f767")
	b := mustRead(t, SysCMake, dir, Options{CC: cc})
	if b.Link == nil || !reflect.DeepEqual(b.Link.Scripts, []string{filepath.Join(dir, "STM32F767XX_FLASH.ld")}) {
		t.Fatalf("link %+v", b.Link)
	}
	if !noteWith(b, "CMAKE_<LANG>_LINK_FLAGS") {
		t.Errorf("no note that the fragments miss the script: %v", b.Notes)
	}
	initc := unitFor(t, b, "Middlewares/Third_Party/LwIP/src/core/init.c")
	if m := initc.Macros(); m["STM32F767xx"] != "1" || m["USE_HAL_DRIVER"] != "1" {
		t.Errorf("init.c macros %v", m)
	}
	if len(b.Units) != 31 {
		t.Errorf("%d units", len(b.Units))
	}
}

// A GD32 project's secondary CMake build (testdata/gd32-f450): no preset,
// the toolchain file found by what it sets, lwipopts.h on the include path.
func TestCMakeGD32(t *testing.T) {
	cc := cmakeTools(t)
	dir := fixture(t, "gd32-f450")
	b := mustRead(t, SysCMake, dir, Options{CC: cc})
	if !noteWith(b, "toolchain file cmake/toolchain.cmake") {
		t.Errorf("notes %v", b.Notes)
	}
	if b.Executable != "" {
		t.Errorf("executable %q: the top project's own is ${CMAKE_PROJECT_NAME}", b.Executable)
	}
	initc := unitFor(t, b, "libraries/lwip-2.1.3/src/core/init.c")
	if got := findOnPath(initc, filepath.Dir(initc.File), "lwipopts.h"); got != filepath.Join(dir, "libraries/lwip-2.1.3/arch/lwipopts.h") {
		t.Errorf("lwipopts.h resolves to %q", got)
	}
	if !reflect.DeepEqual(initc.Target, []string{"-mcpu=cortex-m4", "-mthumb", "-mfpu=fpv4-sp-d16", "-mfloat-abi=hard"}) {
		t.Errorf("target %v", initc.Target)
	}
	if b.Link == nil || !reflect.DeepEqual(b.Link.Scripts, []string{filepath.Join(dir, "linker/gd32f450_flash.ld")}) {
		t.Errorf("link %+v", b.Link)
	}
}

// A build/ or build/lwipgen that is a symbolic link is refused before cmake
// Reading a CMake project writes nothing into it: cmake configures in
// lwipgen's cache, so a build/ that is a symbolic link out of the project
// is never written through (issue 29 item 4; build --project refuses such a
// build folder before it builds there) and a dry run changes nothing.
func TestCMakeReadWritesNothingInTheProject(t *testing.T) {
	testenv.Tool(t, "cmake")
	dir := fixture(t, "gd32-f450")
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "build")); err != nil {
		t.Fatal(err)
	}
	before := tree(t, dir)
	b, err := readWith(t, SysCMake, dir, Options{CC: testenv.CrossCompiler(t)})
	if err != nil || len(b.Units) == 0 {
		t.Fatalf("read: %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written through the link: %v", entries)
	}
	if after := tree(t, dir); !reflect.DeepEqual(before, after) {
		t.Errorf("the project changed:\n%v\n%v", before, after)
	}
}

// tree lists the paths under dir (without following links).
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// Without cmake the reader says to install it.
func TestCMakeMissingTool(t *testing.T) {
	dir := fixture(t, "gd32-f450")
	t.Setenv("PATH", t.TempDir())
	_, err := readWith(t, SysCMake, dir, Options{})
	var mt *MissingToolError
	if !errors.As(err, &mt) || mt.Tool != "cmake" || !strings.Contains(err.Error(), "setup-host.sh") {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "build")); err == nil {
		t.Error("build/ made although cmake is missing")
	}
}

// A configure that fails gives cmake's own words.
func TestCMakeConfigureError(t *testing.T) {
	testenv.Tool(t, "cmake")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "CMakeLists.txt"), []byte("cmake_minimum_required(VERSION 3.20)\nproject(x NONE)\nmessage(FATAL_ERROR \"board not chosen\")\n"), 0o644)
	_, err := readWith(t, SysCMake, dir, Options{})
	if err == nil || !strings.Contains(err.Error(), "board not chosen") {
		t.Errorf("err = %v", err)
	}
}

// A tree of many examples in one CMake project
// (BestSens/gd32-cmake-example@59a0a62: about 90 executables of GD's demo
// suite, the ENET Telnet one the only one with lwIP, the top project named
// after none of them): the model read the first executable, an ADC demo
// without lwIP. The executable that compiles lwIP's core is now the one
// read, and the note names the others.
func TestCMakeManyExecutablesPrefersLwIP(t *testing.T) {
	cc := cmakeTools(t)
	dir := fixture(t, "gd32-f450")
	top := filepath.Join(dir, "CMakeLists.txt")
	src, err := os.ReadFile(top)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "project(gd32f450_enet C ASM)", "project(gd32_examples C ASM)", 1)
	text = strings.ReplaceAll(text, "${PROJECT_NAME}", "Telnet")
	text = strings.Replace(text, "add_executable(Telnet", "add_executable(ADC_demo src/main.c)\nadd_executable(Telnet", 1)
	if err := os.WriteFile(top, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	b := mustRead(t, SysCMake, dir, Options{CC: cc})
	unitFor(t, b, "libraries/lwip-2.1.3/src/core/init.c")
	if !noteWith(b, "also builds the executable ADC_demo; the model reads Telnet") {
		t.Errorf("notes %v", b.Notes)
	}
	// vendor's CMake block names this target, not ${CMAKE_PROJECT_NAME}
	if b.Executable != "Telnet" {
		t.Errorf("executable %q", b.Executable)
	}
}
