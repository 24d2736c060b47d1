package pipeline_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// Fourth round of real projects: RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi@d46b6832
// projects/industry_io_gateway compiles lwIP 2.0.3 (RT-Thread 4.1), and
// SilverMight/zynq7020-networking@fca74b2 echo_server_bsp an SDK BSP's
// lwip141 (lwIP 1.4.1). vendor with a 2.1.x board measured those trees as if
// they were 2.1.x: "pool PBUF element is 48 B in the project's lwIP, 16 B in
// stock 2.1.2 ... planned at the measured sizes" (a 2.1.2 plan at 2.0.3's
// sizes), or "lwip_sizes.c did not compile ... arch/cc.h". A tree of another
// release line is not measured: the plan stays the stock model's and the
// warning names both releases and the project's init.h line.
func TestProjectLwIPOtherLineNotMeasured(t *testing.T) {
	stock, diags := pipeline.Prepare(pipeline.Options{Board: "f407", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	dir, src := projectWithLwIP(t)
	initH := filepath.Join(src, "include", "lwip", "init.h")
	os.Chmod(initH, 0o644)
	b, err := os.ReadFile(initH)
	if err != nil {
		t.Fatal(err)
	}
	minor := regexp.MustCompile(`(?m)^#define LWIP_VERSION_MINOR\s+1(\r?)$`)
	if !minor.Match(b) {
		t.Fatalf("%s: no LWIP_VERSION_MINOR 1 to turn into 2.0.3", initH)
	}
	if err := os.WriteFile(initH, minor.ReplaceAll(b, []byte("#define LWIP_VERSION_MINOR 0$1")), 0o644); err != nil {
		t.Fatal(err)
	}
	before := treeHash(t, dir)
	g, diags := pipeline.Prepare(pipeline.Options{Board: "f407", Source: board.Source{}, Project: dir})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if treeHash(t, dir) != before {
		t.Error("Prepare changed the project")
	}
	for n, want := range stock.Plan.RAM.Symbols {
		if got := g.Plan.RAM.Symbols[n]; got != want {
			t.Errorf("%s planned %d B, the stock model %d B: another line's sizes were used", n, got, want)
		}
	}
	for _, c := range g.Plan.Checks {
		if c.ID == "lwip.project_struct_sizes" {
			t.Errorf("a 2.0.3 tree was measured for a 2.1.3 plan: %s", c.Detail)
		}
	}
	var warn string
	for _, d := range diags {
		warn += d.Summary + ": " + d.Detail + "\n"
	}
	for _, want := range []string{"The project's lwIP was not measured", "the board plans lwIP 2.1.3 but the project compiles lwIP 2.0.3", "init.h:", "another release line"} {
		if !strings.Contains(warn, want) {
			t.Errorf("warnings lack %q:\n%s", want, warn)
		}
	}
	if strings.Contains(warn, "did not compile") {
		t.Errorf("the probe ran against the other line:\n%s", warn)
	}
}
