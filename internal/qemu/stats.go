package qemu

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Pool is one lwIP memory pool (memp) or the heap (mem) as reported by the
// firmware's stats dump (lwip_stats with MEM_STATS/MEMP_STATS).
type Pool struct {
	Name                           string
	Avail, Used, Max, Err, Illegal uint64
}

// Stats is one parsed stats dump. The firmware prints it on UART0 as lines
// starting with "@@" (see templates/firmware/mps2-an500/main.c.tmpl):
//
//	@@stats begin seq=N reason=udp|uart|periodic tag=T uptime_ms=MS
//	@@mem name=HEAP avail= used= max= err= illegal=
//	@@memp name=POOL avail= used= max= err= illegal=      (one per pool)
//	@@proto name=LINK|IP|TCP|UDP xmit= recv= drop= ...     (16-bit, wrap)
//	@@drv rx_frames= ... tx_fifo_timeouts=                 (LAN9118 driver)
//	@@app echo_bytes= ... discard_bytes= discard_last= ...  (services)
//	@@stats end seq=N
type Stats struct {
	Seq      uint64
	Reason   string
	Tag      string
	UptimeMs uint64
	Heap     Pool
	Pools    []Pool
	Proto    map[string]map[string]uint64
	Driver   map[string]uint64
	App      map[string]uint64
}

// Pool returns the named memp pool.
func (s *Stats) Pool(name string) (Pool, bool) {
	for _, p := range s.Pools {
		if p.Name == name {
			return p, true
		}
	}
	return Pool{}, false
}

// DriverDropCounters are the driver counters that mean a frame was lost or
// mangled inside the guest.
var DriverDropCounters = []string{
	"rx_errors", "rx_nobuf", "rx_input_err", "rx_hw_dropped", "rx_overruns",
	"tx_errors", "tx_fifo_timeouts",
}

// Problems lists everything in the dump that indicates resource exhaustion
// or loss: any memp or heap err/illegal, any driver drop counter. Empty
// means healthy.
func (s *Stats) Problems() []string {
	var out []string
	for _, p := range append([]Pool{s.Heap}, s.Pools...) {
		if p.Err != 0 {
			out = append(out, fmt.Sprintf("%s err=%d (allocation failed)", p.Name, p.Err))
		}
		if p.Illegal != 0 {
			out = append(out, fmt.Sprintf("%s illegal=%d", p.Name, p.Illegal))
		}
	}
	for _, k := range DriverDropCounters {
		if v := s.Driver[k]; v != 0 {
			out = append(out, fmt.Sprintf("driver %s=%d", k, v))
		}
	}
	if s.App["no_slot"] != 0 || s.App["write_err"] != 0 {
		out = append(out, fmt.Sprintf("app no_slot=%d write_err=%d", s.App["no_slot"], s.App["write_err"]))
	}
	return out
}

func parseKV(fields []string) map[string]string {
	m := map[string]string{}
	for _, f := range fields {
		if k, v, ok := strings.Cut(f, "="); ok {
			m[k] = v
		}
	}
	return m
}

func toUint(m map[string]string, k string) uint64 {
	v, _ := strconv.ParseUint(m[k], 10, 64)
	return v
}

func numbers(m map[string]string) map[string]uint64 {
	out := map[string]uint64{}
	for k, v := range m {
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			out[k] = n
		}
	}
	return out
}

func parsePool(m map[string]string) Pool {
	return Pool{Name: m["name"], Avail: toUint(m, "avail"), Used: toUint(m, "used"),
		Max: toUint(m, "max"), Err: toUint(m, "err"), Illegal: toUint(m, "illegal")}
}

// ParseAllStats returns every complete dump found in text (console output;
// CR LF or LF), oldest first. Incomplete dumps are ignored.
func ParseAllStats(text string) []*Stats {
	var out []*Stats
	var cur *Stats
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		i := strings.Index(line, "@@")
		if i < 0 {
			continue
		}
		fields := strings.Fields(line[i+2:])
		if len(fields) == 0 {
			continue
		}
		kind := fields[0]
		if kind == "stats" && len(fields) > 1 {
			kv := parseKV(fields[2:])
			switch fields[1] {
			case "begin":
				cur = &Stats{Seq: toUint(kv, "seq"), Reason: kv["reason"], Tag: kv["tag"],
					UptimeMs: toUint(kv, "uptime_ms"), Proto: map[string]map[string]uint64{}}
			case "end":
				if cur != nil && toUint(kv, "seq") == cur.Seq {
					out = append(out, cur)
				}
				cur = nil
			}
			continue
		}
		if cur == nil {
			continue
		}
		kv := parseKV(fields[1:])
		switch kind {
		case "mem":
			cur.Heap = parsePool(kv)
		case "memp":
			cur.Pools = append(cur.Pools, parsePool(kv))
		case "proto":
			name := kv["name"]
			delete(kv, "name")
			cur.Proto[name] = numbers(kv)
		case "drv":
			cur.Driver = numbers(kv)
		case "app":
			cur.App = numbers(kv)
		}
	}
	return out
}

// ParseStats returns the last complete dump in text.
func ParseStats(text string) (*Stats, error) {
	all := ParseAllStats(text)
	if len(all) == 0 {
		return nil, errors.New("no complete stats dump found")
	}
	return all[len(all)-1], nil
}

// String renders the dump compactly for logs.
func (s *Stats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "stats seq=%d reason=%s uptime=%dms heap used=%d max=%d err=%d;", s.Seq, s.Reason,
		s.UptimeMs, s.Heap.Used, s.Heap.Max, s.Heap.Err)
	for _, p := range s.Pools {
		fmt.Fprintf(&b, " %s=%d/%d(max %d, err %d)", p.Name, p.Used, p.Avail, p.Max, p.Err)
	}
	keys := make([]string, 0, len(s.Driver))
	for k := range s.Driver {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b.WriteString("; drv")
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%d", k, s.Driver[k])
	}
	return b.String()
}

// Stats requests a dump by sending one byte to the guest's UART0 and waits
// for a new "reason=uart" dump on the console. The firmware polls the UART
// every millisecond (SysTick wakes its WFI), so this works even while the
// network is saturated. The request is repeated every second until ctx ends.
func (inst *Instance) Stats(ctx context.Context) (*Stats, error) {
	inst.statsMu.Lock()
	defer inst.statsMu.Unlock()
	var after uint64
	if all := ParseAllStats(inst.Console()); len(all) > 0 {
		after = all[len(all)-1].Seq
	}
	return inst.awaitStats(ctx, func() error { return inst.SendConsole([]byte{'s'}) },
		func(s *Stats) bool { return s.Reason == "uart" && s.Seq > after })
}

// StatsUDP requests a dump with a UDP datagram to the guest's stats port
// (forwarded from 127.0.0.1) carrying a unique tag, and waits for the dump
// with that tag on the console. The firmware also sends the dump back over
// UDP, but slirp with restrict=on drops guest-originated UDP replies (tested
// with QEMU 7.2), so the console is the reliable channel.
func (inst *Instance) StatsUDP(ctx context.Context) (*Stats, error) {
	addr := inst.Addr("udp", StatsUDPPort)
	if addr == "" {
		return nil, fmt.Errorf("udp/%d is not forwarded", StatsUDPPort)
	}
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tag := "q" + hex.EncodeToString(rnd[:])
	conn, err := net.Dial("udp", addr)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	inst.statsMu.Lock()
	defer inst.statsMu.Unlock()
	return inst.awaitStats(ctx, func() error { _, err := conn.Write([]byte(tag)); return err },
		func(s *Stats) bool { return s.Reason == "udp" && s.Tag == tag })
}

func (inst *Instance) awaitStats(ctx context.Context, request func() error, match func(*Stats) bool) (*Stats, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	var lastReq time.Time
	for {
		if time.Since(lastReq) >= time.Second {
			if err := request(); err != nil {
				return nil, err
			}
			lastReq = time.Now()
		}
		all := ParseAllStats(inst.Console())
		for i := len(all) - 1; i >= 0; i-- {
			if match(all[i]) {
				return all[i], nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("no stats dump: %w", ctx.Err())
		case <-inst.done:
			return nil, fmt.Errorf("qemu exited: %v", inst.waitErr)
		case <-tick.C:
		}
	}
}
