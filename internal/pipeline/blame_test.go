package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
)

// Issue 29 item 12: a failed check points at the board option behind it,
// not at the board's first line (1:1): directly when the check quotes the
// option, and through the option lwipgen derived from it (TCP_SND_BUF 100
// makes TCP_SND_QUEUELEN 1, which lwIP's #error quotes).
func TestFailedCheckAtOptionLine(t *testing.T) {
	p := filepath.Join(t.TempDir(), "b.hcl")
	src := `board "b" {
  chip   = "stm32h743zi"
  vendor = "cubemx"
  rtos   = "none"
  ethernet {
    phy        = "LAN8742A"
    interface  = "rmii"
    speed_mbps = 100
  }
  workload {
    profile         = "balanced"
    tcp_connections = 2
  }
  options {
    TCP_SND_BUF = 100
  }
}
`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := Prepare(Options{Board: p, Source: board.Source{}})
	var seen []string
	for _, d := range diags {
		if d.Severity != hcl.DiagError || !strings.HasPrefix(d.Summary, "Check lwip.init.tcp_snd") {
			continue
		}
		seen = append(seen, d.Summary)
		if d.Subject == nil || d.Subject.Start.Line != 15 {
			t.Errorf("%s at %v, want line 15 (TCP_SND_BUF)", d.Summary, d.Subject)
		}
	}
	if len(seen) < 2 || !strings.Contains(strings.Join(seen, " "), "tcp_snd_queuelen_min2") {
		t.Fatalf("the checks this board fails are not there: %v (all: %v)", seen, diags)
	}
}
