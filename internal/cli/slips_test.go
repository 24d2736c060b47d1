package cli

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// The small slips a newcomer met (issue 31, item 9): run offers no flag it
// cannot honour (--vitis-version is read from a --project run does not have)
// and has a fixed-port option; vendor names every flow it vendors into;
// explain writes the board's expression once, not "((4 * TCP_MSS))".
func TestCLISlips(t *testing.T) {
	help := func(args ...string) string {
		var out, errb bytes.Buffer
		if rc := Main(append(args, "--help"), &out, &errb); rc != 0 {
			t.Fatalf("%v --help: %d %s", args, rc, errb.String())
		}
		return out.String()
	}
	if h := help("run"); strings.Contains(h, "--vitis-version") || !strings.Contains(h, "--port-offset") {
		t.Errorf("run --help: --vitis-version offered or --port-offset missing:\n%s", h)
	}
	if h := help("build"); !strings.Contains(h, "--vitis-version") {
		t.Errorf("build --help lacks --vitis-version")
	}
	if h := help("vendor"); !strings.Contains(h, "RT-Thread") {
		t.Errorf("vendor --help does not name RT-Thread:\n%s", h)
	}
	var out, errb bytes.Buffer
	if rc := Main([]string{"explain", "TCP_WND", "--board", "h743"}, &out, &errb); rc != 0 || strings.Contains(out.String(), "((") || !strings.Contains(out.String(), "h743: 5840 = (4 * TCP_MSS)") {
		t.Errorf("explain: %d\n%s", rc, out.String())
	}
	for _, bad := range [][]string{{"run", "mps2-an500", "--port-offset", "70000"}, {"run", "mps2-an500", "--net", "tap", "--port-offset", "10000"}} {
		errb.Reset()
		if rc := Main(bad, &out, &errb); rc != 2 || !strings.Contains(errb.String(), "--port-offset") {
			t.Errorf("%v: exit %d, %q; want a usage error naming --port-offset", bad, rc, errb.String())
		}
	}
	// check prints the RAM it computed (item 6)
	out.Reset()
	g, diags := pipeline.Prepare(pipeline.Options{Board: "h743", Source: source()})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := fmt.Sprintf("h743: lwIP RAM predicted %s (heap, pools, static); lwipgen's sections in sram1 reserve %s of memory.lwip_budget 120 KiB",
		memusage.Human(uint64(g.Plan.RAM.Total)), memusage.Human(placedBytes(g)))
	if rc := Main([]string{"check", "h743"}, &out, &errb); rc != 0 || !strings.Contains(out.String(), want) {
		t.Errorf("check h743 does not say the RAM it computed:\n%s", out.String())
	}
}
