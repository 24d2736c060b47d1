package plan

// System-level rules: how lwIP is integrated (RTOS or not, locking, API layer,
// alignment, protocols, stats).

func ruleSystem(s *Sizer) {
	b := s.b
	const sec = "System integration"
	if b.RTOS == "none" {
		s.set("NO_SYS", 1, sec, "sys.no_sys", "rtos = \"none\": bare metal, lwIP runs from the main loop (lwipgen_poll) only")
		s.set("SYS_LIGHTWEIGHT_PROT", 0, sec, "sys.lightweight_prot",
			"bare metal and the generated glue never calls lwIP from an interrupt (ISRs only set flags), so no critical sections are needed")
		s.set("LWIP_NETCONN", 0, sec, "sys.api", "NO_SYS=1: only the raw API exists (init.c #error 29 otherwise)")
		s.set("LWIP_SOCKET", 0, sec, "sys.api", "NO_SYS=1: only the raw API exists (init.c #error 29 otherwise)")
	} else {
		s.set("NO_SYS", 0, sec, "sys.no_sys", "rtos = %q: lwIP runs in its tcpip thread", b.RTOS)
		s.set("SYS_LIGHTWEIGHT_PROT", 1, sec, "sys.lightweight_prot", "several threads allocate pbufs and memory: protect pools and heap")
		s.set("LWIP_TCPIP_CORE_LOCKING", 1, sec, "sys.core_locking", "API calls take the core lock instead of a message round trip per call (lower latency)")
		s.set("LWIP_NETCONN", 1, sec, "sys.api", "rtos = %q: netconn API for application threads (sockets are built on it)", b.RTOS)
		s.set("LWIP_SOCKET", 1, sec, "sys.api", "rtos = %q: BSD sockets for application threads", b.RTOS)
		s.set("LWIP_TIMEVAL_PRIVATE", 0, sec, "sys.timeval", "newlib's <sys/time.h> already defines struct timeval; lwIP's own would clash")
		s.set("LWIP_COMPAT_SOCKETS", 1, sec, "sys.api", "socket(), send() ... as plain names for application code")
		ruleRTOSThreads(s) // rules_rtos.go: priorities on the project's own scale
	}
	s.set("MEM_ALIGNMENT", s.align, sec, "sys.mem_alignment",
		"%s port alignment (chip data core.mem_alignment); lwIP's default of 1 would misalign pools on ARM", b.Chip.Core.CPU)
	const prot = "Protocols"
	s.set("LWIP_ARP", 1, prot, "proto.arp", "Ethernet needs ARP")
	s.set("LWIP_ETHERNET", 1, prot, "proto.ethernet", "Ethernet netif")
	s.set("LWIP_ICMP", 1, prot, "proto.icmp", "ping replies for diagnostics")
	s.set("LWIP_RAW", 0, prot, "proto.raw", "no raw IP sockets in the workload")
	s.set("LWIP_UDP", 1, prot, "proto.udp", "UDP endpoints and DHCP")
	s.set("LWIP_TCP", 1, prot, "proto.tcp", "TCP connections in the workload")
	s.set("LWIP_IPV6", 0, prot, "proto.ipv6", "IPv4-only board description (IPv6 costs ~40 B per PCB and a larger PBUF_IP_HLEN)")
	dhcp := int64(0)
	if b.Workload.DHCP {
		dhcp = 1
	}
	s.set("LWIP_DHCP", dhcp, prot, "proto.dhcp", "workload.dhcp = %v", b.Workload.DHCP)
	dns := int64(0)
	if b.Workload.DNS {
		dns = 1
	}
	s.set("LWIP_DNS", dns, prot, "proto.dns", "workload.dns = %v", b.Workload.DNS)
	s.set("LWIP_IGMP", 0, prot, "proto.igmp", "no multicast in the workload")
	arp := int64(b.Workload.TCPConnections + b.Workload.UDPEndpoints + 2)
	if arp < 4 {
		arp = 4
	}
	if arp > 32 {
		arp = 32
	}
	s.set("ARP_TABLE_SIZE", arp, prot, "proto.arp_table",
		"one entry per peer (%d TCP connections + %d UDP endpoints) + gateway + one spare, 4..32; each entry costs 24 B",
		b.Workload.TCPConnections, b.Workload.UDPEndpoints)

	const st = "Statistics"
	s.set("LWIP_STATS", 1, st, "stats.on", "pool used/max/err counters let you check this plan on the target (about 216 B + 10 B per pool)")
	s.set("LWIP_STATS_DISPLAY", 0, st, "stats.display", "read lwip_stats from the application or a debugger; stats_display() and its strings cost flash")
}

// ruleChecksum switches lwIP's software checksums off where the MAC does them.
func ruleChecksum(s *Sizer) {
	const sec = "Checksums"
	on := s.b.Ethernet.ChecksumOffload
	v, why := int64(1), "the "+s.b.Chip.Ethernet.MAC+" MAC does not compute checksums here, so lwIP must"
	if on {
		v, why = 0, "the "+s.b.Chip.Ethernet.MAC+" MAC inserts/verifies IP, TCP, UDP and ICMP checksums (ethernet.checksum_offload); the glue enables it in the MAC"
	}
	for _, n := range []string{"CHECKSUM_GEN_IP", "CHECKSUM_GEN_UDP", "CHECKSUM_GEN_TCP", "CHECKSUM_GEN_ICMP",
		"CHECKSUM_CHECK_IP", "CHECKSUM_CHECK_UDP", "CHECKSUM_CHECK_TCP", "CHECKSUM_CHECK_ICMP"} {
		s.set(n, v, sec, "csum.offload", "%s", why)
	}
	s.driver.ChecksumHW = on
}
