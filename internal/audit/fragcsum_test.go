package audit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// TestFragChecksumNamesOnlyItsMAC: audit.csum_offload_vs_frag names the MAC
// of the file's context and no other. Without a chip it states lwIP's own
// behaviour (icmp.c/udp.c write 0, ip4_frag() computes no ICMP/UDP checksum)
// and names no vendor; the STM32F4/F7 ETH gets its sourced note (Arm Keil
// knowledge base 3991); H7, GD32 and Zynq have no source on fragments and get
// the neutral statement only; a MAC without a checksum engine is named as one.
// UDP is not said to be dropped outright: checksum 0 is "no checksum" in IPv4.
func TestFragChecksumNamesOnlyItsMAC(t *testing.T) {
	lwipDir := testenv.LwIP(t)
	chips, d := board.Source{}.Chips()
	if d.HasErrors() {
		t.Fatal(d)
	}
	const base = "#define NO_SYS 1\n#define LWIP_NETCONN 0\n#define LWIP_SOCKET 0\n#define MEM_ALIGNMENT 4\n#define IP_FRAG 1\n"
	vendors := []string{"STM32", "GD32", "Zynq", "GEM", "DWMAC", "EQOS", "dwmac", "eqos", "gd32-enet", "xemacps", "lan9118", "Keil"}
	cases := []struct {
		chip, gen string
		want      []string // substrings the message must hold
		allow     []string // vendor names it may hold
	}{
		{"", "ICMP", []string{"icmp.c", "ip4_frag()", "checksum 0"}, nil},
		{"", "UDP", []string{"udp.c", "ip4_frag()", "no checksum", "unverified"}, nil},
		{"stm32f407", "ICMP", []string{"ip4_frag()", "STM32F4/F7 ETH (stm32-dwmac)", "Keil knowledge base 3991"}, []string{"STM32", "dwmac", "Keil"}},
		{"stm32f767zi", "UDP", []string{"udp.c", "STM32F4/F7 ETH (stm32-dwmac)"}, []string{"STM32", "dwmac", "Keil"}},
		{"stm32h743zi", "ICMP", []string{"icmp.c", "ip4_frag()"}, nil},
		{"gd32f407", "ICMP", []string{"icmp.c", "ip4_frag()"}, nil},
		{"xc7z035", "UDP", []string{"udp.c", "ip4_frag()"}, nil},
		{"mps2-an500", "ICMP", []string{"lan9118 MAC computes no checksums"}, []string{"lan9118"}},
	}
	dir := t.TempDir()
	for _, c := range cases {
		f := filepath.Join(dir, "lwipopts.h")
		if err := os.WriteFile(f, []byte(base+"#define CHECKSUM_GEN_"+c.gen+" 0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		o := audit.Options{File: f, LwipDir: lwipDir, CC: "none", NoCompile: true}
		if c.chip != "" {
			if o.Chip = chips[c.chip]; o.Chip == nil {
				t.Fatalf("no chip %s", c.chip)
			}
		}
		rep, err := audit.Run(o)
		if err != nil {
			t.Fatal(err)
		}
		var hit *audit.Finding
		for i, fd := range rep.Findings {
			if fd.ID == "audit.csum_offload_vs_frag" {
				hit = &rep.Findings[i]
			}
		}
		if hit == nil {
			t.Errorf("chip %q, CHECKSUM_GEN_%s 0: no audit.csum_offload_vs_frag in %+v", c.chip, c.gen, rep.Findings)
			continue
		}
		text := hit.Message + " | " + hit.Fix
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("chip %q, %s: message lacks %q: %s", c.chip, c.gen, w, text)
			}
		}
		for _, v := range vendors {
			if strings.Contains(text, v) && !contains(c.allow, v) {
				t.Errorf("chip %q, %s: message names %q, which is not this file's MAC: %s", c.chip, c.gen, v, text)
			}
		}
		if c.gen == "UDP" && strings.Contains(hit.Message, "leaves with checksum 0 and is dropped") {
			t.Errorf("chip %q: says a UDP datagram with checksum 0 is dropped; IPv4 takes 0 as \"no checksum\": %s", c.chip, hit.Message)
		}
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}
