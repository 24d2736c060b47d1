package lwip

// The compile-time sanity checks of src/core/init.c (2.1.3 lines 85-325,
// 2.2.1 lines 85-335), in source order, as (gate, condition, message). The
// numbers are those of lwip-options-and-ram.md §2. Each condition is the
// `#if` expression of init.c, evaluated by our preprocessor, so the
// prediction follows the compiler. Every one of them is a hard #error.

// rule is one #error.
type rule struct {
	id   string
	num  string  // reference table number
	file string  // lwIP file holding the #error
	ver  Version // only in this release line
	// since: first release that has the #error (2.1.3 added netconn_fullduplex)
	since Version
	gate  string // enclosing #if (conjunction); "" = always compiled
	cond  string // the #if of the #error
	msg   string // exact #error text
	// userSet: the #error sits in the #else of `#ifndef NAME`, so it only
	// exists when lwipopts.h defines NAME.
	userSet string
}

const (
	gateP = "!MEMP_MEM_MALLOC"                                    // MEMP_NUM_* checks
	gateT = "!LWIP_DISABLE_TCP_SANITY_CHECKS && LWIP_TCP"         // TCP buffer checks
	gateM = "MEMP_MEM_MALLOC"                                     // heap-backed pools
	gateN = "MEMP_MEM_MALLOC && !LWIP_DISABLE_MEMP_SANITY_CHECKS" // netconn checks
	tcpSC = " If you know what you are doing, define LWIP_DISABLE_TCP_SANITY_CHECKS to 1 to disable this error."
)

var initRules = []rule{
	{id: "byte_order", num: "1", cond: "!defined BYTE_ORDER", msg: "BYTE_ORDER is not defined, you have to define it in your cc.h"},
	{id: "sof_broadcast_recv", num: "2", cond: "(!IP_SOF_BROADCAST && IP_SOF_BROADCAST_RECV)", msg: "If you want to use broadcast filter per pcb on recv operations, you have to define IP_SOF_BROADCAST=1 in your lwipopts.h"},
	{id: "udplite_needs_udp", num: "3", cond: "(!LWIP_UDP && LWIP_UDPLITE)", msg: "If you want to use UDP Lite, you have to define LWIP_UDP=1 in your lwipopts.h"},
	{id: "dhcp_needs_udp", num: "4", cond: "(!LWIP_UDP && LWIP_DHCP)", msg: "If you want to use DHCP, you have to define LWIP_UDP=1 in your lwipopts.h"},
	{id: "multicast_tx_needs_udp_raw", num: "5", cond: "(!LWIP_UDP && !LWIP_RAW && LWIP_MULTICAST_TX_OPTIONS)", msg: "If you want to use LWIP_MULTICAST_TX_OPTIONS, you have to define LWIP_UDP=1 and/or LWIP_RAW=1 in your lwipopts.h"},
	{id: "dns_needs_udp", num: "6", cond: "(!LWIP_UDP && LWIP_DNS)", msg: "If you want to use DNS, you have to define LWIP_UDP=1 in your lwipopts.h"},
	{id: "arp_queue_pool", num: "7", gate: gateP, cond: "(LWIP_ARP && ARP_QUEUEING && (MEMP_NUM_ARP_QUEUE<=0))", msg: "If you want to use ARP Queueing, you have to define MEMP_NUM_ARP_QUEUE>=1 in your lwipopts.h"},
	{id: "raw_pcb_pool", num: "8", gate: gateP, cond: "(LWIP_RAW && (MEMP_NUM_RAW_PCB<=0))", msg: "If you want to use RAW, you have to define MEMP_NUM_RAW_PCB>=1 in your lwipopts.h"},
	{id: "udp_pcb_pool", num: "9", gate: gateP, cond: "(LWIP_UDP && (MEMP_NUM_UDP_PCB<=0))", msg: "If you want to use UDP, you have to define MEMP_NUM_UDP_PCB>=1 in your lwipopts.h"},
	{id: "tcp_pcb_pool", num: "10", gate: gateP, cond: "(LWIP_TCP && (MEMP_NUM_TCP_PCB<=0))", msg: "If you want to use TCP, you have to define MEMP_NUM_TCP_PCB>=1 in your lwipopts.h"},
	{id: "igmp_group_pool", num: "11", gate: gateP, cond: "(LWIP_IGMP && (MEMP_NUM_IGMP_GROUP<=1))", msg: "If you want to use IGMP, you have to define MEMP_NUM_IGMP_GROUP>1 in your lwipopts.h"},
	{id: "igmp_multicast_tx", num: "12", gate: gateP, cond: "(LWIP_IGMP && !LWIP_MULTICAST_TX_OPTIONS)", msg: "If you want to use IGMP, you have to define LWIP_MULTICAST_TX_OPTIONS==1 in your lwipopts.h"},
	{id: "igmp_needs_ipv4", num: "13", gate: gateP, cond: "(LWIP_IGMP && !LWIP_IPV4)", msg: "IGMP needs LWIP_IPV4 enabled in your lwipopts.h"},
	{id: "tcpip_msg_api_pool", num: "14", gate: gateP, cond: "((LWIP_NETCONN || LWIP_SOCKET) && (MEMP_NUM_TCPIP_MSG_API<=0))", msg: "If you want to use Sequential API, you have to define MEMP_NUM_TCPIP_MSG_API>=1 in your lwipopts.h"},
	{id: "sys_timeout_pool", num: "15", ver: V213, gate: gateP, cond: "LWIP_TIMERS && (MEMP_NUM_SYS_TIMEOUT < LWIP_NUM_SYS_TIMEOUT_INTERNAL)", msg: "MEMP_NUM_SYS_TIMEOUT is too low to accomodate all required timeouts"},
	{id: "sys_timeout_pool", num: "15", ver: V22x, gate: gateP, cond: "LWIP_TIMERS && (MEMP_NUM_SYS_TIMEOUT < LWIP_NUM_SYS_TIMEOUT_INTERNAL)", msg: "MEMP_NUM_SYS_TIMEOUT is too low to accommodate all required timeouts"},
	{id: "reassdata_vs_max_pbufs", num: "16", gate: gateP, cond: "(IP_REASSEMBLY && (MEMP_NUM_REASSDATA > IP_REASS_MAX_PBUFS))", msg: "MEMP_NUM_REASSDATA > IP_REASS_MAX_PBUFS doesn't make sense since each struct ip_reassdata must hold 2 pbufs at least!"},
	{id: "tcp_wnd_u32", num: "17", gate: "LWIP_WND_SCALE", cond: "(LWIP_TCP && (TCP_WND > 0xffffffff))", msg: "If you want to use TCP, TCP_WND must fit in an u32_t, so, you have to reduce it in your lwipopts.h"},
	{id: "tcp_rcv_scale_max", num: "18", gate: "LWIP_WND_SCALE", cond: "(LWIP_TCP && (TCP_RCV_SCALE > 14))", msg: "The maximum valid window scale value is 14!"},
	{id: "tcp_wnd_vs_scale", num: "19", gate: "LWIP_WND_SCALE", cond: "(LWIP_TCP && (TCP_WND > (0xFFFFU << TCP_RCV_SCALE)))", msg: "TCP_WND is bigger than the configured LWIP_WND_SCALE allows!"},
	{id: "tcp_wnd_zero_scaled", num: "20", gate: "LWIP_WND_SCALE", cond: "(LWIP_TCP && ((TCP_WND >> TCP_RCV_SCALE) == 0))", msg: "TCP_WND is too small for the configured LWIP_WND_SCALE (results in zero window)!"},
	{id: "tcp_wnd_u16", num: "21", gate: "!LWIP_WND_SCALE", cond: "(LWIP_TCP && (TCP_WND > 0xffff))", msg: "If you want to use TCP, TCP_WND must fit in an u16_t, so, you have to reduce it in your lwipopts.h (or enable window scaling)"},
	{id: "tcp_snd_queuelen_u16", num: "22", cond: "(LWIP_TCP && (TCP_SND_QUEUELEN > 0xffff))", msg: "If you want to use TCP, TCP_SND_QUEUELEN must fit in an u16_t, so, you have to reduce it in your lwipopts.h"},
	{id: "tcp_snd_queuelen_min2", num: "23", cond: "(LWIP_TCP && (TCP_SND_QUEUELEN < 2))", msg: "TCP_SND_QUEUELEN must be at least 2 for no-copy TCP writes to work"},
	{id: "tcp_maxrtx", num: "24", cond: "(LWIP_TCP && ((TCP_MAXRTX > 12) || (TCP_SYNMAXRTX > 12)))", msg: "If you want to use TCP, TCP_MAXRTX and TCP_SYNMAXRTX must less or equal to 12 (due to tcp_backoff table), so, you have to reduce them in your lwipopts.h"},
	{id: "tcp_listen_backlog_u8", num: "25", cond: "(LWIP_TCP && TCP_LISTEN_BACKLOG && ((TCP_DEFAULT_LISTEN_BACKLOG < 0) || (TCP_DEFAULT_LISTEN_BACKLOG > 0xff)))", msg: "If you want to use TCP backlog, TCP_DEFAULT_LISTEN_BACKLOG must fit into an u8_t"},
	{id: "tcp_sack_needs_ooseq", num: "26", cond: "(LWIP_TCP && LWIP_TCP_SACK_OUT && !TCP_QUEUE_OOSEQ)", msg: "To use LWIP_TCP_SACK_OUT, TCP_QUEUE_OOSEQ needs to be enabled"},
	{id: "tcp_max_sack_num", num: "27", cond: "(LWIP_TCP && LWIP_TCP_SACK_OUT && (LWIP_TCP_MAX_SACK_NUM < 1))", msg: "LWIP_TCP_MAX_SACK_NUM must be greater than 0"},
	{id: "netif_api_needs_os", num: "28", cond: "(LWIP_NETIF_API && (NO_SYS==1))", msg: "If you want to use NETIF API, you have to define NO_SYS=0 in your lwipopts.h"},
	{id: "sequential_api_needs_os", num: "29", cond: "((LWIP_SOCKET || LWIP_NETCONN) && (NO_SYS==1))", msg: "If you want to use Sequential API, you have to define NO_SYS=0 in your lwipopts.h"},
	{id: "ppp_api_needs_os", num: "30", cond: "(LWIP_PPP_API && (NO_SYS==1))", msg: "If you want to use PPP API, you have to define NO_SYS=0 in your lwipopts.h"},
	{id: "ppp_api_needs_ppp", num: "31", cond: "(LWIP_PPP_API && (PPP_SUPPORT==0))", msg: "If you want to use PPP API, you have to enable PPP_SUPPORT in your lwipopts.h"},
	{id: "dhcp_autoip_coop", num: "32", cond: "(((!LWIP_DHCP) || (!LWIP_AUTOIP)) && LWIP_DHCP_AUTOIP_COOP)", msg: "If you want to use DHCP/AUTOIP cooperation mode, you have to define LWIP_DHCP=1 and LWIP_AUTOIP=1 in your lwipopts.h"},
	{id: "dhcp_arp_check", num: "33", ver: V213, cond: "(((!LWIP_DHCP) || (!LWIP_ARP)) && DHCP_DOES_ARP_CHECK)", msg: "If you want to use DHCP ARP checking, you have to define LWIP_DHCP=1 and LWIP_ARP=1 in your lwipopts.h"},
	{id: "dhcp_acd_check", num: "33", ver: V22x, cond: "(((!LWIP_DHCP) || (!LWIP_ARP) || (!LWIP_ACD)) && LWIP_DHCP_DOES_ACD_CHECK)", msg: "If you want to use DHCP ACD checking, you have to define LWIP_DHCP=1, LWIP_ARP=1 and LWIP_ACD=1 in your lwipopts.h"},
	{id: "autoip_needs_arp", num: "34", cond: "(!LWIP_ARP && LWIP_AUTOIP)", msg: "If you want to use AUTOIP, you have to define LWIP_ARP=1 in your lwipopts.h"},
	{id: "event_xor_callback_api", num: "35", cond: "(LWIP_TCP && ((LWIP_EVENT_API && LWIP_CALLBACK_API) || (!LWIP_EVENT_API && !LWIP_CALLBACK_API)))", msg: "One and exactly one of LWIP_EVENT_API and LWIP_CALLBACK_API has to be enabled in your lwipopts.h"},
	{id: "altcp_vs_event_api", num: "36", cond: "(LWIP_ALTCP && LWIP_EVENT_API)", msg: "The application layered tcp API does not work with LWIP_EVENT_API"},
	{id: "libc_malloc_vs_mem_pools", num: "37", ver: V213, cond: "(MEM_LIBC_MALLOC && MEM_USE_POOLS)", msg: "MEM_LIBC_MALLOC and MEM_USE_POOLS may not both be simultaneously enabled in your lwipopts.h"},
	{id: "mem_custom_allocator_funcs", num: "37a", ver: V22x, cond: "(MEM_CUSTOM_ALLOCATOR && !(defined(MEM_CUSTOM_FREE) && defined(MEM_CUSTOM_MALLOC) && defined(MEM_CUSTOM_CALLOC)))", msg: "All of MEM_CUSTOM_FREE/MEM_CUSTOM_MALLOC/MEM_CUSTOM_CALLOC must be provided if MEM_CUSTOM_ALLOCATOR is enabled in your lwipopts.h"},
	{id: "mem_pools_vs_custom_allocator", num: "37b", ver: V22x, cond: "(MEM_USE_POOLS && MEM_CUSTOM_ALLOCATOR)", msg: "MEM_USE_POOLS may not be used with a custom allocator (MEM_CUSTOM_ALLOCATOR or MEM_LIBC_MALLOC) enabled in your lwipopts.h"},
	{id: "mem_pools_need_custom_pools", num: "38", cond: "(MEM_USE_POOLS && !MEMP_USE_CUSTOM_POOLS)", msg: "MEM_USE_POOLS requires custom pools (MEMP_USE_CUSTOM_POOLS) to be enabled in your lwipopts.h"},
	{id: "pbuf_pool_bufsize_vs_align", num: "39", cond: "(PBUF_POOL_BUFSIZE <= MEM_ALIGNMENT)", msg: "PBUF_POOL_BUFSIZE must be greater than MEM_ALIGNMENT or the offset may take the full first pbuf"},
	{id: "dns_local_hostlist_init", num: "40", cond: "(DNS_LOCAL_HOSTLIST && !DNS_LOCAL_HOSTLIST_IS_DYNAMIC && !(defined(DNS_LOCAL_HOSTLIST_INIT)))", msg: "you have to define define DNS_LOCAL_HOSTLIST_INIT {{'host1', 0x123}, {'host2', 0x234}} to initialize DNS_LOCAL_HOSTLIST"},
	{id: "ppp_link", num: "41", cond: "PPP_SUPPORT && !PPPOS_SUPPORT && !PPPOE_SUPPORT && !PPPOL2TP_SUPPORT", msg: "PPP_SUPPORT needs at least one of PPPOS_SUPPORT, PPPOE_SUPPORT or PPPOL2TP_SUPPORT turned on"},
	{id: "ppp_ip", num: "42", cond: "PPP_SUPPORT && !PPP_IPV4_SUPPORT && !PPP_IPV6_SUPPORT", msg: "PPP_SUPPORT needs PPP_IPV4_SUPPORT and/or PPP_IPV6_SUPPORT turned on"},
	{id: "ppp_ipv4", num: "43", cond: "PPP_SUPPORT && PPP_IPV4_SUPPORT && !LWIP_IPV4", msg: "PPP_IPV4_SUPPORT needs LWIP_IPV4 turned on"},
	{id: "ppp_ipv6", num: "44", cond: "PPP_SUPPORT && PPP_IPV6_SUPPORT && !LWIP_IPV6", msg: "PPP_IPV6_SUPPORT needs LWIP_IPV6 turned on"},
	{id: "ppp_ccp_mppe", num: "44a", ver: V22x, cond: "PPP_SUPPORT && CCP_SUPPORT && !MPPE_SUPPORT", msg: "CCP_SUPPORT needs MPPE_SUPPORT turned on"},
	{id: "ethernet_for_arp", num: "45", cond: "!LWIP_ETHERNET && (LWIP_ARP || PPPOE_SUPPORT)", msg: "LWIP_ETHERNET needs to be turned on for LWIP_ARP or PPPOE_SUPPORT"},
	{id: "core_locking_input", num: "46", cond: "LWIP_TCPIP_CORE_LOCKING_INPUT && !LWIP_TCPIP_CORE_LOCKING", msg: "When using LWIP_TCPIP_CORE_LOCKING_INPUT, LWIP_TCPIP_CORE_LOCKING must be enabled, too"},
	{id: "tx_single_pbuf_oversize", num: "47", cond: "LWIP_TCP && LWIP_NETIF_TX_SINGLE_PBUF && !TCP_OVERSIZE", msg: "LWIP_NETIF_TX_SINGLE_PBUF needs TCP_OVERSIZE enabled to create single-pbuf TCP packets"},
	{id: "netconn_copy_flag", num: "48", gate: "LWIP_NETCONN && LWIP_TCP", cond: "NETCONN_COPY != TCP_WRITE_FLAG_COPY", msg: "NETCONN_COPY != TCP_WRITE_FLAG_COPY"},
	{id: "netconn_more_flag", num: "48", gate: "LWIP_NETCONN && LWIP_TCP", cond: "NETCONN_MORE != TCP_WRITE_FLAG_MORE", msg: "NETCONN_MORE != TCP_WRITE_FLAG_MORE"},
	{id: "netconn_fullduplex", num: "49", since: V213, cond: "LWIP_NETCONN_FULLDUPLEX && !LWIP_NETCONN_SEM_PER_THREAD", msg: "For LWIP_NETCONN_FULLDUPLEX to work, LWIP_NETCONN_SEM_PER_THREAD is required"},
	{id: "deprecated_memp_num_tcpip_msg", num: "50", cond: "defined MEMP_NUM_TCPIP_MSG", msg: "MEMP_NUM_TCPIP_MSG option is deprecated. Remove it from your lwipopts.h."},
	{id: "deprecated_tcp_rexmit_debug", num: "51", cond: "defined TCP_REXMIT_DEBUG", msg: "TCP_REXMIT_DEBUG option is deprecated. Remove it from your lwipopts.h."},
	{id: "deprecated_raw_stats", num: "52", cond: "defined RAW_STATS", msg: "RAW_STATS option is deprecated. Remove it from your lwipopts.h."},
	{id: "deprecated_etharp_queue_first", num: "53", cond: "defined ETHARP_QUEUE_FIRST", msg: "ETHARP_QUEUE_FIRST option is deprecated. Remove it from your lwipopts.h."},
	{id: "deprecated_etharp_always_insert", num: "54", cond: "defined ETHARP_ALWAYS_INSERT", msg: "ETHARP_ALWAYS_INSERT option is deprecated. Remove it from your lwipopts.h."},
	{id: "compat_mutex", num: "55", cond: "!NO_SYS && LWIP_TCPIP_CORE_LOCKING && LWIP_COMPAT_MUTEX && !defined(LWIP_COMPAT_MUTEX_ALLOWED)", msg: "LWIP_COMPAT_MUTEX cannot prevent priority inversion. It is recommended to implement priority-aware mutexes. (Define LWIP_COMPAT_MUTEX_ALLOWED to disable this error.)"},
	{id: "memp_num_netconn_sockets", num: "56", gate: gateN + " && (LWIP_NETCONN || LWIP_SOCKET)", cond: "!MEMP_NUM_NETCONN && LWIP_SOCKET", msg: "lwip_sanity_check: WARNING: MEMP_NUM_NETCONN cannot be 0 when using sockets!"},
	// #57 sits in the #else of `#if LWIP_NETCONN || LWIP_SOCKET` (a misplaced
	// #else in init.c), so it only runs without netconn/sockets: dead in practice.
	{id: "memp_num_netconn_vs_pcbs", num: "57", gate: gateN + " && !(LWIP_NETCONN || LWIP_SOCKET)", cond: "MEMP_NUM_NETCONN > (MEMP_NUM_TCP_PCB+MEMP_NUM_TCP_PCB_LISTEN+MEMP_NUM_UDP_PCB+MEMP_NUM_RAW_PCB)", msg: "lwip_sanity_check: WARNING: MEMP_NUM_NETCONN should be less than the sum of MEMP_NUM_{TCP,RAW,UDP}_PCB+MEMP_NUM_TCP_PCB_LISTEN. If you know what you are doing, define LWIP_DISABLE_MEMP_SANITY_CHECKS to 1 to disable this error."},
	{id: "memp_malloc_vs_mem_pools", num: "58", gate: gateM, cond: "MEM_USE_POOLS", msg: "MEMP_MEM_MALLOC and MEM_USE_POOLS cannot be enabled at the same time"},
	{id: "memp_malloc_vs_memp_available_hook", num: "59", gate: gateM, cond: "defined LWIP_HOOK_MEMP_AVAILABLE", msg: "LWIP_HOOK_MEMP_AVAILABLE doesn't make sense with MEMP_MEM_MALLOC"},
	{id: "tcp_snd_queuelen_vs_seg", num: "60", gate: gateT, cond: "!MEMP_MEM_MALLOC && (MEMP_NUM_TCP_SEG < TCP_SND_QUEUELEN)", msg: "lwip_sanity_check: WARNING: MEMP_NUM_TCP_SEG should be at least as big as TCP_SND_QUEUELEN." + tcpSC},
	{id: "tcp_snd_buf_min", num: "61", gate: gateT, cond: "TCP_SND_BUF < (2 * TCP_MSS)", msg: "lwip_sanity_check: WARNING: TCP_SND_BUF must be at least as much as (2 * TCP_MSS) for things to work smoothly." + tcpSC},
	{id: "tcp_snd_queuelen_vs_buf", num: "62", gate: gateT, cond: "TCP_SND_QUEUELEN < (2 * (TCP_SND_BUF / TCP_MSS))", msg: "lwip_sanity_check: WARNING: TCP_SND_QUEUELEN must be at least as much as (2 * TCP_SND_BUF/TCP_MSS) for things to work." + tcpSC},
	{id: "tcp_sndlowat_vs_buf", num: "63", gate: gateT, cond: "TCP_SNDLOWAT >= TCP_SND_BUF", msg: "lwip_sanity_check: WARNING: TCP_SNDLOWAT must be less than TCP_SND_BUF." + tcpSC},
	{id: "tcp_mss_max", num: "63b", ver: V22x, gate: gateT, cond: "TCP_MSS >= ((16 * 1024) - 1)", msg: "lwip_sanity_check: WARNING: TCP_MSS must be <= 16382 to prevent u16_t underflow in TCP_SNDLOWAT calculation!"},
	{id: "tcp_sndlowat_u16", num: "64", gate: gateT, cond: "TCP_SNDLOWAT >= (0xFFFF - (4 * TCP_MSS))", msg: "lwip_sanity_check: WARNING: TCP_SNDLOWAT must at least be 4*MSS below u16_t overflow!"},
	{id: "tcp_sndqueuelowat", num: "65", gate: gateT, cond: "TCP_SNDQUEUELOWAT >= TCP_SND_QUEUELEN", msg: "lwip_sanity_check: WARNING: TCP_SNDQUEUELOWAT must be less than TCP_SND_QUEUELEN." + tcpSC},
	{id: "pbuf_pool_bufsize_headers", num: "66", gate: gateT, cond: "!MEMP_MEM_MALLOC && PBUF_POOL_SIZE && (PBUF_POOL_BUFSIZE <= (PBUF_LINK_ENCAPSULATION_HLEN + PBUF_LINK_HLEN + PBUF_IP_HLEN + PBUF_TRANSPORT_HLEN))", msg: "lwip_sanity_check: WARNING: PBUF_POOL_BUFSIZE does not provide enough space for protocol headers." + tcpSC},
	{id: "tcp_wnd_vs_pbuf_pool", num: "67", gate: gateT, cond: "!MEMP_MEM_MALLOC && PBUF_POOL_SIZE && (TCP_WND > (PBUF_POOL_SIZE * (PBUF_POOL_BUFSIZE - (PBUF_LINK_ENCAPSULATION_HLEN + PBUF_LINK_HLEN + PBUF_IP_HLEN + PBUF_TRANSPORT_HLEN))))", msg: "lwip_sanity_check: WARNING: TCP_WND is larger than space provided by PBUF_POOL_SIZE * (PBUF_POOL_BUFSIZE - protocol headers)." + tcpSC},
	{id: "tcp_wnd_vs_mss", num: "68", gate: gateT, cond: "TCP_WND < TCP_MSS", msg: "lwip_sanity_check: WARNING: TCP_WND is smaller than MSS." + tcpSC},
}

// headerRules are #errors outside init.c, in the order a full build meets
// them (file by file). gate includes the file's own `#if LWIP_x` wrapper.
var headerRules = []rule{
	{id: "arp_table_size", file: "etharp.c", gate: "LWIP_IPV4 && LWIP_ARP", cond: "(ARP_TABLE_SIZE > NETIF_ADDR_IDX_MAX)", msg: "ARP_TABLE_SIZE must fit in an s16_t, you have to reduce it in your lwipopts.h"},
	{id: "dns_max_ttl", file: "dns.c", gate: "LWIP_DNS", userSet: "DNS_MAX_TTL", cond: "DNS_MAX_TTL > 0x7FFFFFFF", msg: "DNS_MAX_TTL must be a positive 32-bit value"},
	{id: "dns_table_size", file: "dns.c", gate: "LWIP_DNS", cond: "DNS_TABLE_SIZE > 255", msg: "DNS_TABLE_SIZE must fit into an u8_t"},
	{id: "dns_max_servers", file: "dns.c", gate: "LWIP_DNS", cond: "DNS_MAX_SERVERS > 255", msg: "DNS_MAX_SERVERS must fit into an u8_t"},
	{id: "dns_max_requests", file: "dns.c", gate: "LWIP_DNS && (LWIP_DNS_SECURE & LWIP_DNS_SECURE_NO_MULTIPLE_OUTSTANDING)", userSet: "DNS_MAX_REQUESTS", cond: "DNS_MAX_REQUESTS > 255", msg: "DNS_MAX_REQUESTS must fit into an u8_t"},
	{id: "dns_max_source_ports", file: "dns.c", gate: "LWIP_DNS && (LWIP_DNS_SECURE & LWIP_DNS_SECURE_RAND_SRC_PORT)", cond: "DNS_MAX_SOURCE_PORTS > 255", msg: "DNS_MAX_SOURCE_PORTS must fit into an u8_t"},
	{id: "netif_client_data", file: "netif.c", cond: "LWIP_NUM_NETIF_CLIENT_DATA > 256", msg: "LWIP_NUM_NETIF_CLIENT_DATA must be <= 256"},
	{id: "tcp_pcb_num_ext_args", file: "tcp.c", gate: "LWIP_TCP", cond: "LWIP_TCP_PCB_NUM_EXT_ARGS >= 255", msg: "LWIP_TCP_PCB_NUM_EXT_ARGS"},
	{id: "iov_max", file: "sockets.h", gate: "LWIP_SOCKET && defined IOV_MAX", cond: "IOV_MAX > 0xFFFF", msg: "IOV_MAX larger than supported by LwIP"},
	{id: "fd_setsize", file: "sockets.h", gate: "LWIP_SOCKET && defined FD_SETSIZE", cond: "FD_SETSIZE < (LWIP_SOCKET_OFFSET + MEMP_NUM_NETCONN)", msg: "external FD_SETSIZE too small for number of sockets"},
}
