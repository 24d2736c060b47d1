package vitis

import (
	"fmt"
	"strings"
)

// sdtLines: lwip220.cmake (EMACPS, standalone or FreeRTOS) + lwipopts.h.in.
// sdtLines: lwip213's lwipopts.h.in (Vitis 2023.2) differs from lwip220's
// only in DHCP_DOES_ARP_CHECK where lwip220 has LWIP_DHCP_DOES_ACD_CHECK and
// LWIP_ACD, and in the DHCP/ACD debug switches lwip220 added.
func sdtLines(lib string, v map[string]string, os string) []Line {
	raw := v["api_mode"] == "RAW_API"
	w := &sdtWriter{vars: sdtVars(v, raw)}
	if !raw && os == "freertos10_xilinx" {
		sdtSocketVars(w.vars, v)
	}
	// lwipopts.h.in, block by block
	w.head()
	w.memory()
	w.ip()
	w.transport()
	w.tail(lib, v)
	for k, val := range sdtDebugVars(v) {
		w.vars[k] = val
	}
	w.switches(lib)
	return w.L
}

// sdtVars are the CMake variables lwip220.cmake sets from the parameters
// (socket mode aside: sdtSocketVars).
func sdtVars(v map[string]string, raw bool) map[string]string {
	vars := map[string]string{}
	on := func(b bool, name, val string) {
		if b {
			vars[name] = val
		}
	}
	on(raw, "NO_SYS", " ")
	on(v["no_sys_no_timers"] == "true", "NO_SYS_NO_TIMERS", " ")
	on(v["lwip_tcp_keepalive"] == "true", "LWIP_TCP_KEEPALIVE", " ")
	on(v["sgmii_fixed_link"] == "true", "SGMII_FIXED_LINK", " ")
	for param, name := range sdtValueVars {
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
	return vars
}

// sdtValueVars maps the parameters lwip220.cmake copies as they are to the
// CMake variable (and lwIP option) each sets.
var sdtValueVars = map[string]string{
	"mem_size": "MEM_SIZE", "memp_n_pbuf": "MEMP_NUM_PBUF", "memp_n_udp_pcb": "MEMP_NUM_UDP_PCB", "memp_n_tcp_pcb": "MEMP_NUM_TCP_PCB",
	"memp_n_tcp_pcb_listen": "MEMP_NUM_TCP_PCB_LISTEN", "memp_n_tcp_seg": "MEMP_NUM_TCP_SEG", "memp_n_sys_timeout": "MEMP_NUM_SYS_TIMEOUT",
	"memp_num_netbuf": "MEMP_NUM_NETBUF", "memp_num_netconn": "MEMP_NUM_NETCONN", "memp_num_api_msg": "MEMP_NUM_TCPIP_MSG_API",
	"memp_num_tcpip_msg": "MEMP_NUM_TCPIP_MSG_INPKT", "pbuf_pool_size": "PBUF_POOL_SIZE", "pbuf_pool_bufsize": "PBUF_POOL_BUFSIZE",
	"pbuf_link_hlen": "PBUF_LINK_HLEN", "arp_table_size": "ARP_TABLE_SIZE", "arp_queueing": "ARP_QUEUEING", "icmp_ttl": "ICMP_TTL",
	"ip_options": "IP_OPTIONS", "ip_forward": "IP_FORWARD", "ip_reassembly": "IP_REASSEMBLY", "ip_frag": "IP_FRAG",
	"ip_reass_max_pbufs": "IP_REASS_MAX_PBUFS", "ip_frag_max_mtu": "IP_FRAG_MAX_MTU", "ip_default_ttl": "IP_DEFAULT_TTL",
	"udp_ttl": "UDP_TTL", "tcp_mss": "TCP_MSS", "tcp_snd_buf": "TCP_SND_BUF", "tcp_wnd": "TCP_WND", "tcp_ttl": "TCP_TTL",
	"tcp_maxrtx": "TCP_MAXRTX", "tcp_synmaxrtx": "TCP_SYNMAXRTX", "tcp_queue_ooseq": "TCP_QUEUE_OOSEQ",
}

// sdtSocketVars adds the socket-mode variables (FreeRTOS, not RAW_API).
func sdtSocketVars(vars, v map[string]string) {
	prio := v["socket_mode_thread_prio"]
	for n, val := range map[string]string{
		"OS_IS_FREERTOS": " ", "LWIP_PROVIDE_ERRNO": "1", "DEFAULT_THREAD_PRIO": prio, "LWIP_SOCKET": " ", "LWIP_COMPAT_SOCKETS": " ",
		"LWIP_NETCONN": " ", "TCPIP_THREAD_PRIO": incr(prio), "TCPIP_THREAD_STACKSIZE": "1024", "DEFAULT_TCP_RECVMBOX_SIZE": v["default_tcp_recvmbox_size"],
		"DEFAULT_ACCEPTMBOX_SIZE": "5", "TCPIP_MBOX_SIZE": v["tcpip_mbox_size"], "DEFAULT_UDP_RECVMBOX_SIZE": v["default_udp_recvmbox_size"],
		"DEFAULT_RAW_RECVMBOX_SIZE": "30", "LWIP_COMPAT_MUTEX": "0x0", "LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT": "1",
	} {
		vars[n] = val
	}
	if v["lwip_tcpip_core_locking_input"] == "true" {
		vars["LWIP_TCPIP_CORE_LOCKING_INPUT"] = "1"
	}
}

// sdtDebugVars are the debug switches (nil unless lwip_debug is on).
func sdtDebugVars(v map[string]string) map[string]string {
	if v["lwip_debug"] != "true" {
		return nil
	}
	dbg := map[string]string{}
	for _, l := range debugLines(v, "LWIP_DBG_LEVEL_SEVERE|LWIP_DBG_ON") {
		dbg[l.Name] = l.Value
	}
	return dbg
}

// sdtWriter writes lwipopts.h.in's lines as configure_file expands them
// over the CMake variables.
type sdtWriter struct {
	lineWriter
	vars map[string]string
}

// d01 is `#cmakedefine01 NAME`: 1 unless the variable is unset or CMake-false.
func (w *sdtWriter) d01(names ...string) {
	for _, n := range names {
		w.def(n, tf(fmt.Sprint(!cmakeFalse(w.vars[n]))))
	}
}

// d is `#cmakedefine NAME @NAME@`: the value, or nothing at all.
func (w *sdtWriter) d(names ...string) {
	for _, n := range names {
		if val, ok := w.vars[n]; ok && !cmakeFalse(val) {
			w.def(n, strings.TrimSpace(val))
		} else {
			w.L = append(w.L, Line{Kind: "undef", Name: n})
		}
	}
}

// head: endianness, protection, API switches, timers, keepalive.
func (w *sdtWriter) head() {
	w.L = append(w.L, Line{Kind: "guard", Name: "PROCESSOR_LITTLE_ENDIAN"})
	w.blank()
	w.def("SYS_LIGHTWEIGHT_PROT", "1")
	w.blank()
	w.d01("NO_SYS", "LWIP_SOCKET", "LWIP_COMPAT_SOCKETS", "LWIP_NETCONN")
	w.blank()
	w.d01("NO_SYS_NO_TIMERS")
	w.d01("LWIP_TCP_KEEPALIVE")
	w.blank()
	w.d("SGMII_FIXED_LINK")
}

// memory: heap, pools and pbufs.
func (w *sdtWriter) memory() {
	w.def("MEM_ALIGNMENT", "64")
	w.d("MEM_SIZE", "MEMP_NUM_PBUF", "MEMP_NUM_UDP_PCB", "MEMP_NUM_TCP_PCB", "MEMP_NUM_TCP_PCB_LISTEN", "MEMP_NUM_TCP_SEG",
		"MEMP_NUM_SYS_TIMEOUT", "MEMP_NUM_NETBUF", "MEMP_NUM_NETCONN", "MEMP_NUM_TCPIP_MSG_API", "MEMP_NUM_TCPIP_MSG_INPKT")
	w.blank()
	w.d("PBUF_POOL_SIZE", "PBUF_POOL_BUFSIZE", "PBUF_LINK_HLEN")
	w.blank()
}

// ip: ARP, ICMP, IPv6, IGMP and the IP options.
func (w *sdtWriter) ip() {
	w.d("ARP_TABLE_SIZE")
	w.d("ARP_QUEUEING")
	w.blank()
	w.d("ICMP_TTL")
	w.blank()
	w.d01("LWIP_IPV6")
	w.d("LWIP_IGMP")
	w.blank()
	w.d("IP_OPTIONS", "IP_FORWARD", "IP_REASSEMBLY", "IP_FRAG", "IP_REASS_MAX_PBUFS", "IP_FRAG_MAX_MTU", "IP_DEFAULT_TTL")
	w.def("LWIP_CHKSUM_ALGORITHM", "3")
	w.blank()
}

// transport: UDP, TCP and the checksum switches.
func (w *sdtWriter) transport() {
	w.d("LWIP_UDP")
	w.d("UDP_TTL")
	w.blank()
	w.d("LWIP_TCP", "TCP_MSS", "TCP_SND_BUF", "TCP_WND", "TCP_TTL", "TCP_MAXRTX", "TCP_SYNMAXRTX", "TCP_QUEUE_OOSEQ")
	w.def("TCP_SND_QUEUELEN", "16 * TCP_SND_BUF/TCP_MSS")
	w.blank()
	w.d01("CHECKSUM_GEN_TCP", "CHECKSUM_GEN_UDP", "CHECKSUM_GEN_IP", "CHECKSUM_CHECK_TCP", "CHECKSUM_CHECK_UDP", "CHECKSUM_CHECK_IP")
	w.blank()
	w.d("LWIP_FULL_CSUM_OFFLOAD_RX")
	w.d("LWIP_FULL_CSUM_OFFLOAD_TX")
	w.blank()
}

// tail: fixed port settings, jumbo frames, DHCP (lwip213: ARP check,
// lwip220: ACD), link speed and stats.
func (w *sdtWriter) tail(lib string, v map[string]string) {
	w.def("MEMP_SEPARATE_POOLS", "1")
	w.def("MEMP_NUM_FRAG_PBUF", "256")
	w.def("IP_OPTIONS_ALLOWED", "0")
	w.blank()
	w.d("TCP_OVERSIZE")
	w.d("USE_JUMBO_FRAMES")
	w.blank()
	w.d01("LWIP_DHCP")
	if lib == "lwip213" {
		w.d01("DHCP_DOES_ARP_CHECK")
	} else {
		w.d01("LWIP_DHCP_DOES_ACD_CHECK")
		w.d01("LWIP_ACD")
	}
	w.blank()
	w.def(v["phy_link_speed"], "1")
	w.blank()
	w.d("LWIP_STATS")
	w.d("LWIP_STATS_DISPLAY")
	w.blank()
}

// switches: the debug and OS switches at the end of lwipopts.h.in
// (lwip213's has no DHCP/ACD debug switch).
func (w *sdtWriter) switches(lib string) {
	for _, n := range []string{"LWIP_DEBUG", "DBG_TYPES_ON", "IP_DEBUG", "TCP_DEBUG", "TCP_INPUT_DEBUG", "TCP_OUTPUT_DEBUG", "TCPIP_DEBUG", "UDP_DEBUG",
		"ICMP_DEBUG", "IGMP_DEBUG", "NETIF_DEBUG", "SYS_DEBUG", "API_MSG_DEBUG", "PBUF_DEBUG", "DHCP_DEBUG", "ACD_DEBUG", "MEMP_DEBUG",
		"OS_IS_FREERTOS", "LWIP_PROVIDE_ERRNO", "DEFAULT_THREAD_PRIO", "TCPIP_THREAD_PRIO", "DEFAULT_TCP_RECVMBOX_SIZE", "DEFAULT_ACCEPTMBOX_SIZE",
		"TCPIP_MBOX_SIZE", "DEFAULT_UDP_RECVMBOX_SIZE", "DEFAULT_RAW_RECVMBOX_SIZE", "LWIP_COMPAT_MUTEX", "LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT",
		"LWIP_TCPIP_CORE_LOCKING_INPUT", "TCPIP_THREAD_STACKSIZE"} {
		if lib == "lwip213" && (n == "DHCP_DEBUG" || n == "ACD_DEBUG") {
			continue
		}
		w.d(n)
	}
}
