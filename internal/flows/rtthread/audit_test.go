package rtthread

import (
	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/seeds"
	"os"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// Seed 003's lwipopts lines put where an RT-Thread user can put them - the
// side header rtconfig.h includes - audited against the port lwipopts.h:
// what the port overrides, what does not exist, and what still works.
func TestAuditSeed003OnRTThread(t *testing.T) {
	seed, err := seeds.Config("seed003.h")
	if err != nil {
		t.Fatal(err)
	}
	portH, err := os.ReadFile("../rtthread/testdata/bsp/rt-thread/components/net/lwip-2.1.2/src/lwipopts.h")
	if err != nil {
		t.Fatal(err)
	}
	dot, err := os.ReadFile("../rtthread/testdata/bsp/.config")
	if err != nil {
		t.Fatal(err)
	}
	rtc := port.MkRtconfig(string(dot)+"CONFIG_RT_LWIP_MEM_SIZE=49152\n", true)
	b, diags := board.Source{}.Load("h743-rtthread")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	fs := Audit(AuditInput{Port: portH, Rtconfig: []byte(rtc), Project: seed, ProjectName: "seed003.h", Rules: audit.File}, lwip.V213, b)
	got := map[string]audit.Finding{}
	for _, f := range fs {
		got[f.ID+" "+f.Option] = f
	}
	for _, w := range []string{
		"audit.rtthread.overridden MEMP_NUM_PBUF", "audit.rtthread.overridden PBUF_POOL_SIZE", "audit.rtthread.overridden MEMP_NUM_TCP_SEG",
		"audit.rtthread.overridden TCP_WND", "audit.rtthread.overridden TCP_SND_BUF", "audit.rtthread.overridden TCP_SND_QUEUELEN",
		"audit.rtthread.no_such_symbol RT_LWIP_MEM_SIZE",
		"audit.not_an_option LWIP_NETIF_RX_ZEROCOPY", "audit.not_an_option LWIP_TCP_FAST_OPEN", "audit.not_an_option TCP_QUICKACK",
		"audit.not_an_option IP_REASSEMBLY_TMR_INTERVAL", "audit.unknown_option LWIP_TCPIP_THREAD_PRIO", "audit.driver_macro ETH_RX_BUF_NUM",
	} {
		f, ok := got[w]
		if !ok {
			t.Errorf("missing %q; got:\n%v", w, fs)
			continue
		}
		if f.Line <= 0 {
			t.Errorf("%q has no line", w)
		}
	}
	// MEM_SIZE and TCP_TMR_INTERVAL do reach lwIP from the side header; TCP_MSS equals the port's value.
	for _, n := range []string{"audit.rtthread.overridden MEM_SIZE", "audit.rtthread.overridden TCP_TMR_INTERVAL", "audit.rtthread.overridden TCP_MSS", "audit.rtthread.overridden LWIP_TCP_KEEPALIVE"} {
		if _, bad := got[n]; bad {
			t.Errorf("%s reported, but the port does not override it", n)
		}
	}
}
