package vitis

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// Line is one line of the lwipopts.h the BSP generates.
type Line struct {
	Kind    string // define | undef | guard (#ifndef X / #define X / #endif) | blank | comment
	Name    string
	Value   string
	Comment string
}

// Header is the lwipopts.h a BSP would generate, as lines.
type Header struct {
	Library string // lwip213 | lwip220
	Flow    string // classic | sdt
	Lines   []Line
	// Flags are the options with no BSP parameter that lwipgen carries into
	// the BSP build as compiler definitions (carried.go); the BSP build's
	// configuration is this header compiled with them.
	Flags []Flag
}

// Defines returns the macros the header defines, last definition winning
// (the classic generator writes MEMP_NUM_SYS_TIMEOUT twice, identically).
func (h *Header) Defines() map[string]string {
	m := map[string]string{}
	for _, l := range h.Lines {
		switch l.Kind {
		case "define", "guard":
			m[l.Name] = l.Value
		}
	}
	return m
}

// Header builds the lwipopts.h that the BSP generator of lib would write for
// these settings on a Zynq-7000 (ps7_cortexa9, GEM). lwip211/lwip213 follow
// the classic generator (lwipNNN.tcl generate_lwip_opts); lwip220 follows
// the SDT flow (lwip220.cmake + configure_file of lwipopts.h.in, whose
// #cmakedefine leaves a define out when its value is CMake-false, e.g. "0").
// Neither generator is copied: this re-implements what they emit, in order.
func (b *BSP) Header(lib string) (*Header, error) {
	flow := "classic"
	if lib == "lwip220" {
		flow = "sdt"
	}
	return b.HeaderFlow(lib, flow)
}

// HeaderFlow is Header for one flow of lib: "classic" (the .mld/.tcl
// generator) or "sdt" (<lib>.cmake + lwipopts.h.in: lwip213 from Vitis
// 2023.2, lwip220).
func (b *BSP) HeaderFlow(lib, flow string) (*Header, error) {
	v, err := b.Values(lib) // lib may be pinned ("lwip211@1.8"): that release's parameters and defaults
	if err != nil {
		return nil, err
	}
	lib, _, _ = strings.Cut(lib, "@") // the generator model is per library; the version only changes the parameter list
	h := &Header{Library: lib, Flow: flow}
	switch {
	case flow == "classic" && (lib == "lwip211" || lib == "lwip213" || lib == "lwip220"):
		if lib == "lwip220" {
			return nil, fmt.Errorf("vitis: no classic lwipopts.h model for lwip220 (lwipgen models its SDT flow)")
		}
		h.Lines = classicLines(lib, v, b.OS)
	case flow == "sdt" && (lib == "lwip213" || lib == "lwip220"):
		h.Lines = sdtLines(lib, v, b.OS)
	default:
		return nil, fmt.Errorf("vitis: no %s lwipopts.h model for %s", flow, lib)
	}
	return h, nil
}

func tf(v string) string {
	if v == "true" {
		return "1"
	}
	return "0"
}

func debugLines(v map[string]string, on string) []Line {
	if v["lwip_debug"] != "true" {
		return nil
	}
	var L []Line
	def := func(n string) { L = append(L, Line{Kind: "define", Name: n, Value: on}) }
	L = append(L, Line{Kind: "define", Name: "LWIP_DEBUG", Value: "1"}, Line{Kind: "define", Name: "DBG_TYPES_ON", Value: "DBG_LEVEL_WARNING"})
	for _, d := range []struct {
		param string
		defs  []string
	}{
		{"ip_debug", []string{"IP_DEBUG"}},
		{"tcp_debug", []string{"TCP_DEBUG", "TCP_INPUT_DEBUG", "TCP_OUTPUT_DEBUG", "TCPIP_DEBUG"}},
		{"udp_debug", []string{"UDP_DEBUG"}}, {"icmp_debug", []string{"ICMP_DEBUG"}}, {"igmp_debug", []string{"IGMP_DEBUG"}},
		{"netif_debug", []string{"NETIF_DEBUG"}}, {"sys_debug", []string{"SYS_DEBUG", "API_MSG_DEBUG"}},
		{"pbuf_debug", []string{"PBUF_DEBUG"}}, {"socket_debug", []string{"SOCKET_DEBUG"}},
		{"dhcp_debug", []string{"DHCP_DEBUG"}}, {"acd_debug", []string{"ACD_DEBUG"}},
	} {
		if v[d.param] == "true" {
			for _, n := range d.defs {
				def(n)
			}
		}
	}
	def("MEMP_DEBUG")
	return L
}

// cmakeFalse is CMake's notion of a false constant, which makes
// `#cmakedefine NAME @NAME@` emit `/* #undef NAME */`: a value of "0" leaves
// the define out and lwIP's own default applies.
func cmakeFalse(s string) bool {
	// Not trimmed: lwip220.cmake sets NO_SYS to " " to get a 1, and CMake
	// only treats the empty string as false.
	u := strings.ToUpper(s)
	switch u {
	case "", "0", "OFF", "NO", "FALSE", "N", "IGNORE", "NOTFOUND":
		return true
	}
	return strings.HasSuffix(u, "-NOTFOUND")
}

func incr(s string) string {
	var n int
	fmt.Sscan(s, &n)
	return fmt.Sprint(n + 1)
}

// portMacros are what the Xilinx generators write into lwipopts.h that are
// not lwIP options: the adapter's own switches and lwIP 1.x leftovers.
// They are dropped before lwip.Resolve (which would call them unknown).
var portMacros = map[string]string{
	"PROCESSOR_LITTLE_ENDIAN":             "Xilinx port endianness switch (cc.h)",
	"MEMP_SEPARATE_POOLS":                 "lwIP 1.4 option, not used by lwIP 2.x",
	"IP_OPTIONS":                          "lwIP 1.x name; lwIP 2.x has IP_OPTIONS_ALLOWED, which the BSP hard-codes to 0",
	"LWIP_FULL_CSUM_OFFLOAD_RX":           "xemacps adapter switch",
	"LWIP_FULL_CSUM_OFFLOAD_TX":           "xemacps adapter switch",
	"LWIP_PARTIAL_CSUM_OFFLOAD_RX":        "AXI Ethernet adapter switch",
	"LWIP_PARTIAL_CSUM_OFFLOAD_TX":        "AXI Ethernet adapter switch",
	"SGMII_FIXED_LINK":                    "xemacps adapter switch",
	"USE_JUMBO_FRAMES":                    "adapter switch",
	"OS_IS_FREERTOS":                      "Xilinx port switch",
	"DBG_TYPES_ON":                        "Xilinx port debug level",
	"NO_SYS_NO_TIMERS":                    "lwIP 1.4 name; lwIP 2.x opt.h turns it into LWIP_TIMERS = !NO_SYS || !NO_SYS_NO_TIMERS",
	"LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE": "xemacps/axiemac adapter switch",
}

var reLinkSpeed = regexp.MustCompile(`^CONFIG_LINKSPEED`)

// LwipSettings turns a header's defines into the map lwip.Resolve takes:
// port-only macros are dropped, and the legacy NO_SYS_NO_TIMERS becomes the
// LWIP_TIMERS value lwIP 2.x opt.h derives from it.
func LwipSettings(defs map[string]string) map[string]string {
	m := map[string]string{}
	for k, v := range defs {
		if _, port := portMacros[k]; port || reLinkSpeed.MatchString(k) {
			continue
		}
		m[k] = v
	}
	if nt, ok := defs["NO_SYS_NO_TIMERS"]; ok {
		if _, set := defs["LWIP_TIMERS"]; !set {
			m["LWIP_TIMERS"] = "(!(" + orZero(defs["NO_SYS"]) + ") || !(" + orZero(nt) + "))"
		}
	}
	return m
}

func orZero(s string) string {
	if strings.TrimSpace(s) == "" {
		return "0"
	}
	return s
}

// Resolve evaluates the header the way the C preprocessor will, for the
// lwIP release inside the library (lwip213: 2.1.3, lwip220: 2.2.x).
// The carried flags come first, on the command line, and are defined by no
// line of the header (carriedFlags guarantees it).
func (h *Header) Resolve() (*lwip.Config, error) { return h.resolve(h.Flags) }

func (h *Header) resolve(flags []Flag) (*lwip.Config, error) {
	v, err := lwip.ParseVersion(MustLib(h.Library).LwIP)
	if err != nil {
		return nil, err
	}
	set := LwipSettings(h.Defines())
	for k, val := range flagSettings(flags) {
		set[k] = val
	}
	return lwip.Resolve(v, set)
}

var reGuard = regexp.MustCompile(`_H_*$`)

var reDefine = regexp.MustCompile(`^\s*#\s*define\s+([A-Za-z_][A-Za-z0-9_]*(?:\([^)]*\))?)(?:\s+(.*?))?\s*$`)

// ParseDefines reads the object-like and function-like #defines of a
// lwipopts.h (comments stripped, include guard dropped, last one wins). It
// is a reader for audits, not a preprocessor: #if blocks are not evaluated.
func ParseDefines(src string) map[string]string {
	m := map[string]string{}
	src = cheader.StripComments(src)
	lines := strings.Split(src, "\n") // no line-length limit
	var guard string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + lines[i]
		}
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#ifndef") && guard == "" {
			guard = strings.TrimSpace(strings.TrimPrefix(t, "#ifndef"))
			continue
		}
		mm := reDefine.FindStringSubmatch(line)
		if mm == nil {
			continue
		}
		if mm[1] == guard && mm[2] == "" && reGuard.MatchString(guard) {
			continue // the include guard
		}
		m[mm[1]] = mm[2]
	}
	return m
}
