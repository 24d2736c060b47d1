package vitis

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

// Output paths (relative to the generated/ directory).
const (
	PathMSS213    = "vitis/system.mss.lwip213" // default targets (no release pinned)
	PathMSS211    = "vitis/system.mss.lwip211"
	PathTcl       = "vitis/bsp.tcl"
	PathYAML      = "vitis/bsp.yaml"
	PathCMake     = "vitis/lwip220.cmake"
	PathEmpyro    = "vitis/empyro.py"
	PathLwipopts  = "vitis/lwipopts.h"
	PathLwipopts2 = "vitis/lwipopts.lwip220.h"
	PathXlwip     = "vitis/xlwipconfig.h"
	PathLinker    = "vitis/lscript_lwip.ld"
	PathTLB       = "vitis/lwipgen_tlb.c"
)

// Result is everything Fragments derives, for callers that want more than
// the files (reports, tests).
type Result struct {
	BSP     *BSP
	Headers map[string]*Header      // by HeaderKey: lwip213 (classic), lwip220/sdt (SDT) ...
	Configs map[string]*lwip.Config // the headers resolved as the preprocessor will
	RAM     map[string]lwip.RAM     // lwIP RAM of the BSP-built library, per header
	// Primary is the header the user's BSP builds (HeaderKey): the classic
	// one when the release has that flow, else the SDT one. SDTKey is the
	// SDT header ("" when none).
	Primary, SDTKey string
	Release         string // the pinned Vitis release ("" = lwipgen's default targets)
	NoCache         *NoCache
	Files           []render.File
	Checks          []plan.Check
}

// Fragments renders the Vitis BSP fragments of a board (the .mss LIBRARY
// blocks, the xsct Tcl, the SDT bsp.yaml/CMake/empyro forms, the lwipopts.h
// and xlwipconfig.h the BSP would generate, the lscript.ld fragment and the
// translation-table code) and the checks that prove them consistent.
func Fragments(p *plan.Plan, l *layout.Layout) ([]render.File, []plan.Check, error) {
	r, err := Build(p, l)
	if err != nil {
		return nil, nil, err
	}
	return r.Files, r.Checks, nil
}

// FragmentsFor is Fragments for one Vitis release ("" = lwipgen's default targets).
func FragmentsFor(p *plan.Plan, l *layout.Layout, release string) ([]render.File, []plan.Check, error) {
	r, err := BuildFor(p, l, release)
	if err != nil {
		return nil, nil, err
	}
	return r.Files, r.Checks, nil
}

// Build is Fragments with everything it derived, for lwipgen's default
// targets (no Vitis release pinned).
func Build(p *plan.Plan, l *layout.Layout) (*Result, error) { return BuildFor(p, l, "") }

// target is one BSP library and flow lwipgen writes settings for.
type target struct {
	Lib, Ver     string // Ver: LIBRARY_VER of the pinned release ("" = the installed one)
	Classic, SDT bool
	Release      string
}

// pinned names the target's table: "lwip211@1.8" for a pinned release (its
// LIBRARY_VER's parameter list), the library alone otherwise.
func (t target) pinned() string {
	if t.Ver == "" {
		return t.Lib
	}
	return t.Lib + "@" + t.Ver
}

// targetsFor: a pinned release gets exactly its library, version and flows;
// without one lwipgen writes the classic lwip213 and lwip211 blocks and the
// lwip220 SDT settings, with no LIBRARY_VER (the tools use the installed one).
func targetsFor(release string) ([]target, error) {
	if release == "" {
		return []target{{Lib: "lwip213", Classic: true}, {Lib: "lwip211", Classic: true}, {Lib: "lwip220", SDT: true}}, nil
	}
	r, err := ReleaseOf(release)
	if err != nil {
		return nil, err
	}
	return []target{{Lib: r.Lib, Ver: r.LibraryVer, Classic: r.Classic, SDT: r.SDT, Release: r.Name}}, nil
}

// HeaderKey names a header of Result.Headers: the library, "/sdt" for the SDT flow.
func HeaderKey(lib string, sdt bool) string {
	if sdt {
		return lib + "/sdt"
	}
	return lib
}

// BuildFor is Build for one Vitis release ("" = lwipgen's default targets).
func BuildFor(p *plan.Plan, l *layout.Layout, release string) (*Result, error) {
	targets, err := targetsFor(release)
	if err != nil {
		return nil, err
	}
	bsp, err := Settings(p)
	if err != nil {
		return nil, err
	}
	r := &Result{BSP: bsp, Headers: map[string]*Header{}, Configs: map[string]*lwip.Config{}, RAM: map[string]lwip.RAM{}, Release: release}
	for _, t := range targets {
		if t.Lib == "lwip211" && release == "" {
			continue // the lwip211 block is a rename of lwip213's; its header is not modelled separately
		}
		for _, sdt := range []bool{false, true} {
			if sdt && !t.SDT || !sdt && !t.Classic {
				continue
			}
			if !sdt && t.Lib == "lwip220" {
				continue // lwip220's classic generator is not modelled; its SDT header stands for the build
			}
			if err := addHeader(r, p, t, sdt); err != nil {
				return nil, err
			}
		}
	}
	if r.Primary == "" {
		r.Primary = r.SDTKey // a release with the SDT flow only
	}
	cfg := r.Configs[r.Primary]
	addDifferences(r, p, cfg)
	if err := addChecksAndFiles(r, p, l, targets, cfg); err != nil {
		return nil, err
	}
	sort.SliceStable(r.Checks, func(i, j int) bool { return r.Checks[i].ID < r.Checks[j].ID })
	return r, nil
}

// addCheck appends one check to the result.
func (r *Result) addCheck(id string, ok bool, detail string) {
	r.Checks = append(r.Checks, plan.Check{ID: id, OK: ok, Detail: detail})
}

// addHeader models the lwipopts.h one flow of target t generates, resolves
// it as lwIP will, and checks it against lwIP's rules and RAM model. The
// classic header is the primary one; the SDT header gets its own key.
func addHeader(r *Result, p *plan.Plan, t target, sdt bool) error {
	flow := map[bool]string{false: "classic", true: "sdt"}[sdt]
	key := HeaderKey(t.Lib, sdt)
	h, err := r.BSP.HeaderFlow(t.pinned(), flow)
	if err != nil {
		return err
	}
	if h.Flags, err = carriedFlags(p, h); err != nil {
		return fmt.Errorf("vitis: the %s options without a BSP parameter: %v", key, err)
	}
	r.Headers[key] = h
	if r.Primary == "" || sdt && r.SDTKey == "" {
		if !sdt {
			r.Primary = key
		}
	}
	if sdt {
		r.SDTKey = key
	}
	cfg, err := h.Resolve()
	if err != nil {
		return fmt.Errorf("vitis: resolving the %s lwipopts.h: %v", key, err)
	}
	r.Configs[key] = cfg
	var fatal []string
	for _, c := range lwip.Checks(cfg) {
		if !c.OK && c.Fatal {
			fatal = append(fatal, c.ID+": "+c.Detail)
		}
	}
	id := strings.ReplaceAll(key, "/", ".")
	r.addCheck("vitis."+id+".lwip_sanity", len(fatal) == 0, okOr(len(fatal) == 0,
		"the lwipopts.h "+key+" generates passes every lwIP "+MustLib(t.Lib).LwIP+" init.c/header rule", strings.Join(fatal, "; ")))
	ram, err := lwip.PredictRAM(cfg)
	r.addCheck("vitis."+id+".ram_model", err == nil, okOr(err == nil, fmt.Sprintf("lwIP RAM of the BSP build: %d B", ram.Total), fmt.Sprint(err)))
	if err == nil {
		r.RAM[key] = ram
	}
	return nil
}

// addDifferences records where the primary header differs from the plan
// (only where the BSP cannot express it).
func addDifferences(r *Result, p *plan.Plan, cfg *lwip.Config) {
	bsp := r.BSP
	bsp.Differences = differences(p, bsp, cfg)
	var diffs []string
	for _, d := range bsp.Differences {
		diffs = append(diffs, fmt.Sprintf("%s plan %d, BSP %d (%s)", d.Option, d.Plan, d.BSP, d.Why))
	}
	r.addCheck("vitis.bsp_differences", true, fmt.Sprintf("the %s lwipopts.h the BSP generates (compiled by the probe build; its RAM is this report's) differs from lwipgen's plan only where the BSP cannot express the plan: %s",
		r.Primary, strings.Join(orNoneS(diffs), "; ")))
}

// addChecksAndFiles plans the non-cacheable region from the primary
// header's RAM, runs the rule, carried-flag and name checks, renders the
// fragments and checks they read back.
func addChecksAndFiles(r *Result, p *plan.Plan, l *layout.Layout, targets []target, cfg *lwip.Config) error {
	bsp := r.BSP
	var ram *lwip.RAM
	if x, ok := r.RAM[r.Primary]; ok {
		ram = &x
	}
	nc, err := planNoCache(p, l, ram)
	if err != nil {
		return err
	}
	r.NoCache = nc
	sdtCfg := r.Configs[r.SDTKey]
	if sdtCfg == nil {
		sdtCfg = cfg
	}
	r.Checks = append(r.Checks, ruleChecks(p, bsp, cfg, sdtCfg)...)
	r.Checks = append(r.Checks, carriedChecks(p, bsp, r)...)
	r.Checks = append(r.Checks, nameChecks(bsp, targets)...)

	files, err := renderAll(p, r, targets)
	if err != nil {
		return err
	}
	r.Files = files
	r.Checks = append(r.Checks, roundTrip(bsp, files)...)
	r.Checks = append(r.Checks, tlbChecks(nc)...)
	return nil
}

// differences lists plan options the BSP output does not match.
func differences(p *plan.Plan, b *BSP, cfg *lwip.Config) []Difference {
	var out []Difference
	for _, s := range p.Settings {
		want := p.Value(s.Name)
		got, ok := cfg.Int(s.Name)
		if !ok || got == want {
			continue
		}
		why := "no BSP parameter; the BSP leaves lwIP's default"
		switch {
		case bspOwned[s.Name] != "":
			why = "the BSP generator " + bspOwned[s.Name]
		case s.Name == "LWIP_WND_SCALE" || s.Name == "TCP_RCV_SCALE":
			why = "no BSP parameter: without window scaling tcp_wnd/tcp_snd_buf are capped at 65535"
		case s.Name == "LWIP_STATS" || s.Name == "LWIP_STATS_DISPLAY":
			why = "lwip_stats is off (see its provenance)"
		default:
			for _, prm := range MustLib(Classic).Params {
				if prm.LwIP != s.Name || !prm.Settable() {
					continue
				}
				if _, set := b.Value(prm.Name); set {
					why = "BSP parameter " + prm.Name + " (see its provenance)"
				} else {
					why = "BSP parameter " + prm.Name + " left at its default " + prm.Default
					if prm.Name == "memp_n_sys_timeout" {
						why += " (no pool: no_sys_no_timers keeps LWIP_TIMERS 0)"
					}
				}
			}
		}
		out = append(out, Difference{Option: s.Name, Plan: want, BSP: got, Why: why})
	}
	return out
}

func ruleChecks(p *plan.Plan, b *BSP, cfg, cfg220 *lwip.Config) []plan.Check {
	var out []plan.Check
	add := func(id string, ok bool, good, bad string) {
		out = append(out, plan.Check{ID: "vitis.rule." + id, OK: ok, Detail: okOr(ok, good, bad)})
	}
	snd, mss, seg := b.Int("tcp_snd_buf"), b.Int("tcp_mss"), b.Int("memp_n_tcp_seg")
	q := SndQueueLen(snd, mss)
	qr, _ := cfg.Int("TCP_SND_QUEUELEN")
	add("tcp_snd_queuelen", seg >= q && qr == q,
		fmt.Sprintf("memp_n_tcp_seg %d >= TCP_SND_QUEUELEN = 16 * %d / %d = %d (hard-coded by the BSP)", seg, snd, mss, q),
		fmt.Sprintf("memp_n_tcp_seg %d < TCP_SND_QUEUELEN %d (header resolves to %d): init.c #error 60", seg, q, qr))
	al, _ := cfg.Int("MEM_ALIGNMENT")
	add("mem_alignment", al == bspMemAlign && int64(p.Board.Chip.Core.MemAlign) == bspMemAlign,
		"MEM_ALIGNMENT 64 in the BSP header and in the chip data the plan and the RAM model use",
		fmt.Sprintf("MEM_ALIGNMENT: BSP header %d, chip data %d; the BSP hard-codes 64", al, p.Board.Chip.Core.MemAlign))
	var csum []string
	for _, n := range []string{"CHECKSUM_GEN_IP", "CHECKSUM_GEN_UDP", "CHECKSUM_GEN_TCP", "CHECKSUM_CHECK_IP", "CHECKSUM_CHECK_UDP", "CHECKSUM_CHECK_TCP"} {
		for _, c := range []*lwip.Config{cfg, cfg220} {
			if v, _ := c.Int(n); v != 0 {
				csum = append(csum, n)
			}
		}
	}
	// ICMP is not in the GEM's checksum engine (rules.go ruleGEMChecksums):
	// lwIP computes it, in the plan and in every header the BSP builds.
	for _, n := range []string{"CHECKSUM_GEN_ICMP", "CHECKSUM_CHECK_ICMP"} {
		for _, c := range []*lwip.Config{cfg, cfg220} {
			if v, _ := c.Int(n); v != 1 || p.Value(n) != 1 {
				csum = append(csum, n+" not 1")
			}
		}
	}
	add("gem_checksum_offload", len(csum) == 0 && p.Driver.ChecksumHW,
		"GEM checksum offload: CHECKSUM_GEN/CHECK_{IP,UDP,TCP} 0 in both headers (the BSP always does this for the GEM) and the plan expects hardware checksums; CHECKSUM_GEN/CHECK_ICMP 1 in the plan and both headers (the GEM has no ICMP checksum engine)",
		fmt.Sprintf("checksums wrong for the GEM: %v, plan ChecksumHW=%v; the BSP always offloads IP/UDP/TCP on the GEM and ICMP must stay in software", csum, p.Driver.ChecksumHW))
	bs := b.Int("pbuf_pool_bufsize")
	add("pbuf_pool_bufsize", bs >= gemRxBufSize, fmt.Sprintf("pbuf_pool_bufsize %d >= %d (GEM RX buffer)", bs, gemRxBufSize),
		fmt.Sprintf("pbuf_pool_bufsize %d < %d (GEM RX buffer)", bs, gemRxBufSize))
	rx, tx := b.Int("n_rx_descriptors"), b.Int("n_tx_descriptors")
	okD := rx == int64(p.Driver.RxDescriptors) && tx == int64(p.Driver.TxDescriptors) && rx <= maxBDs && tx <= maxBDs
	add("descriptors", okD, fmt.Sprintf("n_rx_descriptors %d / n_tx_descriptors %d = the plan's driver, <= %d per 64 KB ring", rx, tx, maxBDs),
		fmt.Sprintf("descriptors rx %d tx %d, plan %d/%d, limit %d", rx, tx, p.Driver.RxDescriptors, p.Driver.TxDescriptors, maxBDs))
	pool := b.Int("pbuf_pool_size")
	add("rx_pool_covers_ring", pool > rx, fmt.Sprintf("pbuf_pool_size %d > n_rx_descriptors %d: init_dma can arm every BD and pbufs remain for TCP", pool, rx),
		fmt.Sprintf("pbuf_pool_size %d <= n_rx_descriptors %d: init_dma fails (\"unable to alloc pbuf in init_dma\") or nothing is left for TCP", pool, rx))
	api, _ := b.Value("api_mode")
	okAPI := (p.Board.RTOS == "none") == (api == "RAW_API") && (api == "RAW_API") == (b.OS == "standalone")
	add("api_mode", okAPI, fmt.Sprintf("api_mode %s with OS %s (the BSP DRC pairs RAW_API/standalone, SOCKET_API/freertos10_xilinx)", api, b.OS),
		fmt.Sprintf("api_mode %s with OS %s and rtos %q", api, b.OS, p.Board.RTOS))
	wnd := b.Int("tcp_wnd")
	add("window_u16", wnd <= u16Max && snd <= u16Max, fmt.Sprintf("tcp_wnd %d and tcp_snd_buf %d fit 16 bits (the BSP cannot enable LWIP_WND_SCALE)", wnd, snd),
		fmt.Sprintf("tcp_wnd %d / tcp_snd_buf %d exceed 65535 without window scaling", wnd, snd))
	// SDT: #cmakedefine drops a define whose value is "0", and lwIP's default
	// applies instead; where that default is not 0 the setting does nothing.
	var lost []string
	for _, s := range b.Settings {
		if s.Value != "0" {
			continue
		}
		prm, ok := MustLib(SDT).Param(s.Param)
		if !ok || prm.LwIP == "" {
			continue
		}
		if v, _ := cfg220.Int(prm.LwIP); v != 0 {
			lost = append(lost, fmt.Sprintf("%s = 0 leaves %s undefined, lwIP default %d", prm.SDT, prm.LwIP, v))
		}
	}
	add("sdt_zero_values", len(lost) == 0, "no SDT setting of 0 is swallowed by #cmakedefine",
		"in the SDT flow "+strings.Join(lost, "; ")+" (lwipopts.h.in uses #cmakedefine, which treats 0 as unset)")
	return out
}

// nameChecks proves every parameter lwipgen writes exists in each library
// version it is written for, with a valid value.
func nameChecks(b *BSP, targets []target) []plan.Check {
	var out []plan.Check
	for _, t := range targets {
		l, err := LibAt(t.Lib, t.Ver) // a pinned release is checked against its own LIBRARY_VER's list
		if err != nil {
			panic(err) // t.Ver comes from data/releases.tsv, which TestReleaseTablesLoad loads
		}
		var bad []string
		for _, s := range b.Settings {
			prm, err := l.Check(s.Param, s.Value)
			if err != nil {
				bad = append(bad, err.Error())
				continue
			}
			if t.SDT {
				if _, err := l.CheckSDT(prm.SDT, sdtValue(prm, s.Value)); err != nil {
					bad = append(bad, err.Error())
				}
			}
		}
		id := t.Lib
		if t.Release != "" {
			id = t.Lib + "@" + t.Release
		}
		out = append(out, plan.Check{ID: "vitis.names." + id, OK: len(bad) == 0,
			Detail: okOr(len(bad) == 0, fmt.Sprintf("all %d parameters exist in %s with valid values", len(b.Settings), id), strings.Join(bad, "; "))})
	}
	return out
}

// roundTrip parses the generated .mss blocks back.
func roundTrip(b *BSP, files []render.File) []plan.Check {
	var out []plan.Check
	for _, f := range files {
		if !strings.HasPrefix(f.Path, "vitis/system.mss") {
			continue
		}
		m, err := ParseMSS(f.Content)
		lib := ""
		if err == nil {
			for _, blk := range m.Blocks {
				if v, ok := blk.Get("LIBRARY_NAME"); blk.Kind == "LIBRARY" && ok {
					lib = v
				}
			}
		}
		if err == nil {
			err = MSSRoundTrip(b, lib, f.Content)
		}
		out = append(out, plan.Check{ID: "vitis.mss_roundtrip." + lib, OK: err == nil,
			Detail: okOr(err == nil, f.Path+" parses back to the same "+fmt.Sprint(len(b.Settings))+" settings", fmt.Sprint(err))})
	}
	return out
}

// MSSRoundTrip parses an .mss text and compares its lib LIBRARY block with b.
func MSSRoundTrip(b *BSP, lib string, src []byte) error {
	m, err := ParseMSS(src)
	if err != nil {
		return err
	}
	blk, ok := m.Library(lib)
	if !ok {
		return fmt.Errorf("no LIBRARY block for %s", lib)
	}
	_, got, err := SettingsOf(blk)
	if err != nil {
		return err
	}
	want := map[string]string{}
	for _, s := range b.Settings {
		want[s.Param] = s.Value
	}
	if len(got) != len(want) {
		return fmt.Errorf("%d parameters parsed, %d set", len(got), len(want))
	}
	for _, s := range got {
		if want[s.Param] != s.Value {
			return fmt.Errorf("%s: parsed %q, set %q", s.Param, s.Value, want[s.Param])
		}
	}
	return nil
}

func tlbChecks(nc *NoCache) []plan.Check {
	if len(nc.Objects) == 0 {
		var kept []string
		for _, o := range nc.Skipped {
			kept = append(kept, o.Symbol)
		}
		return []plan.Check{{ID: "vitis.tlb.nocache", OK: true, Detail: fmt.Sprintf(
			"no non-cacheable region: no lwIP array needs one (%s stay cacheable, the xemacps adapter cleans/invalidates them; its BD rings map themselves), so no lscript.ld fragment and no translation-table code are written", strings.Join(orNoneS(kept), ", "))}}
	}
	ok := nc.Attr == 0x11DE2 && nc.Size%MB == 0 && nc.Size >= MB && len(nc.TLB) == 1 && nc.TLB[0].Descriptor == nc.Attr
	return []plan.Check{{ID: "vitis.tlb.nocache", OK: ok, Detail: okOr(ok,
		fmt.Sprintf("%s: %d MB NOLOAD in %s, %s (0x%05X, Normal non-cacheable: lwIP reads it unaligned, which Device/Strongly-ordered memory faults on); %d B of objects", nc.Section, nc.MBs(), nc.Region, nc.AttrMacro, nc.Attr, nc.Used),
		fmt.Sprintf("%s: size %d, attribute 0x%X, %d TLB entries", nc.Section, nc.Size, nc.Attr, len(nc.TLB)))}}
}

func orNoneS(s []string) []string {
	if len(s) == 0 {
		return []string{"none"}
	}
	return s
}

// templateData is what every templates/vitis file sees.
type templateData struct {
	Plan    *plan.Plan
	BSP     *BSP
	Classic []FlowSetting // the target library's .mld names
	SDT     []FlowSetting // the target library's CMake names
	Header  *Header
	NoCache *NoCache
	Lib     string
	Ver     string // LIBRARY_VER of the pinned release ("" = not pinned)
	Release string // the pinned Vitis release ("" = not pinned)
	LwIP    string // lwIP release inside Lib
	Diffs   []Difference
	RAM     *lwip.RAM
	Lwip211 []string // how lwip211 differs from lwip213 (lwipgen's default lwip211 block)
	TclPath string   // where the .mss block is (for the Tcl's comment)
	// Flags are the options with no BSP parameter, carried as compiler
	// definitions of the BSP build (carried.go), for this file's flow.
	Flags []Flag
	// ExtraCFlags is the flow's default extra compiler flags value (the
	// processor's), which the flags are appended to.
	ExtraCFlags string
	Proc        string // the processor instance (proc_config key)
}

// Output paths of a pinned release (vitis/...), one library per file.
const (
	PathMSS        = "vitis/system.mss"
	PathLwipoptsSD = "vitis/lwipopts.sdt.h"
)

func renderAll(p *plan.Plan, r *Result, targets []target) ([]render.File, error) {
	b := r.BSP
	var files []render.File
	emit := func(tmpl, path string, d templateData) error {
		out, err := execute(tmpl, d)
		if err != nil {
			return err
		}
		files = append(files, render.File{Path: path, Content: out, Role: render.RoleBSP})
		return nil
	}
	pinned := r.Release != ""
	tclDone, xlwipDone := false, false
	for _, t := range targets {
		d := templateData{Plan: p, BSP: b, NoCache: r.NoCache, Diffs: b.Differences, Lib: t.Lib, Ver: t.Ver, Release: t.Release, LwIP: MustLib(t.Lib).LwIP,
			Lwip211: []string{"no sgmii_fixed_link parameter", "udp_tx_blocking only from LIBRARY_VER 1.6 (2021.2) and socket_debug only from 1.8 (2022.2), so this unpinned block sets neither", "requires_os also lists xilkernel up to 1.4 (2020.3)", "lwIP 2.1.1 inside"}}
		if x, ok := r.RAM[r.Primary]; ok {
			d.RAM = &x
		}
		d.Proc = b.Proc
		var err error
		if t.Classic {
			if d.Classic, err = b.For(t.pinned(), false); err != nil {
				return nil, err
			}
			d.Flags, d.ExtraCFlags = r.classicFlags(t.Lib), classicExtraCFlags
			mss := PathMSS
			if !pinned {
				mss = PathMSS + "." + t.Lib
			}
			d.TclPath = mss
			if err := emit("system.mss.tmpl", mss, d); err != nil {
				return nil, err
			}
			if !tclDone {
				tclDone = true
				if err := emit("bsp.tcl.tmpl", PathTcl, d); err != nil {
					return nil, err
				}
			}
			if h, ok := r.Headers[HeaderKey(t.Lib, false)]; ok {
				d.Header = h
				if err := emit("lwipopts.h.tmpl", PathLwipopts, d); err != nil {
					return nil, err
				}
				if err := emit("xlwipconfig.h.tmpl", PathXlwip, d); err != nil {
					return nil, err
				}
				xlwipDone = true
			}
		}
		if t.SDT {
			if d.SDT, err = b.For(t.Lib, true); err != nil {
				return nil, err
			}
			d.Header = r.Headers[HeaderKey(t.Lib, true)]
			d.Flags, d.ExtraCFlags = d.Header.Flags, toolchainExtraCFlags
			hdr := PathLwipoptsSD
			if !pinned {
				hdr = "vitis/lwipopts." + t.Lib + ".h"
			}
			for _, f := range []struct{ tmpl, path string }{
				{"bsp.yaml.tmpl", PathYAML}, {"lib.cmake.tmpl", "vitis/" + t.Lib + ".cmake"}, {"empyro.py.tmpl", PathEmpyro}, {"lwipopts.h.tmpl", hdr},
			} {
				if err := emit(f.tmpl, f.path, d); err != nil {
					return nil, err
				}
			}
			if !xlwipDone {
				if err := emit("xlwipconfig.h.tmpl", PathXlwip, d); err != nil {
					return nil, err
				}
				xlwipDone = true
			}
		}
	}
	// The non-cacheable region only when something lives in it.
	if len(r.NoCache.Objects) > 0 {
		d := templateData{Plan: p, BSP: b, NoCache: r.NoCache, Lib: targets[0].Lib}
		if err := emit("lscript_lwip.ld.tmpl", PathLinker, d); err != nil {
			return nil, err
		}
		if err := emit("lwipgen_tlb.c.tmpl", PathTLB, d); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// templatesFS holds the BSP fragment templates (templates/*.tmpl).
//
//go:embed templates
var templatesFS embed.FS

// execute renders templates/<name> through render (text/template + sprig).
func execute(name string, data any) ([]byte, error) {
	return render.ExecuteFS(templatesFS, "templates/"+name, data)
}

// BSPHeader renders the lwipopts.h the user's BSP builds for a release (""
// = lwipgen's default targets: the classic lwip213 one) and its lwIP RAM.
func BSPHeader(p *plan.Plan, release string) ([]byte, lwip.RAM, error) {
	r, err := BuildFor(p, nil, release)
	if err != nil {
		return nil, lwip.RAM{}, err
	}
	ram, ok := r.RAM[r.Primary]
	if !ok {
		return nil, lwip.RAM{}, fmt.Errorf("vitis: no RAM model for the %s lwipopts.h", r.Primary)
	}
	path := PathLwipopts
	if r.Headers[r.Primary].Flow == "sdt" {
		path = PathLwipoptsSD
		if r.Release == "" {
			path = "vitis/lwipopts." + r.Headers[r.Primary].Library + ".h"
		}
	}
	for _, f := range r.Files {
		if f.Path == path {
			return f.Content, ram, nil
		}
	}
	return nil, lwip.RAM{}, fmt.Errorf("vitis: %s not rendered", path)
}

// classicFlags are the carried flags of lib's classic header; lwipgen's
// default lwip211 block (no header of its own: a rename of lwip213's
// parameters) carries lwip213's; a pinned lwip220 release, the primary
// header's.
func (r *Result) classicFlags(lib string) []Flag {
	if h, ok := r.Headers[HeaderKey(lib, false)]; ok {
		return h.Flags
	}
	if h, ok := r.Headers[HeaderKey(Classic, false)]; ok && r.Release == "" {
		return h.Flags
	}
	return r.Flags() // lwip220's classic header is not modelled: its SDT header stands for the build
}

// Flags are the carried flags of the header the user's BSP builds (Primary).
func (r *Result) Flags() []Flag {
	if h, ok := r.Headers[r.Primary]; ok {
		return h.Flags
	}
	return nil
}

// ExtraWithFlags is the flow's default extra compiler flags with the carried
// flags appended.
func (d templateData) ExtraWithFlags() string {
	return strings.TrimRight(d.ExtraCFlags+" "+FlagArgs(d.Flags), " ")
}
