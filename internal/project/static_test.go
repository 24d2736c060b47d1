package project

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// withProject writes the compile database fixture with its directories
// pointing at dir (a database holds absolute paths).
func compileDBFixture(t *testing.T) string {
	t.Helper()
	dir := fixture(t, "compiledb-bear")
	p := filepath.Join(dir, "build", "compile_commands.json")
	b, _ := os.ReadFile(p)
	os.WriteFile(p, []byte(strings.ReplaceAll(string(b), "/PROJECT", dir)), 0o644)
	return dir
}

// A compile database as Bear or CMake writes it (clang's format, the
// shape of nickdiego/compiledb@4da2283 tests/data/compile_commands.json):
// `arguments` and `command` entries, relative paths against `directory`, a
// response file read in, an entry that compiles nothing skipped; exact only
// when newer than the build files, and it says which.
func TestCompileDB(t *testing.T) {
	dir := compileDBFixture(t)
	if got := compileDBPresent(dir); got != "build/compile_commands.json" {
		t.Fatalf("present: %q", got)
	}
	db := filepath.Join(dir, "build", "compile_commands.json")
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, "Makefile"), old, old)
	b := mustRead(t, SysCompileDB, dir, Options{Offline: true})
	if !b.Exact || !noteWith(b, "newer than every build file (newest: Makefile)") || b.Link != nil || !noteWith(b, "no link step") {
		t.Errorf("exact=%v notes %v", b.Exact, b.Notes)
	}
	if got := unitRels(b); !reflect.DeepEqual(got, []string{"src/app.cpp", "src/main.c", "src/net.c"}) {
		t.Errorf("units %v", got)
	}
	main := unitFor(t, b, "src/main.c")
	if main.Dir != filepath.Join(dir, "build") || main.Macros()["LWIP_DEBUG"] != "1" ||
		!reflect.DeepEqual(main.Includes, []string{filepath.Join(dir, "inc"), filepath.Join(dir, "lwip/src/include")}) ||
		!reflect.DeepEqual(main.Forced, []string{filepath.Join(dir, "inc/prefix.h")}) {
		t.Errorf("main.c %+v", main)
	}
	if app := unitFor(t, b, "src/app.cpp"); app.Lang != LangCXX || app.Std != "gnu++17" {
		t.Errorf("app.cpp %+v", app)
	}
	if net := unitFor(t, b, "src/net.c"); net.Macros()["BOARD_NAME"] != `"gd32 eval"` || len(net.Target) != 2 {
		t.Errorf("net.c: the response file was not read: %+v", net)
	}
	if !noteWith(b, "1 entry is not a compile") {
		t.Errorf("notes %v", b.Notes)
	}
	// a build file edited after the database: not exact
	later := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(dir, "Makefile"), later, later)
	os.Chtimes(db, time.Now(), time.Now())
	b = mustRead(t, SysCompileDB, dir, Options{})
	if b.Exact || !noteWith(b, "older than Makefile") {
		t.Errorf("exact=%v notes %v", b.Exact, b.Notes)
	}
}

// A broken database is an error at its line and column.
func TestCompileDBError(t *testing.T) {
	_, _, err := parseCompileDB("build/compile_commands.json", []byte("[\n  {\"directory\": \"/p\",\n   \"file\": 3}\n]"), "/p", "/p")
	if err == nil || !strings.HasPrefix(err.Error(), "build/compile_commands.json:3:") {
		t.Errorf("err = %v", err)
	}
}

// A CubeMX MDK-ARM project (testdata/keil-cubemx-f429, after
// STMicroelectronics/STM32CubeF4@3d6be4b's LwIP_HTTP_Server_Netconn_RTOS
// MDK-ARM/Project.uvprojx): the first target's C sources with its <Cads>
// definitions and include paths, a file's own settings, Keil's exclusions
// of a file and of a group, the device and core, the scatter file uVision
// writes; the second target by name.
func TestKeil(t *testing.T) {
	dir := fixture(t, "keil-cubemx-f429")
	b := mustRead(t, SysKeil, dir, Options{Offline: true})
	if b.File != "MDK-ARM/F429_ETH.uvprojx" || b.Config != "F429_ETH" || b.Device != "STM32F429ZITx" || b.DeviceFrom == nil || b.DeviceFrom.Line == 0 || b.Exact {
		t.Errorf("build %+v", b)
	}
	if got := unitRels(b); !reflect.DeepEqual(got, []string{"Core/Src/main.c", "LWIP/Target/ethernetif.c", "Middlewares/Third_Party/LwIP/src/core/init.c"}) {
		t.Errorf("units %v (fsdata.c and the Tests group are excluded, the startup is armasm)", got)
	}
	initc := unitFor(t, b, "Middlewares/Third_Party/LwIP/src/core/init.c")
	if m := initc.Macros(); m["LWIP_DEBUG"] != "1" || m["STM32F429xx"] != "1" || len(m) != 3 {
		t.Errorf("init.c macros %v", m)
	}
	if !reflect.DeepEqual(initc.Target, []string{"-mcpu=cortex-m4", "-mthumb", "-mfpu=fpv4-sp-d16", "-mfloat-abi=hard"}) || initc.Std != "c99" || initc.Compiler != "armcc" {
		t.Errorf("init.c %+v", initc)
	}
	if !reflect.DeepEqual(initc.Forced, []string{filepath.Join(dir, "Core/Inc/board_config.h")}) {
		t.Errorf("forced %v", initc.Forced)
	}
	if len(initc.Includes) != 5 || initc.Includes[3] != filepath.Join(dir, "Middlewares/Third_Party/LwIP/src/include") {
		t.Errorf("includes %v", initc.Includes)
	}
	eth := unitFor(t, b, "LWIP/Target/ethernetif.c")
	if eth.Macros()["ETH_RX_COALESCE"] != "4" || eth.Includes[len(eth.Includes)-1] != filepath.Join(dir, "Drivers/BSP/Components/lan8742") || eth.From.Line == 0 {
		t.Errorf("ethernetif.c's own settings: %+v", eth)
	}
	if b.Link == nil || b.Link.Scripts[0] != filepath.Join(dir, "MDK-ARM/F429_ETH/F429_ETH.sct") || b.Link.Output != filepath.Join(dir, "MDK-ARM/F429_ETH/F429_ETH.axf") {
		t.Errorf("link %+v", b.Link)
	}
	for _, n := range []string{"armcc (ARMCC V5.06 update 7", "1 assembler source", "1 path names a Windows drive", "uVision writes the scatter file"} {
		if !noteWith(b, n) {
			t.Errorf("no note %q in %v", n, b.Notes)
		}
	}
	r := mustRead(t, SysKeil, dir, Options{Config: "F429_ETH_Release"})
	main := unitFor(t, r, "Core/Src/main.c")
	if main.Compiler != "armclang" || main.Std != "gnu11" || main.Macros()["LWIP_DEBUG"] != "" || main.Macros()["NDEBUG"] != "1" ||
		!reflect.DeepEqual(main.Target, []string{"-mcpu=cortex-m4", "-mthumb"}) {
		t.Errorf("release main.c %+v", main)
	}
	if r.Link.Scripts[0] != filepath.Join(dir, "STM32F429ZITx_FLASH.sct") || r.Link.Libs[0] != filepath.Join(dir, "Middlewares/lib/net.lib") || r.Link.Output != filepath.Join(dir, "MDK-ARM/Release/F429_ETH.axf") {
		t.Errorf("release link %+v", r.Link)
	}
	if _, err := readWith(t, SysKeil, dir, Options{Config: "Flash"}); err == nil || !strings.Contains(err.Error(), `"F429_ETH_Release"`) {
		t.Errorf("unknown target: %v", err)
	}
}

// A CubeMX EWARM project (testdata/iar-cubemx-f429, after the same
// example's EWARM/Project.ewp): iso-8859-1, $PROJ_DIR$ paths with either
// slash, the configuration's defines, include paths and PreInclude, files
// and groups excluded per configuration, the .icf, $TOOLKIT_DIR$ left out.
func TestIAR(t *testing.T) {
	dir := fixture(t, "iar-cubemx-f429")
	b := mustRead(t, SysIAR, dir, Options{Offline: true})
	if b.Config != "F429_ETH" || b.Device != "STM32F429ZI" || b.Tool != "IAR Embedded Workbench 9.10.2.39304" {
		t.Errorf("build %+v", b)
	}
	if got := unitRels(b); !reflect.DeepEqual(got, []string{"Core/Src/main.c", "LWIP/Target/ethernetif.c", "Middlewares/Third_Party/LwIP/src/core/init.c"}) {
		t.Errorf("units %v", got)
	}
	initc := unitFor(t, b, "Middlewares/Third_Party/LwIP/src/core/init.c")
	if initc.Macros()["LWIP_DEBUG"] != "1" || initc.Std != "c99" || initc.Compiler != "iccarm" || len(initc.Includes) != 5 ||
		initc.Includes[0] != filepath.Join(dir, "Core/Inc") || initc.Includes[1] != filepath.Join(dir, "LWIP/App") {
		t.Errorf("init.c %+v", initc)
	}
	if !reflect.DeepEqual(initc.Forced, []string{filepath.Join(dir, "Core/Inc/board_config.h")}) || initc.From.Line == 0 {
		t.Errorf("forced %v from %v", initc.Forced, initc.From)
	}
	if b.Link == nil || !reflect.DeepEqual(b.Link.Scripts, []string{filepath.Join(dir, "EWARM/stm32f429xx_flash.icf")}) || b.Link.Output != filepath.Join(dir, "EWARM/F429_ETH/Exe/F429_ETH.out") {
		t.Errorf("link %+v", b.Link)
	}
	if !noteWith(b, "1 path is in the IAR installation") || !noteWith(b, "1 assembler source") {
		t.Errorf("notes %v", b.Notes)
	}
	tb := mustRead(t, SysIAR, dir, Options{Config: "F429_ETH_Test"})
	if got := unitRels(tb); !reflect.DeepEqual(got, []string{"Core/Src/main.c", "LWIP/Target/ethernetif.c", "Middlewares/Third_Party/LwIP/src/core/init.c", "Tests/test_pbuf.c"}) {
		t.Errorf("test configuration units %v", got)
	}
	if tb.Link.Output != filepath.Join(dir, "EWARM/F429_ETH_Test/Exe/F429_ETH_Test.out") || len(tb.Link.Scripts) != 0 || !noteWith(tb, "is in the IAR installation: not read") {
		t.Errorf("test configuration link %+v notes %v", tb.Link, tb.Notes)
	}
}

// A malformed project file is an error at its line; a file of another
// schema says what it is not.
func TestIDEProjectErrors(t *testing.T) {
	if _, err := parseKeil("MDK-ARM/x.uvprojx", []byte("<Project>\n<Targets>\n<Target></Targets>"), "/p", ""); err == nil || !strings.HasPrefix(err.Error(), "MDK-ARM/x.uvprojx:3") {
		t.Errorf("keil: %v", err)
	}
	if _, err := parseIAR("EWARM/x.ewp", []byte("<Project><Targets/></Project>"), "/p", ""); err == nil || !strings.Contains(err.Error(), "not an IAR") {
		t.Errorf("iar: %v", err)
	}
	if _, err := parseIAR("EWARM/x.ewp", []byte(`<?xml version="1.0" encoding="x-unknown"?><project/>`), "/p", ""); err == nil || !strings.Contains(err.Error(), "x-unknown") {
		t.Errorf("charset: %v", err)
	}
}
