package project

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// A CubeMX Makefile project (eritainn7/lwip-stm32@bebc048's Makefile in
// testdata/make-cubemx-f767) read through make -n: every source with the
// build's own -D (LWIP_DEBUG=1 from C_DEFS, which an lwipopts.h-only
// reading misses), include paths in order, target flags, the compiler
// make would run, the link script LDSCRIPT names and the ELF.
func TestMakeCubeMX(t *testing.T) {
	testenv.Tool(t, "make")
	cc := testenv.CrossCompiler(t)
	dir := fixture(t, "make-cubemx-f767")
	b := mustRead(t, SysMake, dir, Options{CC: cc})
	if b.System != SysMake || !b.Exact || b.File != "Makefile" || b.Tool != "projectgenerator 4.9.0-B19" {
		t.Errorf("build %s exact=%v file=%s tool=%q", b.System, b.Exact, b.File, b.Tool)
	}
	want := []string{"Core/Src/main.c", "LWIP/App/lwip.c", "LWIP/Target/ethernetif.c", "Middlewares/Third_Party/LwIP/src/core/init.c",
		"Middlewares/Third_Party/LwIP/src/core/memp.c", "startup_stm32f767xx.s"}
	if got := unitRels(b); !reflect.DeepEqual(got, want) {
		t.Errorf("units %v, want %v", got, want)
	}
	memp := unitFor(t, b, "Middlewares/Third_Party/LwIP/src/core/memp.c")
	if m := memp.Macros(); m["LWIP_DEBUG"] != "1" || m["STM32F767xx"] != "1" || m["USE_HAL_DRIVER"] != "1" {
		t.Errorf("memp.c macros %v", m)
	}
	if memp.Compiler != filepath.Join(filepath.Dir(cc), "arm-none-eabi-gcc") {
		t.Errorf("compiler %s: GCC_PATH was not applied", memp.Compiler)
	}
	if !reflect.DeepEqual(memp.Target, []string{"-mcpu=cortex-m7", "-mthumb", "-mfpu=fpv5-d16", "-mfloat-abi=hard"}) {
		t.Errorf("target %v", memp.Target)
	}
	if len(memp.Includes) != 6 || memp.Includes[0] != filepath.Join(dir, "Core/Inc") || memp.Includes[2] != filepath.Join(dir, "LWIP/Target") {
		t.Errorf("includes %v", memp.Includes)
	}
	if got := findOnPath(memp, filepath.Dir(memp.File), "lwipopts.h"); got != filepath.Join(dir, "LWIP/Target/lwipopts.h") {
		t.Errorf("lwipopts.h resolves to %q", got)
	}
	if memp.From.File != "Makefile" || memp.Dir != dir {
		t.Errorf("from %v dir %s", memp.From, memp.Dir)
	}
	if s := unitFor(t, b, "startup_stm32f767xx.s"); s.Lang != LangASM {
		t.Errorf("startup is %s", s.Lang)
	}
	if b.Link == nil || !reflect.DeepEqual(b.Link.Scripts, []string{filepath.Join(dir, "STM32F767XX_FLASH.ld")}) || b.Link.Output != filepath.Join(dir, "build/lwip.elf") {
		t.Fatalf("link %+v", b.Link)
	}
	if _, err := os.Stat(filepath.Join(dir, "build")); err == nil {
		t.Error("make -n created build/")
	}
}

// atk-sheep/XIP_EXTRAM_LWIP@2fe92b4's shape (testdata/make-xip-f767): CRLF
// lines, PREFIX edited to a toolchain on the author's machine, four linker
// scripts of which LDSCRIPT links one, the ELF under build/result/.
func TestMakeEditedPrefixCRLF(t *testing.T) {
	testenv.Tool(t, "make")
	cc := testenv.CrossCompiler(t)
	dir := fixture(t, "make-xip-f767")
	b := mustRead(t, SysMake, dir, Options{CC: cc})
	main := unitFor(t, b, "Core/Src/main.c")
	if _, err := os.Stat(main.Compiler); err != nil {
		t.Errorf("the compiler make prints does not run here: %s", main.Compiler)
	}
	if b.Link == nil || !reflect.DeepEqual(b.Link.Scripts, []string{filepath.Join(dir, "STM32F767IGTx_QSPIFLASH_EXTSDRAM.ld")}) {
		t.Fatalf("link %+v: the script LDSCRIPT names must win", b.Link)
	}
	if b.Link.Output != filepath.Join(dir, "build/result/xip_extram_lwip.elf") {
		t.Errorf("ELF %s", b.Link.Output)
	}
	for _, u := range b.Units {
		if strings.ContainsRune(u.File, '\r') || strings.ContainsRune(u.Compiler, '\r') {
			t.Errorf("a carriage return in %q / %q", u.File, u.Compiler)
		}
	}
}

// A GD32 project's hand-written Makefile (lang-zou/...@8257a26's shape in
// testdata/gd32-f450) keeps lwipopts.h in libraries/lwip-2.1.3/arch/: found
// only through the include path lwIP's units are compiled with (issue 27).
func TestMakeGD32LwipoptsOnIncludePath(t *testing.T) {
	testenv.Tool(t, "make")
	dir := fixture(t, "gd32-f450")
	b := mustRead(t, SysMake, dir, Options{CC: testenv.CrossCompiler(t)})
	if len(b.Units) != 7 {
		t.Errorf("units %v", unitRels(b))
	}
	initc := unitFor(t, b, "libraries/lwip-2.1.3/src/core/init.c")
	if got := findOnPath(initc, filepath.Dir(initc.File), "lwipopts.h"); got != filepath.Join(dir, "libraries/lwip-2.1.3/arch/lwipopts.h") {
		t.Errorf("lwipopts.h resolves to %q", got)
	}
	if initc.Std != "c11" || initc.Macros()["GD32F450"] != "1" || initc.Compiler != "arm-none-eabi-gcc" {
		t.Errorf("init.c %+v", initc)
	}
	if s := unitFor(t, b, "src/startup_gd32f450_470.S"); s.Lang != LangASM {
		t.Errorf("startup %s", s.Lang)
	}
	if b.Link == nil || b.Link.Scripts[0] != filepath.Join(dir, "linker/gd32f450_flash.ld") || b.Link.Output != filepath.Join(dir, "build/firmware.elf") {
		t.Errorf("link %+v", b.Link)
	}
}

// A Makefile whose make -n fails gives make's own error.
func TestMakeFailsWithMakesError(t *testing.T) {
	testenv.Tool(t, "make")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "Makefile"), []byte("all: build/gone.o\nbuild/%.o: %.c\n\tgcc -c $< -o $@\n"), 0o644)
	_, err := readWith(t, SysMake, dir, Options{})
	if err == nil || !strings.Contains(err.Error(), "No rule to make target 'build/gone.o'") {
		t.Errorf("err = %v", err)
	}
}

// Without make the reader says to install it; Offline runs nothing.
func TestMakeMissingToolAndOffline(t *testing.T) {
	dir := fixture(t, "gd32-f450")
	if _, err := readWith(t, SysMake, dir, Options{Offline: true}); err != ErrOffline {
		t.Errorf("offline: %v", err)
	}
	t.Setenv("PATH", t.TempDir())
	_, err := readWith(t, SysMake, dir, Options{})
	var mt *MissingToolError
	if !errorsAs(err, &mt) || mt.Tool != "make" || !strings.Contains(err.Error(), "install make") {
		t.Errorf("err = %v", err)
	}
}

// The repository's older fixtures, modelled on real projects too, through
// the same reader: what make says of each.
func TestMakeRepoFixtures(t *testing.T) {
	testenv.Tool(t, "make")
	cc := testenv.CrossCompiler(t)
	for _, c := range []struct {
		dir, lwip      string // lwip: copy lwIP into the CubeMX layout first
		units          int
		script, define string
		missing        string // what make had no rule for when the fixture is not a whole project (make -k keeps going)
	}{
		{dir: "../vendorkit/testdata/cubemx-makefile-f407", lwip: "yes", units: 31, script: "STM32F407VGTX_FLASH.ld", define: "STM32F407xx"},
		{dir: "../vendorkit/testdata/gd32-f407", units: 3, script: "gd32f407.ld", define: "GD32F407"},
		{dir: "../vendorkit/testdata/gd32-freertos", units: 12, script: "gd32f407.ld", define: "GD32F407", missing: "build/ethernet.o (needed by build/gd32_enet_freertos.elf)"},
		{dir: "../flows/cubemx/testdata/cubemx-h743-rtos2", lwip: "yes", units: 46, script: "STM32H743ZITX_FLASH.ld", define: "STM32H743xx", missing: "build/stm32h7xx_hal.o (needed by build/STM32H743_Nucleo_ETH.elf)"},
	} {
		t.Run(filepath.Base(c.dir), func(t *testing.T) {
			var dir string
			if c.lwip != "" {
				dir, _ = testenv.CubeMXProjectWithLwIP(t, c.dir)
			} else {
				dir = testenv.CopyTree(t, c.dir)
			}
			b, err := readWith(t, SysMake, dir, Options{CC: cc})
			if err != nil {
				t.Fatal(err)
			}
			if c.missing != "" && (b.Exact || !hasNote(b, "make -n -k had no rule for", c.missing)) {
				t.Errorf("exact %v, notes %q: want %q named", b.Exact, b.Notes, c.missing)
			}
			if len(b.Units) != c.units || b.Link == nil || filepath.Base(b.Link.Scripts[0]) != c.script {
				t.Errorf("%d units (want %d), link %+v", len(b.Units), c.units, b.Link)
			}
			for _, u := range b.Units {
				if u.Lang == LangC && u.Macros()[c.define] != "1" {
					t.Errorf("%s lacks %s", u.Rel, c.define)
				}
			}
		})
	}
}

// A Makefile that lists a source the repository does not carry (a public
// project committed without one of its files, or a generated one): make -n
// -B stopped at the first missing prerequisite and the whole build was
// unreadable. With -k the dry run keeps going: every other compile is in
// the model, the build is no longer called exact, and the note names the
// missing file and the object that needed it.
func TestMakeKeepsGoingPastMissingSource(t *testing.T) {
	testenv.Tool(t, "make")
	cc := testenv.CrossCompiler(t)
	dir := fixture(t, "make-cubemx-f767")
	if err := os.Remove(filepath.Join(dir, "LWIP/App/lwip.c")); err != nil {
		t.Fatal(err)
	}
	b := mustRead(t, SysMake, dir, Options{CC: cc})
	want := []string{"Core/Src/main.c", "LWIP/Target/ethernetif.c", "Middlewares/Third_Party/LwIP/src/core/init.c",
		"Middlewares/Third_Party/LwIP/src/core/memp.c", "startup_stm32f767xx.s"}
	if got := unitRels(b); !reflect.DeepEqual(got, want) {
		t.Errorf("units %v, want %v", got, want)
	}
	if b.Exact {
		t.Error("a build missing a source is called exact")
	}
	if !hasNote(b, "no rule for 1 file(s)", "build/lwip.o (needed by build/lwip.elf)") {
		t.Errorf("notes %q", b.Notes)
	}
	// the link make printed once the missing object was taken as made
	if b.Link == nil || !reflect.DeepEqual(b.Link.Scripts, []string{filepath.Join(dir, "STM32F767XX_FLASH.ld")}) {
		t.Errorf("link %+v", b.Link)
	}
	// nothing at all to compile: make's own error, not an empty model
	for _, u := range want[:4] {
		os.Remove(filepath.Join(dir, u))
	}
	os.Remove(filepath.Join(dir, "startup_stm32f767xx.s"))
	if _, err := readWith(t, SysMake, dir, Options{CC: cc}); err == nil || !strings.Contains(err.Error(), "No rule to make target") {
		t.Errorf("err %v", err)
	}
}
