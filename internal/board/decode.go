package board

import (
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// OptionCatalog tells the decoder which lwIP option names exist for a lwIP
// version. The lwip package implements it; the board package does not own
// lwIP facts.
type OptionCatalog interface {
	Known(lwipVersion, name string) bool
	Suggest(lwipVersion, name string) string
	// Myth returns the correction for a name that the seed articles use but
	// lwIP does not have (TCP_RCV_BUF, TCP_QUICKACK, ...).
	Myth(name string) (string, bool)
}

// parsed is one HCL file split into its top-level parts.
type parsed struct {
	file   *hcl.File
	ctx    *hcl.EvalContext
	chips  []*chipBlock
	boards []*boardBlock
}

// functions available in board and chip files (Terraform users expect these).
var functions = map[string]function.Function{
	"min":   stdlib.MinFunc,
	"max":   stdlib.MaxFunc,
	"ceil":  stdlib.CeilFunc,
	"floor": stdlib.FloorFunc,
	"upper": stdlib.UpperFunc,
	"lower": stdlib.LowerFunc,
}

// parse reads src as HCL native syntax and evaluates its `locals` blocks.
func parse(src []byte, filename string) (*parsed, hcl.Diagnostics) {
	if d := prescan(src, filename); d.HasErrors() {
		return nil, d
	}
	f, diags := hclparse.NewParser().ParseHCL(src, filename)
	if diags.HasErrors() {
		return nil, diags
	}
	content, d := f.Body.Content(fileSchema)
	diags = append(diags, d...)
	p := &parsed{file: f}
	var localBodies []hcl.Body
	for _, blk := range content.Blocks {
		switch blk.Type {
		case "locals":
			localBodies = append(localBodies, blk.Body)
		}
	}
	p.ctx, d = evalLocals(localBodies)
	diags = append(diags, d...)
	for _, blk := range content.Blocks {
		switch blk.Type {
		case "chip":
			var cb chipBlock
			diags = append(diags, gohcl.DecodeBody(blk.Body, p.ctx, &cb)...)
			cb.Name = blk.Labels[0]
			diags = append(diags, checkName("chip", cb.Name, blk.LabelRanges[0])...)
			cb.DeclRange = blk.DefRange
			p.chips = append(p.chips, &cb)
		case "board":
			var bb boardBlock
			diags = append(diags, gohcl.DecodeBody(blk.Body, p.ctx, &bb)...)
			diags = append(diags, missingRequired(&bb, p.ctx)...)
			bb.Name = blk.Labels[0]
			diags = append(diags, checkName("board", bb.Name, blk.LabelRanges[0])...)
			bb.DeclRange = blk.DefRange
			p.boards = append(p.boards, &bb)
		}
	}
	return p, diags
}

// missingRequired reports the required (not ",optional") hcl.Expression
// attributes of a decoded schema struct and its nested blocks that are absent
// or null. gohcl does not enforce "required" for hcl.Expression fields: it
// hands back a null expression whose range is the body's MissingItemRange.
func missingRequired(v any, ctx *hcl.EvalContext) hcl.Diagnostics {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return nil
	}
	rv = rv.Elem()
	var diags hcl.Diagnostics
	for i := 0; i < rv.NumField(); i++ {
		name, kind, _ := strings.Cut(rv.Type().Field(i).Tag.Get("hcl"), ",")
		f := rv.Field(i)
		switch {
		case kind == "" && name != "":
			e, ok := f.Interface().(hcl.Expression)
			if !ok {
				continue
			}
			r := e.Range()
			if !present(e) {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Missing required argument",
					Detail: fmt.Sprintf("The argument %q is required, but no definition was found.", name), Subject: &r})
			} else if v, d := e.Value(ctx); !d.HasErrors() && v.IsNull() {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Missing required argument",
					Detail: fmt.Sprintf("The argument %q is required, but its value is null.", name), Subject: &r})
			}
		case kind == "block" && f.Kind() == reflect.Pointer:
			diags = append(diags, missingRequired(f.Interface(), ctx)...)
		}
	}
	return diags
}

// evalLocals evaluates `locals { name = expr }`; a local may use another
// local, in any order, as in Terraform. Cycles and unknown names are reported.
func evalLocals(bodies []hcl.Body) (*hcl.EvalContext, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	attrs := map[string]*hcl.Attribute{}
	for _, b := range bodies {
		as, d := b.JustAttributes()
		diags = append(diags, d...)
		for n, a := range as {
			if prev, dup := attrs[n]; dup {
				r := a.NameRange
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Duplicate local",
					Detail: fmt.Sprintf("local.%s is already defined at %s.", n, prev.NameRange), Subject: &r})
				continue
			}
			attrs[n] = a
		}
	}
	// Kahn's algorithm over the locals' references: linear in the locals and
	// their references (a chain of 5,000 locals took 30 s when every pass
	// re-scanned the pending ones and rebuilt the whole local object).
	deps := map[string][]string{}
	users := map[string][]string{}
	waiting := map[string]int{}
	for n, a := range attrs {
		seen := map[string]bool{}
		for _, tr := range a.Expr.Variables() {
			if tr.RootName() != "local" || len(tr) < 2 {
				continue
			}
			if at, ok := tr[1].(hcl.TraverseAttr); ok && !seen[at.Name] {
				seen[at.Name] = true
				if _, exists := attrs[at.Name]; exists {
					deps[n] = append(deps[n], at.Name)
					users[at.Name] = append(users[at.Name], n)
					waiting[n]++
				}
			}
		}
	}
	var ready []string
	for n := range attrs {
		if waiting[n] == 0 {
			ready = append(ready, n)
		}
	}
	sort.Strings(ready)
	vals := map[string]cty.Value{}
	ctx := &hcl.EvalContext{Functions: functions, Variables: map[string]cty.Value{"local": cty.EmptyObjectVal}}
	for len(ready) > 0 {
		n := ready[0]
		ready = ready[1:]
		// evaluate with only the locals it uses (unknown names still fail as before)
		sub := map[string]cty.Value{}
		for _, d := range deps[n] {
			sub[d] = vals[d]
		}
		child := ctx.NewChild()
		child.Variables = map[string]cty.Value{"local": cty.ObjectVal(sub)}
		v, d := attrs[n].Expr.Value(child)
		diags = append(diags, d...)
		if d.HasErrors() {
			v = cty.DynamicVal
		}
		vals[n] = v
		var next []string
		for _, u := range users[n] {
			if waiting[u]--; waiting[u] == 0 {
				next = append(next, u)
			}
		}
		sort.Strings(next)
		ready = append(ready, next...)
	}
	var cyclic []string
	for n := range attrs {
		if _, done := vals[n]; !done {
			cyclic = append(cyclic, n)
		}
	}
	sort.Strings(cyclic)
	for _, n := range cyclic {
		r := attrs[n].NameRange
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Cyclic local",
			Detail: fmt.Sprintf("local.%s depends on itself through other locals.", n), Subject: &r})
	}
	ctx.Variables["local"] = cty.ObjectVal(vals)
	return ctx, diags
}

// DecodeChips reads chip data files (only `chip` blocks) into known, which may
// already hold chips that these files base theirs on.
func DecodeChips(src []byte, filename string, known Chips) hcl.Diagnostics {
	return decodeChipLayer(src, filename, known, map[string]bool{})
}

// decodeChipLayer decodes chips into known. A chip already in known but not
// defined in this layer (e.g. a built-in chip redefined in a user's
// boards/chips/) is replaced; two definitions in one layer are an error.
func decodeChipLayer(src []byte, filename string, known Chips, layer map[string]bool) hcl.Diagnostics {
	p, diags := parse(src, filename)
	if p == nil {
		return diags
	}
	for _, b := range p.boards {
		r := b.DeclRange
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Board in a chip file",
			Detail: "Chip data files hold only chip blocks; put boards in boards/NAME.hcl.", Subject: &r})
	}
	ev := &evaluator{ctx: p.ctx}
	for _, cb := range p.chips {
		if prev, dup := known[cb.Name]; dup && layer[cb.Name] {
			r := cb.DeclRange
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Duplicate chip",
				Detail: fmt.Sprintf("Chip %q is already defined at %s.", cb.Name, prev.DeclRange), Subject: &r})
			continue
		}
		known[cb.Name] = decodeChip(cb, known, ev)
		layer[cb.Name] = true
	}
	return append(diags, ev.diags...)
}

// DecodeBoard reads one board file. Chips defined in the file (a `chip` block,
// usually with `base = "..."` to override a catalog chip) take precedence over
// the catalog. opts may be nil: then option names are not checked.
func DecodeBoard(src []byte, filename string, catalog Chips, opts OptionCatalog) (*Board, hcl.Diagnostics) {
	p, diags := parse(src, filename)
	if p == nil {
		return nil, diags
	}
	if diags.HasErrors() {
		return nil, diags
	}
	if len(p.boards) != 1 {
		r := p.file.Body.MissingItemRange()
		if len(p.boards) > 1 {
			r = p.boards[1].DeclRange
		}
		return nil, append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "One board per file",
			Detail: fmt.Sprintf("A board file must contain exactly one board block; %s has %d.", filename, len(p.boards)), Subject: &r})
	}
	chips := Chips{}
	for k, v := range catalog {
		chips[k] = v
	}
	ev := &evaluator{ctx: p.ctx}
	for _, cb := range p.chips {
		chips[cb.Name] = decodeChip(cb, chips, ev)
	}
	b := decodeBoard(p.boards[0], chips, opts, ev)
	diags = append(diags, ev.diags...)
	if diags.HasErrors() {
		return nil, diags
	}
	b.File = filename
	if b.LwIPDir != "" && !filepath.IsAbs(b.LwIPDir) && !strings.HasPrefix(filename, "embedded:") {
		b.LwIPDir = filepath.Join(filepath.Dir(filename), b.LwIPDir)
	}
	return b, diags
}

func decodeBoard(bb *boardBlock, chips Chips, opts OptionCatalog, ev *evaluator) *Board {
	b := &Board{Name: bb.Name, DeclRange: bb.DeclRange, Ranges: map[string]hcl.Range{}}
	rec := func(path string, e hcl.Expression) {
		if present(e) {
			b.Ranges[path] = e.Range()
		}
	}
	// chip
	rec("chip", bb.Chip)
	if name, ok := ev.str(bb.Chip, "chip"); ok {
		if c, found := chips[name]; found {
			b.Chip = c
		} else {
			ev.errorf(bb.Chip.Range(), "Unknown chip", "There is no chip %q. Known chips: %s.%s",
				name, quoteList(chips.Names()), didYouMean(name, chips.Names()))
		}
	}
	setStr(ev, bb.Description, "description", &b.Description)
	setStr(ev, bb.Seed, "seed", &b.Seed)
	rec("lwip_dir", bb.LwIPDir)
	setStr(ev, bb.LwIPDir, "lwip_dir", &b.LwIPDir)
	// vendor flow, RTOS, lwIP version
	rec("vendor", bb.Vendor)
	rec("rtos", bb.RTOS)
	rec("lwip_version", bb.LwIPVersion)
	b.Vendor = enum(ev, bb.Vendor, "vendor", Vendors)
	b.RTOS = enum(ev, bb.RTOS, "rtos", RTOSes)
	setStr(ev, bb.RTOSVersion, "rtos_version", &b.RTOSVersion)
	checkGrammar(ev, bb.RTOSVersion, "rtos_version", b.RTOSVersion, versionRe, "a release number such as 4.0.3 (digits and dots)")
	rec("rtos_api", bb.RTOSAPI)
	if b.RTOS == "freertos" {
		b.RTOSAPI = defaultRTOSAPI[b.Vendor]
	}
	if v := enum(ev, bb.RTOSAPI, "rtos_api", RTOSAPIs); v != "" {
		if b.RTOS != "freertos" {
			ev.errorf(bb.RTOSAPI.Range(), "rtos_api without FreeRTOS", "rtos_api = %q says how lwIP's sys_arch reaches FreeRTOS; rtos is %q.", v, b.RTOS)
		}
		b.RTOSAPI = v
	}
	rec("rtos_priorities", bb.RTOSPrio)
	setInt(ev, bb.RTOSPrio, "rtos_priorities", 1, 256, &b.RTOSPriorities)
	if b.RTOSPriorities > 0 && b.RTOS != "freertos" {
		ev.errorf(bb.RTOSPrio.Range(), "rtos_priorities without FreeRTOS", "rtos_priorities = %d is FreeRTOS's configMAX_PRIORITIES; rtos is %q.", b.RTOSPriorities, b.RTOS)
	}
	b.LwIPVersion = "2.1.3"
	if v, ok := ev.str(bb.LwIPVersion, "lwip_version"); ok {
		allowed := LwIPVersions
		if rf, ok := rtosFlows[b.RTOS]; ok {
			allowed = rf.LwIP
		}
		if !contains(allowed, v) {
			ev.errorf(bb.LwIPVersion.Range(), "Unsupported lwIP version",
				"lwip_version must be one of %s for rtos = %q, got %q.%s", quoteList(allowed), b.RTOS, v, didYouMean(v, allowed))
		} else {
			b.LwIPVersion = v
		}
	}
	if b.Chip != nil && b.Vendor != "" && len(b.Chip.Flows) > 0 && !contains(b.Chip.Flows, b.Vendor) {
		ev.errorf(bb.Vendor.Range(), "Vendor flow not available for this chip",
			"vendor = %q does not apply to chip %q; it supports %s.", b.Vendor, b.Chip.Name, quoteList(b.Chip.Flows))
	}
	if b.Vendor != "" && b.RTOS != "" && b.Vendor != b.RTOS {
		r := bb.RTOS.Range()
		if rf, ok := rtosFlows[b.Vendor]; ok {
			ev.errorf(r, rf.Title+" needs rtos = \""+b.Vendor+"\"", "vendor = %q %s; set rtos = %q.", b.Vendor, rf.Writes, b.Vendor)
		} else if rf, ok := rtosFlows[b.RTOS]; ok {
			ev.errorf(r, "rtos = \""+b.RTOS+"\" needs vendor = \""+b.RTOS+"\"", "%s; set vendor = %q.", rf.ConfiguredBy, b.RTOS)
		}
	}
	if rf, ok := rtosFlows[b.RTOS]; ok && b.RTOSVersion == "" {
		b.RTOSVersion = rf.Version
	}
	decodeEthernet(bb, b, rec, ev)
	decodeWorkload(bb, b, rec, ev)
	decodeMemoryCfg(bb, b, rec, ev)
	decodeOptions(bb, b, opts, ev)
	decodeAccept(bb.Accept, b, ev)
	checkHeapPointer(b, ev)
	return b
}

// enum reads a string attribute restricted to vals.
func enum(ev *evaluator, e hcl.Expression, what string, vals []string) string {
	v, ok := ev.str(e, what)
	if !ok {
		return ""
	}
	if !contains(vals, v) {
		ev.errorf(e.Range(), "Invalid "+what, "%s must be one of %s, got %q.%s", what, quoteList(vals), v, didYouMean(v, vals))
		return ""
	}
	return v
}

func decodeEthernet(bb *boardBlock, b *Board, rec func(string, hcl.Expression), ev *evaluator) {
	e := bb.Ethernet
	if e == nil {
		r := bb.DeclRange
		ev.errorf(r, "Missing ethernet block", "Board %q needs an ethernet { phy, interface, speed_mbps } block.", bb.Name)
		return
	}
	for path, x := range map[string]hcl.Expression{"ethernet.phy": e.PHY, "ethernet.interface": e.Interface,
		"ethernet.speed_mbps": e.SpeedMbps, "ethernet.rx_descriptors": e.RxDescriptors, "ethernet.tx_descriptors": e.TxDescriptors,
		"ethernet.rx_buffers": e.RxBuffers, "ethernet.checksum_offload": e.ChecksumOffload, "ethernet.rx_coalesce_us": e.RxCoalesceUs,
		"ethernet.mac_address": e.MAC} {
		rec(path, x)
	}
	if v, ok := ev.str(e.PHY, "ethernet.phy"); ok {
		if strings.TrimSpace(v) == "" {
			ev.errorf(e.PHY.Range(), "Empty PHY", "ethernet.phy names the PHY part, e.g. \"LAN8742A\".")
		}
		b.Ethernet.PHY = v
	}
	b.Ethernet.Interface = enum(ev, e.Interface, "ethernet.interface", Interfaces)
	chip := b.Chip
	if b.Ethernet.Interface != "" && chip != nil && len(chip.Ethernet.Interfaces) > 0 && !contains(chip.Ethernet.Interfaces, b.Ethernet.Interface) {
		ev.errorf(e.Interface.Range(), "Interface not available", "Chip %q supports %s, not %q.",
			chip.Name, quoteList(chip.Ethernet.Interfaces), b.Ethernet.Interface)
	}
	if v, ok := ev.integer(e.SpeedMbps, "ethernet.speed_mbps", 10, 1000); ok {
		if v != 10 && v != 100 && v != 1000 {
			ev.errorf(e.SpeedMbps.Range(), "Invalid link speed", "ethernet.speed_mbps must be 10, 100 or 1000, got %d.", v)
		} else if chip != nil && chip.Ethernet.MaxSpeedMbps > 0 && int(v) > chip.Ethernet.MaxSpeedMbps {
			ev.errorf(e.SpeedMbps.Range(), "Link speed above the MAC's limit",
				"ethernet.speed_mbps = %d, but the %s MAC of %s is limited to %d Mbps.", v, chip.Ethernet.MAC, chip.Name, chip.Ethernet.MaxSpeedMbps)
		}
		b.Ethernet.SpeedMbps = int(v)
	}
	setInt(ev, e.RxDescriptors, "ethernet.rx_descriptors", 2, 1024, &b.Ethernet.RxDescriptors)
	setInt(ev, e.TxDescriptors, "ethernet.tx_descriptors", 2, 1024, &b.Ethernet.TxDescriptors)
	setInt(ev, e.RxBuffers, "ethernet.rx_buffers", 2, 4096, &b.Ethernet.RxBuffers)
	if b.Ethernet.RxBuffers > 0 && b.Ethernet.RxDescriptors > 0 && b.Ethernet.RxBuffers < b.Ethernet.RxDescriptors {
		ev.errorf(e.RxBuffers.Range(), "Too few RX buffers",
			"ethernet.rx_buffers (%d) must be at least rx_descriptors (%d): every RX descriptor needs a buffer to own.",
			b.Ethernet.RxBuffers, b.Ethernet.RxDescriptors)
	}
	if chip != nil {
		b.Ethernet.ChecksumOffload = chip.Ethernet.ChecksumOffload
	}
	if v, ok := ev.boolean(e.ChecksumOffload, "ethernet.checksum_offload"); ok {
		if v && chip != nil && !chip.Ethernet.ChecksumOffload {
			ev.errorf(e.ChecksumOffload.Range(), "No checksum offload on this MAC",
				"The %s MAC of %s cannot compute checksums; lwIP must (set checksum_offload = false or remove it).", chip.Ethernet.MAC, chip.Name)
		}
		b.Ethernet.ChecksumOffload = v
	}
	setInt(ev, e.RxCoalesceUs, "ethernet.rx_coalesce_us", 0, 10000, &b.Ethernet.RxCoalesceUs)
	b.Ethernet.MAC = "02:00:00:00:00:01"
	if v, ok := ev.str(e.MAC, "ethernet.mac_address"); ok {
		if !validMAC(v) {
			ev.errorf(e.MAC.Range(), "Invalid MAC address", "ethernet.mac_address must look like \"02:00:00:00:00:01\", got %q.", v)
		} else if why := macReason(v); why != "" {
			ev.errorf(e.MAC.Range(), "Invalid MAC address", "ethernet.mac_address %q %s; a NIC needs a unicast address (e.g. locally administered 02:xx:xx:xx:xx:xx).", v, why)
		}
		b.Ethernet.MAC = v
	}
}

func validMAC(s string) bool {
	parts := strings.Split(s, ":")
	if len(parts) != 6 {
		return false
	}
	for _, p := range parts {
		if len(p) != 2 || strings.Trim(p, "0123456789abcdefABCDEF") != "" {
			return false
		}
	}
	return true
}

func decodeWorkload(bb *boardBlock, b *Board, rec func(string, hcl.Expression), ev *evaluator) {
	w := bb.Workload
	if w == nil {
		ev.errorf(bb.DeclRange, "Missing workload block", "Board %q needs a workload { profile, ... } block: lwipgen sizes lwIP for it.", bb.Name)
		return
	}
	for path, x := range map[string]hcl.Expression{"workload.profile": w.Profile, "workload.tcp_connections": w.TCPConnections,
		"workload.tcp_listeners": w.TCPListeners, "workload.udp_endpoints": w.UDPEndpoints, "workload.target_mbps": w.TargetMbps,
		"workload.rtt_ms": w.RTTMs, "workload.app_timers": w.AppTimers, "workload.dhcp": w.DHCP, "workload.dns": w.DNS} {
		rec(path, x)
	}
	b.Workload = Workload{TCPConnections: 1, TCPListeners: 1, UDPEndpoints: 1, TargetMbps: 10, RTTMs: 1, RxStreams: 1, LossPercent: DefaultLossPercent}
	b.Workload.Profile = enum(ev, w.Profile, "workload.profile", Profiles)
	setInt(ev, w.TCPConnections, "workload.tcp_connections", 0, 1024, &b.Workload.TCPConnections)
	setInt(ev, w.TCPListeners, "workload.tcp_listeners", 0, 255, &b.Workload.TCPListeners)
	setInt(ev, w.UDPEndpoints, "workload.udp_endpoints", 0, 255, &b.Workload.UDPEndpoints)
	setInt(ev, w.AppTimers, "workload.app_timers", 0, 64, &b.Workload.AppTimers)
	rec("workload.rx_streams", w.RxStreams)
	setInt(ev, w.RxStreams, "workload.rx_streams", 1, 1024, &b.Workload.RxStreams)
	if present(w.RxStreams) && b.Workload.RxStreams > max(b.Workload.TCPConnections, 1) {
		ev.errorf(w.RxStreams.Range(), "More receiving streams than connections",
			"workload.rx_streams = %d, but there are only %d TCP connection(s).", b.Workload.RxStreams, b.Workload.TCPConnections)
	}
	setBool(ev, w.DHCP, "workload.dhcp", &b.Workload.DHCP)
	setBool(ev, w.DNS, "workload.dns", &b.Workload.DNS)
	rec("workload.loss_percent", w.LossPercent)
	if present(w.LossPercent) {
		if v, ok := ev.real(w.LossPercent, "workload.loss_percent", 0, 20); ok {
			b.Workload.LossPercent = v
		}
	}
	if v, ok := ev.real(w.RTTMs, "workload.rtt_ms", 0.001, 10000); ok {
		b.Workload.RTTMs = v
	}
	if v, ok := ev.real(w.TargetMbps, "workload.target_mbps", 0.001, 100000); ok {
		b.Workload.TargetMbps = v
		if b.Ethernet.SpeedMbps > 0 && v > float64(b.Ethernet.SpeedMbps) {
			ev.errorf(w.TargetMbps.Range(), "Target above the link speed",
				"workload.target_mbps = %g cannot exceed the link speed ethernet.speed_mbps = %d (TCP goodput tops out near %.1f Mbps).",
				v, b.Ethernet.SpeedMbps, float64(b.Ethernet.SpeedMbps)*1460/1538)
		}
	}
	if b.Workload.TCPConnections == 0 && b.Workload.TCPListeners == 0 && b.Workload.UDPEndpoints == 0 {
		ev.errorf(w.DeclRange, "Empty workload", "The workload has no TCP connection, listener or UDP endpoint: there is nothing to size lwIP for.")
	}
}

func decodeMemoryCfg(bb *boardBlock, b *Board, rec func(string, hcl.Expression), ev *evaluator) {
	b.Memory.MPUFirstRegion = firstMPURegion[b.Vendor]
	if b.Chip != nil && topPlacement[[2]string{b.Vendor, b.Chip.Family}] {
		b.Memory.Placement = "top"
	}
	m := bb.Memory
	if m == nil {
		return
	}
	rec("memory.lwip_placement", m.Placement)
	if v := enum(ev, m.Placement, "memory.lwip_placement", Placements); v != "" {
		b.Memory.Placement = v
	}
	rec("memory.mpu_first_region", m.MPUFirst)
	if b.Chip != nil {
		hi := int64(b.Chip.Core.MPURegions) - 1
		if hi < 0 {
			hi = 0
		}
		setInt(ev, m.MPUFirst, "memory.mpu_first_region", 0, hi, &b.Memory.MPUFirstRegion)
	}
	rec("memory.lwip_region", m.LwIPRegion)
	rec("memory.lwip_budget", m.LwIPBudget)
	rec("memory.dma_region", m.DMARegion)
	budget, budgetOK := ev.size(m.LwIPBudget, "memory.lwip_budget")
	region := func(e hcl.Expression, what string) string {
		v, ok := ev.str(e, what)
		if !ok || b.Chip == nil {
			return v
		}
		mem, found := b.Chip.Memory(v)
		usable, others := lwipMemories(b.Chip, budget)
		if !found {
			// did-you-mean offers only a memory that can hold what is asked
			ev.errorf(e.Range(), "Unknown memory", "%s: chip %s has no memory %q; lwIP can use %s%s.%s",
				what, b.Chip.Name, v, quoteList(usable), others, didYouMean(v, usable))
			return ""
		}
		if mem.Kind != MemoryRAM {
			ev.errorf(e.Range(), "Not a RAM", "%s: %q is %s, not RAM; lwIP needs writable memory: %s.", what, v, mem.Kind, quoteList(usable))
			return ""
		}
		if !mem.DMA && macHasDMA(b.Chip) {
			// the cause comes first and alone: a budget or a workload measured
			// against this memory would only hide it
			ev.errorf(e.Range(), "Memory not reachable by the Ethernet DMA",
				"%s = %q: the %s Ethernet DMA of %s cannot reach %s (0x%08X, %s); lwIP's heap (TX payloads) and the DMA descriptors and RX buffers must be in RAM it reaches: %s.",
				what, v, b.Chip.Ethernet.MAC, b.Chip.Name, v, mem.Base, strings.TrimSpace(mem.Note), quoteList(usable))
			return ""
		}
		return v
	}
	b.Memory.LwIPRegion = region(m.LwIPRegion, "memory.lwip_region")
	b.Memory.DMARegion = region(m.DMARegion, "memory.dma_region")
	if budgetOK {
		if budget < 4096 {
			ev.errorf(m.LwIPBudget.Range(), "Budget too small", "memory.lwip_budget = %d bytes; lwIP with Ethernet needs at least 4KiB.", budget)
		}
		if b.Memory.LwIPRegion != "" && b.Chip != nil {
			mem, _ := b.Chip.Memory(b.Memory.LwIPRegion)
			if budget > mem.Size {
				ev.errorf(m.LwIPBudget.Range(), "Budget larger than the region",
					"memory.lwip_budget = %s exceeds %s, which is %s.", FormatSize(budget), mem.Name, FormatSize(mem.Size))
			}
		}
		b.Memory.LwIPBudget = budget
	}
}

func decodeOptions(bb *boardBlock, b *Board, opts OptionCatalog, ev *evaluator) {
	if bb.Options == nil {
		return
	}
	attrs, d := bb.Options.Body.JustAttributes()
	ev.diags = append(ev.diags, d...)
	names := make([]string, 0, len(attrs))
	for n := range attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		a := attrs[n]
		b.Ranges["options."+n] = a.Range
		if opts != nil && !opts.Known(b.LwIPVersion, n) {
			if truth, myth := opts.Myth(n); myth {
				ev.errorf(a.NameRange, "Not an lwIP option", "%s does not exist in lwIP %s: %s", n, b.LwIPVersion, truth)
			} else {
				hint := ""
				if s := opts.Suggest(b.LwIPVersion, n); s != "" {
					hint = fmt.Sprintf(" Did you mean %q?", s)
				}
				ev.errorf(a.NameRange, "Unknown lwIP option", "lwIP %s has no option %s.%s", b.LwIPVersion, n, hint)
			}
			continue
		}
		v, ok := ev.value(a.Expr)
		if !ok {
			continue
		}
		o := Option{Name: n, Range: a.Range}
		switch v.Type() {
		case cty.Number:
			f := v.AsBigFloat()
			i, acc := f.Int64()
			if !f.IsInt() || acc != 0 {
				ev.errorf(a.Expr.Range(), "Not an integer", "lwIP options are integers or C expressions; %s = %s is neither.", n, f.Text('g', -1))
				continue
			}
			o.Int, o.IsInt, o.Expr = i, true, fmt.Sprint(i)
		case cty.Bool:
			o.IsInt, o.Expr = true, "0"
			if v.True() {
				o.Int, o.Expr = 1, "1"
			}
		case cty.String:
			o.Expr = strings.TrimSpace(v.AsString())
			if o.Expr == "" || unsafeInExpr(o.Expr) {
				ev.errorf(a.Expr.Range(), "Invalid option value", "%s must be an integer or a one-line C expression. It is written after #define as code: comments, '#', ';', quotes, braces, backslashes and control characters are refused.", n)
				continue
			}
		default:
			ev.errorf(a.Expr.Range(), "Wrong type", "%s must be a number, true/false or a C expression string, not %s.", n, v.Type().FriendlyName())
			continue
		}
		b.Options = append(b.Options, o)
	}
}

// macHasDMA says whether the chip's Ethernet MAC moves frames by DMA (it has
// descriptors); a FIFO MAC (LAN9118) is fed by the CPU from any RAM.
func macHasDMA(c *Chip) bool { return c.Ethernet.DescriptorSize > 0 }

// lwipMemories lists the chip's memories lwIP can be placed in (RAM,
// reachable by the Ethernet DMA when the MAC has one, and at least budget
// bytes), and a note naming the others with why not.
func lwipMemories(c *Chip, budget uint64) (usable []string, others string) {
	var small, cpuOnly, notRAM []string
	for _, m := range c.Memories {
		switch {
		case m.Kind != MemoryRAM:
			notRAM = append(notRAM, m.Name)
		case !m.DMA && macHasDMA(c):
			cpuOnly = append(cpuOnly, m.Name)
		case m.Size < budget:
			small = append(small, m.Name)
		default:
			usable = append(usable, m.Name)
		}
	}
	for _, o := range []struct {
		names []string
		why   string
	}{{small, "smaller than memory.lwip_budget"}, {cpuOnly, "out of the Ethernet DMA's reach"}, {notRAM, "not RAM"}} {
		if len(o.names) > 0 {
			others += "; not " + quoteList(o.names) + " (" + o.why + ")"
		}
	}
	return usable, others
}
