package standalone_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

func paths(g *pipeline.Generated) []string {
	var out []string
	for _, f := range g.Files {
		out = append(out, f.Path)
	}
	return out
}

// mps2-an500: a complete firmware instead of the probe, and a protection map.
func TestFirmwareReplacesProbe(t *testing.T) {
	g, diags := pipeline.Prepare(pipeline.Options{Board: "mps2-an500", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ps := paths(g)
	if !g.Rendered.Firmware || !slices.Contains(ps, "firmware/main.c") || !slices.Contains(ps, "firmware/link.ld") {
		t.Errorf("firmware %v, files %v: want the firmware sources", g.Rendered.Firmware, ps)
	}
	for _, p := range ps {
		if strings.HasPrefix(p, "probe/") || p == "ethernetif.c" {
			t.Errorf("%s generated for a self-contained firmware", p)
		}
	}
	if len(g.Layout.Protection) != 2 {
		t.Errorf("protection map %v, want code RO + data XN", g.Layout.Protection)
	}
}

// An STM32 without CubeMX: the chip's glue (registered by the CubeMX flow)
// with the same driver sections, found by MAC, plus the protection map the
// CubeMX flow does not program.
func TestStandaloneReusesTheChipsGlue(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "boards", "h743.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(strings.Replace(string(src), `vendor      = "cubemx"`, `vendor      = "standalone"`, 1), `board "h743"`, `board "h743-standalone"`, 1)
	if !strings.Contains(text, `"standalone"`) {
		t.Fatal("h743.hcl no longer sets vendor the way this test edits it")
	}
	ref := filepath.Join(t.TempDir(), "h743-standalone.hcl")
	if err := os.WriteFile(ref, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: ref, Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cube, diags := pipeline.Prepare(pipeline.Options{Board: "h743", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ps := paths(g)
	for _, want := range []string{"ethernetif.c", "lwipgen_sys.c", "compile_definitions.txt", "probe/probe_main.c"} {
		if !slices.Contains(ps, want) {
			t.Errorf("%s missing from %v", want, ps)
		}
	}
	glue, ok := flow.GlueFor(g.Board.Chip.Ethernet.MAC)
	if !ok {
		t.Fatal("no glue for the H7 MAC")
	}
	for name, in := range glue.Inputs() {
		_, o, ok := g.Layout.SectionOf(name)
		_, c, _ := cube.Layout.SectionOf(name)
		if !ok || !slices.Equal(o.Inputs, in.Sections) || !slices.Equal(o.Inputs, c.Inputs) {
			t.Errorf("%s: input sections %v, want the glue's %v (as CubeMX: %v)", name, o.Inputs, in.Sections, c.Inputs)
		}
	}
	if len(g.Layout.Protection) == 0 || len(cube.Layout.Protection) != 0 {
		t.Errorf("protection: standalone %d regions, cubemx %d; want some and none", len(g.Layout.Protection), len(cube.Layout.Protection))
	}
}
