package lwip

// Names that seed articles and forum posts use but that are not lwIP options
// (or not in the way they are used). Source: seed-corrections.md and
// lwip-options-and-ram.md §3 (grep over the 2.1.3, 2.2.1 and master trees).
// Each text is the reason only, without the name: callers write
// "NAME does not exist in lwIP V: <reason>", so the name is said once.
var myths = map[string]string{
	"TCP_RCV_BUF":                "the receive side is TCP_WND (the window, optionally scaled with LWIP_WND_SCALE/TCP_RCV_SCALE) backed by the PBUF pool; sockets have a per-socket limit via LWIP_SO_RCVBUF + RECV_BUFSIZE_DEFAULT.",
	"TCP_FASTRETRANSLATION":      "fast retransmit/recovery is always on in lwIP (tcp_in.c retransmits at dupacks >= 3); there is no switch.",
	"TCP_RTO_MIN":                "there is no RTO clamp. RTO is computed in TCP_SLOW_INTERVAL (500 ms) ticks; the initial RTO is hard-coded to 3000 ms in 2.1.3 and is LWIP_TCP_RTO_TIME (default 3000 ms) in 2.2.x.",
	"TCP_RTO_MAX":                "backoff is rto << tcp_backoff[nrtx] (13 entries, hence TCP_MAXRTX <= 12), capped at 0x7FFF ticks. The initial RTO is LWIP_TCP_RTO_TIME on 2.2.x (hard-coded 3000 ms on 2.1.3).",
	"TCP_QUICKACK":               "delayed ACKs are flushed by tcp_fasttmr every TCP_FAST_INTERVAL (250 ms) and every second in-order segment is ACKed at once; there is no option or socket option.",
	"LWIP_TCP_FAST_OPEN":         "lwIP has no TCP Fast Open.",
	"LWIP_NETIF_RX_ZEROCOPY":     "zero-copy RX is a driver design with custom pbufs (pbuf_alloced_custom, enabled by LWIP_SUPPORT_CUSTOM_PBUF) or PBUF_REF pbufs from MEMP_NUM_PBUF.",
	"lwip_init_with_pool":        "init is lwip_init() (NO_SYS=1) or tcpip_init() (NO_SYS=0). Pools are static arrays; place them with LWIP_RAM_HEAP_POINTER (heap) or linker rules on .bss.ram_heap / .bss.memp_memory_*_base.",
	"LWIP_PBUF_CUSTOM":           "the real names are LWIP_SUPPORT_CUSTOM_PBUF (pbuf.h), LWIP_PBUF_CUSTOM_DATA (extra struct pbuf fields) and, on 2.2.1+, LWIP_PBUF_CUSTOM_DATA_INIT(p).",
	"PBUF_POOL_IS_EMPTY":         "it is an internal macro of pbuf.c, not a switch: it cannot disable PBUF_RAM. The related knob is PBUF_POOL_FREE_OOSEQ (pbuf.h, default 1).",
	"TCP_NODELAY":                "it is the socket-option constant in sockets.h (0x01), and defining it in lwipopts.h gives a \"TCP_NODELAY redefined\" warning. Disable Nagle per connection with tcp_nagle_disable(pcb) or setsockopt(IPPROTO_TCP, TCP_NODELAY).",
	"IP_REASSEMBLY_TMR_INTERVAL": "the real name is IP_TMR_INTERVAL.",
	"TCP_FAST_OPEN":              "lwIP has no TCP Fast Open.",
}

// myths22 are names that exist in 2.1.3 but are silently ignored by 2.2.x.
var myths22 = map[string]string{
	"DHCP_DOES_ARP_CHECK": "it was renamed to LWIP_DHCP_DOES_ACD_CHECK in lwIP 2.2.0; the old name is silently ignored (no #error).",
}

// mythRename maps a myth to the real option a "did you mean" should offer.
var mythRename = map[string]string{
	"IP_REASSEMBLY_TMR_INTERVAL": "IP_TMR_INTERVAL",
	"DHCP_DOES_ARP_CHECK":        "LWIP_DHCP_DOES_ACD_CHECK",
	"TCP_RCV_BUF":                "TCP_WND",
	"TCP_RTO_MIN":                "LWIP_TCP_RTO_TIME",
	"TCP_RTO_MAX":                "LWIP_TCP_RTO_TIME",
	"LWIP_PBUF_CUSTOM":           "LWIP_SUPPORT_CUSTOM_PBUF",
	"LWIP_NETIF_RX_ZEROCOPY":     "LWIP_SUPPORT_CUSTOM_PBUF",
}

// Myth returns the correction for a name that articles use but lwIP does not
// have (for any version). DHCP_DOES_ARP_CHECK is reported too: it is a myth
// on 2.2.x; use MythFor to ask about a specific version.
func Myth(name string) (truth string, ok bool) {
	if t, ok := myths[name]; ok {
		return t, true
	}
	t, ok := myths22[name]
	return t, ok
}

// MythFor is Myth restricted to what is false for version v.
func MythFor(v Version, name string) (string, bool) {
	if t, ok := myths[name]; ok {
		return t, true
	}
	if v.is22() {
		t, ok := myths22[name]
		return t, ok
	}
	return "", false
}
