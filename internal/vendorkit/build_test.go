package vendorkit

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/importer"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// TestBuildProjectMakefile vendors f407 into the CubeMX Makefile fixture,
// builds it with the project's own Makefile and arm-none-eabi-gcc, and
// verifies the ELF against the plan. The lwIP sources are the tree lwipgen
// fetched, linked where CubeMX keeps them. The Makefile's PREFIX names a
// toolchain on its author's machine, as atk-sheep/XIP_EXTRAM_LWIP@2fe92b4's
// does (Makefile:186, a CRLF line in an LF file): build --project uses
// lwipgen's toolchain anyway.
func TestBuildProjectMakefile(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	g := generated(t, "f407")
	dir := copyTree(t, filepath.Join("testdata", "cubemx-makefile-f407"))
	mk := filepath.Join(dir, "Makefile")
	text, err := os.ReadFile(mk)
	if err != nil {
		t.Fatal(err)
	}
	own := strings.Replace(string(text), "\nPREFIX = arm-none-eabi-\n", "\nPREFIX = /home/someone/arm-gnu-toolchain-13.2.Rel1-x86_64-arm-none-eabi/bin/arm-none-eabi-\r\n", 1)
	if own == string(text) {
		t.Fatal("the fixture's Makefile has no PREFIX = arm-none-eabi- line")
	}
	if err := os.WriteFile(mk, []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	elf, res, err := BuildProject(context.Background(), dir, g, &log)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Checks {
		if !c.OK {
			t.Errorf("%s: %s", c.ID, c.Detail)
		}
	}
	if !res.OK() {
		t.Fatalf("%s does not verify", elf)
	}
	// CubeMX's MSP functions (pins, clocks) moved out of the replaced ethernetif.c and linked.
	msp, err := os.ReadFile(filepath.Join(dir, "LWIP", "lwipgen", "ethernetif_msp.c"))
	if err != nil || !strings.Contains(string(msp), "void HAL_ETH_MspInit(ETH_HandleTypeDef* ethHandle)") || !strings.Contains(string(msp), "USER CODE BEGIN ETH_MspInit 0") {
		t.Fatalf("ethernetif_msp.c: %v\n%s", err, msp)
	}
	// It is compiled by the project's build (the fixture's HAL stub never calls it, so --gc-sections may drop it from the ELF).
	if out, err := exec.Command("arm-none-eabi-nm", filepath.Join(dir, "build", "ethernetif_msp.o")).Output(); err != nil || !strings.Contains(string(out), " T HAL_ETH_MspInit") {
		t.Errorf("HAL_ETH_MspInit not compiled by the project build: %v %s", err, out)
	}
	// A second vendor run (ethernetif.c is lwipgen's now) keeps the moved MSP code.
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "LWIP", "lwipgen", "ethernetif_msp.c")); string(again) != string(msp) {
		t.Errorf("second vendor run changed ethernetif_msp.c")
	}
	t.Logf("%s verified: %d checks", elf, len(res.Checks))
}

// The CubeMX CMake fixture (f767) builds through its own CMakeLists after
// vendoring, and its ELF verifies against the plan. The project is named by a
// relative path, as in `lwipgen build --project proj`: cmake ran in the
// project with -S proj and found no proj/proj (Channuyoah/stm32-lwip@6d1fa1d).
func TestBuildProjectCMake(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	testenv.Tool(t, "cmake")
	g := generated(t, "f767")
	dir := copyTree(t, filepath.Join("testdata", "cubemx-cmake-f767"))
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(dir))
	var log strings.Builder
	elf, res, err := BuildProject(context.Background(), filepath.Base(dir), g, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	for _, c := range res.Checks {
		if !c.OK {
			t.Errorf("%s: %s", c.ID, c.Detail)
		}
	}
	if !res.OK() || len(res.Placement) < 5 {
		t.Fatalf("%s does not verify (%d placement rows)", elf, len(res.Placement))
	}
}

// TestBuildProjectGD32FreeRTOS imports a project in the shape of
// GigaDevice's FreeRTOS ENET demos (testdata/gd32-freertos: its own port
// driver, an ENET_IRQHandler that feeds it, lwIP in lwip-2.1.2/) with
// import --project, vendors the board it wrote, builds the project with the
// demo's own Makefile and verifies the ELF: no error, no undefined
// reference, no implicit declaration, no "redefined" warning; a second
// vendor run changes nothing.
func TestBuildProjectGD32FreeRTOS(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	dir := copyTree(t, filepath.Join("testdata", "gd32-freertos"))
	boardFile := filepath.Join(t.TempDir(), "gd32-demo.hcl")
	imp, err := importer.ImportProject(dir, importer.Options{BoardName: "gd32-demo", Out: boardFile, Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(imp.Warnings) != 0 || imp.Board.Chip.Name != "gd32f407" || imp.Board.Vendor != "gd32" || imp.Board.RTOS != "freertos" {
		t.Fatalf("import: chip %s vendor %s rtos %s, warnings %v", imp.Board.Chip.Name, imp.Board.Vendor, imp.Board.RTOS, imp.Warnings)
	}
	if err := os.WriteFile(boardFile, imp.HCL, 0o644); err != nil {
		t.Fatal(err)
	}
	g := generated(t, boardFile)
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	elf, res, err := BuildProject(context.Background(), dir, g, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	for _, bad := range []string{"error", "warning:", "undefined reference", "implicit declaration", "redefined", "multiple definition"} {
		if strings.Contains(log.String(), bad) {
			t.Errorf("the build output has %q:\n%s", bad, log.String())
		}
	}
	for _, c := range res.Checks {
		if !c.OK {
			t.Errorf("%s: %s", c.ID, c.Detail)
		}
	}
	if !res.OK() {
		t.Fatalf("%s does not verify", elf)
	}
	// the demo's driver is lwipgen's now, and its interrupt handler calls the glue
	drv, _ := os.ReadFile(filepath.Join(dir, "lwip-2.1.2", "port", "GD32F4xx", "FreeRTOS", "ethernetif.c"))
	it, _ := os.ReadFile(filepath.Join(dir, "src", "gd32f4xx_it.c"))
	if !strings.Contains(string(drv), "Generated by lwipgen") || !strings.Contains(string(it), "ethernetif_irq();") || strings.Contains(string(it), "xSemaphoreGiveFromISR(g_rx_semaphore") {
		t.Errorf("driver replaced %v, IRQ handler calls the glue %v", strings.Contains(string(drv), "Generated by lwipgen"), strings.Contains(string(it), "ethernetif_irq();"))
	}
	again, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Changes) != 0 {
		t.Errorf("second vendor run changed %d file(s)", len(again.Changes))
	}
	t.Logf("%s verified: %d checks", elf, len(res.Checks))
}

// build --project on a project lwipgen has not vendored (vendor refused its
// legacy HAL, or it was never run) or vendored for another board says so
// before compiling, instead of a failed placement check per lwIP object.
func TestBuildProjectNeedsVendoring(t *testing.T) {
	g := generated(t, "f407")
	dir := copyTree(t, filepath.Join("testdata", "cubemx-makefile-f407"))
	_, _, err := BuildProject(context.Background(), dir, g, nil)
	if err == nil || !strings.Contains(err.Error(), "is not vendored") || !strings.Contains(err.Error(), "lwipgen vendor --board f407") {
		t.Fatalf("unvendored project: %v", err)
	}
	os.MkdirAll(filepath.Join(dir, StateDir), 0o755)
	os.WriteFile(filepath.Join(dir, manifestPath), []byte(`{"board": "h743", "kind": "cubemx-makefile", "files": {}, "blocks": {}}`), 0o644)
	_, _, err = BuildProject(context.Background(), dir, g, nil)
	if err == nil || !strings.Contains(err.Error(), `vendored for board "h743"`) {
		t.Fatalf("project vendored for another board: %v", err)
	}
}

// lwipgen's Makefile block adds to the variables the project's rules read:
// CubeMX's names, or a hand-written Makefile's (C_SRCS/INC/LDFLAGS, modelled on
// lang-zou/GD32F450-EtherNet--100M-Mii-RMii-LwIP-UDP--FreeRTOS-ArmGcc-OpenOCD's
// Makefile), and lwipgen's own block of an earlier run does not decide.
func TestMakeVar(t *testing.T) {
	cube := "C_SOURCES =  \\\nCore/Src/main.c\nC_DEFS =  \\\n-DUSE_HAL_DRIVER\nC_INCLUDES =  \\\n-ICore/Inc\nLIBDIR = \n"
	hand := "C_SRCS     = src/a.c\nC_SRCS    += src/b.c\nINC        = -Iconfig\nCFLAGS     = -Os\nLDFLAGS    = -T x.ld\n"
	for _, c := range []struct{ text, src, def, inc, lib string }{
		{cube, "C_SOURCES", "C_DEFS", "C_INCLUDES", "LIBDIR"},
		{hand, "C_SRCS", "CFLAGS", "INC", "LDFLAGS"},
		{ownBlockRe.ReplaceAllString(hand+"# lwipgen BEGIN build\nC_SOURCES += x.c\nLIBDIR += -Lx\n# lwipgen END build\n", ""), "C_SRCS", "CFLAGS", "INC", "LDFLAGS"},
	} {
		src, def, inc, lib := makeVars(c.text)
		got := []string{src, def, inc, lib}
		if want := []string{c.src, c.def, c.inc, c.lib}; strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("got %v, want %v for\n%s", got, want, c.text)
		}
	}
}

// A CubeMX CMake project whose toolchain file links with a script the
// project has only under another letter case (written on Windows or macOS:
// cxnaive/H743VGTx_lwip@da66a1e's cmake/gcc-arm-none-eabi.cmake:42 names
// STM32H743VGTx_FLASH.ld, the file is stm32h743vgtx_flash.ld) is refused with
// both names and the line, and nothing is changed; lwipgen used to edit the
// only .ld it found, which the build never reads.
func TestVendorRefusesLinkerScriptCase(t *testing.T) {
	g := generated(t, "f767")
	dir := copyTree(t, filepath.Join("testdata", "cubemx-cmake-f767"))
	if err := os.Rename(filepath.Join(dir, "STM32F767XX_FLASH.ld"), filepath.Join(dir, "stm32f767xx_flash.ld")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "STM32F767XX_FLASH.ld")); err == nil {
		t.Fatal("the test needs a case-sensitive file system (it models a build that cannot find its script on one)")
	}
	before := treeHash(t, dir)
	_, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err == nil || !strings.Contains(err.Error(), "cmake/gcc-arm-none-eabi.cmake:13 links with STM32F767XX_FLASH.ld") || !strings.Contains(err.Error(), "the project has stm32f767xx_flash.ld") {
		t.Fatalf("vendor: %v", err)
	}
	if treeHash(t, dir) != before {
		t.Error("a refused vendor run changed the project")
	}
}

// A project whose lwIP has a field added to struct pbuf (as
// cxnaive/H743VGTx_lwip@da66a1e's pbuf.h adds time_sec/time_nsec for PTP)
// compiles its pbuf pools larger than lwipgen's model of lwIP: the link stops
// in lwip_sections.ld with "cannot move location counter backwards" only.
// build --project names the objects that grew, with both sizes, and why.
func TestBuildProjectExplainsOverflow(t *testing.T) {
	testenv.CrossCompiler(t)
	g := generated(t, "f407")
	dir, src := testenv.CubeMXProjectWithLwIP(t, filepath.Join("testdata", "cubemx-makefile-f407"))
	testenv.PatchPbufPTP(t, src)
	testenv.AddMakefileDefine(t, dir, "-DSTM32F407xx", "LWIP_PTP")
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	_, _, err := BuildProject(context.Background(), dir, g, nil)
	if err == nil || !strings.Contains(err.Error(), "cannot move location counter backwards") || !strings.Contains(err.Error(), "compiled larger than lwipgen planned for lwIP 2.1.3") || !regexp.MustCompile(`memp_memory_PBUF\w*_base \d+ B \(planned \d+ B\)`).MatchString(err.Error()) {
		t.Fatalf("build: %v", err)
	}
}

// build --project on a CMake tree of many executables builds the one the
// project model read (project.Build.Executable), not every demo.
func TestCMakeBuildArgsTargetTheModelsExecutable(t *testing.T) {
	if got := strings.Join(cmakeBuildArgs("b", &project.Model{Build: &project.Build{Executable: "Telnet"}}), " "); got != "--build b -j 2 --target Telnet" {
		t.Errorf("args %q", got)
	}
	if got := strings.Join(cmakeBuildArgs("b", &project.Model{Build: &project.Build{}}), " "); got != "--build b -j 2" {
		t.Errorf("args %q: the top project's executable is the default target", got)
	}
}
