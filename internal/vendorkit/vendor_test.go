package vendorkit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/pipeline/pipelinetest"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// generated is the pipeline output for a board (a name or an .hcl path).
func generated(t testing.TB, name string) *flow.Generated { return pipelinetest.Generated(t, name) }

// withGlue completes o the way the board's flow does (vendorkit.Run): the
// glue of the chip's MAC, its compile definitions, the H7 hal_conf check.
func withGlue(t testing.TB, g *flow.Generated, o Options) Options {
	t.Helper()
	gl, ok := flow.GlueFor(g.Board.Chip.Ethernet.MAC)
	if !ok {
		t.Fatalf("%s: no glue registered for MAC %s", g.Board.Name, g.Board.Chip.Ethernet.MAC)
	}
	files, defines, err := gl.Render(g.Plan, g.Layout)
	if err != nil {
		t.Fatal(err)
	}
	o.Glue, o.Defines = files, defines
	o.HALConfDescCount = g.Board.Chip.Family == "stm32h7"
	return o
}

// glueDefines are the compile definitions the board's glue needs.
func glueDefines(t testing.TB, g *flow.Generated) []string {
	return withGlue(t, g, Options{}).Defines
}

// copyTree copies a fixture into a fresh directory.
// copyTree copies a project fixture with the lwIP its build compiles
// (testenv.ProjectFixture); a copy of a vendored copy stays as it is.
func copyTree(t testing.TB, src string) string {
	if strings.Contains(filepath.ToSlash(src), "testdata/") {
		return testenv.ProjectFixture(t, src)
	}
	return testenv.CopyTree(t, src)
}

// treeFiles maps every file (relative path) to its content; skip filters paths.
func treeFiles(t testing.TB, dir string, skip func(string) bool) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if skip != nil && skip(rel) {
			return nil
		}
		b, _ := os.ReadFile(p)
		m[rel] = string(b)
		return nil
	})
	return m
}

func treeHash(t testing.TB, dir string) string {
	m := treeFiles(t, dir, nil)
	var names []string
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		h.Write([]byte(n + "\x00" + m[n] + "\x00"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

func compareTrees(t *testing.T, what string, want, got map[string]string) {
	t.Helper()
	for p, w := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("%s: %s is missing", what, p)
		} else if g != w {
			t.Errorf("%s: %s differs:\n%s", what, p, unifiedDiff(p, []byte(w), []byte(g), true))
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: unexpected file %s", what, p)
		}
	}
}

// regenerate plays CubeMX's "Generate Code": every file of the pristine
// fixture is written again from the template, keeping only the USER CODE
// bodies of the current file. Files CubeMX does not know stay.
func regenerate(t *testing.T, fixture, dir string) {
	t.Helper()
	for rel, pristine := range treeFiles(t, fixture, nil) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		cur, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, transplantUserCode([]byte(pristine), cur, nil), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func notState(rel string) bool { return strings.HasPrefix(rel, StateDir+"/") }

var kinds = []struct {
	fixture, board string
	kind           Kind
	userFile       string // a CubeMX file with a USER CODE block the test writes into
	userBlock      string
}{
	{"cubeide-h743", "h743", CubeIDE, "Core/Src/main.c", "2"},
	{"cubemx-makefile-f407", "f407", CubeMakefile, "LWIP/Target/lwipopts.h", "1"},
	{"cubemx-cmake-f767", "f767", CubeCMake, "Core/Src/main.c", "1"},
	{"gd32-f407", "gd32f407", GD32, "", ""},
}

func writeUserCode(t *testing.T, path, block, code string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := userCode(string(b), block)
	if !ok {
		t.Fatalf("%s: no USER CODE %s", path, block)
	}
	text := string(b)
	text = text[:s.Start] + "\n" + code + text[s.Start:]
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestVendorKinds(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.fixture, func(t *testing.T) {
			fixture := filepath.Join("testdata", k.fixture)
			g := generated(t, k.board)
			dir := copyTree(t, fixture)
			const userLine = "  user_code_that_must_survive(); /* written by the user */\n"
			if k.userFile != "" {
				writeUserCode(t, filepath.Join(dir, k.userFile), k.userBlock, userLine)
			}
			p, err := Detect(dir)
			if err != nil {
				t.Fatal(err)
			}
			if p.Kind != k.kind {
				t.Fatalf("detected %s, want %s", p.Kind, k.kind)
			}

			// dry run: a diff, nothing written
			before := treeHash(t, dir)
			dry, err := Vendor(g, withGlue(t, g, Options{Project: dir, DryRun: true}))
			if err != nil {
				t.Fatal(err)
			}
			if dry.Diff == "" || len(dry.Changes) == 0 {
				t.Fatal("dry run on a fresh tree shows no diff")
			}
			if !strings.Contains(dry.Diff, "+++ b/"+p.OwnDir+"/lwip_sections.ld") || !strings.Contains(dry.Diff, "--- a/"+p.LinkerScript) {
				t.Errorf("dry-run diff lacks the linker files:\n%s", dry.Diff)
			}
			if after := treeHash(t, dir); after != before {
				t.Fatal("dry run changed the tree")
			}

			// real run
			res, err := Vendor(g, withGlue(t, g, Options{Project: dir, RemoveConflicts: true}))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Changes) != len(dry.Changes) {
				t.Errorf("dry run announced %d changes, the run made %d", len(dry.Changes), len(res.Changes))
			}
			for _, w := range res.Warnings {
				t.Log("warning:", w)
			}
			checkVendored(t, dir, p, g, k.userFile, userLine)
			first := treeFiles(t, dir, nil)

			// second run: nothing changes, byte for byte
			h1 := treeHash(t, dir)
			res2, err := Vendor(g, withGlue(t, g, Options{Project: dir, RemoveConflicts: true}))
			if err != nil {
				t.Fatal(err)
			}
			if len(res2.Changes) != 0 || treeHash(t, dir) != h1 {
				for _, c := range res2.Changes {
					t.Log(unifiedDiff(c.Path, c.Before, c.After, c.Existed))
				}
				t.Fatalf("second run changed %d files", len(res2.Changes))
			}

			// CubeMX regenerates: everything outside USER CODE from its template; vendor restores all
			regenerate(t, fixture, dir)
			if _, err := Vendor(g, withGlue(t, g, Options{Project: dir, RemoveConflicts: true})); err != nil {
				t.Fatal(err)
			}
			compareTrees(t, "after regenerate + vendor", filterMap(first, notState), treeFiles(t, dir, notState))

			// undo restores the state before the last run that changed something (the regenerated
			// files); the run before it wrote files that CubeMX has rewritten since, so undoing that
			// one too needs --force, and then gives back the original project
			regenerated := copyTree(t, dir)
			regenerate(t, fixture, regenerated)
			if _, err := Undo(dir, false); err != nil {
				t.Fatal(err)
			}
			compareTrees(t, "after one undo", treeFiles(t, regenerated, notState), treeFiles(t, dir, notState))
			if _, err := Undo(dir, false); err == nil || !strings.Contains(err.Error(), p.LinkerScript) {
				t.Fatalf("undo over files changed since: want an error naming them, got %v", err)
			}
			if _, err := Undo(dir, true); err != nil {
				t.Fatal(err)
			}
			orig := copyTree(t, fixture)
			if k.userFile != "" {
				writeUserCode(t, filepath.Join(orig, k.userFile), k.userBlock, userLine)
			}
			compareTrees(t, "after undo", treeFiles(t, orig, nil), treeFiles(t, dir, notState))
		})
	}
}

func filterMap(m map[string]string, skip func(string) bool) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		if !skip(k) {
			out[k] = v
		}
	}
	return out
}

func checkVendored(t *testing.T, dir string, p *Project, g *flow.Generated, userFile, userLine string) {
	t.Helper()
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if userFile != "" && !strings.Contains(read(userFile), userLine) {
		t.Errorf("%s lost the user's USER CODE", userFile)
	}
	opts := read(p.Lwipopts)
	if !strings.Contains(opts, `#include "`+relTo(p.Lwipopts, p.OwnDir+"/lwipgen_lwipopts.h")+`"`) {
		t.Errorf("%s does not include lwipgen's options:\n%s", p.Lwipopts, opts)
	}
	if p.Kind != GD32 {
		uc, _ := userCode(opts, "1")
		if !strings.Contains(opts[uc.Start:uc.End], "lwipgen_lwipopts.h") {
			t.Errorf("lwipgen's include is not inside USER CODE 1")
		}
	}
	over := read(p.OwnDir + "/lwipgen_lwipopts.h")
	if !strings.Contains(over, "#undef  TCP_WND\n") {
		t.Errorf("override header does not #undef lwipgen's options")
	}
	ld := read(p.LinkerScript)
	inc := strings.Index(ld, "INCLUDE lwip_sections.ld")
	bss := strings.Index(ld, "*(.bss*)")
	if inc < 0 || bss < 0 || inc > bss {
		t.Errorf("INCLUDE lwip_sections.ld missing or after .bss (%d, %d)", inc, bss)
	}
	if strings.Contains(ld, "*(.RxDecripSection)") {
		t.Errorf("the hand-written .lwip_sec was not removed with RemoveConflicts")
	}
	for _, f := range []string{"lwip_sections.ld"} {
		if read(p.OwnDir+"/"+f) == "" {
			t.Errorf("%s empty", f)
		}
	}
	if len(g.Layout.MPU) > 0 {
		m := read(p.Main)
		call := strings.Index(m, "lwipgen_mpu_setup();")
		cache := strings.Index(m, "SCB_EnableDCache();")
		mpu := strings.Index(m, "MPU_Config();")
		if call < 0 || call > cache || call > mpu {
			t.Errorf("main.c: lwipgen_mpu_setup() missing or after the cache/MPU set-up")
		}
		if !strings.Contains(m, `#include "../../`+p.OwnDir+`/lwipgen_mpu.h"`) {
			t.Errorf("main.c does not include lwipgen_mpu.h")
		}
	}
	switch p.Kind {
	case CubeMakefile, GD32:
		mk := read("Makefile")
		for _, d := range glueDefines(t, g) {
			if !strings.Contains(mk, "-D"+d) {
				t.Errorf("Makefile lacks -D%s", d)
			}
		}
		if strings.Index(mk, "lwipgen BEGIN build") > strings.Index(mk, "\nall:") {
			t.Errorf("Makefile block after the all: rule")
		}
	case CubeCMake:
		cm := read("CMakeLists.txt")
		if !strings.Contains(cm, "target_compile_definitions(stm32cubemx INTERFACE ETH_RX_DESC_CNT=") || !strings.Contains(cm, "LWIP/lwipgen/lwipgen_mpu.c") {
			t.Errorf("CMakeLists.txt block incomplete:\n%s", cm)
		}
	case CubeIDE:
		cp := read(".cproject")
		if !strings.Contains(cp, `value="../LWIP/lwipgen"`) {
			t.Errorf(".cproject lacks lwipgen's folder")
		}
	}
}

func TestUserEditsAreRefused(t *testing.T) {
	g := generated(t, "h743")
	dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	// 1. a lwipgen-owned file edited by hand
	owned := filepath.Join(dir, "LWIP", "lwipgen", "lwip_sections.ld")
	b, _ := os.ReadFile(owned)
	os.WriteFile(owned, append(b, []byte("/* my tweak */\n")...), 0o644)
	before := treeHash(t, dir)
	_, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Path != "LWIP/lwipgen/lwip_sections.ld" || !strings.Contains(err.Error(), "LWIP/lwipgen/lwip_sections.ld") {
		t.Fatalf("want a conflict naming the edited file, got %v", err)
	}
	t.Log(err)
	if treeHash(t, dir) != before {
		t.Fatal("a refused run wrote something")
	}
	// --force overwrites (with a backup)
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir, Force: true})); err != nil {
		t.Fatal(err)
	}
	// 2. an edit inside lwipgen's block of a CubeMX file
	opts := filepath.Join(dir, "LWIP", "Target", "lwipopts.h")
	b, _ = os.ReadFile(opts)
	os.WriteFile(opts, []byte(strings.Replace(string(b), "#include \"../lwipgen/lwipgen_lwipopts.h\"", "#include \"my_opts.h\"", 1)), 0o644)
	_, err = Vendor(g, withGlue(t, g, Options{Project: dir}))
	if !errors.As(err, &ce) || ce.Path != "LWIP/Target/lwipopts.h" || !strings.Contains(err.Error(), "edited by hand") {
		t.Fatalf("want a conflict for the edited block, got %v", err)
	}
	// 3. an edit outside lwipgen's blocks is the user's: kept, no conflict
	b, _ = os.ReadFile(opts)
	os.WriteFile(opts, []byte(strings.Replace(string(b), "#include \"my_opts.h\"", "#include \"../lwipgen/lwipgen_lwipopts.h\"", 1)+"/* user note */\n"), 0o644)
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	if b, _ = os.ReadFile(opts); !strings.HasSuffix(string(b), "/* user note */\n") {
		t.Fatal("user's own line was lost")
	}
}

func TestConflictsOnlyRemovedWhenAsked(t *testing.T) {
	g := generated(t, "h743")
	dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
	res, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err != nil {
		t.Fatal(err)
	}
	ld, _ := os.ReadFile(filepath.Join(dir, "STM32H743ZITX_FLASH.ld"))
	if !strings.Contains(string(ld), "*(.RxDecripSection)") {
		t.Fatal(".lwip_sec removed without --remove-conflicts")
	}
	found := false
	for _, w := range res.Warnings {
		found = found || strings.Contains(w, ".lwip_sec") && strings.Contains(w, "--remove-conflicts")
	}
	if !found {
		t.Errorf("no warning about .lwip_sec: %v", res.Warnings)
	}
}

func TestDiff(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n"
	d := unifiedDiff("f", []byte(a), []byte(b), true)
	want := "--- a/f\n+++ b/f\n@@ -2,9 +2,10 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n+11\n"
	if d != want {
		t.Fatalf("got\n%s\nwant\n%s", d, want)
	}
	if unifiedDiff("f", []byte(a), []byte(a), true) != "" {
		t.Fatal("diff of equal texts")
	}
}

// A GD32 project with its own port driver: one driver is replaced in place by
// lwipgen's (the demo's build list stays right) and named; with two, neither
// is touched and both are named (built with lwipgen's glue they would define
// ethernetif_init twice).
func TestGD32OwnDriverIsNamed(t *testing.T) {
	g := generated(t, "gd32f407")
	dir := copyTree(t, filepath.Join("testdata", "gd32-f407"))
	os.WriteFile(filepath.Join(dir, "src", "ethernetif.c"), []byte("/* a GD32 demo port driver (test fixture) */\n"), 0o644)
	res, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "src", "ethernetif.c")); !strings.Contains(string(b), "Generated by lwipgen") {
		t.Errorf("src/ethernetif.c not replaced by lwipgen's driver")
	}
	if len(res.Warnings) == 0 || !strings.Contains(strings.Join(res.Warnings, "\n"), "src/ethernetif.c: the demo's own driver file is replaced") {
		t.Errorf("replacement not named: %v", res.Warnings)
	}
	dir = copyTree(t, filepath.Join("testdata", "gd32-f407"))
	os.WriteFile(filepath.Join(dir, "src", "ethernetif.c"), []byte("/* a GD32 demo port driver (test fixture) */\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "port"), 0o755)
	os.WriteFile(filepath.Join(dir, "port", "ethernetif.c"), []byte("/* another one */\n"), 0o644)
	res, err = Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, w := range res.Warnings {
		if strings.Contains(w, "ethernetif.c") && strings.Contains(w, "defined twice") {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("two own drivers: %d named, want 2: %v", n, res.Warnings)
	}
}

// A dry run with a conflict still prints the diff of everything else, then
// returns the conflict; it writes nothing.
func TestDryRunShowsDiffThenConflicts(t *testing.T) {
	g := generated(t, "h743")
	dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
	mine := filepath.Join(dir, "LWIP", "lwipgen", "lwip_sections.ld")
	os.MkdirAll(filepath.Dir(mine), 0o755)
	os.WriteFile(mine, []byte("/* my own sections */\n"), 0o644)
	before := treeHash(t, dir)
	var log strings.Builder
	res, err := Vendor(g, withGlue(t, g, Options{Project: dir, DryRun: true, Log: &log}))
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Path != "LWIP/lwipgen/lwip_sections.ld" {
		t.Fatalf("want the conflict, got %v", err)
	}
	if res == nil || !strings.Contains(log.String(), "+++ b/LWIP/Target/lwipopts.h") || strings.Contains(log.String(), "b/LWIP/lwipgen/lwip_sections.ld") {
		t.Fatalf("dry-run diff with a conflict:\n%.2000s", log.String())
	}
	if treeHash(t, dir) != before {
		t.Fatal("a dry run wrote something")
	}
	// a real run refuses and writes nothing
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); !errors.As(err, &ce) || treeHash(t, dir) != before {
		t.Fatalf("real run with a conflict: %v", err)
	}
}

// The detection message names what it found: the .ioc's toolchain and the
// build files that are there.
func TestDetectNamesWhatItFound(t *testing.T) {
	dir := copyTree(t, filepath.Join("testdata", "cubemx-makefile-f407"))
	iocs, _ := filepath.Glob(filepath.Join(dir, "*.ioc"))
	b, _ := os.ReadFile(iocs[0])
	os.WriteFile(iocs[0], []byte(strings.Replace(string(b), "ProjectManager.TargetToolchain=Makefile", "ProjectManager.TargetToolchain=EWARM", 1)), 0o644)
	_, err := Detect(dir)
	if err == nil || !strings.Contains(err.Error(), `names the toolchain "EWARM"`) || !strings.Contains(err.Error(), "it has Makefile") || !strings.Contains(err.Error(), filepath.Base(iocs[0])) {
		t.Fatalf("detect: %v", err)
	}
}

// An STM32CubeIDE .cproject whose C linker tool has no options (the script
// comes from the "Defaults" string; modelled on EgorFilatov/udp_server's
// .cproject) gets lwipgen's folder as a library path inside that tool, or the
// link cannot find lwip_sections.ld; a second run changes nothing.
func TestCProjectBareLinkerTool(t *testing.T) {
	g := generated(t, "h743")
	dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
	cpPath := filepath.Join(dir, ".cproject")
	b, _ := os.ReadFile(cpPath)
	bare := regexp.MustCompile(`(?s)(<tool id="[^"]*c\.linker\.7"[^>]*?)>.*?</tool>`)
	if !bare.Match(b) {
		t.Fatal("fixture: no C linker tool")
	}
	os.WriteFile(cpPath, bare.ReplaceAll(b, []byte("$1/>")), 0o644)
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(cpPath)
	tool := regexp.MustCompile(`(?s)<tool id="[^"]*c\.linker\.7".*?</tool>`).Find(after)
	if !bytes.Contains(tool, []byte(`superClass="com.st.stm32cube.ide.mcu.gnu.managedbuild.tool.c.linker.option.directories"`)) || !bytes.Contains(tool, []byte(`value="../LWIP/lwipgen"`)) {
		t.Fatalf("the bare C linker tool has no library path to lwipgen's folder:\n%s", tool)
	}
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(cpPath)
	if !bytes.Equal(after, again) {
		t.Errorf("a second vendor run changed .cproject")
	}
}

// Which hand-written output sections may be removed or called empty: one
// that places only lwipgen's input sections (CubeMX's .lwip_sec, CubeIDE F767's
// .Rx_PoolSection), not one that collects the project's own too (ST's
// STM32H7-LwIP-Examples STM32H723_Nucleo_ETH names .Rx_PoolSection inside .bss).
func TestPlacesOnly(t *testing.T) {
	hit := []string{".RxDecripSection", ".TxDecripSection", ".Rx_PoolSection"}
	for body, want := range map[string]bool{
		"{\n    . = ABSOLUTE(0x30040000);\n    *(.RxDecripSection)\n    . = ABSOLUTE(0x30040060);\n    *(.TxDecripSection)\n    . = ABSOLUTE(0x30040200);\n    *(.Rx_PoolSection)\n  ": true,
		"{\n    . = ALIGN(4);\n    KEEP(*(.Rx_PoolSection)) /* buffers */\n    . = ALIGN(4);\n  ":                                                                                      true,
		"{\n    _sbss = .;\n    __bss_start__ = _sbss;\n    *(.bss)\n    *(.bss*)\n    *(COMMON)\n    *(.Rx_PoolSection)\n    . = ALIGN(4);\n    _ebss = .;\n  ":                       false,
		"{\n    *(.RxDecripSection)\n    main.o(.my_buffers)\n  ":                                                                                                                      false,
	} {
		if got := placesOnly(body, hit); got != want {
			t.Errorf("placesOnly = %v, want %v for\n%s", got, want, body)
		}
	}
}

// A project file that calls a function the replaced driver header declared
// and lwipgen's does not (a hand-written GD32 driver's ethernetif_input, as in
// lang-zou/GD32F450-EtherNet--100M-Mii-RMii-LwIP-UDP--FreeRTOS-ArmGcc-OpenOCD's
// udp_echo.c) is refused at vendor time, naming the caller and the
// declaration, with nothing changed on disk; the GD demo as it is vendors.
func TestVendorRefusesLostDriverFunction(t *testing.T) {
	g := generated(t, "gd32f407")
	dir := copyTree(t, filepath.Join("testdata", "gd32-freertos"))
	netconf := filepath.Join(dir, "src", "netconf.c")
	b, _ := os.ReadFile(netconf)
	os.WriteFile(netconf, append(b, []byte("\nvoid app_poll(void) { ethernetif_input(0); }\n")...), 0o644)
	before := treeHash(t, dir)
	_, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err == nil || !strings.Contains(err.Error(), "src/netconf.c:") || !strings.Contains(err.Error(), "uses ethernetif_input, which lwip-2.1.2/port/GD32F4xx/FreeRTOS/ethernetif.h declared (line") {
		t.Fatalf("vendor: %v", err)
	}
	if treeHash(t, dir) != before {
		t.Error("a refused vendor run changed the project")
	}
	os.WriteFile(netconf, b, 0o644)
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatalf("the demo as it is: %v", err)
	}
}

// A GD32F450 project keeps lwIP's lwipopts.h in libraries/lwip-2.1.3/arch/,
// on its build's include path (lang-zou/GD32F450-EtherNet--100M-Mii-RMii-LwIP-UDP--FreeRTOS-ArmGcc-OpenOCD@8257a26;
// the project model's fixture internal/project/testdata/gd32-f450): import
// found it, vendor's own search skipped lwip-* folders and said the project
// had none. Vendor now takes the one lwIP's sources include.
func TestDetectGD32LwipoptsOnIncludePath(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.Tool(t, "make")
	dir := testenv.ProjectFixture(t, filepath.Join("..", "project", "testdata", "gd32-f450"))
	p, err := Detect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != GD32 || p.Lwipopts != "libraries/lwip-2.1.3/arch/lwipopts.h" || p.LinkerScript != "linker/gd32f450_flash.ld" {
		t.Errorf("detected %s: lwipopts %q, linker script %q", p.Kind, p.Lwipopts, p.LinkerScript)
	}
}

// TestVendorRefusesMPUOverride: the project's MPU_Config() programs a region numbered above
// lwipgen's (region 3, D2 SRAM1 as cacheable write-back; internal/mpu/testdata/mpu_config_h743.c,
// shaped like stm32-hotspot/STM32H7-LwIP-Examples STM32H743_Nucleo_ETH's): on ARMv7-M it wins over
// lwipgen's non-cacheable lwIP region and its DMA descriptor region, so vendoring stops with an error
// naming both regions and main.c's line, and changes nothing. The region numbered 0 instead (below
// lwipgen's) is the designed order: vendoring goes on.
func TestVendorRefusesMPUOverride(t *testing.T) {
	g := generated(t, "h743")
	mpuConfig, err := os.ReadFile(filepath.Join("..", "mpu", "testdata", "mpu_config_h743.c"))
	if err != nil {
		t.Fatal(err)
	}
	body := string(mpuConfig[strings.Index(string(mpuConfig), "void MPU_Config(void)"):])
	for _, tc := range []struct {
		name, number string
		refused      bool
	}{{"above", "MPU_REGION_NUMBER3", true}, {"below", "MPU_REGION_NUMBER0", false}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
			mainC := filepath.Join(dir, "Core", "Src", "main.c")
			b, _ := os.ReadFile(mainC)
			text := string(b)
			i := strings.Index(text, "void MPU_Config(void)\n{")
			j := i + strings.Index(text[i:], "\n}\n") + 3
			if i < 0 || j < i {
				t.Fatal("fixture main.c has no MPU_Config() definition")
			}
			text = text[:i] + strings.Replace(body, "MPU_REGION_NUMBER3", tc.number, 1) + text[j:]
			if err := os.WriteFile(mainC, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			line := 1 + strings.Count(text[:strings.Index(text, "HAL_MPU_ConfigRegion(&MPU_InitStruct);\n  /* Enables")], "\n")
			before := treeHash(t, dir)
			_, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
			if !tc.refused {
				if err != nil {
					t.Fatalf("a project region numbered below lwipgen's: %v", err)
				}
				return
			}
			want := []string{fmt.Sprintf("Core/Src/main.c:%d: MPU_Config() region 3 (0x30000000, 131072 B, normal-wbwa)", line),
				"lwipgen's region 1 (0x30000000", "lwipgen's region 2 (0x3000A000", "the higher-numbered region wins", "mpu_first_region = 4"}
			for _, w := range want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Fatalf("vendor: %v\nwant %q", err, w)
				}
			}
			if treeHash(t, dir) != before {
				t.Error("a refused vendor run changed the project")
			}
		})
	}
}

// The project kinds the CubeMX and GD32 flows register (their Layouts).
const (
	CubeIDE      Kind = "cubemx-stm32cubeide"
	CubeMakefile Kind = "cubemx-makefile"
	CubeCMake    Kind = "cubemx-cmake"
	GD32         Kind = "gd32"
)
