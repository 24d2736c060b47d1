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

// classicLines: the classic tcl for a ps7_cortexa9 with a GEM (no AXI
// Ethernet, no emaclite).
func classicLines(lib string, v map[string]string, os string) []Line {
	var L []Line
	def := func(n, val string) { L = append(L, Line{Kind: "define", Name: n, Value: val}) }
	blank := func() { L = append(L, Line{Kind: "blank"}) }
	L = append(L, Line{Kind: "guard", Name: "PROCESSOR_LITTLE_ENDIAN"})
	blank()
	def("SYS_LIGHTWEIGHT_PROT", "1")
	blank()
	raw := v["api_mode"] == "RAW_API"
	if raw {
		def("NO_SYS", "1")
		def("LWIP_SOCKET", "0")
		def("LWIP_COMPAT_SOCKETS", "0")
		def("LWIP_NETCONN", "0")
	}
	blank()
	def("NO_SYS_NO_TIMERS", tf(v["no_sys_no_timers"]))
	blank()
	socket := !raw && os == "freertos10_xilinx"
	if socket {
		prio := v["socket_mode_thread_prio"]
		def("DEFAULT_THREAD_PRIO", prio)
		def("TCPIP_THREAD_PRIO", "("+prio+" + 1)") // A9: one above the application threads
		def("TCPIP_THREAD_STACKSIZE", "1024")
		def("DEFAULT_TCP_RECVMBOX_SIZE", v["default_tcp_recvmbox_size"])
		def("DEFAULT_ACCEPTMBOX_SIZE", "5")
		def("TCPIP_MBOX_SIZE", v["tcpip_mbox_size"])
		def("DEFAULT_UDP_RECVMBOX_SIZE", v["default_udp_recvmbox_size"])
		def("DEFAULT_RAW_RECVMBOX_SIZE", "30")
		def("LWIP_COMPAT_MUTEX", "0")
		def("LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT", "1")
		if v["lwip_tcpip_core_locking_input"] == "true" {
			def("LWIP_TCPIP_CORE_LOCKING_INPUT", "1")
		}
		blank()
	}
	def("LWIP_TCP_KEEPALIVE", tf(v["lwip_tcp_keepalive"]))
	blank()
	if v["sgmii_fixed_link"] == "true" {
		def("SGMII_FIXED_LINK", "1")
		blank()
	}
	def("MEM_ALIGNMENT", "64")
	def("MEM_SIZE", v["mem_size"])
	def("MEMP_NUM_PBUF", v["memp_n_pbuf"])
	def("MEMP_NUM_UDP_PCB", v["memp_n_udp_pcb"])
	def("MEMP_NUM_TCP_PCB", v["memp_n_tcp_pcb"])
	def("MEMP_NUM_TCP_PCB_LISTEN", v["memp_n_tcp_pcb_listen"])
	def("MEMP_NUM_TCP_SEG", v["memp_n_tcp_seg"])
	def("MEMP_NUM_SYS_TIMEOUT", v["memp_n_sys_timeout"])
	def("MEMP_NUM_NETBUF", v["memp_num_netbuf"])
	def("MEMP_NUM_NETCONN", v["memp_num_netconn"])
	def("MEMP_NUM_TCPIP_MSG_API", v["memp_num_api_msg"])
	def("MEMP_NUM_TCPIP_MSG_INPKT", v["memp_num_tcpip_msg"])
	blank()
	if !raw {
		def("MEMP_NUM_NETBUF", v["memp_num_netbuf"])
		def("MEMP_NUM_NETCONN", v["memp_num_netconn"])
		def("LWIP_PROVIDE_ERRNO", "1")
	}
	def("MEMP_NUM_SYS_TIMEOUT", v["memp_n_sys_timeout"])
	def("PBUF_POOL_SIZE", v["pbuf_pool_size"])
	def("PBUF_POOL_BUFSIZE", v["pbuf_pool_bufsize"])
	def("PBUF_LINK_HLEN", v["pbuf_link_hlen"])
	blank()
	def("ARP_TABLE_SIZE", v["arp_table_size"])
	def("ARP_QUEUEING", v["arp_queueing"])
	blank()
	def("ICMP_TTL", v["icmp_ttl"])
	blank()
	if v["ipv6_enable"] == "true" {
		def("LWIP_IPV6", "1")
		blank()
	}
	if v["igmp_options"] == "true" {
		def("LWIP_IGMP", "1")
		blank()
	}
	def("IP_OPTIONS", v["ip_options"])
	def("IP_FORWARD", v["ip_forward"])
	def("IP_REASSEMBLY", v["ip_reassembly"])
	def("IP_FRAG", v["ip_frag"])
	def("IP_REASS_MAX_PBUFS", v["ip_reass_max_pbufs"])
	def("IP_FRAG_MAX_MTU", v["ip_frag_max_mtu"])
	def("IP_DEFAULT_TTL", v["ip_default_ttl"])
	def("LWIP_CHKSUM_ALGORITHM", "3")
	blank()
	def("LWIP_UDP", tf(v["lwip_udp"]))
	def("UDP_TTL", v["udp_ttl"])
	if _, ok := v["udp_tx_blocking"]; ok { // lwip211 from LIBRARY_VER 1.6 (2021.2), lwip213 and later
		if v["lwip_udp"] == "true" {
			def("LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE", tf(v["udp_tx_blocking"]))
		} else {
			def("LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE", "0")
		}
	}
	blank()
	def("LWIP_TCP", tf(v["lwip_tcp"]))
	def("TCP_MSS", v["tcp_mss"])
	def("TCP_SND_BUF", v["tcp_snd_buf"])
	def("TCP_WND", v["tcp_wnd"])
	def("TCP_TTL", v["tcp_ttl"])
	def("TCP_MAXRTX", v["tcp_maxrtx"])
	def("TCP_SYNMAXRTX", v["tcp_synmaxrtx"])
	def("TCP_QUEUE_OOSEQ", v["tcp_queue_ooseq"])
	def("TCP_SND_QUEUELEN", "16 * TCP_SND_BUF/TCP_MSS")
	// GEM: the generator's branch for "no AXI Ethernet, no emaclite" always
	// relies on the GEM's checksum offload, whatever the *_checksum_offload
	// parameters say (they apply to AXI Ethernet only).
	for _, n := range []string{"CHECKSUM_GEN_TCP", "CHECKSUM_GEN_UDP", "CHECKSUM_GEN_IP", "CHECKSUM_CHECK_TCP", "CHECKSUM_CHECK_UDP", "CHECKSUM_CHECK_IP"} {
		def(n, "0")
	}
	def("LWIP_FULL_CSUM_OFFLOAD_RX", "1")
	def("LWIP_FULL_CSUM_OFFLOAD_TX", "1")
	blank()
	def("MEMP_SEPARATE_POOLS", "1")
	def("MEMP_NUM_FRAG_PBUF", "256")
	def("IP_OPTIONS_ALLOWED", "0")
	def("TCP_OVERSIZE", "TCP_MSS")
	blank()
	if v["temac_use_jumbo_frames"] == "true" {
		def("USE_JUMBO_FRAMES", "1")
		blank()
	}
	def("LWIP_DHCP", tf(v["lwip_dhcp"]))
	def("DHCP_DOES_ARP_CHECK", tf(v["dhcp_does_arp_check"]))
	blank()
	def(v["phy_link_speed"], "1")
	blank()
	if v["lwip_stats"] == "true" {
		def("LWIP_STATS", "1")
		def("LWIP_STATS_DISPLAY", "1")
		blank()
	}
	L = append(L, debugLines(v, "(LWIP_DBG_LEVEL_SEVERE | LWIP_DBG_ON)")...)
	return L
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

// sdtLines: lwip220.cmake (EMACPS, standalone or FreeRTOS) + lwipopts.h.in.
// sdtLines: lwip213's lwipopts.h.in (Vitis 2023.2) differs from lwip220's
// only in DHCP_DOES_ARP_CHECK where lwip220 has LWIP_DHCP_DOES_ACD_CHECK and
// LWIP_ACD, and in the DHCP/ACD debug switches lwip220 added.
func sdtLines(lib string, v map[string]string, os string) []Line {
	raw := v["api_mode"] == "RAW_API"
	socket := !raw && os == "freertos10_xilinx"
	vars := map[string]string{} // CMake variables lwip220.cmake sets
	on := func(b bool, name, val string) {
		if b {
			vars[name] = val
		}
	}
	on(raw, "NO_SYS", " ")
	on(v["no_sys_no_timers"] == "true", "NO_SYS_NO_TIMERS", " ")
	on(v["lwip_tcp_keepalive"] == "true", "LWIP_TCP_KEEPALIVE", " ")
	on(v["sgmii_fixed_link"] == "true", "SGMII_FIXED_LINK", " ")
	for param, name := range map[string]string{
		"mem_size": "MEM_SIZE", "memp_n_pbuf": "MEMP_NUM_PBUF", "memp_n_udp_pcb": "MEMP_NUM_UDP_PCB", "memp_n_tcp_pcb": "MEMP_NUM_TCP_PCB",
		"memp_n_tcp_pcb_listen": "MEMP_NUM_TCP_PCB_LISTEN", "memp_n_tcp_seg": "MEMP_NUM_TCP_SEG", "memp_n_sys_timeout": "MEMP_NUM_SYS_TIMEOUT",
		"memp_num_netbuf": "MEMP_NUM_NETBUF", "memp_num_netconn": "MEMP_NUM_NETCONN", "memp_num_api_msg": "MEMP_NUM_TCPIP_MSG_API",
		"memp_num_tcpip_msg": "MEMP_NUM_TCPIP_MSG_INPKT", "pbuf_pool_size": "PBUF_POOL_SIZE", "pbuf_pool_bufsize": "PBUF_POOL_BUFSIZE",
		"pbuf_link_hlen": "PBUF_LINK_HLEN", "arp_table_size": "ARP_TABLE_SIZE", "arp_queueing": "ARP_QUEUEING", "icmp_ttl": "ICMP_TTL",
		"ip_options": "IP_OPTIONS", "ip_forward": "IP_FORWARD", "ip_reassembly": "IP_REASSEMBLY", "ip_frag": "IP_FRAG",
		"ip_reass_max_pbufs": "IP_REASS_MAX_PBUFS", "ip_frag_max_mtu": "IP_FRAG_MAX_MTU", "ip_default_ttl": "IP_DEFAULT_TTL",
		"udp_ttl": "UDP_TTL", "tcp_mss": "TCP_MSS", "tcp_snd_buf": "TCP_SND_BUF", "tcp_wnd": "TCP_WND", "tcp_ttl": "TCP_TTL",
		"tcp_maxrtx": "TCP_MAXRTX", "tcp_synmaxrtx": "TCP_SYNMAXRTX", "tcp_queue_ooseq": "TCP_QUEUE_OOSEQ",
	} {
		vars[name] = v[param]
	}
	on(v["ipv6_enable"] == "true", "LWIP_IPV6", " ")
	on(v["igmp_options"] == "true", "LWIP_IGMP", "1")
	if v["lwip_udp"] == "true" {
		vars["LWIP_UDP"] = "1"
	} else {
		vars["LWIP_UDP"] = "0"
	}
	on(v["lwip_tcp"] == "true", "LWIP_TCP", "1")
	// EMACPS: full checksum offload; CHECKSUM_* stay unset (-> 0 by #cmakedefine01)
	vars["LWIP_FULL_CSUM_OFFLOAD_RX"], vars["LWIP_FULL_CSUM_OFFLOAD_TX"] = "1", "1"
	vars["TCP_OVERSIZE"] = "TCP_MSS"
	on(v["temac_use_jumbo_frames"] == "true", "USE_JUMBO_FRAMES", "1")
	on(v["lwip_dhcp"] == "true", "LWIP_DHCP", " ")
	on(v["lwip_dhcp_does_acd_check"] == "true", "LWIP_DHCP_DOES_ACD_CHECK", " ")
	on(v["lwip_dhcp_does_acd_check"] == "true", "LWIP_ACD", " ")
	on(v["dhcp_does_arp_check"] == "true", "DHCP_DOES_ARP_CHECK", " ")
	on(v["lwip_stats"] == "true", "LWIP_STATS", "1")
	on(v["lwip_stats"] == "true", "LWIP_STATS_DISPLAY", "1")
	if socket {
		prio := v["socket_mode_thread_prio"]
		for n, val := range map[string]string{
			"OS_IS_FREERTOS": " ", "LWIP_PROVIDE_ERRNO": "1", "DEFAULT_THREAD_PRIO": prio, "LWIP_SOCKET": " ", "LWIP_COMPAT_SOCKETS": " ",
			"LWIP_NETCONN": " ", "TCPIP_THREAD_PRIO": incr(prio), "TCPIP_THREAD_STACKSIZE": "1024", "DEFAULT_TCP_RECVMBOX_SIZE": v["default_tcp_recvmbox_size"],
			"DEFAULT_ACCEPTMBOX_SIZE": "5", "TCPIP_MBOX_SIZE": v["tcpip_mbox_size"], "DEFAULT_UDP_RECVMBOX_SIZE": v["default_udp_recvmbox_size"],
			"DEFAULT_RAW_RECVMBOX_SIZE": "30", "LWIP_COMPAT_MUTEX": "0x0", "LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT": "1",
		} {
			vars[n] = val
		}
		on(v["lwip_tcpip_core_locking_input"] == "true", "LWIP_TCPIP_CORE_LOCKING_INPUT", "1")
	}
	var dbg map[string]string
	if v["lwip_debug"] == "true" {
		dbg = map[string]string{}
		for _, l := range debugLines(v, "LWIP_DBG_LEVEL_SEVERE|LWIP_DBG_ON") {
			dbg[l.Name] = l.Value
		}
	}

	var L []Line
	def := func(n, val string) { L = append(L, Line{Kind: "define", Name: n, Value: val}) }
	blank := func() { L = append(L, Line{Kind: "blank"}) }
	// #cmakedefine01 NAME: 1 unless the variable is unset or CMake-false
	d01 := func(n string) { def(n, tf(fmt.Sprint(!cmakeFalse(vars[n])))) }
	// #cmakedefine NAME @NAME@: the value, or nothing at all
	d := func(n string) {
		if val, ok := vars[n]; ok && !cmakeFalse(val) {
			def(n, strings.TrimSpace(val))
		} else {
			L = append(L, Line{Kind: "undef", Name: n})
		}
	}
	L = append(L, Line{Kind: "guard", Name: "PROCESSOR_LITTLE_ENDIAN"})
	blank()
	def("SYS_LIGHTWEIGHT_PROT", "1")
	blank()
	for _, n := range []string{"NO_SYS", "LWIP_SOCKET", "LWIP_COMPAT_SOCKETS", "LWIP_NETCONN"} {
		d01(n)
	}
	blank()
	d01("NO_SYS_NO_TIMERS")
	d01("LWIP_TCP_KEEPALIVE")
	blank()
	d("SGMII_FIXED_LINK")
	def("MEM_ALIGNMENT", "64")
	for _, n := range []string{"MEM_SIZE", "MEMP_NUM_PBUF", "MEMP_NUM_UDP_PCB", "MEMP_NUM_TCP_PCB", "MEMP_NUM_TCP_PCB_LISTEN", "MEMP_NUM_TCP_SEG",
		"MEMP_NUM_SYS_TIMEOUT", "MEMP_NUM_NETBUF", "MEMP_NUM_NETCONN", "MEMP_NUM_TCPIP_MSG_API", "MEMP_NUM_TCPIP_MSG_INPKT"} {
		d(n)
	}
	blank()
	for _, n := range []string{"PBUF_POOL_SIZE", "PBUF_POOL_BUFSIZE", "PBUF_LINK_HLEN"} {
		d(n)
	}
	blank()
	d("ARP_TABLE_SIZE")
	d("ARP_QUEUEING")
	blank()
	d("ICMP_TTL")
	blank()
	d01("LWIP_IPV6")
	d("LWIP_IGMP")
	blank()
	for _, n := range []string{"IP_OPTIONS", "IP_FORWARD", "IP_REASSEMBLY", "IP_FRAG", "IP_REASS_MAX_PBUFS", "IP_FRAG_MAX_MTU", "IP_DEFAULT_TTL"} {
		d(n)
	}
	def("LWIP_CHKSUM_ALGORITHM", "3")
	blank()
	d("LWIP_UDP")
	d("UDP_TTL")
	blank()
	for _, n := range []string{"LWIP_TCP", "TCP_MSS", "TCP_SND_BUF", "TCP_WND", "TCP_TTL", "TCP_MAXRTX", "TCP_SYNMAXRTX", "TCP_QUEUE_OOSEQ"} {
		d(n)
	}
	def("TCP_SND_QUEUELEN", "16 * TCP_SND_BUF/TCP_MSS")
	blank()
	for _, n := range []string{"CHECKSUM_GEN_TCP", "CHECKSUM_GEN_UDP", "CHECKSUM_GEN_IP", "CHECKSUM_CHECK_TCP", "CHECKSUM_CHECK_UDP", "CHECKSUM_CHECK_IP"} {
		d01(n)
	}
	blank()
	d("LWIP_FULL_CSUM_OFFLOAD_RX")
	d("LWIP_FULL_CSUM_OFFLOAD_TX")
	blank()
	def("MEMP_SEPARATE_POOLS", "1")
	def("MEMP_NUM_FRAG_PBUF", "256")
	def("IP_OPTIONS_ALLOWED", "0")
	blank()
	d("TCP_OVERSIZE")
	d("USE_JUMBO_FRAMES")
	blank()
	d01("LWIP_DHCP")
	if lib == "lwip213" {
		d01("DHCP_DOES_ARP_CHECK")
	} else {
		d01("LWIP_DHCP_DOES_ACD_CHECK")
		d01("LWIP_ACD")
	}
	blank()
	def(v["phy_link_speed"], "1")
	blank()
	d("LWIP_STATS")
	d("LWIP_STATS_DISPLAY")
	blank()
	for k, val := range dbg {
		vars[k] = val
	}
	for _, n := range []string{"LWIP_DEBUG", "DBG_TYPES_ON", "IP_DEBUG", "TCP_DEBUG", "TCP_INPUT_DEBUG", "TCP_OUTPUT_DEBUG", "TCPIP_DEBUG", "UDP_DEBUG",
		"ICMP_DEBUG", "IGMP_DEBUG", "NETIF_DEBUG", "SYS_DEBUG", "API_MSG_DEBUG", "PBUF_DEBUG", "DHCP_DEBUG", "ACD_DEBUG", "MEMP_DEBUG",
		"OS_IS_FREERTOS", "LWIP_PROVIDE_ERRNO", "DEFAULT_THREAD_PRIO", "TCPIP_THREAD_PRIO", "DEFAULT_TCP_RECVMBOX_SIZE", "DEFAULT_ACCEPTMBOX_SIZE",
		"TCPIP_MBOX_SIZE", "DEFAULT_UDP_RECVMBOX_SIZE", "DEFAULT_RAW_RECVMBOX_SIZE", "LWIP_COMPAT_MUTEX", "LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT",
		"LWIP_TCPIP_CORE_LOCKING_INPUT", "TCPIP_THREAD_STACKSIZE"} {
		if lib == "lwip213" && (n == "DHCP_DEBUG" || n == "ACD_DEBUG") {
			continue
		}
		d(n)
	}
	return L
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
