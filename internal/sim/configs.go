package sim

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/seeds"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

// Names of the configurations a comparison runs (the baselines are named by
// seeds.Baselines; user files "user:NAME").
const (
	CfgLwipgen  = "lwipgen"
	CfgDefaults = "lwip-defaults"
)

// driverModel is a configuration's own driver side (the vendor's ring and RX
// buffer counts); zero fields keep the plan's.
type driverModel struct {
	RxDescriptors, RxBuffers, TxDescriptors int
}

// config is one configuration under test for the device.
type config struct {
	Name     string
	Label    string
	Header   []byte       // the lwipopts.h as the user would have it
	Added    []string     // what the simulator added so that it compiles
	Resolved *lwip.Config // as the preprocessor sees Header (+ Added) on the target
	RAM      lwip.RAM
	Checks   []string // lwIP #error rules the configuration fails (before Added)
	Driver   driverModel
	Source   string
	// Hooks are the file's hook macros mapped to functions of its project;
	// the simulator compiles its stand-ins for them (userhooks.go)
	Hooks []userHook
}

// lwipgenConfig is the generated lwipopts.h, unchanged.
func lwipgenConfig(g *pipeline.Generated) (*config, error) {
	f, err := render.LwipOpts(g.Plan)
	if err != nil {
		return nil, err
	}
	return &config{Name: CfgLwipgen, Label: "lwipgen (generated lwipopts.h)", Header: []byte(f.Content), Resolved: g.Plan.Config, RAM: g.Plan.RAM}, nil
}

// fromDefines builds a configuration from plain #defines, adding the port's
// MEM_ALIGNMENT when the header leaves it at lwIP's default of 1 (every
// Cortex port sets it; a pool base misaligned for the CPU is not a tuning
// choice) and LWIP_DISABLE_TCP_SANITY_CHECKS when lwIP's init.c would
// refuse the values (the flag lwIP's own #error text offers; the printed
// values stay as they are, so the simulation shows what they do).
func fromDefines(p *plan.Plan, name, label string, body []byte) (*config, error) {
	defs := cheader.Defines(body)
	set := map[string]string{}
	for _, d := range defs {
		set[d.Name] = d.Value
	}
	c := &config{Name: name, Label: label}
	var extra []string
	if _, ok := set["MEM_ALIGNMENT"]; !ok {
		a := p.Board.Chip.Core.MemAlign
		if a == 0 {
			a = 4
		}
		set["MEM_ALIGNMENT"] = fmt.Sprint(a)
		extra = append(extra, fmt.Sprintf("#define MEM_ALIGNMENT %d /* added: the %s port's alignment (lwIP's default 1 misaligns pools) */", a, p.Board.Chip.Core.CPU))
		c.Added = append(c.Added, fmt.Sprintf("MEM_ALIGNMENT %d (the %s port's alignment)", a, p.Board.Chip.Core.CPU))
	}
	r, err := lwip.Resolve(p.Version, set)
	if err != nil {
		return nil, err
	}
	for _, ck := range lwip.Checks(r) {
		if !ck.OK && ck.Fatal && strings.HasPrefix(ck.ID, "lwip.init.") {
			c.Checks = append(c.Checks, ck.ID+": "+firstLines(ck.Detail, 1))
		}
	}
	if len(c.Checks) > 0 {
		set["LWIP_DISABLE_TCP_SANITY_CHECKS"] = "1"
		extra = append(extra, "#define LWIP_DISABLE_TCP_SANITY_CHECKS 1 /* added: lwIP's init.c rejects these values; the simulation keeps them as printed */")
		c.Added = append(c.Added, "LWIP_DISABLE_TCP_SANITY_CHECKS 1 (init.c rejects: "+strings.Join(c.Checks, "; ")+")")
		if r, err = lwip.Resolve(p.Version, set); err != nil {
			return nil, err
		}
	}
	c.Resolved = r
	c.RAM, err = lwip.PredictRAM(r)
	if err != nil {
		return nil, fmt.Errorf("%s: RAM model: %v", name, err)
	}
	var h strings.Builder
	fmt.Fprintf(&h, "/* %s */\n#ifndef LWIPGEN_SIM_CFG_H\n#define LWIPGEN_SIM_CFG_H\n", label)
	h.Write(body)
	h.WriteString("\n")
	for _, e := range extra {
		h.WriteString(e + "\n")
	}
	h.WriteString("#endif\n")
	c.Header = []byte(h.String())
	return c, nil
}

func defaultsConfig(p *plan.Plan) (*config, error) {
	return fromDefines(p, CfgDefaults, "lwIP 2.1.3 defaults (opt.h)", []byte("/* nothing set: every option is opt.h's default */\n"))
}

// baselineConfigs are what a user of this board would pick instead of
// lwipgen (seeds.BaselinesFor: vendor defaults, vendor examples, the seed
// article over the vendor file, those written for the board's RTOS), each
// with its own driver rings.
func baselineConfigs(p *plan.Plan) ([]*config, error) {
	var out []*config
	for _, bl := range seeds.BaselinesFor(p.Board.Name, p.Board.Chip.Family, p.Board.RTOS) {
		body, err := bl.Header()
		if err != nil {
			return nil, err
		}
		c, err := fromDefines(p, bl.Name, bl.Label, body)
		if err != nil {
			return nil, fmt.Errorf("baseline %s: %v", bl.Name, err)
		}
		c.Driver = driverModel{RxDescriptors: bl.RxDescriptors, RxBuffers: bl.RxBuffers, TxDescriptors: bl.TxDescriptors}
		c.Source = bl.Source
		out = append(out, c)
	}
	return out, nil
}

// userConfig is a lwipopts.h the user adds to the comparison (sim --lwipopts
// FILE). Only its object-like #defines are taken (includes and conditionals
// are not evaluated, as a reviewer reads the file); the plan's driver rings
// are kept.
func userConfig(p *plan.Plan, path string, src []byte) (*config, error) {
	var body strings.Builder
	for _, d := range cheader.Defines(src) {
		fmt.Fprintf(&body, "#undef %s\n#define %s %s\n", d.Name, d.Name, d.Value)
	}
	name := "user:" + filepath.Base(path)
	c, err := fromDefines(p, name, "user file "+path, []byte(body.String()))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	c.Added = append(c.Added, "only the file's #defines (includes and #if blocks are not evaluated); the board's driver rings")
	if c.Hooks = userHooks(src); len(c.Hooks) > 0 {
		c.Added = append(c.Added, hooksAdded(c.Hooks))
	}
	c.Source = path
	return c, nil
}

// hostOverrides are the changes the simulation port needs, applied after the
// configuration under test. Pool, window, buffer and queue values are never
// touched; the heap is corrected for the 64-bit host's larger struct pbuf so
// that it holds the same number of segments as on the 32-bit target.
func hostOverrides(r *lwip.Config, rxModel plan.RxModel) []Override {
	o := []Override{
		{"NO_SYS", "1", "a bare-metal board's port (its generated driver's poll loop, driven by the scheduler); a FreeRTOS board replaces these with NO_SYS 0 on the RTOS model (rtosOverrides)"},
		{"LWIP_NETCONN", "0", "init.c requires it with NO_SYS=1; the workload uses the raw TCP API"},
		{"LWIP_SOCKET", "0", "init.c requires it with NO_SYS=1; the workload uses the raw TCP API"},
		{"LWIP_NETIF_API", "0", "init.c requires it with NO_SYS=1 (netifapi calls go through the tcpip thread)"},
		{"SYS_LIGHTWEIGHT_PROT", "0", "one thread, no interrupts: nothing to protect (the port has no sys_arch_protect)"},
		{"LWIP_TCPIP_CORE_LOCKING", "0", "no tcpip thread"},
		{"LWIP_TCPIP_CORE_LOCKING_INPUT", "0", "no tcpip thread"},
		{"LWIP_TIMERS", "1", "lwIP's own timeouts, run from the scheduler; sys_now() is virtual milliseconds"},
		{"LWIP_TIMERS_CUSTOM", "0", "lwIP's own timeouts, run from the scheduler"},
		{"LWIP_STATS", "1", "the pool high-water marks and err counters the report shows (counters only, no behaviour change)"},
		{"MEMP_STATS", "1", "per-pool used/max/err"},
		{"MEM_STATS", "1", "heap used/max/err"},
		{"TCP_STATS", "1", "TCP drop/memerr counters"},
		{"LWIP_STATS_DISPLAY", "0", "the simulator reads the counters itself"},
	}
	if ptr, ok := r.UserValue("LWIP_RAM_HEAP_POINTER"); ok {
		// a user file's fixed heap address (CubeMX H7: 0x30020000 in D2 SRAM) is no memory of the host process
		o = append(o, Override{Name: "LWIP_RAM_HEAP_POINTER", Why: fmt.Sprintf(
			"the target's heap address %s is no memory of the host process: the heap is lwIP's own ram_heap array of the same MEM_SIZE", ptr)})
	}
	if rxModel == plan.RxCustomPool {
		o = append(o, Override{"LWIP_SUPPORT_CUSTOM_PBUF", "1", "the zero-copy RX design wraps DMA buffers in custom pbufs (as the board's glue does)"})
	}
	if ms, err := r.Value("MEM_SIZE"); err == nil && ms > 0 {
		mss, _ := r.Value("TCP_MSS")
		if mss <= 0 {
			mss = 536
		}
		a, _ := r.Value("MEM_ALIGNMENT")
		if a < 1 {
			a = 1
		}
		// bytes of a heap pbuf for a full TCP segment: struct mem + pbuf
		// header + PBUF_TRANSPORT offset (54) + MSS, each rounded as mem.c/pbuf.c do
		al := func(x int64) int64 { return (x + a - 1) / a * a }
		memHdr := al(8)
		if ms > 64000 {
			memHdr = al(12)
		}
		target := memHdr + al(al(16)+54) + al(mss)
		delta := al(al(24)+54) - al(al(16)+54)
		if delta > 0 {
			n := (ms + target - 1) / target
			host := ms + delta*n
			o = append(o, Override{"MEM_SIZE", fmt.Sprint(host), fmt.Sprintf(
				"64-bit host: struct pbuf is 24 B instead of 16 B, so a heap pbuf costs %d B more at MEM_ALIGNMENT %d; %d + %d B x %d full segments (%d B each on the target) keeps the number of segments the heap holds equal to the target's", delta, a, ms, delta, n, target)})
		}
	}
	return o
}

// optsHeader is the lwipopts.h the simulator compiles: the configuration
// under test, then the overrides.
func optsHeader(cfg []byte, over []Override) []byte {
	var b strings.Builder
	b.WriteString("/* lwipopts.h for lwipgen's host simulator. */\n#ifndef LWIPGEN_SIM_LWIPOPTS_H\n#define LWIPGEN_SIM_LWIPOPTS_H\n")
	b.WriteString("/* ---- configuration under test, unchanged ---- */\n")
	b.Write(cfg)
	b.WriteString("\n/* ---- host simulation port overrides ---- */\n")
	for _, o := range over {
		if o.undefOnly() {
			fmt.Fprintf(&b, "/* %s */\n#undef %s\n", o.Why, o.Name)
			continue
		}
		fmt.Fprintf(&b, "/* %s */\n#undef %s\n#define %s %s\n", o.Why, o.Name, o.Name, o.Value)
	}
	b.WriteString("#endif\n")
	return []byte(b.String())
}

// peerHeader is the host-like peer: big windows (with scaling), big pools,
// checksums generated (a device that checks them in software gets valid
// ones) but not checked (like a host NIC with RX offload: the device's
// frames carry none when its MAC would insert them).
const peerHeader = `/* the simulated peer: a host-like lwIP */
#define NO_SYS 1
#define LWIP_NETCONN 0
#define LWIP_SOCKET 0
#define SYS_LIGHTWEIGHT_PROT 0
#define MEM_ALIGNMENT 8
#define MEM_SIZE (16 * 1024 * 1024)
#define TCP_MSS 1460
#define LWIP_WND_SCALE 1
#define TCP_RCV_SCALE 6
#define TCP_WND (1024 * 1024)
#define TCP_SND_BUF (512 * 1024)
#define TCP_SNDLOWAT (32 * 1024)
#define TCP_SND_QUEUELEN 2048
#define MEMP_NUM_TCP_SEG 8192
#define PBUF_POOL_SIZE 4096
#define MEMP_NUM_PBUF 1024
#define MEMP_NUM_TCP_PCB 64
#define MEMP_NUM_TCP_PCB_LISTEN 4
#define TCP_QUEUE_OOSEQ 1
/* timer tick 40 ms: delayed ACKs within 40 ms (Linux's minimum ATO) and an
 * RTO that counts in 80 ms slow-timer ticks, near Linux's 200 ms minimum,
 * instead of lwIP's 250/500 ms */
#define TCP_TMR_INTERVAL 40
#define ARP_TABLE_SIZE 4
#define LWIP_DHCP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_ICMP 0
#define LWIP_STATS 1
#define MEMP_STATS 1
#define MEM_STATS 1
#define TCP_STATS 1
#define LWIP_STATS_DISPLAY 0
`

// keyOptions are shown next to each configuration.
var keyOptions = []string{"TCP_MSS", "TCP_WND", "TCP_SND_BUF", "TCP_SND_QUEUELEN", "MEMP_NUM_TCP_SEG", "PBUF_POOL_SIZE", "PBUF_POOL_BUFSIZE", "MEM_SIZE", "MEMP_NUM_TCP_PCB", "TCP_TMR_INTERVAL"}

func keyValues(r *lwip.Config) map[string]int64 {
	m := map[string]int64{}
	for _, k := range keyOptions {
		if v, err := r.Value(k); err == nil {
			m[k] = v
		}
	}
	return m
}
