package pipeline

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flows/vitis"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/report"
)

// On a Vitis board the report's RAM is the RAM of the lwipopts.h the BSP
// generates (and the user links), byte for byte: the probe build compiles that
// header (TestBuildEveryBoard then proves ram.objects_match_model on the
// objects), and report.json/report.md show its pools, e.g. the BSP's
// MEMP_NUM_FRAG_PBUF 256 that lwipgen's own plan does not have.
func TestVitisReportRAMIsTheBSPHeaders(t *testing.T) {
	if _, diags := Prepare(Options{Board: "zynq7035", Source: board.Source{}, VitisVersion: "2024.1"}); !diags.HasErrors() || !strings.Contains(diags.Error(), "lwIP 2.2.0") {
		t.Fatalf("Vitis 2024.1 (lwip220, lwIP 2.2.0) on a board that declares lwIP 2.1.3: %v", diags)
	}
	for _, rel := range []string{"", "2022.2", "2023.1", "2023.2"} {
		g, diags := Prepare(Options{Board: "zynq7035", Source: board.Source{}, VitisVersion: rel})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		files := map[string][]byte{}
		for _, f := range g.Files {
			files[f.Path] = f.Content
		}
		want := vitis.PathLwipopts
		hdr := string(files["lwipopts.h"])
		if hdr == "" || hdr != string(files[want]) {
			t.Fatalf("%q: the compiled lwipopts.h is not the BSP's %s", rel, want)
		}
		// the BSP build: the header plus the options it carries in extra_compiler_flags
		set := vitis.LwipSettings(vitis.ParseDefines(hdr))
		for _, d := range g.Rendered.LwIPDefines {
			k, v, _ := strings.Cut(d, "=")
			set[k] = v
		}
		if set["TCP_OOSEQ_MAX_PBUFS"] == "" {
			t.Errorf("%q: TCP_OOSEQ_MAX_PBUFS is not carried into the BSP build (defines %v)", rel, g.Rendered.LwIPDefines)
		}
		cfg, err := lwip.Resolve(lwip.V213, set)
		if err != nil {
			t.Fatal(err)
		}
		ram, err := lwip.PredictRAM(cfg)
		if err != nil {
			t.Fatal(err)
		}
		rep := report.Build(g.Plan, g.Layout, nil, nil)
		pred := rep.RAM["predicted"]
		for name, n := range ram.Symbols {
			if pred[name] != n {
				t.Errorf("%q: report %s = %d, the BSP header's %d", rel, name, pred[name], n)
			}
		}
		if pred["total"] != ram.Total || len(pred) != len(ram.Symbols)+2 {
			t.Errorf("%q: report total %d (%d rows), BSP header %d (%d symbols)", rel, pred["total"], len(pred), ram.Total, len(ram.Symbols))
		}
		if n, _ := cfg.Int("MEMP_NUM_FRAG_PBUF"); n != 256 || pred["memp_memory_FRAG_PBUF_base"] == 0 {
			t.Errorf("%q: the BSP's MEMP_NUM_FRAG_PBUF 256 pool is not in the report", rel)
		}
		md, err := rep.Markdown(g.Plan, g.Layout)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(md), "memp_memory_FRAG_PBUF_base") {
			t.Errorf("%q: report.md lacks the FRAG_PBUF pool", rel)
		}
	}
}
