package vitis

import (
	"github.com/lwipgen/lwipgen/internal/flow"
	"os"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/layout"
)

// TestSeed004Workload: one TCP upload over a direct gigabit link with many
// small writes (seed 004). It shows what lwipgen sets in the BSP and why, and
// asserts the values that fix the article's symptoms: a window and send
// buffer sized for the link (not 2 KB / 8 KB), memp_n_tcp_seg covering the
// BSP's hard-coded TCP_SND_QUEUELEN (no "no space in tcp_sndbuf" from a full
// segment queue, and no init.c #error), and pool buffers that hold a whole
// GEM RX buffer.
func TestSeed004Workload(t *testing.T) {
	b, diags := board.Source{Dirs: []string{"testdata"}}.Load("seed004")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	l, ld := layout.Plan(p)
	if ld.HasErrors() {
		t.Fatal(ld)
	}
	r, err := Build(p, l)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range r.BSP.Settings {
		t.Logf("%-22s = %-28s %s", s.Param, s.Value, s.Why)
	}
	for _, d := range r.BSP.Differences {
		t.Logf("differs from the plan: %s plan %d, BSP %d: %s", d.Option, d.Plan, d.BSP, d.Why)
	}
	for _, c := range r.Checks {
		if !c.OK {
			t.Errorf("%s: %s", c.ID, c.Detail)
		}
	}
	bsp := r.BSP
	mss, wnd, snd := bsp.Int("tcp_mss"), bsp.Int("tcp_wnd"), bsp.Int("tcp_snd_buf")
	// BDP of 400 Mbit/s x 0.2 ms = 10 KB; the window must at least cover it
	// and stay a 16-bit value (no LWIP_WND_SCALE in the BSP).
	bdp := int64(b.Workload.TargetMbps * 1e6 / 8 * b.Workload.RTTMs / 1000)
	if wnd < bdp || wnd > 0xFFFF || wnd <= 2048 {
		t.Errorf("tcp_wnd %d: want >= BDP %d, > the BSP default 2048, <= 65535", wnd, bdp)
	}
	if snd < bdp || snd < 2*mss || snd > 0xFFFF {
		t.Errorf("tcp_snd_buf %d: want >= BDP %d and 2*MSS, <= 65535", snd, bdp)
	}
	if seg, q := bsp.Int("memp_n_tcp_seg"), 16*snd/mss; seg < q {
		t.Errorf("memp_n_tcp_seg %d < 16 * %d / %d = %d", seg, snd, mss, q)
	}
	if bs := bsp.Int("pbuf_pool_bufsize"); bs < 1536 {
		t.Errorf("pbuf_pool_bufsize %d < 1536", bs)
	}
	if pool, rx := bsp.Int("pbuf_pool_size"), bsp.Int("n_rx_descriptors"); pool <= rx+wnd/mss {
		t.Errorf("pbuf_pool_size %d must exceed the %d RX BDs plus a window of frames", pool, rx)
	}
	if v, _ := bsp.Value("api_mode"); v != "RAW_API" {
		t.Errorf("api_mode %s", v)
	}
	if h := r.Headers[Classic].Defines(); h["TCP_OVERSIZE"] != "TCP_MSS" {
		t.Error("small writes: the BSP's TCP_OVERSIZE TCP_MSS lets them fill the last segment")
	}
}

// TestSeed004OwnConfig: the article's own lwipopts.h edits, audited for a
// lwip213 BSP, and its settings tried as BSP parameters.
func TestSeed004OwnConfig(t *testing.T) {
	src, err := os.ReadFile("testdata/seed004_lwipopts.h")
	if err != nil {
		t.Fatal(err)
	}
	checks, err := Audit("lwip213", string(src))
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]string{}
	for _, c := range checks {
		if !c.OK {
			failed[c.ID] = c.Detail
			t.Logf("FLAGGED %s: %s", c.ID, c.Detail)
		}
	}
	for id, want := range map[string]string{
		// TCP_SND_QUEUELEN 4*16 = 64 with the default MEMP_NUM_TCP_SEG 16: lwIP refuses to compile
		"lwip.init.tcp_snd_queuelen_vs_seg": "MEMP_NUM_TCP_SEG",
		// TCP_FAST_INTERVAL TCP_TMR_INTERVAL/4 and TCP_SLOW_INTERVAL TCP_TMR_INTERVAL
		"vitis.audit.tcp_fast_interval": "lwIP derives 100 from TCP_TMR_INTERVAL 100",
		"vitis.audit.tcp_slow_interval": "lwIP derives 200",
		// the BSP rewrites TCP_SND_QUEUELEN on regenerate
		"vitis.audit.bsp_owned": "TCP_SND_QUEUELEN",
		// no BSP parameter carries these
		"vitis.audit.no_bsp_parameter": "TCP_TMR_INTERVAL",
		// LWIP_ARP_QUEUEING is not an lwIP option (ARP_QUEUEING is)
		"lwip.name.unknown": "LWIP_ARP_QUEUEING",
		// PBUF_POOL_BUFSIZE left at lwIP's default (1514 here): a GEM RX buffer is 1536
		"vitis.gem.pbuf_pool_bufsize": "< 1536",
	} {
		if d, ok := failed[id]; !ok || !strings.Contains(d, want) {
			t.Errorf("%s not flagged with %q (got %q)", id, want, d)
		}
	}

	// As BSP settings: the library has no tcp_snd_queuelen, and says so.
	mss, err := os.ReadFile("testdata/seed004_bsp.mss")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMSS(mss)
	if err != nil {
		t.Fatal(err)
	}
	blk, _ := m.Library("lwip213")
	_, _, err = SettingsOf(blk)
	if err == nil || !strings.Contains(err.Error(), `mss:14: vitis: lwip213 has no classic (.mss/xsct) parameter "tcp_snd_queuelen"`) {
		t.Fatalf("seed BSP settings: %v", err)
	}
	t.Log(err)
}
