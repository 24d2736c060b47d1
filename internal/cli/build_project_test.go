package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// `lwipgen vendor` then `lwipgen build --project` (what `mage build
// board=f407 project=DIR` runs) builds the vendored CubeMX Makefile project
// with its own Makefile and verifies the ELF into report.json.
func TestBuildVendoredProject(t *testing.T) {
	testenv.CrossCompiler(t)
	lw := testenv.LwIP(t)
	proj := filepath.Join(t.TempDir(), "proj")
	if out, err := exec.Command("cp", "-r", filepath.Join("..", "vendorkit", "testdata", "cubemx-makefile-f407"), proj).CombinedOutput(); err != nil {
		t.Fatalf("copy fixture: %v %s", err, out)
	}
	if err := os.Symlink(filepath.Join(lw, "src"), filepath.Join(proj, "Middlewares", "Third_Party", "LwIP", "src")); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if rc := Main([]string{"vendor", "--board", "f407", "--project", proj}, &out, &errb); rc != 0 {
		t.Fatalf("vendor: %s", errb.String())
	}
	rep := t.TempDir()
	out.Reset()
	errb.Reset()
	if rc := Main([]string{"build", "--board", "f407", "--project", proj, "--out", rep}, &out, &errb); rc != 0 {
		t.Fatalf("build --project: rc %d\n%s\n%s", rc, out.String(), errb.String())
	}
	var r struct {
		OK        bool             `json:"ok"`
		Placement []map[string]any `json:"placement"`
	}
	raw, err := os.ReadFile(filepath.Join(rep, "report.json"))
	if err != nil || json.Unmarshal(raw, &r) != nil {
		t.Fatalf("report.json: %v", err)
	}
	if !r.OK || len(r.Placement) < 5 {
		t.Fatalf("report: ok=%v, %d placement rows", r.OK, len(r.Placement))
	}
}
