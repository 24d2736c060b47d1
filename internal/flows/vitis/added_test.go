package vitis

import (
	"strings"
	"testing"
)

// What Xilinx/embeddedsw's lwip211.mld lists per tag (read at xilinx-v2019.2
// .. xilinx_v2022.2, ThirdParty/sw_services/lwip211/data/lwip211.mld):
// udp_tx_blocking from OPTION VERSION 1.6 (2021.2), socket_debug from 1.8
// (2022.2). Written out here, not derived from data/lwip211.added.tsv, so a
// wrong since column fails.
var lwip211Gained = map[string][]string{
	"2019.2": nil, "2020.1": nil, "2020.2": nil, "2020.3": nil, "2021.1": nil,
	"2021.2": {"udp_tx_blocking"},
	"2022.1": {"udp_tx_blocking"},
	"2022.2": {"udp_tx_blocking", "socket_debug"},
}

func TestLwip211TableFollowsLibraryVer(t *testing.T) {
	seen := 0
	for _, rel := range Releases() {
		if rel.Lib != "lwip211" {
			continue
		}
		seen++
		want, ok := lwip211Gained[rel.Name]
		if !ok {
			t.Fatalf("release %s (lwip211 %s) not covered by this test", rel.Name, rel.LibraryVer)
		}
		l, err := LibAt(rel.Lib, rel.LibraryVer)
		if err != nil {
			t.Fatal(err)
		}
		base := len(MustLib("lwip211").Params)
		if len(l.Params) != base+len(want) {
			t.Errorf("%s: %d parameters, want %d (base %d + %v)", rel.Name, len(l.Params), base+len(want), base, want)
		}
		for _, n := range []string{"udp_tx_blocking", "socket_debug"} {
			has := strings.Contains(strings.Join(want, " "), n)
			if _, err := l.Check(n, "true"); (err == nil) != has {
				t.Errorf("%s (lwip211 %s): %s accepted = %v, want %v (err %v)", rel.Name, rel.LibraryVer, n, err == nil, has, err)
			}
		}
		if _, err := l.Check("socket_debug", "maybe"); err == nil {
			t.Errorf("%s: socket_debug = maybe accepted", rel.Name)
		}
	}
	if seen != len(lwip211Gained) {
		t.Errorf("%d lwip211 releases in data/releases.tsv, want %d", seen, len(lwip211Gained))
	}
	// The unpinned lwip211 table is the oldest list: lwipgen writes nothing a 2019.2 BSP lacks.
	if _, ok := MustLib("lwip211").Param("udp_tx_blocking"); ok {
		t.Error("unpinned lwip211 has udp_tx_blocking")
	}
	if _, err := LibAt("lwip211", "1.x"); err == nil {
		t.Error("LIBRARY_VER 1.x accepted")
	}
}

// A system.mss LIBRARY block as a Vitis 2022.2 classic platform writes it
// (structure of Xilinx/embeddedsw@179815b lib/sw_apps/lwip_echo_server/data/
// lwip_echo_server.mss, " PARAMETER VERSION = 2.2.0" then BEGIN LIBRARY /
// LIBRARY_NAME / parameters / END, with the LIBRARY_VER and PROC_INSTANCE
// lines an exported BSP's system.mss adds, as in public MicroBlaze and Zynq
// BSPs that pin lwip141 LIBRARY_VER 2.2) is read against its own
// LIBRARY_VER: socket_debug is known at 1.8 and an error at 1.7.
func TestSystemMSSUsesItsLibraryVer(t *testing.T) {
	mss := func(ver string) string {
		return "PARAMETER VERSION = 2.2.0\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip211\n PARAMETER LIBRARY_VER = " + ver +
			"\n PARAMETER PROC_INSTANCE = ps7_cortexa9_0\n PARAMETER api_mode = SOCKET_API\n PARAMETER udp_tx_blocking = true\n PARAMETER socket_debug = true\nEND\n"
	}
	block := func(ver string) *MSSBlock {
		m, err := ParseMSS([]byte(mss(ver)))
		if err != nil {
			t.Fatal(err)
		}
		for i := range m.Blocks {
			if m.Blocks[i].Kind == "LIBRARY" {
				return &m.Blocks[i]
			}
		}
		t.Fatal("no LIBRARY block")
		return nil
	}
	lib, s, err := SettingsOf(block("1.8"))
	if err != nil || lib != "lwip211" || len(s) != 3 {
		t.Fatalf("2022.2 block: %q %v %v", lib, s, err)
	}
	_, _, err = SettingsOf(block("1.7"))
	if err == nil || !strings.Contains(err.Error(), "mss:9:") || !strings.Contains(err.Error(), `lwip211 1.7 has no classic (.mss/xsct) parameter "socket_debug"`) {
		t.Errorf("2022.1 block with socket_debug: %v", err)
	}
	_, _, err = SettingsOf(block("1.5"))
	if err == nil || !strings.Contains(err.Error(), "mss:8:") || !strings.Contains(err.Error(), "udp_tx_blocking") {
		t.Errorf("2021.1 block with udp_tx_blocking: %v", err)
	}
}

// The audit of a hand-edited 2022.2 lwip211 lwipopts.h knows SOCKET_DEBUG
// and LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE as BSP parameters; the audit
// against the unpinned (2019.2) list does not.
func TestAuditLwip211At18KnowsNewParams(t *testing.T) {
	src := "#define NO_SYS 0\n#define SOCKET_DEBUG LWIP_DBG_ON\n"
	noParam := func(lib string) string {
		checks, err := Audit(lib, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range checks {
			if c.ID == "vitis.audit.no_bsp_parameter" {
				return c.Detail
			}
		}
		t.Fatalf("%s: no vitis.audit.no_bsp_parameter check", lib)
		return ""
	}
	if d := noParam("lwip211@1.8"); strings.Contains(d, "SOCKET_DEBUG") {
		t.Errorf("lwip211 1.8 audit: %s", d)
	}
	if d := noParam("lwip211"); !strings.Contains(d, "SOCKET_DEBUG") {
		t.Errorf("lwip211 (oldest) audit should flag SOCKET_DEBUG: %s", d)
	}
}

// The modelled classic lwipopts.h of a pinned lwip211 release writes what
// that release's lwip211.tcl writes: LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE
// from 1.6 (2021.2) on, 1 when udp_tx_blocking is set, and nothing before.
func TestPinnedLwip211HeaderFollowsTcl(t *testing.T) {
	value := func(lib string, b *BSP) (string, bool) {
		h, err := b.HeaderFlow(lib, "classic")
		if err != nil {
			t.Fatalf("%s: %v", lib, err)
		}
		if h.Library != "lwip211" {
			t.Errorf("%s: header library %q", lib, h.Library)
		}
		for _, l := range h.Lines {
			if l.Kind == "define" && l.Name == "LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE" {
				return l.Value, true
			}
		}
		return "", false
	}
	if v, ok := value("lwip211@1.6", &BSP{}); !ok || v != "0" {
		t.Errorf("2021.2 default: %q %v, want 0", v, ok)
	}
	if v, ok := value("lwip211@1.8", &BSP{Settings: []Setting{{Param: "udp_tx_blocking", Value: "true"}}}); !ok || v != "1" {
		t.Errorf("2022.2 udp_tx_blocking=true: %q %v, want 1", v, ok)
	}
	for _, lib := range []string{"lwip211@1.5", "lwip211"} {
		if v, ok := value(lib, &BSP{}); ok {
			t.Errorf("%s writes LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE %s; its .tcl has no udp_tx_blocking", lib, v)
		}
	}
	if _, err := (&BSP{Settings: []Setting{{Param: "udp_tx_blocking", Value: "true"}}}).HeaderFlow("lwip211@1.5", "classic"); err == nil {
		t.Error("udp_tx_blocking accepted for lwip211 1.5 (2021.1)")
	}
}

// End to end: the lwipopts.h a pinned build hands the probe compile is the
// one of that release's lwip211.tcl (2022.2 writes the UDP TX blocking
// define, 2021.1 does not).
func TestPinnedBuildLwip211UDPBlockDefine(t *testing.T) {
	p, _ := zynq(t)
	for rel, want := range map[string]bool{"2022.2": true, "2021.1": false} {
		src, _, err := BSPHeader(p, rel)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		if got := strings.Contains(string(src), "LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE"); got != want {
			t.Errorf("%s: LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE in lwipopts.h = %v, want %v", rel, got, want)
		}
	}
}
