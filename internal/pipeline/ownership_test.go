package pipeline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// generate after build leaves the verified report alone; a sim result in
// report.json survives the next build of the same plan; a changed plan gets
// an unverified report that says so, without the stale sim result (which
// stays in sim.json).
func TestReportOwnership(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	out := t.TempDir()
	read := func(name string) []byte { b, _ := os.ReadFile(filepath.Join(out, name)); return b }
	build(t, "f407", out)
	js, md := read("report.json"), read("report.md")
	if !bytes.Contains(md, []byte("checks passed** on `f407.elf`")) {
		t.Fatalf("report.md after build:\n%.300s", md)
	}
	o := pipeline.Options{Board: "f407", Source: board.Source{}, Out: out}
	g, kept, diags := pipeline.GenerateKeep(o)
	if diags.HasErrors() || !kept || !bytes.Equal(read("report.json"), js) || !bytes.Equal(read("report.md"), md) {
		t.Fatalf("generate after build: kept=%v, report changed=%v", kept, !bytes.Equal(read("report.md"), md))
	}
	files, err := pipeline.Record(g, []string{"sim"}, map[string]int{"mbps": 42})
	if err != nil || len(files) != 2 {
		t.Fatalf("record: %v %v", files, err)
	}
	if b, diags := pipeline.Build(context.Background(), pipeline.Options{Board: "f407", Source: board.Source{}, Out: out, Jobs: 2}); diags.HasErrors() || !b.OK {
		t.Fatal(diags)
	}
	var r map[string]json.RawMessage
	json.Unmarshal(read("report.json"), &r)
	if string(r["sim"]) == "" || !strings.Contains(string(r["summary"]), `"verified"`) {
		t.Fatalf("sim result lost by the rebuild: %s", r["sim"])
	}
	// another plan in the same directory
	src, _ := os.ReadFile(filepath.Join("..", "..", "boards", "f407.hcl"))
	other := filepath.Join(t.TempDir(), "f407.hcl")
	os.WriteFile(other, bytes.Replace(src, []byte("target_mbps     = 20"), []byte("target_mbps     = 10"), 1), 0o644)
	o.Board = other
	if _, kept, diags := pipeline.GenerateKeep(o); diags.HasErrors() || kept {
		t.Fatalf("generate of a changed plan: kept=%v %v", kept, diags)
	}
	r = nil
	json.Unmarshal(read("report.json"), &r)
	if _, ok := r["sim"]; ok || !strings.Contains(string(r["summary"]), `"generated"`) || !bytes.Contains(read("report.md"), []byte("**not verified**")) {
		t.Fatalf("report of a changed plan: sim kept=%v summary %s", ok, r["summary"])
	}
	if !bytes.Contains(read("sim.json"), []byte("42")) {
		t.Error("sim.json lost")
	}
	// a build that fails after generating leaves the report of its own plan, unverified
	testenv.FailingCompiler(t)
	o.Board = "f407"
	if _, diags := pipeline.Build(context.Background(), o); !diags.HasErrors() {
		t.Fatal("build with a failing compiler succeeded")
	}
	if !bytes.Contains(read("report.md"), []byte("**not verified**")) || bytes.Equal(read("report.json"), js) {
		t.Fatal("a failed build of another plan left a verified-looking report")
	}
}
