package cubemx

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/importer"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// TestCubeMXFixturesImportVendor: lwipgen import --project on each CubeMX
// fixture writes a board with no finding that vendors into the project as-is
// (MPU regions, RTOS flavour and lwIP version read from it); the F767
// CMSIS-RTOS v1 project is then built with its own Makefile and its ELF
// verifies (one build keeps the test cheap; TestCubeMXFixturesBuild builds
// all four with hand-written boards).
func TestCubeMXFixturesImportVendor(t *testing.T) {
	testenv.CrossCompiler(t)
	for _, f := range cubeFixtures {
		t.Run(f.dir, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("testdata", f.dir))
			materializeSDK(t, dir, f)
			out := filepath.Join(t.TempDir(), "imported.hcl")
			imp, err := importer.ImportProject(dir, importer.Options{BoardName: "imported-" + f.dir, Out: out, Source: board.Source{}})
			if err != nil {
				t.Fatal(err)
			}
			if len(imp.Warnings) != 0 {
				t.Errorf("import findings: %v\n%s", imp.Warnings, imp.HCL)
			}
			b := imp.Board
			wantAPI := map[string]string{"CMSIS_RTOS": "cmsis_v1", "CMSIS_RTOS_V2": "cmsis_v2", "": ""}[f.cmsis]
			if b == nil || b.Vendor != "cubemx" || b.RTOSAPI != wantAPI || (f.cmsis == "") != (b.RTOS == "none") {
				t.Fatalf("imported board: %+v\n%s", b, imp.HCL)
			}
			if err := os.WriteFile(out, imp.HCL, 0o644); err != nil {
				t.Fatal(err)
			}
			g := generated(t, out)
			if _, err := vendorProject(g, dir); err != nil {
				t.Fatalf("the imported board does not vendor: %v\n%s", err, imp.HCL)
			}
			if f.dir != "cubemx-f767-rtos1" {
				return
			}
			var log strings.Builder
			elf, vr, err := vendorkit.BuildProject(context.Background(), dir, g, &log)
			if err != nil {
				t.Fatalf("%v\n%s", err, tail(log.String(), 60))
			}
			for _, bad := range []string{"implicit declaration", "redefined", "undefined reference", "error:"} {
				if strings.Contains(log.String(), bad) {
					t.Errorf("build log has %q:\n%s", bad, grepLines(log.String(), bad))
				}
			}
			for _, c := range vr.Checks {
				if !c.OK {
					t.Errorf("%s: %s", c.ID, c.Detail)
				}
			}
			if !vr.OK() {
				t.Fatalf("%s does not verify", elf)
			}
		})
	}
}
