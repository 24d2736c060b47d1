package board_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

// Issue 29 item 12: a value of hundreds of kilobytes is not echoed whole:
// every error about it stays short and says how long the value was.
func TestLongValuesClippedInMessages(t *testing.T) {
	long := strings.Repeat("x", 300_000)
	base := map[string]string{"chip": "stm32h743zi", "vendor": "cubemx", "rtos": "none", "interface": "rmii", "profile": "balanced", "lwip_version": "2.1.3"}
	for _, attr := range []string{"vendor", "rtos", "chip", "interface", "profile", "lwip_version"} {
		v := map[string]string{}
		for k, x := range base {
			v[k] = x
		}
		v[attr] = long
		src := `board "b" {
  chip         = "` + v["chip"] + `"
  vendor       = "` + v["vendor"] + `"
  rtos         = "` + v["rtos"] + `"
  lwip_version = "` + v["lwip_version"] + `"
  ethernet {
    phy        = "LAN8742A"
    interface  = "` + v["interface"] + `"
    speed_mbps = 100
  }
  workload {
    profile         = "` + v["profile"] + `"
    tcp_connections = 2
  }
}
`
		dir := t.TempDir()
		p := filepath.Join(dir, "b.hcl")
		writeFile(t, p, src)
		_, diags := board.Source{Dirs: []string{dir}}.Load(p)
		errs := errorsOf(diags)
		if len(errs) == 0 {
			t.Fatalf("%s: no error", attr)
		}
		clipped := false
		for _, e := range errs {
			if len(e.Detail) > 600 || len(e.Summary) > 200 {
				t.Errorf("%s: a %d-character message: %.200s", attr, len(e.Detail), e.Detail)
			}
			clipped = clipped || strings.Contains(e.Detail, "(300000 characters)")
		}
		if !clipped {
			t.Errorf("%s: no message says the value was clipped:%s", attr, describe(errs))
		}
	}
}
