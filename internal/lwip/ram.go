package lwip

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// RAM is the predicted static RAM of lwIP on a 32-bit ARM target (Cortex-M
// and Cortex-A9 share the AAPCS layout, so struct sizes are the same; only
// MEM_ALIGNMENT differs).
type RAM struct {
	// Symbols are the exact sizes of the big objects, as `nm -S` / debug/elf
	// report them: "ram_heap", "memp_memory_<POOL>_base", and with stats
	// "lwip_stats" and "memp_stats_<POOL>".
	Symbols map[string]int64
	// Pools lists the enabled memp pools in memp_std.h order.
	Pools []Pool
	// Static is the rest of lwIP's .bss/.data (ARP table, PCB lists, netif
	// list, sockets[] ...) as measured for the IPv4+ARP+TCP+UDP+DHCP module set
	// after --gc-sections (lwip-options-and-ram.md §4). Unlike Symbols it is an
	// estimate for other module sets.
	Static int64
	// Total = sum(Symbols) + Static.
	Total int64
}

// Pool is one memp pool.
type Pool struct {
	Name     string // "PBUF_POOL"
	Num      int64  // elements
	ElemSize int64  // sizeof(element) before alignment (PBUF_POOL: aligned pbuf + aligned buffer)
	Bytes    int64  // size of memp_memory_<Name>_base
}

type structRow struct{ name, bytes, when string }

var (
	structOnce sync.Once
	structRows []structRow
)

// StructSizes returns the struct size table (data/struct_sizes.tsv): base size
// and option deltas, in bytes, for 32-bit ARM. It is the single owner of
// these numbers.
func StructSizes() [][3]string {
	loadStructs()
	out := make([][3]string, len(structRows))
	for i, r := range structRows {
		out[i] = [3]string{r.name, r.bytes, r.when}
	}
	return out
}

func loadStructs() {
	structOnce.Do(func() {
		rows, err := readTSV("data/struct_sizes.tsv")
		if err != nil {
			panic(err)
		}
		for _, r := range rows {
			structRows = append(structRows, structRow{r[0], r[1], r[2]})
		}
	})
}

// SizeOf returns sizeof(struct name) for the configuration.
func (c *Config) SizeOf(name string) (int64, error) {
	if name == "pbuf" && c.Measured != nil && c.Measured.Pbuf > 0 {
		return c.Measured.Pbuf, nil
	}
	if name == "mem" && c.Measured != nil && c.Measured.Mem > 0 {
		return c.Measured.Mem, nil // already SIZEOF_STRUCT_MEM (aligned)
	}
	loadStructs()
	var total int64
	found := false
	for _, r := range structRows {
		if r.name != name {
			continue
		}
		found = true
		w, err := c.EvalQuiet(r.when)
		if err != nil {
			return 0, fmt.Errorf("struct %s: %v", name, err)
		}
		if w == 0 {
			continue
		}
		b, err := c.EvalQuiet(r.bytes)
		if err != nil {
			return 0, fmt.Errorf("struct %s: %v", name, err)
		}
		total += b
	}
	if !found {
		return 0, fmt.Errorf("no size for struct %s", name)
	}
	if _, debug := c.UserValue("LWIP_DEBUG"); debug && name == "tcp_seg" {
		// tcp_priv.h: TCP_OVERSIZE && defined(LWIP_DEBUG) adds u16_t oversize_left after len;
		// with the checksum-on-copy fields it fills their padding, alone it costs a word
		if v, err := c.EvalQuiet("TCP_OVERSIZE && !LWIP_CHECKSUM_ON_COPY"); err == nil && v != 0 {
			total += 4
		}
	}
	if name == "pbuf" || name == "pbuf_custom_ref" {
		if t, ok := c.UserValue("LWIP_PBUF_REF_T"); ok {
			switch strings.TrimSpace(t) {
			case "u8_t", "uint8_t":
			case "u16_t", "uint16_t":
				total += 4 // ref grows and pushes the struct to the next word
			default:
				return 0, fmt.Errorf("LWIP_PBUF_REF_T %q is not modelled", t)
			}
		}
	}
	return total, nil
}

// poolDefs is memp_std.h (identical in 2.1.3 and 2.2.1): name, count
// option, element struct, enabling condition.
var poolDefs = []struct{ name, num, elem, when string }{
	{"RAW_PCB", "MEMP_NUM_RAW_PCB", "raw_pcb", "LWIP_RAW"},
	{"UDP_PCB", "MEMP_NUM_UDP_PCB", "udp_pcb", "LWIP_UDP"},
	{"TCP_PCB", "MEMP_NUM_TCP_PCB", "tcp_pcb", "LWIP_TCP"},
	{"TCP_PCB_LISTEN", "MEMP_NUM_TCP_PCB_LISTEN", "tcp_pcb_listen", "LWIP_TCP"},
	{"TCP_SEG", "MEMP_NUM_TCP_SEG", "tcp_seg", "LWIP_TCP"},
	{"ALTCP_PCB", "MEMP_NUM_ALTCP_PCB", "altcp_pcb", "LWIP_ALTCP && LWIP_TCP"},
	{"REASSDATA", "MEMP_NUM_REASSDATA", "ip_reassdata", "LWIP_IPV4 && IP_REASSEMBLY"},
	{"FRAG_PBUF", "MEMP_NUM_FRAG_PBUF", "pbuf_custom_ref", "(IP_FRAG && !LWIP_NETIF_TX_SINGLE_PBUF) || (LWIP_IPV6 && LWIP_IPV6_FRAG)"},
	{"NETBUF", "MEMP_NUM_NETBUF", "netbuf", "LWIP_NETCONN || LWIP_SOCKET"},
	{"NETCONN", "MEMP_NUM_NETCONN", "netconn", "LWIP_NETCONN || LWIP_SOCKET"},
	{"TCPIP_MSG_API", "MEMP_NUM_TCPIP_MSG_API", "tcpip_msg", "NO_SYS==0"},
	{"API_MSG", "MEMP_NUM_API_MSG", "api_msg", "NO_SYS==0 && LWIP_MPU_COMPATIBLE"},
	{"DNS_API_MSG", "MEMP_NUM_DNS_API_MSG", "dns_api_msg", "NO_SYS==0 && LWIP_MPU_COMPATIBLE && LWIP_DNS"},
	{"SOCKET_SETGETSOCKOPT_DATA", "MEMP_NUM_SOCKET_SETGETSOCKOPT_DATA", "lwip_setgetsockopt_data", "NO_SYS==0 && LWIP_MPU_COMPATIBLE && LWIP_SOCKET && !LWIP_TCPIP_CORE_LOCKING"},
	{"SELECT_CB", "MEMP_NUM_SELECT_CB", "lwip_select_cb", "NO_SYS==0 && LWIP_MPU_COMPATIBLE && LWIP_SOCKET && (LWIP_SOCKET_SELECT || LWIP_SOCKET_POLL)"},
	{"NETIFAPI_MSG", "MEMP_NUM_NETIFAPI_MSG", "netifapi_msg", "NO_SYS==0 && LWIP_MPU_COMPATIBLE && LWIP_NETIF_API"},
	{"TCPIP_MSG_INPKT", "MEMP_NUM_TCPIP_MSG_INPKT", "tcpip_msg", "NO_SYS==0 && !LWIP_TCPIP_CORE_LOCKING_INPUT"},
	{"ARP_QUEUE", "MEMP_NUM_ARP_QUEUE", "etharp_q_entry", "LWIP_IPV4 && LWIP_ARP && ARP_QUEUEING"},
	{"IGMP_GROUP", "MEMP_NUM_IGMP_GROUP", "igmp_group", "LWIP_IGMP"},
	{"SYS_TIMEOUT", "MEMP_NUM_SYS_TIMEOUT", "sys_timeo", "LWIP_TIMERS && !LWIP_TIMERS_CUSTOM"},
	{"NETDB", "MEMP_NUM_NETDB", "netdb", "LWIP_DNS && LWIP_SOCKET"},
	{"LOCALHOSTLIST", "MEMP_NUM_LOCALHOSTLIST", "local_hostlist_entry", "LWIP_DNS && DNS_LOCAL_HOSTLIST && DNS_LOCAL_HOSTLIST_IS_DYNAMIC"},
	{"PBUF", "MEMP_NUM_PBUF", "pbuf", "1"},
	{"PBUF_POOL", "PBUF_POOL_SIZE", "", "1"},
}

// align is LWIP_MEM_ALIGN_SIZE.
func align(x, a int64) int64 { return (x + a - 1) &^ (a - 1) }

// PoolsOf lists the enabled memp pools with element sizes (also used by the
// u16 memp_desc trap check, so it does not fail on unmodelled structs: their
// ElemSize is -1).
func (c *Config) PoolsOf() ([]Pool, error) {
	a := c.mustInt("MEM_ALIGNMENT")
	if a <= 0 || a&(a-1) != 0 {
		return nil, fmt.Errorf("MEM_ALIGNMENT %d is not a power of two", a)
	}
	var out []Pool
	var firstErr error
	for _, p := range poolDefs {
		on, err := c.EvalQuiet(p.when)
		if err != nil {
			return nil, err
		}
		if on == 0 {
			continue
		}
		n, err := c.Value(p.num)
		if err != nil {
			return nil, err
		}
		var elem int64
		if m, ok := c.measuredPool(p.name); ok {
			elem = m // memp_std.h's size, as the project's lwIP compiles it
		} else if p.name == "PBUF_POOL" {
			ps, _ := c.SizeOf("pbuf")
			elem = align(ps, a) + align(c.mustInt("PBUF_POOL_BUFSIZE"), a)
		} else if elem, err = c.SizeOf(p.elem); err != nil {
			elem = -1
			if firstErr == nil {
				firstErr = fmt.Errorf("pool %s: %v", p.name, err)
			}
		}
		pl := Pool{Name: p.name, Num: n, ElemSize: elem, Bytes: -1}
		if elem >= 0 {
			// LWIP_DECLARE_MEMORY_ALIGNED(memp_memory_X_base, num * MEMP_ALIGN_SIZE(size))
			// = u8_t[num*A(size) + MEM_ALIGNMENT-1]   (MEMP_SIZE = 0 without overflow check)
			pl.Bytes = n*align(elem, a) + a - 1
		}
		out = append(out, pl)
	}
	return out, firstErr
}

// measuredPool is the compiler's element size of pool name, when measured.
func (c *Config) measuredPool(name string) (int64, bool) {
	if c.Measured == nil {
		return 0, false
	}
	e, ok := c.Measured.Pools[name]
	return e, ok && e >= 0
}

// unmodelled are options whose effect on RAM the model does not cover.
var unmodelled = []struct{ expr, why string }{
	{"LWIP_IPV6", "IPv6"},
	{"MEMP_OVERFLOW_CHECK", "MEMP_OVERFLOW_CHECK"},
	{"MEM_OVERFLOW_CHECK", "MEM_OVERFLOW_CHECK"},
	{"MEMP_USE_CUSTOM_POOLS", "custom pools (lwippools.h)"},
	{"MEM_USE_POOLS", "MEM_USE_POOLS"},
	{"PPP_SUPPORT", "PPP"},
	{"LWIP_ALTCP", "altcp"},
	{"!NO_SYS && LWIP_MPU_COMPATIBLE", "LWIP_MPU_COMPATIBLE"},
	{"LWIP_DNS && DNS_LOCAL_HOSTLIST && DNS_LOCAL_HOSTLIST_IS_DYNAMIC", "dynamic DNS local host list"},
	{"LWIP_STATS && (LWIP_STATS_DISPLAY || MIB2_STATS || defined LWIP_STATS_LARGE && LWIP_STATS_LARGE)", "stats display/MIB2/large counters"},
	// LWIP_DEBUG changes RAM through the stats' pool names (LWIP_STATS), the
	// timeouts' handler names (LWIP_DEBUG_TIMERNAMES = SYS_DEBUG under it) and
	// tcp_seg's oversize_left (TCP_OVERSIZE_DBGCHECK, SizeOf models it); GD's
	// ENET demos define it with LWIP_STATS 0 (ram_test.go "debug_no_stats").
	{"set:LWIP_DEBUG", "LWIP_DEBUG with LWIP_STATS or SYS_DEBUG (adds names to stats and timeouts)"},
	{"set:LWIP_PBUF_CUSTOM_DATA", "LWIP_PBUF_CUSTOM_DATA"},
	{"set:LWIP_HOOK_VLAN_SET", "LWIP_HOOK_VLAN_SET"},
}

// PredictRAM computes lwIP's static RAM for cfg (exact for the symbols, see
// RAM). It returns an error for configurations the model does not cover
// instead of guessing.
func PredictRAM(c *Config) (RAM, error) {
	for _, u := range unmodelled {
		expr := u.expr
		if name, ok := strings.CutPrefix(expr, "set:"); ok {
			// lwipopts.h defines it (non-empty for LWIP_PBUF_CUSTOM_DATA)
			if name == "LWIP_PBUF_CUSTOM_DATA" && c.Measured != nil && c.Measured.Pbuf > 0 {
				continue // the compiler measured struct pbuf with the custom data in it
			}
			if t, ok := c.UserValue(name); ok && (name != "LWIP_PBUF_CUSTOM_DATA" || strings.TrimSpace(t) != "") {
				if name == "LWIP_DEBUG" {
					if v, err := c.EvalQuiet("LWIP_STATS || SYS_DEBUG || defined LWIP_DEBUG_TIMERNAMES && LWIP_DEBUG_TIMERNAMES"); err == nil && v == 0 {
						continue
					}
				}
				return RAM{}, fmt.Errorf("lwip RAM model: %s is not modelled", u.why)
			}
			continue
		}
		v, err := c.EvalQuiet(expr)
		if err != nil {
			return RAM{}, fmt.Errorf("lwip RAM model: %s: %v", u.why, err)
		}
		if v != 0 {
			return RAM{}, fmt.Errorf("lwip RAM model: %s is not modelled", u.why)
		}
	}
	a := c.mustInt("MEM_ALIGNMENT")
	r := RAM{Symbols: map[string]int64{}}
	pools, err := c.PoolsOf()
	if err != nil {
		return RAM{}, fmt.Errorf("lwip RAM model: %v", err)
	}
	if c.mustInt("MEMP_MEM_MALLOC") != 0 {
		pools = nil // every pool comes from the heap: no memp_memory_* arrays
	}
	r.Pools = pools
	for _, p := range pools {
		if p.ElemSize >= 65536 || p.Num > 65535 {
			return RAM{}, fmt.Errorf("lwip RAM model: pool %s does not fit memp_desc (u16 size/num)", p.Name)
		}
		r.Symbols["memp_memory_"+p.Name+"_base"] = p.Bytes
	}
	// mem.c: ram_heap[LWIP_MEM_ALIGN_BUFFER(MEM_SIZE_ALIGNED + 2*SIZEOF_STRUCT_MEM)]
	customAlloc := "MEM_LIBC_MALLOC"
	if c.Version.is22() {
		customAlloc = "MEM_CUSTOM_ALLOCATOR"
	}
	if c.mustInt(customAlloc) == 0 && !c.IsSet("LWIP_RAM_HEAP_POINTER") {
		ms, _ := c.SizeOf("mem")
		r.Symbols["ram_heap"] = align(c.mustInt("MEM_SIZE"), a) + 2*align(ms, a) + a - 1
	}
	if c.mustInt("LWIP_STATS") != 0 {
		memSizeT := int64(2)
		if c.mustInt(customAlloc) != 0 || c.mustInt("MEM_SIZE") > 64000 {
			memSizeT = 4
		}
		statsMem := cLayout([][2]int64{{2, 2}, {memSizeT, memSizeT}, {memSizeT, memSizeT}, {memSizeT, memSizeT}, {2, 2}})
		if c.mustInt("MEMP_STATS") != 0 {
			for _, p := range pools {
				r.Symbols["memp_stats_"+p.Name] = statsMem
			}
		}
		var f [][2]int64
		proto := [2]int64{24, 2} // struct stats_proto: 12 u16 counters
		for _, s := range []string{"LINK_STATS", "ETHARP_STATS", "IPFRAG_STATS", "IP_STATS", "ICMP_STATS"} {
			if c.mustInt(s) != 0 {
				f = append(f, proto)
			}
		}
		if c.mustInt("IGMP_STATS") != 0 {
			f = append(f, [2]int64{28, 2}) // struct stats_igmp: 14 u16
		}
		for _, s := range []string{"UDP_STATS", "TCP_STATS"} {
			if c.mustInt(s) != 0 {
				f = append(f, proto)
			}
		}
		if c.mustInt("MEM_STATS") != 0 {
			f = append(f, [2]int64{statsMem, memSizeT})
		}
		if c.mustInt("MEMP_STATS") != 0 {
			n, _ := c.PoolsOf()
			f = append(f, [2]int64{4 * int64(len(n)), 4})
		}
		if c.mustInt("SYS_STATS") != 0 {
			f = append(f, [2]int64{18, 2}) // 3 x stats_syselem{used,max,err}
		}
		if len(f) > 0 {
			r.Symbols["lwip_stats"] = cLayout(f)
		}
	}
	// other statics, measured on the reference module set (§4 formula)
	nPools := int64(len(poolDefsEnabled(c)))
	r.Static = 203 + 24*c.mustInt("ARP_TABLE_SIZE") + 4*nPools + 2*c.mustInt("LWIP_WND_SCALE")
	if c.mustInt("LWIP_SOCKET") != 0 {
		r.Static += 16*c.mustInt("MEMP_NUM_NETCONN") + 24 + 16
	}
	for _, v := range r.Symbols {
		r.Total += v
	}
	r.Total += r.Static
	return r, nil
}

func poolDefsEnabled(c *Config) []string {
	var out []string
	for _, p := range poolDefs {
		if v, _ := c.EvalQuiet(p.when); v != 0 {
			out = append(out, p.name)
		}
	}
	return out
}

// cLayout lays out C struct fields (size, alignment) and returns sizeof.
func cLayout(fields [][2]int64) int64 {
	var off, maxAlign int64 = 0, 1
	for _, f := range fields {
		off = align(off, f[1])
		off += f[0]
		if f[1] > maxAlign {
			maxAlign = f[1]
		}
	}
	return align(off, maxAlign)
}

// SymbolNames returns the symbol names of r sorted (for stable output).
func (r RAM) SymbolNames() []string {
	out := make([]string, 0, len(r.Symbols))
	for k := range r.Symbols {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
