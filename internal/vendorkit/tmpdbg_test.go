package vendorkit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/importer"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

func TestTmpDbg(t *testing.T) {
	dir := tcpudpProject(t)
	boardFile := filepath.Join(t.TempDir(), "tcpudp.hcl")
	imp, err := importer.ImportProject(dir, importer.Options{BoardName: "tcpudp", Out: boardFile, Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(boardFile, imp.HCL, 0o644)
	g, diags := pipeline.Prepare(pipeline.Options{Board: boardFile, Source: board.Source{}})
	for _, d := range diags {
		t.Logf("%v: %s %s", d.Severity, d.Summary, d.Detail)
	}
	if g != nil {
		for _, c := range g.Plan.Failed() {
			t.Logf("FAILED %s", c.ID)
		}
		t.Logf("MEM_SIZE %d TCP_SND_BUF %d", g.Plan.Value("MEM_SIZE"), g.Plan.Value("TCP_SND_BUF"))
	}
	for _, w := range imp.Warnings {
		t.Logf("import warning: %s", w)
	}
}
