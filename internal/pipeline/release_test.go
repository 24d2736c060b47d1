package pipeline_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// fakeLwIP is a directory that reads as an lwIP tree of version v (its
// init.h's LWIP_VERSION_* lines, as lwIP's own src/include/lwip/init.h has
// them); it holds no sources, so only what happens before compiling runs.
func fakeLwIP(t *testing.T, major, minor, rev string) string {
	dir := t.TempDir()
	inc := filepath.Join(dir, "src", "include", "lwip")
	os.MkdirAll(inc, 0o755)
	os.WriteFile(filepath.Join(inc, "init.h"), []byte("#define LWIP_VERSION_MAJOR      "+major+"\n#define LWIP_VERSION_MINOR      "+minor+"\n#define LWIP_VERSION_REVISION   "+rev+"\n"), 0o644)
	return dir
}

// A build compiles the lwIP release its board plans, or says why not before
// it writes anything: another point release of the line (the fetched 2.1.3
// for a 2.1.2 board) is an error on lwip_version unless the board accepts
// it (build.lwip_other_release), another line always; the build then prints
// which it compiled beside the planned one (issue 31, item 4).
func TestOtherLwIPReleaseRefusedUnlessAccepted(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "boards", "h743-rtthread.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	accept := regexp.MustCompile(`(?m)^\s*accept\s*=\s*\["build.lwip_other_release"\]\n`)
	if !accept.Match(src) {
		t.Fatal("boards/h743-rtthread.hcl (lwIP 2.1.2) does not accept build.lwip_other_release")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "rt.hcl")
	os.WriteFile(path, accept.ReplaceAll(src, nil), 0o644)
	for _, c := range []struct {
		tree string
		want []string
	}{
		{fakeLwIP(t, "2", "1", "3"), []string{"plans lwIP 2.1.2", "is lwIP 2.1.3", `accept = ["build.lwip_other_release"]`}},
		{fakeLwIP(t, "2", "2", "1"), []string{"plans lwIP 2.1.2", "is lwIP 2.2.1", "to an lwIP 2.1.2 tree"}},
	} {
		out := filepath.Join(dir, "out")
		_, diags := pipeline.Build(context.Background(), pipeline.Options{Board: path, Source: board.Source{}, Out: out, LwIPDir: c.tree})
		if len(diags) != 1 || diags[0].Severity != hcl.DiagError || diags[0].Subject == nil || diags[0].Subject.Start.Line != 13 {
			t.Fatalf("tree %s: %v, want one error on lwip_version (line 13)", c.tree, diags)
		}
		for _, w := range c.want {
			if !strings.Contains(diags[0].Detail, w) {
				t.Errorf("error %q lacks %q", diags[0].Detail, w)
			}
		}
		if strings.Contains(c.want[1], "2.2.1") && strings.Contains(diags[0].Detail, "accept") {
			t.Errorf("another line offered accept: %s", diags[0].Detail)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("a refused build wrote %s", out)
		}
	}

	b, d := board.Source{}.Load("h743-rtthread")
	if d.HasErrors() {
		t.Fatal(d)
	}
	if got := pipeline.Compiled(b, &lwipsrc.Tree{Version: "2.1.3", From: "cache"}); got != "compiled lwIP 2.1.3 (from cache) in place of the planned 2.1.2 (accepted: build.lwip_other_release)" {
		t.Errorf("Compiled = %q", got)
	}
}
