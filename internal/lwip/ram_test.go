package lwip

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/lwip/lwiptest"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// ramBase is the reference cfg/base.h of lwip-options-and-ram.md §4.
var ramBase = map[string]string{
	"NO_SYS": "1", "LWIP_NETCONN": "0", "LWIP_SOCKET": "0", "MEM_ALIGNMENT": "4",
	"LWIP_DHCP": "1", "LWIP_STATS": "0", "LWIP_ARP": "1", "LWIP_ETHERNET": "1",
	"LWIP_ICMP": "1", "LWIP_UDP": "1", "LWIP_TCP": "1", "LWIP_IPV4": "1",
}

type ramCase struct {
	name  string
	opts  map[string]string
	full  bool     // compile the whole core (proves the config builds)
	files []string // when !full: only what defines the symbols
	// reference §4 totals (ram_heap + sum of memp_memory_*) for 2.1.3, 0 = none
	ref213 int64
}

func ramCases() []ramCase {
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range ramBase {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	mid := map[string]string{"MEM_SIZE": "(32*1024)", "TCP_MSS": "1460", "TCP_SND_BUF": "(16*TCP_MSS)", "TCP_WND": "(16*TCP_MSS)",
		"PBUF_POOL_SIZE": "32", "MEMP_NUM_TCP_SEG": "64", "MEMP_NUM_TCP_PCB": "8", "MEMP_NUM_TCP_PCB_LISTEN": "4", "MEMP_NUM_UDP_PCB": "6", "MEMP_NUM_PBUF": "32"}
	api := map[string]string{"NO_SYS": "0", "LWIP_NETCONN": "1", "LWIP_SOCKET": "1", "MEMP_NUM_NETCONN": "8", "MEMP_NUM_NETBUF": "8", "LWIP_SO_RCVTIMEO": "1"}
	for k, v := range mid {
		api[k] = v
	}
	return []ramCase{
		{name: "small", opts: with(nil), full: true, ref213: 1619 + 11999},
		{name: "mid", opts: with(mid), full: true, ref213: 32787 + 52739},
		{name: "big", opts: with(map[string]string{"MEM_SIZE": "(128*1024)", "TCP_MSS": "1460", "TCP_SND_BUF": "(32*TCP_MSS)", "TCP_SND_QUEUELEN": "96",
			"LWIP_WND_SCALE": "1", "TCP_RCV_SCALE": "2", "TCP_WND": "(48*TCP_MSS)", "PBUF_POOL_SIZE": "48", "PBUF_POOL_BUFSIZE": "1536",
			"MEMP_NUM_TCP_SEG": "96", "MEMP_NUM_TCP_PCB": "16", "MEMP_NUM_TCP_PCB_LISTEN": "8", "MEMP_NUM_UDP_PCB": "8", "MEMP_NUM_PBUF": "64",
			"ARP_TABLE_SIZE": "16", "LWIP_TCP_SACK_OUT": "1", "TCP_OOSEQ_MAX_PBUFS": "24"}), full: true, ref213: 131099 + 81491},
		{name: "small_stats", opts: with(map[string]string{"LWIP_STATS": "1"}), full: true, ref213: 1619 + 11999},
		{name: "api", opts: with(api), full: true, ref213: 32787 + 53487},
		// option deltas of the struct table, only memp.c/mem.c/stats.c needed
		{name: "deltas1", opts: with(map[string]string{"LWIP_TCP_KEEPALIVE": "1", "LWIP_TCP_TIMESTAMPS": "1", "LWIP_CHECKSUM_ON_COPY": "1",
			"TCP_LISTEN_BACKLOG": "1", "LWIP_IGMP": "1", "ARP_QUEUEING": "1", "LWIP_RAW": "1", "LWIP_STATS": "1", "MEM_SIZE": "70000"}),
			files: []string{"core/memp.c", "core/mem.c", "core/stats.c"}},
		{name: "deltas2", opts: with(map[string]string{"TCP_QUEUE_OOSEQ": "0", "LWIP_NETIF_HWADDRHINT": "1", "LWIP_TCP_PCB_NUM_EXT_ARGS": "2",
			"MEM_ALIGNMENT": "64", "LWIP_PBUF_REF_T": "u16_t", "IP_FRAG": "1", "ETH_PAD_SIZE": "2"}),
			files: []string{"core/memp.c", "core/mem.c"}},
		{name: "event_api", opts: with(map[string]string{"LWIP_EVENT_API": "1", "LWIP_CALLBACK_API": "0", "MEM_ALIGNMENT": "8"}),
			files: []string{"core/memp.c", "core/mem.c"}},
		{name: "netconn_opts", opts: with(map[string]string{"NO_SYS": "0", "LWIP_NETCONN": "1", "LWIP_SOCKET": "1", "LWIP_SO_SNDTIMEO": "1", "LWIP_SO_RCVBUF": "1",
			"LWIP_TCPIP_CORE_LOCKING_INPUT": "1", "LWIP_STATS": "1"}), files: []string{"core/memp.c", "core/mem.c", "core/stats.c"}},
		// struct netconn without its socket index (CubeMX netconn-only projects), with one
		// netconn: the F767 case of issue 16 (the model had no LWIP_SOCKET term)
		// LWIP_DEBUG without stats (GD's ENET demos): no RAM changes, so the model covers it
		{name: "debug_no_stats", opts: with(map[string]string{"NO_SYS": "0", "LWIP_NETCONN": "1", "LWIP_DEBUG": "1", "LWIP_STATS": "0"}),
			files: []string{"core/memp.c", "core/mem.c", "core/timeouts.c"}},
		{name: "netconn_no_socket", opts: with(map[string]string{"NO_SYS": "0", "LWIP_NETCONN": "1", "LWIP_SOCKET": "0", "MEMP_NUM_NETCONN": "1"}),
			files: []string{"core/memp.c", "core/mem.c"}},
		{name: "netconn_fullduplex", opts: with(map[string]string{"NO_SYS": "0", "LWIP_NETCONN": "1", "LWIP_SOCKET": "0", "LWIP_NETCONN_FULLDUPLEX": "1",
			"LWIP_NETCONN_SEM_PER_THREAD": "1", "LWIP_SO_LINGER": "1", "LWIP_SO_RCVTIMEO": "1"}), files: []string{"core/memp.c", "core/mem.c"}},
		{name: "netconn_udp_only", opts: with(map[string]string{"NO_SYS": "0", "LWIP_NETCONN": "1", "LWIP_SOCKET": "1", "LWIP_TCP": "0", "LWIP_SO_SNDTIMEO": "1"}),
			files: []string{"core/memp.c", "core/mem.c"}},
	}
}

func optsHeader(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("#ifndef LWIPOPTS_H\n#define LWIPOPTS_H\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "#define %s %s\n", k, m[k])
	}
	b.WriteString("#endif\n")
	return b.String()
}

// TestRAMReference: the model reproduces the reference's measured totals.
func TestRAMReference(t *testing.T) {
	for _, c := range ramCases() {
		if c.ref213 == 0 {
			continue
		}
		cfg, err := Resolve(V213, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		r, err := PredictRAM(cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var sum int64
		for n, v := range r.Symbols {
			if n == "ram_heap" || strings.HasPrefix(n, "memp_memory_") {
				sum += v
			}
		}
		if sum != c.ref213 {
			t.Errorf("%s: heap+pools = %d, reference measured %d", c.name, sum, c.ref213)
		}
	}
}

// TestRAMVsCompiler compiles lwIP for each config and compares every
// predicted symbol size with the object files (debug/elf), byte-exact.
func TestRAMVsCompiler(t *testing.T) {
	trees := lwipTrees(t)
	work := t.TempDir()
	type job struct {
		v     Version
		dir   string
		c     ramCase
		files []string
	}
	var jobs []job
	for v, dir := range trees {
		for _, c := range ramCases() {
			files := c.files
			if c.full {
				groups := []string{"core", "ipv4", "ethernet"}
				if c.opts["NO_SYS"] == "0" {
					groups = append(groups, "api")
				}
				var err error
				if files, err = lwiptest.Sources(dir, groups...); err != nil {
					t.Fatal(err)
				}
			}
			jobs = append(jobs, job{v, dir, c, files})
		}
	}
	toolchain.Parallel(context.Background(), 2, len(jobs), false, func(_ context.Context, i int) error {
		v, c, files := jobs[i].v, jobs[i].c, jobs[i].files
		dir := jobs[i].dir
		cfg, err := Resolve(v, c.opts)
		if err != nil {
			t.Error(err)
			return nil
		}
		pred, err := PredictRAM(cfg)
		if err != nil {
			t.Errorf("%s/%s: %v", c.name, v, err)
			return nil
		}
		res, err := lwiptest.Compile(lwiptest.Build{LwipDir: dir, Opts: optsHeader(c.opts), Files: files, WorkDir: work, Jobs: 1})
		if err != nil || len(res.Objects) == 0 {
			t.Errorf("%s/%s: build failed: %v %v", c.name, v, err, res.Errors)
			return nil
		}
		syms, err := elfsym.ReadAll(res.Objects)
		if err != nil {
			t.Error(err)
			return nil
		}
		got := elfsym.Sizes(syms, func(n string) bool {
			return elfsym.IsLwIPRAM(n) || n == "lwip_stats" || strings.HasPrefix(n, "memp_stats_")
		})
		for n, want := range got {
			if p, ok := pred.Symbols[n]; !ok || p != want {
				t.Errorf("%s/%s: %s: predicted %d (present=%v), compiler %d", c.name, v, n, p, ok, want)
			}
		}
		for n := range pred.Symbols {
			if _, ok := got[n]; !ok {
				t.Errorf("%s/%s: predicted symbol %s not in the objects", c.name, v, n)
			}
		}
		return nil
	})
}
