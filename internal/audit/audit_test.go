package audit

import (
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/finding"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/seeds"
)

// Each configuration printed in the seed articles, and what audit must say
// about it: option names that do not exist and lwIP rules it breaks.
func TestAuditSeedConfigurations(t *testing.T) {
	cases := []struct {
		file, board string
		want        []string // "ID option" pairs that must be reported as errors
	}{
		{"seed000_f4.h", "f407", []string{"audit.not_an_option PBUF_POOL_IS_EMPTY", "audit.not_an_option TCP_RCV_BUF", "audit.not_an_option TCP_RTO_MIN", "audit.not_an_option TCP_RTO_MAX"}},
		{"seed000_h7.h", "h743", []string{"audit.not_an_option TCP_RCV_BUF", "audit.not_an_option TCP_FASTRETRANSLATION", "audit.not_an_option TCP_RTO_MIN", "audit.not_an_option PBUF_POOL_IS_EMPTY"}},
		{"seed001_after.h", "gd32f407", []string{"lwip.init.tcp_snd_queuelen_vs_buf TCP_SND_QUEUELEN"}},
		{"seed002.h", "h743", []string{"lwip.init.tcp_snd_queuelen_vs_seg"}},
		{"seed003.h", "h743", []string{"audit.not_an_option LWIP_NETIF_RX_ZEROCOPY", "audit.not_an_option LWIP_TCP_FAST_OPEN", "audit.not_an_option TCP_QUICKACK", "audit.not_an_option IP_REASSEMBLY_TMR_INTERVAL", "audit.unknown_option LWIP_TCPIP_THREAD_PRIO"}},
		{"seed004.h", "zynq7035", []string{"audit.tcp_fast_interval TCP_FAST_INTERVAL", "audit.tcp_slow_interval TCP_SLOW_INTERVAL", "audit.unknown_option LWIP_ARP_QUEUEING", "lwip.init.tcp_snd_queuelen_vs_seg"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			src, err := seeds.Config(c.file)
			if err != nil {
				t.Fatal(err)
			}
			b, diags := board.Source{}.Load(c.board)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			fs := File(cheader.Defines(src), lwip.V213, b)
			got := map[string]Finding{}
			for _, f := range fs {
				if f.Severity == "error" {
					got[f.ID+" "+f.Option] = f
					got[f.ID] = f
				}
			}
			for _, w := range c.want {
				f, ok := got[w]
				if !ok {
					t.Errorf("missing error %q; got %v", w, fs)
					continue
				}
				if f.Line <= 0 {
					t.Errorf("%q has no line", w)
				}
			}
		})
	}
}

func TestAuditGeneratedHeaderIsClean(t *testing.T) {
	// A file that only sets correct values must produce no error.
	src := "#define TCP_MSS 1460\n#define TCP_WND (4*TCP_MSS)\n#define TCP_SND_BUF (4*TCP_MSS)\n#define MEMP_NUM_TCP_SEG 32\n#define MEM_ALIGNMENT 4\n"
	fs := File(cheader.Defines([]byte(src)), lwip.V213, nil)
	if finding.Count(fs, SevError) != 0 {
		t.Fatalf("clean file reported: %v", fs)
	}
}
