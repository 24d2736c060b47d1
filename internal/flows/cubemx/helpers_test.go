package cubemx

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/pipeline/pipelinetest"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// generated is the pipeline output for a board (a name or an .hcl path).
func generated(t testing.TB, name string) *flow.Generated { return pipelinetest.Generated(t, name) }

// vendorProject vendors g into the CubeMX project dir the way the flow does.
func vendorProject(g *flow.Generated, dir string) (*vendorkit.Result, error) {
	return vendorkit.Vendor(g, vendorkit.Options{Project: dir, Prepare: Prepare(g), HALConfDescCount: g.Board.Chip.Family == "stm32h7"})
}

// copyTree copies a fixture into a fresh directory.
func copyTree(t testing.TB, src string) string { return testenv.CopyTree(t, src) }

// treeFiles maps every regular file of dir (relative path) to its content.
func treeFiles(t testing.TB, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		b, _ := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	return m
}
