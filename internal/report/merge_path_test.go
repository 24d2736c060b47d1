package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// sim and sim --sweep each update their part of "sim" without dropping the
// other's, or any other key.
func TestMergePathKeepsOtherKeys(t *testing.T) {
	p := filepath.Join(t.TempDir(), "report.json")
	if err := os.WriteFile(p, []byte(`{"board":"h743","sim":{"seed":1,"sweep":{"old":true}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := MergePath(p, []string{"sim", "sweep"}, map[string]any{"rows": 3}); err != nil {
		t.Fatal(err)
	}
	if err := MergePath(p, []string{"sim"}, map[string]any{"seed": 2}); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(p)
	var m struct {
		Board string
		Sim   struct {
			Seed  int
			Sweep map[string]any
		}
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m.Board != "h743" || m.Sim.Seed != 2 || m.Sim.Sweep["rows"] != float64(3) || m.Sim.Sweep["old"] != true {
		t.Errorf("merged report:\n%s", raw)
	}
}
