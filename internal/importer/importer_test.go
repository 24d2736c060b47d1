package importer

import (
	"github.com/lwipgen/lwipgen/internal/flow"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"os"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/render"
)

func resolve(t *testing.T, v lwip.Version, src []byte, only map[string]string) *lwip.Config {
	t.Helper()
	set := map[string]string{}
	for _, d := range cheader.Defines(src) {
		if lwip.Known(v, d.Name) {
			set[d.Name] = d.Value
		}
	}
	if only != nil {
		set = only
	}
	c, err := lwip.Resolve(v, set)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// regenerate renders the lwipopts.h of the imported board.
func regenerate(t *testing.T, r *Result) []byte {
	t.Helper()
	p, err := flow.Plan(r.Board)
	if err != nil {
		t.Fatal(err)
	}
	f, err := render.LwipOpts(p)
	if err != nil {
		t.Fatal(err)
	}
	return f.Content
}

// same compares the effective value of every lwIP option.
func same(t *testing.T, v lwip.Version, want, got *lwip.Config, names []string) {
	t.Helper()
	if names == nil {
		for _, o := range lwip.Options(v) {
			names = append(names, o.Name)
		}
	}
	for _, n := range names {
		w, wok := want.Int(n)
		g, gok := got.Int(n)
		if wok != gok || w != g {
			we, _ := want.Expr(n)
			ge, _ := got.Expr(n)
			t.Errorf("%s: input %d (%s), imported %d (%s)", n, w, we, g, ge)
		}
	}
}

func TestRoundTripBuiltinBoards(t *testing.T) {
	src := board.Source{}
	for _, name := range src.Names() {
		if name == "h743-rtthread" {
			continue // its lwipopts.h is RT-Thread's: every value comes from rtconfig.h through #ifdef RT_*
		}
		t.Run(name, func(t *testing.T) {
			g, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: src})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			var opts []byte
			for _, f := range g.Files {
				if f.Path == "lwipopts.h" {
					opts = f.Content
				}
			}
			b := g.Board
			r, err := Import(opts, "lwipopts.h", Options{BoardName: name + "-imported", Chip: b.Chip.Name, Vendor: b.Vendor, RTOS: b.RTOS,
				LwIPVersion: b.LwIPVersion, PHY: b.Ethernet.PHY, Interface: b.Ethernet.Interface, SpeedMbps: b.Ethernet.SpeedMbps, Source: src})
			if err != nil {
				t.Fatalf("%v\n%s", err, r.HCL)
			}
			same(t, g.Plan.Version, resolve(t, g.Plan.Version, opts, nil), resolve(t, g.Plan.Version, regenerate(t, r), nil), nil)
			// the workload (profile, rate, RTT) is not in an lwipopts.h, so lwipgen's own choice for the
			// inferred board may differ; those differences are listed as comments
			t.Logf("%d values lwipgen would change without the options block", len(r.Changes))
		})
	}
}

func TestRoundTripIOC(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "STM32H743_ETH.ioc"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Import(src, "STM32H743_ETH.ioc", Options{BoardName: "h743-ioc", Source: board.Source{}})
	if err != nil {
		t.Fatalf("%v\n%s", err, r.HCL)
	}
	t.Logf("\n%s", r.HCL)
	if r.Board.Chip.Name != "stm32h743zi" || r.Board.RTOS != "freertos" || r.Board.Ethernet.RxDescriptors != 4 || r.Board.Ethernet.RxBuffers != 12 || r.Board.Memory.LwIPRegion != "sram2" {
		t.Errorf("board: chip %s rtos %s rx %d bufs %d region %q", r.Board.Chip.Name, r.Board.RTOS, r.Board.Ethernet.RxDescriptors, r.Board.Ethernet.RxBuffers, r.Board.Memory.LwIPRegion)
	}
	v := lwip.V213
	var names []string
	for n := range r.Input {
		names = append(names, n)
	}
	same(t, v, resolve(t, v, nil, r.Input), resolve(t, v, regenerate(t, r), nil), names)
	if len(r.Changes) == 0 {
		t.Error("no changes listed for a CubeMX configuration")
	}
}
