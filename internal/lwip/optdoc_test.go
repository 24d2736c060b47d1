package lwip

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

func TestOptDoc(t *testing.T) {
	dir := testenv.LwIP(t)
	for name, want := range map[string]struct{ def, comment string }{
		"TCP_SND_QUEUELEN":     {"((4 * (TCP_SND_BUF) + (TCP_MSS - 1))/(TCP_MSS))", "TCP sender buffer space (pbufs)"},
		"MEM_SIZE":             {"1600", "the size of the heap memory"},
		"TCP_TMR_INTERVAL":     {"250", ""},
		"LWIP_WND_SCALE":       {"0", "window scaling"},
		"TCP_KEEPIDLE_DEFAULT": {"7200000UL", ""},
	} {
		d, err := OptDoc(dir, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if d.Default != want.def {
			t.Errorf("%s: default %q, want %q", name, d.Default, want.def)
		}
		if !strings.Contains(d.Comment, want.comment) {
			t.Errorf("%s: comment %q does not contain %q", name, d.Comment, want.comment)
		}
	}
	if _, err := OptDoc(dir, "TCP_RCV_BUF"); err == nil {
		t.Error("TCP_RCV_BUF: want error (not an option)")
	}
}
