package vitis

// lineWriter accumulates a generated header's lines in order.
type lineWriter struct{ L []Line }

func (w *lineWriter) def(n, val string) { w.L = append(w.L, Line{Kind: "define", Name: n, Value: val}) }
func (w *lineWriter) blank()            { w.L = append(w.L, Line{Kind: "blank"}) }

// classicLines: the classic tcl for a ps7_cortexa9 with a GEM (no AXI
// Ethernet, no emaclite). Each step writes one block of the generator's
// output, in its order.
func classicLines(lib string, v map[string]string, os string) []Line {
	w := &lineWriter{}
	raw := v["api_mode"] == "RAW_API"
	classicHead(w, v, raw)
	if !raw && os == "freertos10_xilinx" {
		classicSocket(w, v)
	}
	w.def("LWIP_TCP_KEEPALIVE", tf(v["lwip_tcp_keepalive"]))
	w.blank()
	if v["sgmii_fixed_link"] == "true" {
		w.def("SGMII_FIXED_LINK", "1")
		w.blank()
	}
	classicMemory(w, v, raw)
	classicIP(w, v)
	classicTransport(w, v)
	classicTail(w, v)
	return append(w.L, debugLines(v, "(LWIP_DBG_LEVEL_SEVERE | LWIP_DBG_ON)")...)
}

// classicHead: endianness, protection, the RAW API switches and timers.
func classicHead(w *lineWriter, v map[string]string, raw bool) {
	w.L = append(w.L, Line{Kind: "guard", Name: "PROCESSOR_LITTLE_ENDIAN"})
	w.blank()
	w.def("SYS_LIGHTWEIGHT_PROT", "1")
	w.blank()
	if raw {
		w.def("NO_SYS", "1")
		w.def("LWIP_SOCKET", "0")
		w.def("LWIP_COMPAT_SOCKETS", "0")
		w.def("LWIP_NETCONN", "0")
	}
	w.blank()
	w.def("NO_SYS_NO_TIMERS", tf(v["no_sys_no_timers"]))
	w.blank()
}

// classicSocket: the socket-mode block (FreeRTOS, not RAW_API).
func classicSocket(w *lineWriter, v map[string]string) {
	prio := v["socket_mode_thread_prio"]
	w.def("DEFAULT_THREAD_PRIO", prio)
	w.def("TCPIP_THREAD_PRIO", "("+prio+" + 1)") // A9: one above the application threads
	w.def("TCPIP_THREAD_STACKSIZE", "1024")
	w.def("DEFAULT_TCP_RECVMBOX_SIZE", v["default_tcp_recvmbox_size"])
	w.def("DEFAULT_ACCEPTMBOX_SIZE", "5")
	w.def("TCPIP_MBOX_SIZE", v["tcpip_mbox_size"])
	w.def("DEFAULT_UDP_RECVMBOX_SIZE", v["default_udp_recvmbox_size"])
	w.def("DEFAULT_RAW_RECVMBOX_SIZE", "30")
	w.def("LWIP_COMPAT_MUTEX", "0")
	w.def("LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT", "1")
	if v["lwip_tcpip_core_locking_input"] == "true" {
		w.def("LWIP_TCPIP_CORE_LOCKING_INPUT", "1")
	}
	w.blank()
}

// classicMemory: heap, pools and pbufs. The generator writes
// MEMP_NUM_NETBUF, MEMP_NUM_NETCONN and MEMP_NUM_SYS_TIMEOUT twice
// (identically); the copy is kept so the output matches it line for line.
func classicMemory(w *lineWriter, v map[string]string, raw bool) {
	w.def("MEM_ALIGNMENT", "64")
	w.def("MEM_SIZE", v["mem_size"])
	w.def("MEMP_NUM_PBUF", v["memp_n_pbuf"])
	w.def("MEMP_NUM_UDP_PCB", v["memp_n_udp_pcb"])
	w.def("MEMP_NUM_TCP_PCB", v["memp_n_tcp_pcb"])
	w.def("MEMP_NUM_TCP_PCB_LISTEN", v["memp_n_tcp_pcb_listen"])
	w.def("MEMP_NUM_TCP_SEG", v["memp_n_tcp_seg"])
	w.def("MEMP_NUM_SYS_TIMEOUT", v["memp_n_sys_timeout"])
	w.def("MEMP_NUM_NETBUF", v["memp_num_netbuf"])
	w.def("MEMP_NUM_NETCONN", v["memp_num_netconn"])
	w.def("MEMP_NUM_TCPIP_MSG_API", v["memp_num_api_msg"])
	w.def("MEMP_NUM_TCPIP_MSG_INPKT", v["memp_num_tcpip_msg"])
	w.blank()
	if !raw {
		w.def("MEMP_NUM_NETBUF", v["memp_num_netbuf"])
		w.def("MEMP_NUM_NETCONN", v["memp_num_netconn"])
		w.def("LWIP_PROVIDE_ERRNO", "1")
	}
	w.def("MEMP_NUM_SYS_TIMEOUT", v["memp_n_sys_timeout"])
	w.def("PBUF_POOL_SIZE", v["pbuf_pool_size"])
	w.def("PBUF_POOL_BUFSIZE", v["pbuf_pool_bufsize"])
	w.def("PBUF_LINK_HLEN", v["pbuf_link_hlen"])
	w.blank()
}

// classicIP: ARP, ICMP, IPv6, IGMP and the IP options.
func classicIP(w *lineWriter, v map[string]string) {
	w.def("ARP_TABLE_SIZE", v["arp_table_size"])
	w.def("ARP_QUEUEING", v["arp_queueing"])
	w.blank()
	w.def("ICMP_TTL", v["icmp_ttl"])
	w.blank()
	if v["ipv6_enable"] == "true" {
		w.def("LWIP_IPV6", "1")
		w.blank()
	}
	if v["igmp_options"] == "true" {
		w.def("LWIP_IGMP", "1")
		w.blank()
	}
	w.def("IP_OPTIONS", v["ip_options"])
	w.def("IP_FORWARD", v["ip_forward"])
	w.def("IP_REASSEMBLY", v["ip_reassembly"])
	w.def("IP_FRAG", v["ip_frag"])
	w.def("IP_REASS_MAX_PBUFS", v["ip_reass_max_pbufs"])
	w.def("IP_FRAG_MAX_MTU", v["ip_frag_max_mtu"])
	w.def("IP_DEFAULT_TTL", v["ip_default_ttl"])
	w.def("LWIP_CHKSUM_ALGORITHM", "3")
	w.blank()
}

// classicTransport: UDP, TCP and the checksum offload.
func classicTransport(w *lineWriter, v map[string]string) {
	w.def("LWIP_UDP", tf(v["lwip_udp"]))
	w.def("UDP_TTL", v["udp_ttl"])
	if _, ok := v["udp_tx_blocking"]; ok { // lwip211 from LIBRARY_VER 1.6 (2021.2), lwip213 and later
		if v["lwip_udp"] == "true" {
			w.def("LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE", tf(v["udp_tx_blocking"]))
		} else {
			w.def("LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE", "0")
		}
	}
	w.blank()
	w.def("LWIP_TCP", tf(v["lwip_tcp"]))
	w.def("TCP_MSS", v["tcp_mss"])
	w.def("TCP_SND_BUF", v["tcp_snd_buf"])
	w.def("TCP_WND", v["tcp_wnd"])
	w.def("TCP_TTL", v["tcp_ttl"])
	w.def("TCP_MAXRTX", v["tcp_maxrtx"])
	w.def("TCP_SYNMAXRTX", v["tcp_synmaxrtx"])
	w.def("TCP_QUEUE_OOSEQ", v["tcp_queue_ooseq"])
	w.def("TCP_SND_QUEUELEN", "16 * TCP_SND_BUF/TCP_MSS")
	// GEM: the generator's branch for "no AXI Ethernet, no emaclite" always
	// relies on the GEM's checksum offload, whatever the *_checksum_offload
	// parameters say (they apply to AXI Ethernet only).
	for _, n := range []string{"CHECKSUM_GEN_TCP", "CHECKSUM_GEN_UDP", "CHECKSUM_GEN_IP", "CHECKSUM_CHECK_TCP", "CHECKSUM_CHECK_UDP", "CHECKSUM_CHECK_IP"} {
		w.def(n, "0")
	}
	w.def("LWIP_FULL_CSUM_OFFLOAD_RX", "1")
	w.def("LWIP_FULL_CSUM_OFFLOAD_TX", "1")
	w.blank()
}

// classicTail: fixed port settings, jumbo frames, DHCP, link speed, stats.
func classicTail(w *lineWriter, v map[string]string) {
	w.def("MEMP_SEPARATE_POOLS", "1")
	w.def("MEMP_NUM_FRAG_PBUF", "256")
	w.def("IP_OPTIONS_ALLOWED", "0")
	w.def("TCP_OVERSIZE", "TCP_MSS")
	w.blank()
	if v["temac_use_jumbo_frames"] == "true" {
		w.def("USE_JUMBO_FRAMES", "1")
		w.blank()
	}
	w.def("LWIP_DHCP", tf(v["lwip_dhcp"]))
	w.def("DHCP_DOES_ARP_CHECK", tf(v["dhcp_does_arp_check"]))
	w.blank()
	w.def(v["phy_link_speed"], "1")
	w.blank()
	if v["lwip_stats"] == "true" {
		w.def("LWIP_STATS", "1")
		w.def("LWIP_STATS_DISPLAY", "1")
		w.blank()
	}
}
