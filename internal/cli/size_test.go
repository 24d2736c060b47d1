package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `lwipgen size` prints a build's tables from its report.json and --diff
// what changed between two; a report without the breakdown (generate) says
// why and what to run.
func TestSizeCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, heap string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(`{"memory": {"elf": "x.elf", "kind": "probe", "regions": [{"name": "sram1", "kind": "ram", "base": 0, "size": 131072, "used": 1000}],
  "lwip": {"region": "sram1", "used": 1000, "budget": 2000, "budget_of": "memory.lwip_budget"},
  "breakdown": {"rom": 500, "ram": `+heap+`, "modules": [{"name": "lwIP core", "rom": 500, "ram": `+heap+`}],
    "objects": [{"name": "core/mem.o", "module": "lwIP core", "rom": 500, "ram": `+heap+`}]}}}`), 0o644)
		return p
	}
	old, new := write("old.json", "1000"), write("new.json", "1500")
	var out, errb bytes.Buffer
	if rc := Main([]string{"size", old}, &out, &errb); rc != 0 || !strings.Contains(out.String(), "lwIP core") || !strings.Contains(out.String(), "sram1 (ram)") {
		t.Errorf("size: %d %s %s", rc, out.String(), errb.String())
	}
	out.Reset()
	if rc := Main([]string{"size", "--diff", old, new}, &out, &errb); rc != 0 || !strings.Contains(out.String(), "core/mem.o") || !strings.Contains(out.String(), "+500") {
		t.Errorf("size --diff: %d %q %s", rc, out.String(), errb.String())
	}
	gen := filepath.Join(dir, "gen.json")
	os.WriteFile(gen, []byte(`{"board": "h743"}`), 0o644)
	errb.Reset()
	if rc := Main([]string{"size", gen}, &out, &errb); rc != 1 || !strings.Contains(errb.String(), "run lwipgen build") {
		t.Errorf("size of a generate report: %d %q", rc, errb.String())
	}
	if rc := Main([]string{"size", "--diff", old}, &out, &errb); rc != 2 {
		t.Errorf("size --diff with one argument: exit %d, want 2", rc)
	}
}
