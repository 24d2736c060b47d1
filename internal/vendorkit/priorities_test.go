package vendorkit

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/importer"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// tcpudpProject is testdata/gd32-freertos with the gd32-freertos-tcpudp overlay on it: GD's
// FreeRTOS_tcpudp demo shape, configMAX_PRIORITIES 8 (see that folder's README.md).
func tcpudpProject(t *testing.T) string {
	t.Helper()
	dir := copyTree(t, filepath.Join("testdata", "gd32-freertos"))
	over := filepath.Join("testdata", "gd32-freertos-tcpudp")
	err := filepath.WalkDir(over, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(over, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644) // the overlay's files replace the base's
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

var tcpipPrioRe = regexp.MustCompile(`(?m)^#define TCPIP_THREAD_PRIO\s+(\S+)`)

// TestGD32FreeRTOSPrioritiesOnProjectScale (issue 30 item 1): GD's FreeRTOS port hands
// TCPIP_THREAD_PRIO to xTaskCreate unchanged and the demo's FreeRTOSConfig.h has 8 priorities.
// The built-in gd32f407 board planned against the project reads configMAX_PRIORITIES from it
// (the project model) and chooses 6, not CMSIS-RTOS2's 24, which made lwipgen_sys.c stop at its
// #error; import --project pins rtos_priorities 8 and the demo's (configMAX_PRIORITIES - 2) as 6;
// the vendored project builds with the demo's own Makefile (lwipgen_sys.c's #error and
// _Static_asserts hold) and its ELF verifies.
func TestGD32FreeRTOSPrioritiesOnProjectScale(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	dir := tcpudpProject(t)
	g, diags := pipeline.Prepare(pipeline.Options{Board: "gd32f407", Source: board.Source{}, Project: dir})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if v := g.Plan.Value("TCPIP_THREAD_PRIO"); v != 6 {
		t.Errorf("gd32f407 planned against the project: TCPIP_THREAD_PRIO %d, want 6 (configMAX_PRIORITIES 8 - 2)", v)
	}
	if st, _ := g.Plan.Setting("TCPIP_THREAD_PRIO"); !strings.Contains(st.Why, "inc/FreeRTOSConfig.h:11") {
		t.Errorf("provenance does not name the project's FreeRTOSConfig.h line: %s", st.Why)
	}

	boardFile := filepath.Join(t.TempDir(), "tcpudp.hcl")
	imp, err := importer.ImportProject(dir, importer.Options{BoardName: "tcpudp", Out: boardFile, Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if imp.Board.RTOSPriorities != 8 || imp.Options["TCPIP_THREAD_PRIO"] != "6" {
		t.Fatalf("import: rtos_priorities %d, TCPIP_THREAD_PRIO %q; want 8 and 6\n%s", imp.Board.RTOSPriorities, imp.Options["TCPIP_THREAD_PRIO"], imp.HCL)
	}
	if err := os.WriteFile(boardFile, imp.HCL, 0o644); err != nil {
		t.Fatal(err)
	}
	g = generated(t, boardFile)
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	opts, _ := os.ReadFile(filepath.Join(dir, "lwipgen", "lwipgen_lwipopts.h"))
	if m := tcpipPrioRe.FindStringSubmatch(string(opts)); m == nil || m[1] != "6" {
		t.Errorf("vendored lwipgen_lwipopts.h: TCPIP_THREAD_PRIO %v, want 6", m)
	}
	var log strings.Builder
	elf, res, err := BuildProject(context.Background(), dir, g, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	for _, bad := range []string{"error", "undefined reference", "implicit declaration"} {
		if strings.Contains(log.String(), bad) {
			t.Errorf("the build output has %q:\n%s", bad, log.String())
		}
	}
	if !res.OK() {
		t.Fatalf("%s does not verify", elf)
	}
}

// TestPinnedPriorityOffProjectScale: a board that pins TCPIP_THREAD_PRIO = 24 (CMSIS-RTOS2's
// osPriorityNormal) planned against the GD demo's 8-priority kernel is an error at the board's
// attribute (file:line:col) that names the FreeRTOSConfig.h line; a board whose rtos_priorities
// disagrees with the project is an error at rtos_priorities. Nothing is written.
func TestPinnedPriorityOffProjectScale(t *testing.T) {
	dir := tcpudpProject(t)
	for _, c := range []struct{ name, extra, opts, where, want string }{
		{"option", "", "  options {\n    TCPIP_THREAD_PRIO = 24\n  }\n", ":20,5", "TCPIP_THREAD_PRIO 24 does not fit the kernel: it must be 0..7 (configMAX_PRIORITIES 8 (inc/FreeRTOSConfig.h:11)"},
		{"rtos_priorities", "  rtos_priorities = 32\n", "", ":6,21", "the board says rtos_priorities = 32"},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := "board \"pinned\" {\n  chip   = \"gd32f407\"\n  vendor = \"gd32\"\n  rtos   = \"freertos\"\n  # the kernel\n" + c.extra +
				"  ethernet {\n    phy        = \"DP83848\"\n    interface  = \"rmii\"\n    speed_mbps = 100\n  }\n  workload {\n    profile         = \"balanced\"\n    tcp_connections = 2\n  }\n" +
				"  memory {\n    lwip_region = \"sram0\"\n  }\n" + c.opts + "}\n"
			if c.extra == "" {
				text = strings.Replace(text, "  # the kernel\n", "  # the kernel\n\n", 1) // same line numbers in both cases
			}
			file := filepath.Join(t.TempDir(), "pinned.hcl")
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			before := treeHash(t, dir)
			_, diags := pipeline.Prepare(pipeline.Options{Board: file, Source: board.Source{}, Project: dir})
			if !diags.HasErrors() {
				t.Fatalf("no error for\n%s", text)
			}
			msg := diags.Error()
			if !strings.Contains(msg, "pinned.hcl"+c.where) || !strings.Contains(msg, c.want) {
				t.Errorf("got %s\nwant %s at pinned.hcl%s", msg, c.want, c.where)
			}
			if treeHash(t, dir) != before {
				t.Error("planning changed the project")
			}
		})
	}
}
