package importer

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// cubeProjectWithLwIP is vendorkit's CubeMX Makefile fixture (F407) with a copy of the stock lwIP
// tree in Middlewares/Third_Party/LwIP, as CubeMX lays it out; ptp adds two fields behind LWIP_PTP
// after struct pbuf's if_idx (the shape of cxnaive/H743VGTx_lwip@da66a1e's pbuf.h, written here in
// our own words into the scratch copy) and -DLWIP_PTP to the Makefile's C_DEFS.
func cubeProjectWithLwIP(t *testing.T, ptp bool) string {
	t.Helper()
	dir, src := testenv.CubeMXProjectWithLwIP(t, filepath.Join("..", "vendorkit", "testdata", "cubemx-makefile-f407"))
	if ptp {
		testenv.PatchPbufPTP(t, src)
		testenv.AddMakefileDefine(t, dir, "-DSTM32F407xx", "LWIP_PTP")
	}
	return dir
}

// import --project sizes the board at the project's lwIP as the cross compiler measures it (a
// PTP-patched struct pbuf, 24 B): the plan import makes of the board it writes is the plan vendor
// makes of that board with the same project, symbol for symbol; the board file says what was
// measured. A stock tree measures equal and adds no note.
func TestImportProjectPlansAtMeasuredSizes(t *testing.T) {
	testenv.CrossCompiler(t)
	for _, ptp := range []bool{true, false} {
		dir := cubeProjectWithLwIP(t, ptp)
		out := filepath.Join(t.TempDir(), "imported.hcl")
		res, err := ImportProject(dir, Options{Out: out, Source: board.Source{}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Plan == nil {
			t.Fatalf("ptp=%v: the imported board does not plan: %v", ptp, res.Warnings)
		}
		t.Logf("ptp=%v: measured: %s", ptp, res.Measured)
		noted := strings.Contains(string(res.HCL), "sized at the project's lwIP as the cross compiler measured it")
		if ptp != (strings.Contains(res.Measured, "sizeof(struct pbuf) is 24 B in the project's lwIP, 16 B in stock") && regexp.MustCompile(`memp_memory_PBUF_base \+\d+ B`).MatchString(res.Measured)) || ptp != noted {
			t.Errorf("ptp=%v: measured %q, noted in the board file %v", ptp, res.Measured, noted)
		}
		if err := os.WriteFile(out, res.HCL, 0o644); err != nil {
			t.Fatal(err)
		}
		g, diags := pipeline.Prepare(pipeline.Options{Board: out, Source: board.Source{}, Project: dir, Out: t.TempDir()})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		for name, want := range g.Plan.RAM.Symbols {
			if got := res.Plan.RAM.Symbols[name]; got != want {
				t.Errorf("ptp=%v: %s: import planned %d B, vendor plans %d B", ptp, name, got, want)
			}
		}
		if res.Plan.RAM.Total != g.Plan.RAM.Total {
			t.Errorf("ptp=%v: lwIP RAM: import %d B, vendor %d B", ptp, res.Plan.RAM.Total, g.Plan.RAM.Total)
		}
	}
}

// A note written into the board file carries no machine-specific path: the
// measuring compile's scratch directory and the project's absolute location
// are removed, and only the first line is kept.
func TestMachineFreeNote(t *testing.T) {
	tmp := filepath.ToSlash(os.TempDir())
	msg := tmp + "/lwipgen-measure-123/probe.c:3:10: fatal error: lwip/opt.h: No such file\ncompilation terminated."
	got := machineFree("compiling "+msg, "/home/u/proj")
	if got != "compiling probe.c:3:10: fatal error: lwip/opt.h: No such file" {
		t.Errorf("got %q", got)
	}
	if got := machineFree("reading /home/u/proj/Middlewares/Third_Party/LwIP/src/include/lwip/init.h: bad", "/home/u/proj"); got != "reading Middlewares/Third_Party/LwIP/src/include/lwip/init.h: bad" {
		t.Errorf("got %q", got)
	}
}
