package verify

import (
	"slices"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// rxDesignOf is the RX design the built-in boards' flows set (their glue's
// or vendor driver's, plan.Hooks.RxModel), by the chip's MAC.
var rxDesignOf = map[string]plan.RxModel{
	"stm32h7-eqos": plan.RxCustomPool, "stm32-dwmac": plan.RxCustomPool,
	"gd32-enet": plan.RxCopyToPool, "lan9118": plan.RxFIFO, "xemacps": plan.RxPbufPoolDMA,
}

// planned loads a built-in board and returns its plan and layout. The
// flows' own sizing rules are left out (the flows import the verifier): what
// is checked here is the verifier against a layout, whatever sized it.
func planned(t *testing.T, name string) (*plan.Plan, *layout.Layout) {
	t.Helper()
	b, diags := board.Source{}.Load(name)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, err := plan.Build(b, plan.Hooks{RxModel: rxDesignOf[b.Chip.Ethernet.MAC]})
	if err != nil {
		t.Fatal(err)
	}
	l, d := layout.Plan(p)
	if d.HasErrors() {
		t.Fatal(d)
	}
	return p, l
}

// faithful is the image a correct link of l produces: every output section at
// its planned base, every object inside it at the next address its alignment
// allows, with its planned size. It is built from the layout's sections and
// the objects' alignment only, the way GNU ld lays out input sections.
func faithful(l *layout.Layout) image {
	im := image{sections: map[string]section{}, syms: map[string]symbol{}}
	for _, s := range l.Sections {
		at := s.Base
		for _, o := range s.Objects {
			if o.Address != 0 {
				im.syms[o.Symbol] = symbol{addr: o.Address, section: s.Name}
				at = o.Address + uint64(o.Size)
				continue
			}
			if a := uint64(o.Align); a > 1 {
				at = (at + a - 1) / a * a
			}
			im.syms[o.Symbol] = symbol{addr: at, size: uint64(o.Size), section: s.Name}
			at += uint64(o.Size)
		}
		im.sections[s.Name] = section{addr: s.Base, size: at - s.Base}
	}
	return im
}

func failed(r *Result) []string {
	var ids []string
	for _, c := range r.Checks {
		if !c.OK {
			ids = append(ids, c.ID+": "+c.Detail)
		}
	}
	return ids
}

// A faithful image of every built-in board passes every check, and the
// verifier checks something for each planned object.
func TestFaithfulImagePasses(t *testing.T) {
	for _, name := range []string{"h743", "f767", "f407", "gd32f407", "mps2-an500", "zynq7035"} {
		t.Run(name, func(t *testing.T) {
			p, l := planned(t, name)
			r := check(faithful(l), l, p)
			if f := failed(r); len(f) > 0 {
				t.Fatalf("a faithful image fails: %v", f)
			}
			objs := 0
			for _, s := range l.Sections {
				objs += len(s.Objects)
			}
			if objs == 0 || len(r.Checks) < 4*objs || len(r.Placement) != objs {
				t.Fatalf("%d checks, %d placement rows for %d objects", len(r.Checks), len(r.Placement), objs)
			}
		})
	}
}

// A project's own output section named like one of lwipgen's input sections
// (CubeIDE's F767 script has `.Rx_PoolSection (NOLOAD)`), left empty because
// lwipgen's fragment is included before it, is not an orphan; the same
// section holding bytes is (TestEachBrokenRuleFails).
func TestEmptyProjectSectionIsNoOrphan(t *testing.T) {
	p, l := planned(t, "f767")
	im := faithful(l)
	in := l.Sections[0].Objects[0].Inputs
	if len(in) == 0 {
		t.Fatal("object without input sections")
	}
	im.sections[in[0]] = section{addr: 0x20020000, size: 0}
	if f := failed(check(im, l, p)); len(f) > 0 {
		t.Fatalf("an empty project section of the same name fails: %v", f)
	}
}

// firstObject returns the section index and object index of the first object
// for which pick holds.
func firstObject(t *testing.T, l *layout.Layout, pick func(layout.Section, layout.Placed) bool) (int, int) {
	t.Helper()
	for i, s := range l.Sections {
		for j, o := range s.Objects {
			if pick(s, o) {
				return i, j
			}
		}
	}
	t.Fatal("no object fits this case")
	return 0, 0
}

// setAttrAt gives every MPU region that covers addr the attribute a.
func setAttrAt(l *layout.Layout, addr uint64, a mpu.Attr) {
	l.MPU = slices.Clone(l.MPU)
	for k := range l.MPU {
		if _, _, ok := mpu.EffectiveAttr(l.MPU[k:k+1], addr); ok {
			l.MPU[k].Attr = a
		}
	}
}

// Each case breaks one rule on an otherwise faithful h743 image (or its
// layout) and names the check that must fail; a check that cannot fail would
// leave its case green.
func TestEachBrokenRuleFails(t *testing.T) {
	dma := func(s layout.Section, o layout.Placed) bool { return o.DMA }
	cases := []struct {
		name  string
		board string
		want  string // check ID prefix that must fail
		brk   func(t *testing.T, im image, l *layout.Layout)
	}{
		{"DMA object in memory the DMA cannot reach", "h743", "verify.dma_reach.", func(t *testing.T, im image, l *layout.Layout) {
			i, _ := firstObject(t, l, dma)
			chip := *l.Board.Chip
			chip.Memories = slices.Clone(chip.Memories)
			for k := range chip.Memories {
				if chip.Memories[k].Name == l.Sections[i].Memory {
					chip.Memories[k].DMA = false
				}
			}
			b := *l.Board
			b.Chip = &chip
			l.Board = &b
		}},
		{"misaligned object", "h743", "verify.align.", func(t *testing.T, im image, l *layout.Layout) {
			i, j := firstObject(t, l, func(s layout.Section, o layout.Placed) bool { return o.Align >= 8 })
			o := l.Sections[i].Objects[j]
			s := im.syms[o.Symbol]
			s.addr += uint64(o.Align / 2)
			s.size = uint64(o.Size)
			im.syms[o.Symbol] = s
			l.Sections[i].Size += uint64(o.Align) // still inside the section: only the alignment is wrong
			im.sections[l.Sections[i].Name] = section{addr: l.Sections[i].Base, size: im.sections[l.Sections[i].Name].size + uint64(o.Align)}
		}},
		{"object smaller than planned", "h743", "verify.size.", func(t *testing.T, im image, l *layout.Layout) {
			o := l.Sections[0].Objects[0]
			s := im.syms[o.Symbol]
			s.size -= 4
			im.syms[o.Symbol] = s
		}},
		{"object larger than planned", "f407", "verify.size.", func(t *testing.T, im image, l *layout.Layout) {
			last := len(l.Sections[0].Objects) - 1
			o := l.Sections[0].Objects[last]
			s := im.syms[o.Symbol]
			s.size += 4
			im.syms[o.Symbol] = s
		}},
		{"object in the wrong output section", "h743", "verify.placed.", func(t *testing.T, im image, l *layout.Layout) {
			o := l.Sections[0].Objects[0]
			s := im.syms[o.Symbol]
			s.section = ".bss"
			im.syms[o.Symbol] = s
		}},
		{"object past its section's end", "f407", "verify.placed.", func(t *testing.T, im image, l *layout.Layout) {
			s0 := l.Sections[0]
			o := s0.Objects[0]
			s := im.syms[o.Symbol]
			s.addr = s0.End() - 4
			im.syms[o.Symbol] = s
		}},
		{"object missing from the ELF", "h743", "verify.present.", func(t *testing.T, im image, l *layout.Layout) {
			delete(im.syms, l.Sections[0].Objects[0].Symbol)
		}},
		{"output section moved", "h743", "verify.section.", func(t *testing.T, im image, l *layout.Layout) {
			n := l.Sections[0].Name
			s := im.sections[n]
			s.addr += 32
			im.sections[n] = s
		}},
		{"output section grew past its reservation", "h743", "verify.section.", func(t *testing.T, im image, l *layout.Layout) {
			n := l.Sections[0].Name
			im.sections[n] = section{addr: l.Sections[0].Base, size: l.Sections[0].Size + 1}
		}},
		{"output section missing (fragment not included)", "h743", "verify.section.", func(t *testing.T, im image, l *layout.Layout) {
			delete(im.sections, l.Sections[len(l.Sections)-1].Name)
		}},
		{"orphaned input section", "h743", "verify.no_orphans", func(t *testing.T, im image, l *layout.Layout) {
			in := l.Sections[0].Objects[0].Inputs
			if len(in) == 0 {
				t.Fatal("object without input sections")
			}
			im.sections[in[0]] = section{addr: 0x24000000, size: 64}
		}},
		{"MPU region missing (non-cacheable span uncovered)", "h743", "verify.mpu", func(t *testing.T, im image, l *layout.Layout) {
			if len(l.MPU) == 0 {
				t.Fatal("h743 without MPU regions")
			}
			l.MPU = l.MPU[:len(l.MPU)-1]
		}},
		{"descriptors under a cacheable MPU region", "h743", "verify.attr.eth_rx_descriptors", func(t *testing.T, im image, l *layout.Layout) {
			setAttrAt(l, im.syms["DMARxDscrTab"].addr, mpu.NormalWBWA)
		}},
		{"non-cacheable heap made Device", "h743", "verify.attr.lwip_heap", func(t *testing.T, im image, l *layout.Layout) {
			setAttrAt(l, im.syms["ram_heap"].addr, mpu.Device)
		}},
		{"too many MPU regions for the core", "f767", "verify.mpu", func(t *testing.T, im image, l *layout.Layout) {
			chip := *l.Board.Chip
			chip.Core.MPURegions = l.MPU[len(l.MPU)-1].Number // the highest number no longer exists
			b := *l.Board
			b.Chip = &chip
			l.Board = &b
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, l := planned(t, c.board)
			im := faithful(l)
			c.brk(t, im, l)
			got := failed(check(im, l, p))
			hit := false
			for _, f := range got {
				hit = hit || strings.HasPrefix(f, c.want)
			}
			if !hit {
				t.Fatalf("breaking %q: want a failing %s check, failing: %v", c.name, c.want, got)
			}
		})
	}
}
