package vitis

import (
	"errors"
	"github.com/lwipgen/lwipgen/internal/flow"
	"os"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// zynq returns the zynq7035 plan and layout, made as the pipeline makes
// them (the pipeline itself imports this package, so the test cannot).
func zynq(t *testing.T) (*plan.Plan, *layout.Layout) {
	t.Helper()
	b, diags := board.Source{}.Load("zynq7035")
	if diags.HasErrors() {
		t.Fatalf("load zynq7035: %v", diags)
	}
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	l, diags := layout.Plan(p)
	if diags.HasErrors() {
		t.Fatalf("layout zynq7035: %v", diags)
	}
	return p, l
}

func TestTablesAndNameMapping(t *testing.T) {
	for _, lib := range Libraries {
		l, err := Lib(lib)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range l.Params {
			if p.Settable() && p.Type != "label" {
				if _, err := l.Check(p.Name, p.Default); err != nil {
					t.Errorf("%s: the default of %s does not pass its own check: %v", lib, p.Name, err)
				}
			}
		}
	}
	l213, l220, l211 := MustLib("lwip213"), MustLib("lwip220"), MustLib("lwip211")
	// The irregular classic -> SDT mapping (xilinx-vitis.md §2c), one example of each kind.
	for classic, sdt := range map[string]string{
		"api_mode":                      "lwip220_api_mode",
		"lwip_tcp_keepalive":            "lwip220_tcp_keepalive",                 // drops lwip_
		"lwip_dhcp":                     "lwip220_dhcp",                          // drops lwip_
		"lwip_tcpip_core_locking_input": "lwip220_lwip_tcpip_core_locking_input", // keeps lwip_
		"lwip_dhcp_does_acd_check":      "lwip220_lwip_dhcp_does_acd_check",
		"phy_link_speed":                "lwip220_temac_phy_link_speed", // temac_ infix
		"tcp_ip_rx_checksum_offload":    "lwip220_temac_tcp_ip_rx_checksum_offload",
		"emac_number":                   "lwip220_temac_emac_number",
		"udp_tx_blocking":               "lwip220_udp_block_tx",
		"sgmii_fixed_link":              "sgmii_fixed_link", // no prefix
		"memp_n_tcp_seg":                "lwip220_memp_n_tcp_seg",
	} {
		p, ok := l220.Param(classic)
		if !ok || p.SDT != sdt {
			t.Errorf("lwip220 %s -> %q, want %q", classic, p.SDT, sdt)
		}
		if q, ok := l220.ParamSDT(sdt); !ok || q.Name != classic {
			t.Errorf("lwip220 SDT %s -> %q, want %s", sdt, q.Name, classic)
		}
	}
	if p, _ := l220.Param("use_axieth_on_zynq"); p.SDT != "" {
		t.Errorf("use_axieth_on_zynq has no SDT variable, got %q", p.SDT)
	}
	if p, _ := l213.Param("lwip_dhcp"); p.SDT != "lwip213_dhcp" {
		t.Errorf("lwip213 lwip_dhcp -> %q", p.SDT)
	}
	for _, n := range []string{"sgmii_fixed_link", "udp_tx_blocking", "socket_debug"} {
		if _, ok := l211.Param(n); ok {
			t.Errorf("lwip211 has no %s", n)
		}
	}
	if _, ok := l220.Param("dhcp_does_arp_check"); ok {
		t.Error("lwip220 replaced dhcp_does_arp_check")
	}
	if p, _ := l213.Param("N_TX_DESCRIPTORS"); p.Name != "n_tx_descriptors" {
		t.Error(".mss names are case-insensitive")
	}
	if p, _ := l213.Param("memp_n_tcp_seg"); p.Default != "256" || p.LwIP != "MEMP_NUM_TCP_SEG" {
		t.Errorf("memp_n_tcp_seg: %+v", p)
	}
}

func TestUnknownNamesRefused(t *testing.T) {
	b := &BSP{}
	err := b.Set("tcp_snd_queuelen", "64", "seed 004")
	var ue *UnknownError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `no classic (.mss/xsct) parameter "tcp_snd_queuelen"`) ||
		!strings.Contains(err.Error(), "16 * TCP_SND_BUF/TCP_MSS") {
		t.Fatalf("tcp_snd_queuelen: %v", err)
	}
	t.Log(err)
	_, err = MustLib("lwip220").CheckSDT("lwip220_dhcp_does_arp_check", "ON")
	if err == nil || !strings.Contains(err.Error(), "ignore this -D silently") || !strings.Contains(err.Error(), "lwip220_lwip_dhcp_does_acd_check") {
		t.Fatalf("lwip220_dhcp_does_arp_check: %v", err)
	}
	t.Log(err)
	_, err = MustLib("lwip213").Check("memp_n_tcp_segs", "512")
	if err == nil || !strings.Contains(err.Error(), "did you mean memp_n_tcp_seg?") {
		t.Fatalf("typo: %v", err)
	}
	for _, c := range []struct{ name, value, want string }{
		{"tcp_wnd", "70000", "out of range 536..65535"},
		{"lwip_dhcp", "yes", "a bool is true or false"},
		{"api_mode", "RAW", "must be one of RAW_API, SOCKET_API"},
		{"pbuf_link_hlen", "14", "fixed by the BSP"},
		{"pbuf_pool_bufsize", "1500", "out of range 1536"},
		{"mem_size", "128K", "not a decimal integer"},
	} {
		if _, err := MustLib("lwip213").Check(c.name, c.value); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s = %s: %v, want %q", c.name, c.value, err, c.want)
		}
	}
	if err := b.Set("dhcp_does_arp_check", "true", "x"); err == nil {
		t.Error("dhcp_does_arp_check exists in lwip213 only: Set must refuse it (lwip220 renamed it)")
	}
}

func TestZynq7035Fragments(t *testing.T) {
	p, l := zynq(t)
	r, err := Build(p, l)
	if err != nil {
		t.Fatal(err)
	}
	files, checks, err := Fragments(p, l)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{PathMSS213, PathMSS211, PathTcl, PathYAML, PathCMake, PathEmpyro, PathLwipopts, PathLwipopts2, PathXlwip, PathLinker, PathTLB}
	got := map[string][]byte{}
	for _, f := range files {
		got[f.Path] = f.Content
	}
	for _, w := range want {
		if len(got[w]) == 0 {
			t.Errorf("%s not rendered", w)
		}
		if strings.Contains(string(got[w]), "<no value>") {
			t.Errorf("%s has <no value>", w)
		}
	}
	for _, c := range checks {
		if !c.OK {
			t.Errorf("check %s failed: %s", c.ID, c.Detail)
		}
	}
	for _, id := range []string{"vitis.mss_roundtrip.lwip213", "vitis.mss_roundtrip.lwip211", "vitis.names.lwip213", "vitis.names.lwip220",
		"vitis.rule.tcp_snd_queuelen", "vitis.rule.mem_alignment", "vitis.rule.gem_checksum_offload", "vitis.rule.pbuf_pool_bufsize", "vitis.tlb.nocache"} {
		found := false
		for _, c := range checks {
			found = found || c.ID == id
		}
		if !found {
			t.Errorf("check %s missing", id)
		}
	}

	// The .mss block parses back to exactly the settings, in both versions.
	for _, lib := range []string{"lwip213", "lwip211"} {
		if err := MSSRoundTrip(r.BSP, lib, got["vitis/system.mss."+lib]); err != nil {
			t.Errorf("%s round trip: %v", lib, err)
		}
	}
	// Every name in every rendering exists in its library version.
	m, _ := ParseMSS(got[PathMSS213])
	blk, _ := m.Library("lwip213")
	for _, prm := range blk.Params {
		if blockKeys[strings.ToUpper(prm.Name)] {
			continue
		}
		if _, err := MustLib("lwip213").Check(prm.Name, prm.Value); err != nil {
			t.Error(err)
		}
	}
	for _, line := range strings.Split(string(got[PathTcl]), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "bsp" && f[1] == "config" {
			t.Errorf("bsp config without value: %q", line)
		} else if len(f) == 4 && f[0] == "bsp" && f[1] == "config" {
			if _, err := MustLib("lwip213").Check(f[2], strings.Trim(f[3], `"`)); err != nil {
				t.Error(err)
			}
		}
	}
	l220 := MustLib("lwip220")
	for _, line := range strings.Split(string(got[PathCMake]), "\n") {
		if strings.HasPrefix(line, "set(") {
			f := strings.Fields(strings.TrimPrefix(line, "set("))
			if _, err := l220.CheckSDT(f[0], strings.Trim(f[1], `"`)); err != nil {
				t.Error(err)
			}
		}
	}
	for _, line := range strings.Split(string(got[PathYAML]), "\n") {
		if strings.HasPrefix(line, "      name: ") {
			if _, ok := l220.ParamSDT(strings.TrimPrefix(line, "      name: ")); !ok {
				t.Errorf("bsp.yaml name %q is not an lwip220 variable", line)
			}
		}
	}
	// Hard-coded BSP facts in the header the BSP would generate.
	h := string(got[PathLwipopts])
	for _, s := range []string{"#define MEM_ALIGNMENT 64", "#define TCP_SND_QUEUELEN 16 * TCP_SND_BUF/TCP_MSS", "#define CHECKSUM_GEN_TCP 0",
		"#define LWIP_FULL_CSUM_OFFLOAD_RX 1", "#define TCP_OVERSIZE TCP_MSS", "#define CONFIG_LINKSPEED_AUTODETECT 1", "#define NO_SYS 1"} {
		if !strings.Contains(h, s) {
			t.Errorf("lwipopts.h lacks %q", s)
		}
	}
	if !strings.Contains(string(got[PathXlwip]), "#define XLWIP_CONFIG_N_RX_DESC 256") {
		t.Error("xlwipconfig.h: RX descriptors")
	}
	tlb := stripCComments(string(got[PathTLB])) // code only: the comments describe the adapter's DEVICE_MEMORY BD ring
	if !strings.Contains(tlb, "Xil_SetTlbAttributes(addr, NORM_NONCACHE)") || !strings.Contains(tlb, "0x11DE2") || strings.Contains(tlb, "DEVICE_MEMORY") || strings.Contains(tlb, "STRONG_ORDERED") {
		t.Error("lwipgen_tlb.c must set NORM_NONCACHE (0x11DE2) per MB and never Device")
	}
	ld := string(got[PathLinker])
	for _, s := range []string{"(NOLOAD) : ALIGN(0x100000)", "__lwipgen_nocache_start = .;", "__lwipgen_nocache_end = .;", "INCLUDE lscript_lwip.ld", "> ps7_ddr_0"} {
		if !strings.Contains(ld, s) {
			t.Errorf("lscript_lwip.ld lacks %q", s)
		}
	}
	if v := r.BSP.Int("n_rx_descriptors"); v != int64(p.Driver.RxDescriptors) {
		t.Errorf("n_rx_descriptors %d, plan %d", v, p.Driver.RxDescriptors)
	}
	for _, s := range r.BSP.Settings {
		if s.Why == "" {
			t.Errorf("%s has no provenance", s.Param)
		}
	}
	if os.Getenv("VITIS_DUMP") != "" {
		for _, f := range files {
			t.Logf("==== %s\n%s", f.Path, f.Content)
		}
	}
}

func TestParseMSS(t *testing.T) {
	src, err := os.ReadFile("testdata/system.mss")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMSS(src)
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != "2.2.0" || len(m.Blocks) != 2 || m.Blocks[0].Kind != "OS" {
		t.Fatalf("parsed %+v", m)
	}
	blk, ok := m.Library("LWIP213")
	if !ok {
		t.Fatal("no lwip213 block")
	}
	lib, s, err := SettingsOf(blk)
	if err != nil || lib != "lwip213" {
		t.Fatal(lib, err)
	}
	want := map[string]string{"api_mode": "RAW_API", "n_tx_descriptors": "256", "lwip_dhcp": "true", "phy_link_speed": "CONFIG_LINKSPEED_AUTODETECT", "pbuf_pool_size": "2048"}
	if len(s) != len(want) {
		t.Fatalf("settings %v", s)
	}
	for _, x := range s {
		if want[x.Param] != x.Value {
			t.Errorf("%s = %q, want %q", x.Param, x.Value, want[x.Param])
		}
	}
	for _, bad := range []struct{ src, want string }{
		{"BEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip213\n", "has no END"},
		{"END\n", "END without BEGIN"},
		{"BEGIN LIBRARY\n PARAMETER x\nEND\n", "mss:2: want PARAMETER name = value"},
		{"BEGIN LIBRARY\nBEGIN OS\n", "missing END"},
	} {
		if _, err := ParseMSS([]byte(bad.src)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %q", bad.src, err, bad.want)
		}
	}
}

// TestSDTCMakeDefineQuirk: lwipopts.h.in uses #cmakedefine, so a value of 0
// leaves the define out; for tcp_queue_ooseq lwIP's default (1) then applies.
func TestSDTCMakeDefineQuirk(t *testing.T) {
	p, l := zynq(t)
	b, err := Settings(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Set("tcp_queue_ooseq", "0", "test"); err != nil {
		t.Fatal(err)
	}
	h213, _ := b.Header("lwip213")
	h220, _ := b.Header("lwip220")
	if h213.Defines()["TCP_QUEUE_OOSEQ"] != "0" {
		t.Error("classic: TCP_QUEUE_OOSEQ 0 expected")
	}
	if _, ok := h220.Defines()["TCP_QUEUE_OOSEQ"]; ok {
		t.Error("SDT: TCP_QUEUE_OOSEQ must be #undef")
	}
	c220, err := h220.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	c213, _ := h213.Resolve()
	checks := ruleChecks(p, b, c213, c220)
	for _, c := range checks {
		if c.ID == "vitis.rule.sdt_zero_values" {
			if c.OK || !strings.Contains(c.Detail, "lwip220_tcp_queue_ooseq = 0 leaves TCP_QUEUE_OOSEQ undefined, lwIP default 1") {
				t.Errorf("sdt_zero_values: %+v", c)
			}
			t.Log(c.Detail)
			_ = l
			return
		}
	}
	t.Error("no sdt_zero_values check")
}
