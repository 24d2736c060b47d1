package vitis

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/flow"

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

// When the layout makes an lwIP array non-cacheable, the region, its lscript.ld
// fragment and the translation-table code are written, and agree.
func TestNoCacheRegionWhenUsed(t *testing.T) {
	p, l := zynq(t)
	l2 := *l
	l2.Sections = nil
	for _, s := range l.Sections {
		for _, o := range s.Objects {
			if o.Symbol == "ram_heap" {
				s.Attr = "noncacheable"
			}
		}
		l2.Sections = append(l2.Sections, s)
	}
	r, err := Build(p, &l2)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	for _, f := range r.Files {
		got[f.Path] = f.Content
	}
	if len(r.NoCache.Objects) == 0 || r.NoCache.Objects[len(r.NoCache.Objects)-1].Symbol != "ram_heap" {
		t.Fatalf("objects %+v", r.NoCache.Objects)
	}
	tlb := cheader.StripComments(string(got[PathTLB])) // code only: the comments describe the adapter's DEVICE_MEMORY BD ring
	if !strings.Contains(tlb, "Xil_SetTlbAttributes(addr, NORM_NONCACHE)") || !strings.Contains(tlb, "0x11DE2") || strings.Contains(tlb, "DEVICE_MEMORY") || strings.Contains(tlb, "STRONG_ORDERED") {
		t.Error("lwipgen_tlb.c must set NORM_NONCACHE (0x11DE2) per MB and never Device")
	}
	if !strings.Contains(string(got[PathTLB]), "ram_heap) is never stale") {
		t.Errorf("lwipgen_tlb.c does not name what the region holds:\n%s", got[PathTLB])
	}
	ld := string(got[PathLinker])
	for _, s := range []string{"(NOLOAD) : ALIGN(0x100000)", "__lwipgen_nocache_start = .;", "__lwipgen_nocache_end = .;", "INCLUDE lscript_lwip.ld", "> ps7_ddr_0", "*(.bss.ram_heap)"} {
		if !strings.Contains(ld, s) {
			t.Errorf("lscript_lwip.ld lacks %q", s)
		}
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
	want := []string{PathMSS213, PathMSS211, PathTcl, PathYAML, PathCMake, PathEmpyro, PathLwipopts, PathLwipopts2, PathXlwip}
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
		"vitis.rule.tcp_snd_queuelen", "vitis.rule.mem_alignment", "vitis.rule.gem_checksum_offload", "vitis.rule.pbuf_pool_bufsize", "vitis.tlb.nocache", "vitis.bsp_differences"} {
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
	nTcl := 0
	for _, line := range strings.Split(string(got[PathTcl]), "\n") {
		if f := strings.Fields(line); len(f) >= 6 && f[0] == "lwipgen_step" && f[4] == "bsp" && f[5] == "config" {
			nTcl++
			if len(f) != 8 {
				t.Errorf("bsp config without value: %q", line)
			} else if _, err := MustLib("lwip213").Check(f[6], strings.Trim(f[7], `"`)); err != nil {
				t.Error(err)
			}
		}
	}
	if nTcl != len(r.BSP.Settings) {
		t.Errorf("bsp.tcl sets %d of %d parameters", nTcl, len(r.BSP.Settings))
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
	libCfg, _, _ := strings.Cut(string(got[PathYAML]), "\nproc_config:") // proc_config is the processor's (carried flags)
	for _, line := range strings.Split(libCfg, "\n") {
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
	// Nothing of lwIP needs the non-cacheable region by default: no linker fragment, no TLB code.
	if len(r.NoCache.Objects) != 0 || got[PathLinker] != nil || got[PathTLB] != nil {
		t.Errorf("empty non-cacheable region rendered (%d objects)", len(r.NoCache.Objects))
	}
	for _, n := range []string{"emac_number", "LIBRARY_VER"} {
		if strings.Contains(string(got[PathMSS213]), "PARAMETER "+n) {
			t.Errorf("the default .mss block sets %s", n)
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

// Per supported Vitis release, the generated files use exactly that
// release's library, LIBRARY_VER and parameter names (classic .mld names in
// system.mss and bsp.tcl, <lib>_ CMake names in <lib>.cmake and bsp.yaml),
// and every check holds.
func TestEveryReleaseUsesItsOwnNamesAndVersion(t *testing.T) {
	p, l := zynq(t)
	if len(Releases()) < 12 {
		t.Fatalf("releases: %v", Releases())
	}
	for _, rel := range Releases() {
		r, err := BuildFor(p, l, rel.Name)
		if err != nil {
			t.Fatalf("%s: %v", rel.Name, err)
		}
		lib := MustLib(rel.Lib)
		got := map[string]string{}
		for _, f := range r.Files {
			got[f.Path] = string(f.Content)
			for _, other := range Libraries {
				if other != rel.Lib && strings.Contains(string(f.Content), other) {
					t.Errorf("%s: %s names %s", rel.Name, f.Path, other)
				}
			}
			if strings.Contains(string(f.Content), "<no value>") {
				t.Errorf("%s: %s has <no value>", rel.Name, f.Path)
			}
		}
		for _, c := range r.Checks {
			if !c.OK {
				t.Errorf("%s: check %s failed: %s", rel.Name, c.ID, c.Detail)
			}
		}
		if rel.Classic {
			m, err := ParseMSS([]byte(got[PathMSS]))
			if err != nil {
				t.Fatalf("%s: %v", rel.Name, err)
			}
			blk, ok := m.Library(rel.Lib)
			if !ok {
				t.Fatalf("%s: no %s block", rel.Name, rel.Lib)
			}
			if v, _ := blk.Get("LIBRARY_VER"); v != rel.LibraryVer {
				t.Errorf("%s: LIBRARY_VER %q, want %s", rel.Name, v, rel.LibraryVer)
			}
			for _, prm := range blk.Params {
				if _, err := lib.Check(prm.Name, prm.Value); err != nil && !blockKeys[strings.ToUpper(prm.Name)] {
					t.Errorf("%s: %v", rel.Name, err)
				}
			}
			tcl := got[PathTcl]
			if !strings.Contains(tcl, "bsp setlib -name "+rel.Lib+" -ver "+rel.LibraryVer+"\n") || !strings.Contains(tcl, "setws $ws") || !strings.Contains(tcl, `lwipgen_step "platform generate" platform generate`) || strings.Contains(tcl, "catch {bsp regenerate}") {
				t.Errorf("%s: bsp.tcl:\n%s", rel.Name, tcl)
			}
			n := 0
			for _, line := range strings.Split(tcl, "\n") {
				if f := strings.Fields(line); len(f) == 8 && f[0] == "lwipgen_step" && f[4] == "bsp" && f[5] == "config" {
					n++
					if _, err := lib.Check(f[6], strings.Trim(f[7], `"`)); err != nil {
						t.Errorf("%s: bsp.tcl: %v", rel.Name, err)
					}
				}
			}
			if n != len(r.BSP.Settings) {
				t.Errorf("%s: bsp.tcl sets %d of %d parameters", rel.Name, n, len(r.BSP.Settings))
			}
		} else if got[PathMSS] != "" || got[PathTcl] != "" {
			t.Errorf("%s has no classic flow but got system.mss/bsp.tcl", rel.Name)
		}
		cm := got["vitis/"+rel.Lib+".cmake"]
		if rel.SDT {
			n := 0
			for _, line := range strings.Split(cm, "\n") {
				if strings.HasPrefix(line, "set(") {
					n++
					f := strings.Fields(strings.TrimPrefix(line, "set("))
					if _, err := lib.CheckSDT(f[0], strings.Trim(f[1], `"`)); err != nil || !strings.HasPrefix(f[0], rel.Lib+"_") {
						t.Errorf("%s: %s.cmake: %s (%v)", rel.Name, rel.Lib, f[0], err)
					}
				}
			}
			libCfg, _, _ := strings.Cut(got[PathYAML], "\nproc_config:")
			for _, line := range strings.Split(libCfg, "\n") {
				if name, ok := strings.CutPrefix(line, "      name: "); ok {
					if _, ok := lib.ParamSDT(name); !ok {
						t.Errorf("%s: bsp.yaml name %q is not a %s variable", rel.Name, name, rel.Lib)
					}
				}
			}
			if n != len(r.BSP.Settings) || !strings.Contains(got[PathYAML], "  "+rel.Lib+":\n") {
				t.Errorf("%s: %s.cmake sets %d of %d; bsp.yaml:\n%s", rel.Name, rel.Lib, n, len(r.BSP.Settings), got[PathYAML])
			}
		} else if cm != "" || got[PathYAML] != "" {
			t.Errorf("%s has no SDT flow but got %s.cmake/bsp.yaml", rel.Name, rel.Lib)
		}
		if _, ok := r.RAM[r.Primary]; !ok {
			t.Errorf("%s: no RAM for the header the BSP builds (%s)", rel.Name, r.Primary)
		}
	}
	if _, err := ReleaseOf("2018.3"); err == nil {
		t.Error("an unknown release must be refused")
	}
	if r, ok := ReleaseOfLibrary("lwip211", "1.8"); !ok || r.Name != "2022.2" {
		t.Errorf("lwip211 1.8 -> %v", r)
	}
}

// A classic workspace says which release it is: the LIBRARY_VER its BSP's
// system.mss records for the lwIP library.
func TestReleaseFromWorkspace(t *testing.T) {
	dir := t.TempDir()
	bsp := filepath.Join(dir, "zc706", "ps7_cortexa9_0", "standalone_domain", "bsp")
	if err := os.MkdirAll(bsp, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(bsp, "system.mss"), []byte("PARAMETER VERSION = 2.2.0\n\nBEGIN OS\n PARAMETER OS_NAME = standalone\nEND\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip211\n PARAMETER LIBRARY_VER = 1.6\n PARAMETER PROC_INSTANCE = ps7_cortexa9_0\nEND\n"), 0o644)
	if r, err := ReleaseFromWorkspace(dir); err != nil || r != "2021.2" {
		t.Fatalf("release %q (%v)", r, err)
	}
	if r, _ := ReleaseFromWorkspace(t.TempDir()); r != "" {
		t.Fatalf("empty workspace: %q", r)
	}
}

// An SDK workspace whose BSP builds an lwIP library no known release ships
// is refused with the block's file:line, not read as "no release" (which
// made generate --project write lwip220 settings for it). Modelled on
// SilverMight/zynq7020-networking@fca74b2 echo_server_bsp/system.mss
// (Xilinx SDK, lwip141 2.0, lwIP 1.4.1); written here in our own words.
func TestReleaseFromWorkspaceOtherLibrary(t *testing.T) {
	dir := t.TempDir()
	bsp := filepath.Join(dir, "echo_server_bsp")
	if err := os.MkdirAll(bsp, 0o755); err != nil {
		t.Fatal(err)
	}
	mss := "PARAMETER VERSION = 2.2.0\n\nBEGIN OS\n PARAMETER OS_NAME = standalone\nEND\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = xilffs\n PARAMETER LIBRARY_VER = 3.0\nEND\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip141\n PARAMETER LIBRARY_VER = 2.0\n PARAMETER PROC_INSTANCE = ps7_cortexa9_0\nEND\n"
	if err := os.WriteFile(filepath.Join(bsp, "system.mss"), []byte(mss), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ReleaseFromWorkspace(dir)
	if err == nil {
		t.Fatalf("lwip141 read as release %q", r)
	}
	for _, want := range []string{"echo_server_bsp/system.mss:12", "lwip141 2.0", "lwip211 from 2019.2", "--vitis-version"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
	// a library of a known name but a LIBRARY_VER no row has stays "no release"
	mss = strings.Replace(strings.Replace(mss, "lwip141", "lwip211", 1), "LIBRARY_VER = 2.0", "LIBRARY_VER = 9.9", 1)
	os.WriteFile(filepath.Join(bsp, "system.mss"), []byte(mss), 0o644)
	if r, err := ReleaseFromWorkspace(dir); err != nil || r != "" {
		t.Errorf("lwip211 9.9: %q, %v", r, err)
	}
}
