package layout_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/flow"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// withMemory loads a built-in board and replaces its memory block.
func withMemory(t *testing.T, name, memBlock string) (*board.Board, hcl.Diagnostics) {
	t.Helper()
	text := strings.Replace(builtin(t, name), memoryBlock(t, name), memBlock, 1)
	return board.Source{}.Decode([]byte(text), "test-"+name+".hcl")
}

// planned loads a built-in board, plans and lays it out.
func planned(t *testing.T, name string) (*plan.Plan, *layout.Layout) {
	t.Helper()
	b, diags := board.Source{}.Load(name)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	l, d := layout.Plan(p)
	if d.HasErrors() {
		t.Fatal(d)
	}
	return p, l
}

func TestLayoutPlacesEveryObjectOnce(t *testing.T) {
	for _, name := range []string{"h743", "f767", "f407", "gd32f407", "mps2-an500", "zynq7035"} {
		t.Run(name, func(t *testing.T) {
			p, l := planned(t, name)
			b := p.Board
			seen := map[string]int{}
			for _, s := range l.Sections {
				if s.Base%s.Align != 0 {
					t.Errorf("%s at 0x%X not %d-aligned", s.Name, s.Base, s.Align)
				}
				if s.Used() > s.Size {
					t.Errorf("%s holds %d B in %d B", s.Name, s.Used(), s.Size)
				}
				mem, ok := b.Chip.Memory(s.Memory)
				if !ok || s.Base < mem.Base || s.End() > mem.End() {
					t.Errorf("%s [0x%X,0x%X) outside memory %s", s.Name, s.Base, s.End(), s.Memory)
				}
				for _, o := range s.Objects {
					seen[o.Name]++
					if o.DMA && !mem.DMA {
						t.Errorf("%s is DMA-touched but in CPU-only %s", o.Name, mem.Name)
					}
				}
			}
			for _, o := range p.Objects {
				if seen[o.Name] != 1 {
					t.Errorf("object %s placed %d times", o.Name, seen[o.Name])
				}
			}
			// Sections must not overlap.
			for i, a := range l.Sections {
				for _, c := range l.Sections[i+1:] {
					if a.Base < c.End() && c.Base < a.End() {
						t.Errorf("%s and %s overlap", a.Name, c.Name)
					}
				}
			}
			// The MPU regions cover exactly the non-cacheable sections.
			spans := l.Spans()
			if b.Chip.Core.DCache && b.Chip.Core.MPURegions > 0 {
				if len(spans) == 0 || len(l.MPU) == 0 {
					t.Fatalf("cached chip without non-cacheable sections/regions: %d spans, %d regions", len(spans), len(l.MPU))
				}
				if probs := mpu.Verify(l.MPU, spans, mpu.Limits{Regions: b.Chip.Core.MPURegions, FirstFree: l.FirstFree}); len(probs) > 0 {
					t.Errorf("MPU problems: %v", probs)
				}
			} else if len(l.MPU) != 0 {
				t.Errorf("%d MPU regions on a chip without D-cache", len(l.MPU))
			}
		})
	}
}

// A memory the Ethernet DMA cannot reach is refused where the board names
// it, as the first and only error for that region: a budget larger than the
// memory (f407's 96 KiB against its 64 KiB CCM) or a workload that does not
// fit would only hide the cause (issue 31, item 1). The layout refuses it
// too, for a board built without the decoder.
func TestLayoutRefusesMemoryTheDMACannotReach(t *testing.T) {
	cases := []struct {
		board, mem, wantMAC string
	}{
		{"h743", "dtcm", "stm32h7-eqos"},
		{"h743", "itcm", "stm32h7-eqos"},
		{"f407", "ccm", "stm32-dwmac"},
		{"gd32f407", "tcmsram", "gd32-enet"},
	}
	for _, c := range cases {
		t.Run(c.board+"/"+c.mem, func(t *testing.T) {
			check := func(what string, d hcl.Diagnostics) {
				t.Helper()
				if len(d) != 1 || !d.HasErrors() {
					t.Fatalf("%s: lwip_region = %q: %d diagnostics, want one error: %v", what, c.mem, len(d), d)
				}
				got := d[0]
				if got.Subject == nil || got.Subject.Filename != "test-"+c.board+".hcl" {
					t.Fatalf("%s: diagnostic not on the board file: %v", what, got.Subject)
				}
				line := lineOf(t, c.board, "lwip_region")
				if got.Subject.Start.Line != line || got.Subject.Start.Column != 19 {
					t.Errorf("%s: diagnostic at %d:%d, want %d:19 (the lwip_region value)", what, got.Subject.Start.Line, got.Subject.Start.Column, line)
				}
				for _, want := range []string{"not reachable by the Ethernet DMA", c.mem, c.wantMAC} {
					if !strings.Contains(got.Summary+" "+got.Detail, want) {
						t.Errorf("%s: message %q / %q lacks %q", what, got.Summary, got.Detail, want)
					}
				}
			}
			_, diags := withMemory(t, c.board, "memory {\n    lwip_region = \""+c.mem+"\"\n    lwip_budget = \"96KiB\"\n  }")
			check("decode", diags)

			b, diags := withMemory(t, c.board, "memory {\n    lwip_region = \"sram1\"\n  }")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			b.Memory.LwIPRegion = c.mem
			p, err := flow.Plan(b)
			if err != nil {
				t.Fatal(err)
			}
			_, d := layout.Plan(p)
			check("layout", d)
		})
	}
}

// A memory marked lwipgen_place = "top" (Zynq ps7_ddr_0, whose base Vitis'
// lscript.ld fills with .text) gets lwipgen's sections at its end, packed and
// aligned as from the base.
func TestLayoutPlacesAtTheTopWhenAsked(t *testing.T) {
	p, l := planned(t, "zynq7035")
	ddr, _ := p.Board.Chip.Memory(p.Board.Memory.LwIPRegion)
	if ddr.Place != "top" {
		t.Fatalf("%s: lwipgen_place %q", ddr.Name, ddr.Place)
	}
	var lo, hi uint64 = ^uint64(0), 0
	for _, s := range l.Sections {
		if s.Memory != ddr.Name {
			continue
		}
		lo, hi = min(lo, s.Base), max(hi, s.End())
		if s.Base%s.Align != 0 {
			t.Errorf("%s at 0x%X not %d-aligned", s.Name, s.Base, s.Align)
		}
	}
	if hi > ddr.End() || ddr.End()-hi >= 1<<20 || lo < ddr.Base+ddr.Size/2 {
		t.Fatalf("sections 0x%X..0x%X in %s 0x%X..0x%X: not at its top", lo, hi, ddr.Name, ddr.Base, ddr.End())
	}
	for _, c := range l.Carves {
		if c.Memory == ddr.Name && (c.Base != lo || c.End != hi) {
			t.Errorf("carve 0x%X..0x%X, sections 0x%X..0x%X", c.Base, c.End, lo, hi)
		}
	}
}
