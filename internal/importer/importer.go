// Package importer turns an existing lwIP configuration - a project's
// lwipopts.h or a CubeMX .ioc - into a board description (HCL) whose
// generated lwipopts.h has the same effective option values. The options
// become an options {} block; the Ethernet counts of a .ioc become
// ethernet {} values; and the file lists, as comments, what lwipgen would
// choose differently for the same board without those overrides, and why.
package importer

import (
	"bytes"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/escape"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Options complete what the input does not say.
type Options struct {
	BoardName   string // default "imported"
	Chip        string // chip name (boards/chips); a .ioc names its MCU
	Vendor      string // default: the chip's first flow
	RTOS        string // default: from NO_SYS (none) or the .ioc's FREERTOS
	LwIPVersion string // default 2.1.3
	PHY         string // default by chip family
	Interface   string // default rmii
	SpeedMbps   int    // default 100
	Source      board.Source
}

// Result is the imported board.
type Result struct {
	HCL     []byte
	Board   *board.Board
	Options map[string]string // the options {} block
	Input   map[string]string // the input's lwIP options as written (lwipopts.h #defines, .ioc LWIP.* keys)
	Notes   []string          // what was not carried over, and why
	Changes []string          // what lwipgen would choose differently without the overrides
}

type input struct {
	defs           map[string]string // every #define / LWIP.* key
	chip           string
	rtos           string
	rxDesc, txDesc int
	rxBufs         int
	heapPointer    string
	phy, iface     string
	isIOC          bool
}

var iocKeyRe = regexp.MustCompile(`^([A-Za-z0-9_]+)\.([A-Za-z0-9_.\-]+)=(.*)$`)

// IsIOC reports whether src looks like a CubeMX .ioc file.
func IsIOC(filename string, src []byte) bool {
	return strings.HasSuffix(strings.ToLower(filename), ".ioc") || bytes.HasPrefix(src, []byte("#MicroXplorer"))
}

func parseIOC(src []byte) (*input, error) {
	in := &input{defs: map[string]string{}, isIOC: true}
	ips := false
	for _, l := range strings.Split(string(src), "\n") { // no line-length limit
		l = strings.TrimSpace(l)
		m := iocKeyRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		ip, key, val := m[1], m[2], strings.TrimSpace(m[3])
		switch {
		case ip == "LWIP" && key != "IPParameters" && key != "Version" && !strings.HasPrefix(key, "BSP"):
			if key == "ETH_RX_BUFFER_CNT" {
				in.rxBufs, _ = strconv.Atoi(val)
				continue
			}
			in.defs[key] = val
		case ip == "ETH" && key == "ETH_RX_DESC_CNT":
			in.rxDesc, _ = strconv.Atoi(val)
		case ip == "ETH" && key == "ETH_TX_DESC_CNT":
			in.txDesc, _ = strconv.Atoi(val)
		case ip == "ETH" && key == "MediaInterface":
			if strings.Contains(val, "RMII") {
				in.iface = "rmii"
			} else if strings.Contains(val, "MII") {
				in.iface = "mii"
			}
		case ip == "ETH" && key == "PHY_Name":
			in.phy = strings.TrimSuffix(val, "_PHY_ADDRESS")
		case strings.HasPrefix(ip, "LWIP") && key == "BSP.component":
			if val == "LAN8742" {
				val = "LAN8742A"
			}
			in.phy = val
		case ip == "Mcu" && (key == "UserName" || key == "Name" && in.chip == ""):
			in.chip = val
		case ip == "Mcu" && strings.HasPrefix(key, "IP") && val == "FREERTOS":
			ips = true
		}
	}
	in.rtos = "none"
	if ips {
		in.rtos = "freertos"
	}
	return in, nil
}

func parseLwipopts(src []byte) *input {
	in := &input{defs: map[string]string{}}
	for _, d := range audit.Parse(src) {
		in.defs[d.Name] = d.Value // a later #define wins, as in the preprocessor
	}
	return in
}

// hclValue writes an option value: plain integers as numbers, the rest as a
// C expression string.
func hclValue(v string) string {
	t := strings.TrimRight(strings.TrimSpace(v), "uUlL")
	if n, err := strconv.ParseInt(t, 10, 64); err == nil && !strings.HasPrefix(t, "0") || t == "0" {
		return strconv.FormatInt(n, 10)
	}
	return hclString(strings.TrimSpace(v))
}

func hclString(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "${", "$${", "%{", "%%{").Replace(s)
	return `"` + s + `"`
}

// Import reads src (an lwipopts.h, or a .ioc when IsIOC) and returns the board.
func Import(src []byte, filename string, o Options) (*Result, error) {
	var in *input
	if IsIOC(filename, src) {
		var err error
		if in, err = parseIOC(src); err != nil {
			return nil, fmt.Errorf("%s: %v", filename, err)
		}
	} else {
		in = parseLwipopts(src)
	}
	if o.BoardName == "" {
		o.BoardName = "imported"
	}
	if o.LwIPVersion == "" {
		o.LwIPVersion = "2.1.3"
	}
	v, err := lwip.ParseVersion(o.LwIPVersion)
	if err != nil {
		return nil, err
	}
	chips, diags := o.Source.Chips()
	if diags.HasErrors() {
		return nil, diags
	}
	chipName := o.Chip
	if chipName == "" && in.chip != "" {
		u := strings.ToLower(in.chip)
		for name := range chips {
			if strings.HasPrefix(u, name) && len(name) > len(chipName) {
				chipName = name
			}
		}
		if chipName == "" {
			return nil, fmt.Errorf("%s: MCU %s is not a chip lwipgen knows; pass --chip", filename, in.chip)
		}
	}
	if chipName == "" {
		return nil, fmt.Errorf("%s does not say which chip it is for; pass --chip (one of the boards/chips names)", filename)
	}
	chip, ok := chips[chipName]
	if !ok {
		return nil, fmt.Errorf("unknown chip %q", chipName)
	}
	res := &Result{Options: map[string]string{}, Input: map[string]string{}}
	// the input's lwIP options, and what it leaves out
	set := map[string]string{}
	var names []string
	for n := range in.defs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		val := in.defs[n]
		switch {
		case n == "LWIP_RAM_HEAP_POINTER":
			in.heapPointer = val
			res.Notes = append(res.Notes, fmt.Sprintf("LWIP_RAM_HEAP_POINTER = %s is not carried over: lwipgen places the heap (ram_heap) with its linker fragment and sizes the MPU region for it; memory.lwip_region says where", val))
		case !lwip.Known(v, n):
			if !strings.HasSuffix(n, "_H") && !strings.HasSuffix(n, "_H_") && !strings.HasSuffix(n, "_H__") {
				res.Notes = append(res.Notes, fmt.Sprintf("%s = %s is not an lwIP %s option (a vendor or project macro): not carried over", n, val, o.LwIPVersion))
			}
		default:
			set[n] = val
			res.Input[n] = val
		}
	}
	inCfg, err := lwip.Resolve(v, set)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", filename, err)
	}
	rtos := o.RTOS
	if rtos == "" {
		rtos = in.rtos
	}
	if rtos == "" {
		rtos = "freertos"
		if n, _ := inCfg.Int("NO_SYS"); n != 0 {
			rtos = "none"
		}
	}
	vendor := o.Vendor
	if vendor == "" && len(chip.Flows) > 0 {
		vendor = chip.Flows[0]
	}
	phy, iface, speed := o.PHY, o.Interface, o.SpeedMbps
	if phy == "" {
		phy = in.phy
	}
	if phy == "" {
		phy = "LAN8742A"
		if g, ok := flow.GlueFor(chip.Ethernet.MAC); ok {
			phy = g.DefaultPHY() // the vendor's evaluation boards
		}
	}
	if iface == "" {
		iface = in.iface
	}
	if iface == "" {
		iface = "rmii"
	}
	if speed == 0 {
		speed = 100
	}
	region := ""
	if in.heapPointer != "" {
		if a, err := strconv.ParseUint(strings.TrimRight(in.heapPointer, "uU"), 0, 64); err == nil {
			for _, m := range chip.Memories {
				if a >= m.Base && a < m.End() && m.Kind == "ram" {
					region = m.Name
				}
			}
		}
	}
	val := func(name string, def int64) int64 {
		if n, ok := inCfg.Int(name); ok {
			return n
		}
		return def
	}
	hdr := func(opts map[string]string, comments []string) []byte {
		var b strings.Builder
		// comments of the HCL written: one line each, whatever the file name or finding says
		fmt.Fprintf(&b, "# Imported by lwipgen from %s.\n", escape.HashComment(filename))
		for _, c := range comments {
			fmt.Fprintf(&b, "# %s\n", escape.HashComment(c))
		}
		fmt.Fprintf(&b, "board %s {\n", hclString(o.BoardName))
		fmt.Fprintf(&b, "  chip         = %s\n  vendor       = %s\n  rtos         = %s\n  lwip_version = %s\n\n", hclString(chipName), hclString(vendor), hclString(rtos), hclString(o.LwIPVersion))
		fmt.Fprintf(&b, "  ethernet {\n    phy        = %s\n    interface  = %s\n    speed_mbps = %d\n", hclString(phy), hclString(iface), speed)
		if in.rxDesc > 0 {
			fmt.Fprintf(&b, "    rx_descriptors = %d\n", in.rxDesc)
		}
		if in.txDesc > 0 {
			fmt.Fprintf(&b, "    tx_descriptors = %d\n", in.txDesc)
		}
		if in.rxBufs > 0 {
			fmt.Fprintf(&b, "    rx_buffers     = %d\n", in.rxBufs)
		}
		if val("CHECKSUM_GEN_IP", 1) == 0 && val("CHECKSUM_CHECK_TCP", 1) == 0 {
			b.WriteString("    checksum_offload = true\n")
		}
		b.WriteString("  }\n\n")
		fmt.Fprintf(&b, "  workload {\n    profile         = \"balanced\"\n    tcp_connections = %d\n    tcp_listeners   = %d\n    udp_endpoints   = %d\n    dhcp            = %v\n    dns             = %v\n  }\n",
			// the inverse of lwipgen's PCB rules: one spare TCP PCB, one UDP PCB for DHCP / DNS
			max(1, val("MEMP_NUM_TCP_PCB", 5)-1), val("MEMP_NUM_TCP_PCB_LISTEN", 8),
			max(0, val("MEMP_NUM_UDP_PCB", 4)-b2i(val("LWIP_DHCP", 0) != 0)-b2i(val("LWIP_DNS", 0) != 0)), val("LWIP_DHCP", 0) != 0, val("LWIP_DNS", 0) != 0)
		if region != "" {
			fmt.Fprintf(&b, "\n  memory {\n    lwip_region = %s # from LWIP_RAM_HEAP_POINTER %s\n  }\n", hclString(region), escape.HashComment(in.heapPointer))
		}
		if len(opts) > 0 {
			b.WriteString("\n  # The imported configuration, pinned: the generated lwipopts.h has these effective values.\n  options {\n")
			var on []string
			for n := range opts {
				on = append(on, n)
			}
			sort.Strings(on)
			for _, n := range on {
				fmt.Fprintf(&b, "    %-28s = %s\n", n, hclValue(opts[n]))
			}
			b.WriteString("  }\n")
		}
		b.WriteString("}\n")
		return []byte(b.String())
	}
	decode := func(src []byte) (*board.Board, *plan.Plan, error) {
		bd, diags := o.Source.Decode(src, o.BoardName+".hcl")
		if diags.HasErrors() {
			return nil, nil, diags
		}
		p, err := flow.Plan(bd)
		if err != nil {
			return bd, nil, err
		}
		return bd, p, nil
	}
	// 1. lwipgen's own choice for this board, without the imported options
	_, p0, err := decode(hdr(nil, nil))
	if err != nil {
		return nil, fmt.Errorf("the board without options does not plan: %v", err)
	}
	// 2. pin every option lwipgen sets that the input leaves at lwIP's default
	opts := map[string]string{}
	for n, e := range set {
		opts[n] = e
	}
	// (a .ioc lists only what differs from CubeMX's own defaults, which are not lwIP's: there,
	// the options it does not list are left to lwipgen)
	for round := 0; round < 3 && !in.isIOC; round++ {
		_, p, err := decode(hdr(opts, nil))
		if err != nil {
			return nil, fmt.Errorf("the imported board does not plan: %v", err)
		}
		added := false
		for _, s := range p.Settings {
			if _, ok := opts[s.Name]; ok {
				continue
			}
			if e, ok := inCfg.Expr(s.Name); ok {
				if n, ok := inCfg.Int(s.Name); ok {
					e = strconv.FormatInt(n, 10)
				}
				opts[s.Name] = e
				added = true
			}
		}
		if !added {
			break
		}
	}
	res.Options = opts
	// 3. what lwipgen would change, and why
	for _, s := range p0.Settings {
		want, _ := p0.Config.Int(s.Name)
		have, ok := inCfg.Int(s.Name)
		if ok && have == want {
			continue
		}
		if _, listed := set[s.Name]; in.isIOC && !listed {
			continue
		}
		yours := fmt.Sprint(have)
		if !ok {
			yours, _ = inCfg.Expr(s.Name)
		}
		if _, set := set[s.Name]; !set {
			yours += " (lwIP default)"
		}
		res.Changes = append(res.Changes, fmt.Sprintf("%s: %s -> %d: %s", s.Name, yours, want, s.Why))
	}
	for n := range set {
		if _, ok := p0.Setting(n); ok {
			continue
		}
		have, _ := inCfg.Int(n)
		if def, ok := p0.Config.Int(n); ok && def != have {
			res.Changes = append(res.Changes, fmt.Sprintf("%s: %d -> %d: lwipgen leaves it at lwIP's default", n, have, def))
		}
	}
	sort.Strings(res.Changes)
	var comments []string
	for _, n := range res.Notes {
		comments = append(comments, "Note: "+n)
	}
	if len(res.Changes) > 0 {
		comments = append(comments, "", fmt.Sprintf("Without the options {} block lwipgen would change %d value(s) for this board:", len(res.Changes)))
		for _, c := range res.Changes {
			comments = append(comments, "  "+c)
		}
		comments = append(comments, "Delete an option below to let lwipgen size it.")
	} else {
		comments = append(comments, "lwipgen's own sizing for this board gives the same values.")
	}
	res.HCL = hdr(opts, comments)
	bd, p, err := decode(res.HCL)
	if err != nil {
		return res, fmt.Errorf("the imported board does not plan: %v", err)
	}
	res.Board = bd
	if d := p.Diagnostics(); d.HasErrors() {
		return res, fmt.Errorf("the imported configuration fails lwipgen's checks: %v", d)
	}
	if _, d := layout.Plan(p); d.HasErrors() {
		return res, fmt.Errorf("the imported configuration cannot be placed: %v", d)
	}
	return res, nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
