// Package sim runs the real lwIP, compiled for the host with a board's
// generated configuration, against a host-like lwIP peer in virtual time.
//
// Design. Each side is a separate process: sim_node.c (lwipgen's own code:
// NO_SYS port with a virtual clock, NIC model, CPU model, raw-API workload)
// linked with lwIP 2.1.3 compiled with that side's lwipopts.h. Separate
// processes give each lwIP its own globals without renaming symbols, and
// let the device and the peer use different configurations. One Go
// scheduler drives both over pipes, one command at a time, in global
// virtual-time order (conservative discrete-event simulation): a node only
// ever runs at the current global time, and reports the frames its MAC put
// on the wire (with the time their last bit left) and the time of its next
// internal event (CPU free, lwIP timeout). Nothing in the simulated path
// reads a wall clock; loss and reordering come from a seeded PCG, lwIP's
// LWIP_RAND from a seeded xorshift. The same board, workload and seed give
// the same numbers on any machine.
package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/simdev"
)

// Options tune a run. The zero value is a full default run.
type Options struct {
	Seed    uint64 // 0 means 1
	Compare bool   // also run lwIP's defaults and the baselines (vendor defaults, vendor examples, seed articles)
	// LwIPOpts are user lwipopts.h files added to the comparison (sim --lwipopts FILE).
	LwIPOpts []string
	Workload string // auto (from the board's profile) | bulk | rr | mix | all
	// Virtual time per phase (measured), after Warmup (not measured).
	Duration time.Duration // default 200ms
	Warmup   time.Duration // default 50ms
	MsgSize  int           // request/response message size, default 256 B
	// Device CPU cost overrides (ns); nil means the core/clock default.
	CPUNsPerFrame *float64
	CPUNsPerByte  *float64
	CPUScale      float64 // multiplies the device CPU cost (sweep: 1x, 2x); 0 means 1
	Loss          float64 // link loss probability per frame
	Reorder       float64 // link reordering probability per frame
	Duplicate     float64 // link duplication probability per frame
	// Faults are injected into the device (sim --fault): link flaps, a DMA
	// fatal bus error, an application that stops reading, receive bursts.
	Faults   []Fault
	LwIPDir  string // lwIP tree (else LWIP_DIR / cache, as lwipsrc.Resolve)
	CacheDir string // compiled simulators (default <lwipgen cache>/sim)
	Progress io.Writer

	// for the validation tests and the sweep: replace the device configurations / link
	deviceOverride *config
	configs        []*config
	rttOverride    float64 // ms
	gen            *pipeline.Generated
	// patchGlue edits the rendered driver before it is compiled (tests: a deliberately broken glue)
	patchGlue      func(files map[string][]byte) error
	connsOverride  int
	phasesOverride []string
	// rrRefuse makes the device's request/response server treat its first rrRefuse response
	// writes as refused by tcp_write (tests: the retry from the sent/poll callbacks)
	rrRefuse int
}

// Result is what a run measured; it is embedded in report.json as "sim".
type Result struct {
	Board       string         `json:"board"`
	Chip        string         `json:"chip"`
	LwIPVersion string         `json:"lwip_version"`
	Seed        uint64         `json:"seed"`
	Host        Host           `json:"host"`
	Link        LinkInfo       `json:"link"`
	Device      DeviceInfo     `json:"device"`
	Workload    WorkloadInfo   `json:"workload"`
	Limits      Limits         `json:"limits"`
	Configs     []ConfigResult `json:"configs"`
}

// Host says how the simulator was built.
type Host struct {
	Compiler    string `json:"compiler"`
	PointerBits int    `json:"pointer_bits"`
	Note        string `json:"note"`
}

// LinkInfo is the link model of the run.
type LinkInfo struct {
	RateMbps       float64 `json:"rate_mbps"`
	RTTMs          float64 `json:"rtt_ms"`
	OneWayUs       float64 `json:"one_way_us"`
	FramingBytes   int     `json:"framing_bytes"` // per frame on the wire besides the IP packet
	Loss           float64 `json:"loss"`
	Reorder        float64 `json:"reorder"`
	Duplicate      float64 `json:"duplicate,omitempty"`
	PeerTxQueue    int     `json:"peer_tx_queue"`
	Duplex         string  `json:"duplex"`
	PropagationFor string  `json:"propagation"`
}

// DeviceInfo is the device NIC and CPU model (from the plan).
type DeviceInfo struct {
	RxModel       string  `json:"rx_model"`
	RxDescriptors int     `json:"rx_descriptors"`
	RxBuffers     int     `json:"rx_buffers"`
	RxBufferSize  int     `json:"rx_buffer_size"`
	RxFIFOBytes   int     `json:"rx_fifo_bytes,omitempty"`
	TxDescriptors int     `json:"tx_descriptors"`
	CoreMHz       float64 `json:"core_mhz"`
}

// WorkloadInfo is what ran.
type WorkloadInfo struct {
	Profile     string   `json:"profile"`
	Connections int      `json:"connections"`
	Phases      []string `json:"phases"`
	DurationMs  float64  `json:"duration_ms"`
	WarmupMs    float64  `json:"warmup_ms"`
	MsgSize     int      `json:"msg_size"`
}

// Limits are the physical bounds the throughput is compared with.
type Limits struct {
	TCPGoodputMbps float64 `json:"tcp_goodput_mbps"` // rate x 1460/1538
	TargetMbps     float64 `json:"target_mbps"`
	GoalMbps       float64 `json:"goal_mbps"` // 90 % of min(limit, target)
	GoalBasis      string  `json:"goal_basis"`
}

// ConfigResult is one configuration's run.
type ConfigResult struct {
	Name      string     `json:"name"`
	Label     string     `json:"label"`
	Added     []string   `json:"added,omitempty"`
	Overrides []Override `json:"host_overrides"`
	RAMBytes  int64      `json:"ram_bytes"` // lwIP RAM (lwip.PredictRAM, 32-bit target)
	// DriverRAMBytes is the Ethernet driver's RX buffers and descriptor rings
	// (the same formula for every configuration).
	DriverRAMBytes int64            `json:"driver_ram_bytes"`
	Driver         DriverRings      `json:"driver"`
	Source         string           `json:"source,omitempty"`
	Options        map[string]int64 `json:"options"`
	CPU            CPU              `json:"cpu"`
	Phases         []Phase          `json:"phases"`
	// summary over the phases
	TxMbps      float64          `json:"tx_mbps"` // bulk device -> peer
	RxMbps      float64          `json:"rx_mbps"` // bulk peer -> device
	P50Us       float64          `json:"rr_p50_us"`
	P99Us       float64          `json:"rr_p99_us"`
	RetxDevice  int64            `json:"retransmissions_device"`
	RetxPeer    int64            `json:"retransmissions_peer"`
	PoolErrors  int64            `json:"pool_errors"` // sum of memp err + heap err on the device (= Errors.AllocFailures)
	Errors      ErrorSplit       `json:"errors"`
	Pools       []Pool           `json:"pools"`
	Heap        Pool             `json:"heap"`
	TCP         map[string]int64 `json:"tcp"`
	NIC         map[string]int64 `json:"nic"`
	Connections int              `json:"connections_established"`
	// Glue is the run of the board's generated driver on its driver model (every device has one;
	// nil only when the configuration failed before its device was built).
	Glue  *GlueRun `json:"glue,omitempty"`
	Error string   `json:"error,omitempty"`
	// StartupFailure is why the device did not start with this configuration (what lwIP or the
	// board's code printed before it stopped); Error then starts with "fails at start-up: ".
	StartupFailure string `json:"startup_failure,omitempty"`
}

// startupPrefix begins the Error of a configuration the device could not start with.
const startupPrefix = "fails at start-up: "

// ErrorSplit tells the device's failures apart: a real allocation failure,
// TCP pushing back on the application (normal flow control), and frames the
// MAC or the driver dropped. A run with any drop is not clean, even when no
// pool reports an error (a zero-copy RX pool that lwIP holds empty starves
// the ring without any memp counter moving).
type ErrorSplit struct {
	AllocFailures int64 `json:"alloc_failures"`   // memp err + heap err
	BackPressure  int64 `json:"tcp_backpressure"` // tcp_write refused (send buffer or queue full); the app retries on ACK
	MACMissed     int64 `json:"mac_missed"`       // frames the MAC dropped: no armed RX descriptor / FIFO full
	RingStarved   int64 `json:"ring_starved"`     // of those, with a descriptor unarmed for lack of a free RX buffer
	DriverDrops   int64 `json:"driver_drops"`     // no pbuf for a received frame, or lwIP's input refused it
	Clean         bool  `json:"clean"`            // no allocation failure and no dropped frame
}

func (e ErrorSplit) String() string {
	return fmt.Sprintf("%d/%d/%d", e.AllocFailures, e.MACMissed+e.DriverDrops, e.BackPressure)
}

// DriverRings are the driver values a configuration ran with (a vendor
// baseline keeps its own; lwipgen's and user files use the plan's).
type DriverRings struct {
	RxDescriptors int `json:"rx_descriptors"`
	RxBuffers     int `json:"rx_buffers"`
	TxDescriptors int `json:"tx_descriptors"`
}

// driverRAM is what the driver's RX buffers and rings take: zero-copy pools
// carry a struct pbuf_custom (32 B with alignment) per buffer; copy drivers
// also keep one TX buffer per TX descriptor; DMA-into-PBUF_POOL drivers have
// only the rings (their buffers are PBUF_POOL, counted in lwIP RAM).
func driverRAM(d plan.Driver) int64 {
	desc := int64(d.DescriptorSize)
	if desc == 0 {
		desc = 16
	}
	size := int64(max(d.RxBufferSize, 1536))
	n := int64(d.RxDescriptors+d.TxDescriptors) * desc
	switch d.RxModel {
	case plan.RxCustomPool:
		n += int64(d.RxBuffers) * (size + 32)
	case plan.RxCopyToPool:
		n += int64(d.RxDescriptors+d.TxDescriptors) * size
	case plan.RxFIFO:
		n = 0
	}
	return n
}

// Phase is one measured workload phase.
type Phase struct {
	Name       string  `json:"name"`
	DurationMs float64 `json:"duration_ms"`
	TxMbps     float64 `json:"tx_mbps"`
	RxMbps     float64 `json:"rx_mbps"`
	TxPct      float64 `json:"tx_pct_of_limit"`
	RxPct      float64 `json:"rx_pct_of_limit"`
	Requests   int     `json:"rr_requests,omitempty"`
	P50Us      float64 `json:"rr_p50_us,omitempty"`
	P99Us      float64 `json:"rr_p99_us,omitempty"`
	RetxDevice int64   `json:"retransmissions_device"`
	RetxPeer   int64   `json:"retransmissions_peer"`
	RxMissed   int64   `json:"nic_rx_missed"`
	// RRWriteRefused counts the device's request/response responses that tcp_write refused during
	// the phase (lwIP's send buffer, queue or segment pool full); the server writes them again from
	// its sent and poll callbacks.
	RRWriteRefused int64   `json:"rr_write_refused,omitempty"`
	CPUPct         float64 `json:"device_cpu_pct"`
	// TimerPasses counts the TCP timer passes (tcp_tmr(), or a board's own tcp_fasttmr) the device
	// ran in the phase; TimerCPUPct is the share of the phase they took on its CPU (part of CPUPct).
	TimerPasses int64   `json:"tcp_timer_passes"`
	TimerCPUPct float64 `json:"tcp_timer_cpu_pct"`
}

// Pool is a pool's (or the heap's) high-water mark and failures on the device.
type Pool struct {
	Name  string `json:"name"`
	Avail int64  `json:"avail"`
	Max   int64  `json:"max"`
	Err   int64  `json:"err"`
	Used  int64  `json:"used,omitempty"` // in use when read (the idle check of a glue run)
}

const (
	mssStd     = 1460
	wireStd    = 1538 // 1460 + 40 + 14 + 4 + 8 + 12
	listenPort = 5001
	peerTxQ    = 128
)

// TCPGoodputLimit is the TCP payload rate of a saturated link at MSS 1460.
func TCPGoodputLimit(rateMbps float64) float64 { return rateMbps * mssStd / wireStd }

// Run simulates the board's generated configuration (and with Compare the
// other two) and returns what it measured.
func Run(ctx context.Context, g *pipeline.Generated, o Options) (*Result, error) {
	o = o.withDefaults()
	// One path: the device is always the board's own driver on a driver model. A board whose MAC
	// (or MAC + RTOS) has no model is refused rather than measured on a stand-in NIC, whose numbers
	// would not be the board's.
	m, ok := runsGlue(g.Plan)
	if !ok {
		return nil, fmt.Errorf("the simulator has no driver model for %s: MAC %q with rtos %q (models: %s); it runs only a board's own generated driver, so it cannot measure this board",
			g.Plan.Board.Name, g.Plan.Board.Chip.Ethernet.MAC, g.Plan.Board.RTOS, modelList())
	}
	if err := faultsApply(g.Plan.Board, m, o.Faults); err != nil {
		return nil, err
	}
	tree, err := lwipsrc.Resolve(o.LwIPDir, "")
	if err != nil {
		return nil, err
	}
	cc, err := compiler()
	if err != nil {
		return nil, fmt.Errorf("the simulator needs a host C compiler: %v", err)
	}
	p := g.Plan
	b := p.Board
	res := &Result{Board: b.Name, Chip: b.Chip.Name, LwIPVersion: tree.Version, Seed: o.Seed,
		Host: Host{Compiler: cc, PointerBits: 64, Note: "lwIP is compiled for the 64-bit host (no -m32 multilib is relied on): pointers are 8 B, so structs holding pointers are larger than on the 32-bit target. Pools are sized in elements and keep their counts; the heap (MEM_SIZE, bytes) grows by the 64-bit struct pbuf's extra bytes per full segment (8 B at MEM_ALIGNMENT <= 8, none at 64; see host_overrides). RAM figures are lwip.PredictRAM for the 32-bit target."}}
	var link Link
	link, res.Link = linkOf(b, o)
	rate := link.RateBps
	d := p.Driver
	res.Device = DeviceInfo{RxModel: string(d.RxModel), RxDescriptors: d.RxDescriptors, RxBuffers: d.RxBuffers, RxBufferSize: d.RxBufferSize,
		TxDescriptors: d.TxDescriptors, CoreMHz: float64(b.Chip.Core.ClockHz) / 1e6}
	if d.RxModel == plan.RxFIFO {
		res.Device.RxFIFOBytes = b.Chip.Ethernet.RxFIFOBytes
	}
	conns := b.Workload.TCPConnections
	if o.connsOverride > 0 {
		conns = o.connsOverride
	}
	if conns < 1 {
		conns = 1
	}
	phases := o.phases(b.Workload.Profile, conns)
	res.Workload = WorkloadInfo{Profile: b.Workload.Profile, Connections: conns, Phases: phases,
		DurationMs: float64(o.Duration) / 1e6, WarmupMs: float64(o.Warmup) / 1e6, MsgSize: o.MsgSize}
	res.Limits = limitsOf(b, rate)

	var cfgs []*config
	switch {
	case o.deviceOverride != nil:
		cfgs = append(cfgs, o.deviceOverride)
	case o.configs != nil:
		cfgs = o.configs
	default:
		if cfgs, err = comparisonConfigs(g, o); err != nil {
			return nil, err
		}
	}
	cache := o.CacheDir
	if cache == "" {
		cache = filepath.Join(lwipsrc.CacheDir(), "sim")
	}
	peer, err := buildNode(ctx, tree, cache, []byte(peerHeader), false)
	if err != nil {
		return nil, fmt.Errorf("building the peer: %v", err)
	}
	o.gen = g
	for _, c := range cfgs {
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "sim %s: %s\n", b.Name, c.Label)
		}
		cr := runConfig(ctx, p, c, tree, cache, peer, link, conns, phases, o)
		res.Configs = append(res.Configs, cr)
		if err := ctx.Err(); err != nil {
			return res, err
		}
	}
	return res, nil
}

// faultsApply refuses a fault the board's driver model cannot have: a DMA
// error on a MAC without DMA, a MAC error on a model without that state.
func faultsApply(b *board.Board, m simdev.Device, faults []Fault) error {
	for _, f := range faults {
		if f.Kind == "dma-error" && m.NoDMA {
			return fmt.Errorf("fault dma-error: the %s MAC of %s has no DMA", b.Chip.Ethernet.MAC, b.Name)
		}
		if f.Kind == "mac-error" && !m.MACError {
			return fmt.Errorf("fault mac-error: the %s driver model of %s has no MAC error state (only the STM32H7 HAL enters one)", b.Chip.Ethernet.MAC, b.Name)
		}
	}
	return nil
}

// linkOf is the simulated link: the board's Ethernet speed (100 Mbit/s when
// unset) and the workload's round-trip time (or the sweep's), with the
// user's impairments; and how the report describes it.
func linkOf(b *board.Board, o Options) (Link, LinkInfo) {
	rtt := b.Workload.RTTMs
	if o.rttOverride > 0 {
		rtt = o.rttOverride
	}
	rate := int64(b.Ethernet.SpeedMbps) * 1_000_000
	if rate <= 0 {
		rate = 100_000_000
	}
	link := Link{RateBps: rate, OneWayNs: int64(rtt * 1e6 / 2), Loss: o.Loss, Reorder: o.Reorder, Duplicate: o.Duplicate}
	info := LinkInfo{RateMbps: float64(rate) / 1e6, RTTMs: rtt, OneWayUs: float64(link.OneWayNs) / 1e3, FramingBytes: 14 + 4 + 8 + 12,
		Loss: o.Loss, Reorder: o.Reorder, Duplicate: o.Duplicate, PeerTxQueue: peerTxQ, Duplex: "full",
		PropagationFor: "one-way delay = workload.rtt_ms / 2; serialization (line rate, framing, minimum frame) is added by each MAC"}
	return link, info
}

// limitsOf is what the run is judged against: the link's TCP goodput and
// the goal, 90 % of that or of a lower workload.target_mbps.
func limitsOf(b *board.Board, rate int64) Limits {
	lim := TCPGoodputLimit(float64(rate) / 1e6)
	l := Limits{TCPGoodputMbps: round2(lim), TargetMbps: b.Workload.TargetMbps}
	goal := lim
	l.GoalBasis = "physical limit (rate x 1460/1538)"
	if t := b.Workload.TargetMbps; t > 0 && t < lim {
		goal = t
		l.GoalBasis = "workload.target_mbps (below the physical limit)"
	}
	l.GoalMbps = round2(0.9 * goal)
	return l
}

// comparisonConfigs are lwipgen's configuration, then (with Compare) lwIP's
// defaults and the board's baselines, then the user's files.
func comparisonConfigs(g *pipeline.Generated, o Options) ([]*config, error) {
	p := g.Plan
	c, err := lwipgenConfig(g)
	if err != nil {
		return nil, err
	}
	cfgs := []*config{c}
	if o.Compare {
		dc, err := defaultsConfig(p)
		if err != nil {
			return nil, err
		}
		bl, err := baselineConfigs(p)
		if err != nil {
			return nil, err
		}
		cfgs = append(append(cfgs, dc), bl...)
	}
	for _, f := range o.LwIPOpts {
		src, err := fsutil.ReadFile(f, fsutil.MaxInput)
		if err != nil {
			return nil, err
		}
		uc, err := userConfig(p, f, src)
		if err != nil {
			return nil, err
		}
		cfgs = append(cfgs, uc)
	}
	return cfgs, nil
}

func (o Options) withDefaults() Options {
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Duration <= 0 {
		o.Duration = 200 * time.Millisecond
	}
	if o.Warmup <= 0 {
		o.Warmup = 50 * time.Millisecond
	}
	if o.MsgSize <= 0 {
		o.MsgSize = 256
	}
	if o.Workload == "" {
		o.Workload = "auto"
	}
	if o.CPUScale <= 0 {
		o.CPUScale = 1
	}
	return o
}

// phases turns the workload choice into the phases to run.
func (o Options) phases(profile string, conns int) []string {
	if len(o.phasesOverride) > 0 {
		return o.phasesOverride
	}
	var ph []string
	switch o.Workload {
	case "bulk":
		ph = []string{"tx", "rx"}
	case "rr":
		ph = []string{"rr"}
	case "mix":
		ph = []string{"mix"}
	case "all":
		ph = []string{"tx", "rx", "rr", "mix"}
	default: // auto
		ph = []string{"tx", "rx", "rr"}
		if profile != "throughput" {
			ph = append(ph, "mix")
		}
	}
	if conns < 2 {
		for i, p := range ph {
			if p == "mix" {
				ph = append(ph[:i], ph[i+1:]...)
				break
			}
		}
	}
	return ph
}

// nodeStats is what a node's STATS command returns.
type nodeStats struct {
	T     int64 `json:"t"`
	CPU   int64 `json:"cpu"`
	Conns []struct {
		I      int   `json:"i"`
		Up     int   `json:"up"`
		Closed int   `json:"closed"`
		Rx     int64 `json:"rx"`
		Tx     int64 `json:"tx"`
		Acked  int64 `json:"acked"`
		Werr   int64 `json:"werr"`
		Reqs   int64 `json:"reqs"`
		// RRRefused: the request/response server's responses tcp_write refused (written again
		// from the sent/poll callbacks)
		RRRefused int64 `json:"rr_refused"`
	} `json:"conns"`
	Accepted int64            `json:"accepted"`
	Lat      []int64          `json:"lat"`
	Memp     []Pool           `json:"memp"`
	Mem      Pool             `json:"mem"`
	TCP      map[string]int64 `json:"tcp"`
	NIC      map[string]int64 `json:"nic"`
	Dev      *devStats        `json:"dev"`
}

func (n *nodeStats) rrRefused() int64 {
	var s int64
	for _, c := range n.Conns {
		s += c.RRRefused
	}
	return s
}

func (n *nodeStats) rxOf(pred func(i int) bool) int64 {
	var s int64
	for _, c := range n.Conns {
		if pred(c.I) {
			s += c.Rx
		}
	}
	return s
}

type runner struct {
	s     *sched
	o     Options
	conns int
	limit float64
	// faults
	t0           int64 // start of the first measured phase
	faultQ       []faultEvent
	faultResults []FaultResult
}

func (r *runner) stats(i int) (*nodeStats, error) {
	txt, err := r.s.call(i, opStats, 0, 0, nil)
	if err != nil {
		return nil, err
	}
	var st nodeStats
	if err := json.Unmarshal([]byte(txt), &st); err != nil {
		return nil, fmt.Errorf("%s node stats: %v", r.s.nodes[i].name, err)
	}
	return &st, nil
}

// connStats reads only node i's connection counters (up, rx, tx, acked): what the polling loops of
// set-up, drain and fault recovery look at, without the pools, the driver's counters and the
// latency samples (consumed all the same, as by stats).
func (r *runner) connStats(i int) (*nodeStats, error) {
	txt, err := r.s.call(i, opConns, 0, 0, nil)
	if err != nil {
		return nil, err
	}
	var st nodeStats
	if err := json.Unmarshal([]byte(txt), &st); err != nil {
		return nil, fmt.Errorf("%s node connections: %v", r.s.nodes[i].name, err)
	}
	return &st, nil
}

func (r *runner) mode(i, conn, m, msg int) error {
	var pl [4]byte
	pl[0], pl[1], pl[2], pl[3] = byte(msg), byte(msg>>8), byte(msg>>16), byte(msg>>24)
	_, err := r.s.call(i, opMode, uint32(conn), uint32(m), pl[:])
	return err
}

func runConfig(ctx context.Context, p *plan.Plan, c *config, tree *lwipsrc.Tree, cache string, peer *nodeBuild, link Link, conns int, phases []string, o Options) ConfigResult {
	cr := ConfigResult{Name: c.Name, Label: c.Label, Added: c.Added, RAMBytes: c.RAM.Total, Options: keyValues(c.Resolved)}
	fail := func(err error) ConfigResult {
		cr.Error = err.Error()
		return cr
	}
	if o.gen == nil {
		o.gen = &pipeline.Generated{Plan: p, Board: p.Board}
	}
	d := configDriver(p.Driver, c)
	cr.Driver = DriverRings{RxDescriptors: d.RxDescriptors, RxBuffers: d.RxBuffers, TxDescriptors: d.TxDescriptors}
	cr.DriverRAMBytes = driverRAM(d)
	cr.Source = c.Source
	cr.Overrides = hostOverrides(c.Resolved, d.RxModel)
	dev, err := buildConfigDevice(ctx, p, c, d, tree, cache, o, &cr)
	if err != nil {
		return fail(err)
	}
	cpu := configCPU(p, c, o)
	cr.CPU = cpu
	dn, err := startNode(ctx, "device", dev.Exe, deviceArgs(d, cpu, link, o))
	if err != nil {
		return fail(err)
	}
	defer dn.close()
	pn, err := startNode(ctx, "peer", peer.Exe, []string{"role=peer", "rx_model=ideal", "rx_desc=4096",
		fmt.Sprintf("tx_desc=%d", peerTxQ), fmt.Sprintf("rate_bps=%d", link.RateBps), fmt.Sprintf("seed=%d", o.Seed)})
	if err != nil {
		return fail(err)
	}
	defer pn.close()
	r := &runner{s: newSched(dn, pn, link, o.Seed), o: o, conns: conns, limit: TCPGoodputLimit(float64(link.RateBps) / 1e6)}
	if err := r.setup(); err != nil {
		if why := dn.startupFailure(); why != "" {
			// A configuration the board cannot start with is a result of the comparison, not a
			// crash of the run: the table and report.json say "fails at start-up: ...".
			if mb, err := c.Resolved.Value("TCPIP_MBOX_SIZE"); err == nil && mb == 0 && strings.Contains(why, "tcpip_thread mbox") {
				why += " (TCPIP_MBOX_SIZE is 0: a FreeRTOS queue of length 0 cannot be created, so sys_mbox_new fails on the board too)"
			}
			cr.StartupFailure = why
			return fail(errors.New(startupPrefix + why))
		}
		return fail(err)
	}
	st, err := r.stats(0)
	if err != nil {
		return fail(err)
	}
	if err := countConnections(&cr, st); err != nil {
		return fail(err)
	}
	setupIdle := st
	r.t0 = r.s.now
	if len(o.Faults) > 0 {
		r.scheduleFaults(r.t0)
	}
	base, _ := r.stats(0)
	basePeer, _ := r.stats(1)
	for i, ph := range phases {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		res, err := r.phase(ph, i == len(phases)-1)
		if err != nil {
			return fail(err)
		}
		cr.Phases = append(cr.Phases, res)
	}
	end, err := r.stats(0)
	if err != nil {
		return fail(err)
	}
	endPeer, err := r.stats(1)
	if err != nil {
		return fail(err)
	}
	cr.summarize(base, basePeer, end, endPeer)
	if cr.Glue != nil {
		if err := r.finishGlue(&cr, setupIdle); err != nil {
			return fail(err)
		}
		if cr.Error == "" && len(cr.Glue.Checks) > 0 {
			ck := cr.Glue.Checks[0]
			cr.Error = fmt.Sprintf("driver check failed: %s (%d times): %s", ck.Kind, ck.Count, ck.First)
		}
	}
	return cr
}

// setup opens the workload's connections: the device listens, the peer
// connects from ports 40000+i so both sides agree on the index.
func (r *runner) setup() error {
	if _, err := r.s.call(0, opListen, listenPort, 0, nil); err != nil {
		return err
	}
	if _, err := r.s.call(1, opConnect, uint32(r.conns), listenPort, nil); err != nil {
		return err
	}
	deadline := r.s.now + int64(10*time.Second)
	for r.s.now < deadline {
		if err := r.s.runUntil(r.s.now + int64(2*time.Millisecond)); err != nil {
			return err
		}
		a, err := r.connStats(0)
		if err != nil {
			return err
		}
		b, err := r.connStats(1)
		if err != nil {
			return err
		}
		if countUp(a) >= r.conns && countUp(b) >= r.conns {
			return r.s.runUntil(r.s.now + int64(5*time.Millisecond))
		}
	}
	return nil // run with what connected; the result says how many
}

func werr(s *nodeStats) int64 {
	var n int64
	for _, c := range s.Conns {
		n += c.Werr
	}
	return n
}

func countUp(s *nodeStats) int {
	n := 0
	for _, c := range s.Conns {
		if c.Up == 1 {
			n++
		}
	}
	return n
}

// phase modes: which side sources data on connection i.
func phaseModes(ph string, i int) (dev, peer int) {
	switch ph {
	case "tx":
		return modeSource, modeSink
	case "rx":
		return modeSink, modeSource
	case "rr":
		if i == 0 {
			return modeRRServer, modeRRClient
		}
		return modeIdle, modeIdle
	case "mix":
		if i == 0 {
			return modeRRServer, modeRRClient
		}
		if i%2 == 1 {
			return modeSource, modeSink
		}
		return modeSink, modeSource
	}
	return modeIdle, modeIdle
}

// bothStats reads the device's (node 0) and the peer's (node 1) counters.
func (r *runner) bothStats() (dev, peer *nodeStats, err error) {
	if dev, err = r.stats(0); err != nil {
		return nil, nil, err
	}
	peer, err = r.stats(1)
	return dev, peer, err
}

func (r *runner) phase(ph string, last bool) (Phase, error) {
	res := Phase{Name: ph, DurationMs: float64(r.o.Duration) / 1e6}
	for i := 0; i < r.conns; i++ {
		dm, pm := phaseModes(ph, i)
		if err := r.mode(0, i, dm, r.o.MsgSize); err != nil {
			return res, err
		}
		if err := r.mode(1, i, pm, r.o.MsgSize); err != nil {
			return res, err
		}
	}
	t0 := r.s.now
	if err := r.runUntil(t0 + int64(r.o.Warmup)); err != nil {
		return res, err
	}
	d0, p0, err := r.bothStats()
	if err != nil {
		return res, err
	}
	tw := r.s.now
	if err := r.runUntil(tw + int64(r.o.Duration)); err != nil {
		return res, err
	}
	d1, p1, err := r.bothStats()
	if err != nil {
		return res, err
	}
	dt := float64(r.s.now - tw)
	devSources := func(i int) bool { dm, _ := phaseModes(ph, i); return dm == modeSource }
	peerSources := func(i int) bool { _, pm := phaseModes(ph, i); return pm == modeSource }
	res.TxMbps = round2(float64(p1.rxOf(devSources)-p0.rxOf(devSources)) * 8 * 1e3 / dt)
	res.RxMbps = round2(float64(d1.rxOf(peerSources)-d0.rxOf(peerSources)) * 8 * 1e3 / dt)
	res.TxPct = round2(100 * res.TxMbps / r.limit)
	res.RxPct = round2(100 * res.RxMbps / r.limit)
	var lat []float64
	for k := 0; k+1 < len(p1.Lat); k += 2 {
		lat = append(lat, float64(p1.Lat[k+1])/1e3)
	}
	if len(lat) > 0 {
		sort.Float64s(lat)
		res.Requests = len(lat)
		res.P50Us = round2(percentile(lat, 0.50))
		res.P99Us = round2(percentile(lat, 0.99))
	}
	res.RetxDevice = d1.NIC["retx_segs"] - d0.NIC["retx_segs"]
	res.RetxPeer = p1.NIC["retx_segs"] - p0.NIC["retx_segs"]
	res.RxMissed = d1.NIC["rx_missed"] - d0.NIC["rx_missed"]
	res.RRWriteRefused = d1.rrRefused() - d0.rrRefused()
	res.CPUPct = round2(100 * float64(d1.NIC["cpu_busy_ns"]-d0.NIC["cpu_busy_ns"]) / dt)
	if d0.Dev != nil && d1.Dev != nil {
		res.TimerPasses = d1.Dev.Driver["tcp_tmr_passes"] - d0.Dev.Driver["tcp_tmr_passes"]
		res.TimerCPUPct = round3(100 * float64(d1.Dev.Driver["tcp_tmr_busy_ns"]-d0.Dev.Driver["tcp_tmr_busy_ns"]) / dt)
	}
	if last {
		return res, nil
	}
	// stop: every side idle, let queues drain before the next phase
	for i := 0; i < r.conns; i++ {
		if err := r.mode(0, i, modeIdle, 0); err != nil {
			return res, err
		}
		if err := r.mode(1, i, modeIdle, 0); err != nil {
			return res, err
		}
	}
	if err := r.drain(); err != nil {
		return res, err
	}
	_, err = r.stats(1) // drop latency samples of the drain
	return res, err
}

// drain runs until every byte written on either side has been acknowledged
// (a host-like peer can have hundreds of KB queued when a phase stops), then
// a few more round trips for the last ACKs and window updates.
func (r *runner) drain() error {
	deadline := r.s.now + int64(30*time.Second)
	for r.s.now < deadline {
		if err := r.runUntil(r.s.now + int64(2*time.Millisecond)); err != nil {
			return err
		}
		a, err := r.connStats(0)
		if err != nil {
			return err
		}
		b, err := r.connStats(1)
		if err != nil {
			return err
		}
		if settled(a) && settled(b) {
			break
		}
	}
	gap := int64(5 * time.Millisecond)
	if rt := 10 * r.s.link.OneWayNs * 2; rt > gap {
		gap = rt
	}
	return r.runUntil(r.s.now + gap)
}

func settled(s *nodeStats) bool {
	for _, c := range s.Conns {
		if c.Up == 1 && c.Acked < c.Tx {
			return false
		}
	}
	return true
}

// percentile of sorted values (nearest rank).
func percentile(s []float64, q float64) float64 {
	if len(s) == 0 {
		return 0
	}
	k := int(math.Ceil(q*float64(len(s)))) - 1
	if k < 0 {
		k = 0
	}
	if k >= len(s) {
		k = len(s) - 1
	}
	return s[k]
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// tableLegend says what each column of the configuration table counts.
const tableLegend = `columns: lwIP B = the configuration's lwIP RAM (heap, pools, static); drv B = the driver's RX buffers
  and descriptor rings; tx/rx Mbps = bulk goodput device->peer / peer->device, in % of the TCP limit above;
  rr p50/p99 us = request/response round trip, median / 99th percentile; mix = tx and rx at once;
  retx d/p = TCP segments retransmitted by the device / by the peer; alloc/drop/backpr = pool or heap
  allocation failures / frames the MAC missed or the driver dropped / writes TCP refused for a full send
  buffer (flow control, not a loss)`

// writeLegend prints the legend and, when a column has one value in every
// configuration that ran, why.
func writeLegend(w io.Writer, r *Result) {
	fmt.Fprintln(w, tableLegend)
	var rr []string
	for _, c := range r.Configs {
		if c.StartupFailure != "" || c.Error != "" {
			continue
		}
		for _, p := range c.Phases {
			if p.Name == "rr" {
				rr = append(rr, fmt.Sprintf("%.0f/%.0f", p.P50Us, p.P99Us))
			}
		}
	}
	if rrSame(rr) {
		fmt.Fprintf(w, "note: rr p50/p99 is %s us in every configuration: one %d B request in flight at a time fills no\n"+
			"  window, queue or pool, so what the configurations size differently does not reach it; it is the link's RTT,\n"+
			"  the frame times and the modelled CPU time per frame, which all configurations share\n", rr[0], r.Workload.MsgSize)
	}
}

func rrSame(v []string) bool {
	if len(v) < 2 {
		return false
	}
	for _, x := range v[1:] {
		if x != v[0] {
			return false
		}
	}
	return true
}

// WriteTable prints the result as text tables.
func (r *Result) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "lwipgen sim: board %s (%s, %.0f MHz), lwIP %s, seed %d\n", r.Board, r.Chip, r.Device.CoreMHz, r.LwIPVersion, r.Seed)
	fmt.Fprintf(w, "link:     %.0f Mbps full duplex, RTT %g ms (one-way %.0f us), loss %g, reorder %g; framing 14+4+8+12 B per frame\n",
		r.Link.RateMbps, r.Link.RTTMs, r.Link.OneWayUs, r.Link.Loss, r.Link.Reorder)
	fmt.Fprintf(w, "limit:    TCP goodput %.2f Mbps (1460/1538 of the line rate); target %g Mbps; goal %.2f Mbps = 90%% of the %s\n",
		r.Limits.TCPGoodputMbps, r.Limits.TargetMbps, r.Limits.GoalMbps, r.Limits.GoalBasis)
	fmt.Fprintf(w, "device:   RX %s, %d descriptors, %d buffers x %d B; %d TX descriptors\n",
		r.Device.RxModel, r.Device.RxDescriptors, r.Device.RxBuffers, r.Device.RxBufferSize, r.Device.TxDescriptors)
	fmt.Fprintf(w, "workload: %s profile, %d connections, phases %s, %g ms each after %g ms warm-up, request/response %d B\n",
		r.Workload.Profile, r.Workload.Connections, strings.Join(r.Workload.Phases, " "), r.Workload.DurationMs, r.Workload.WarmupMs, r.Workload.MsgSize)
	if len(r.Configs) > 0 {
		fmt.Fprintf(w, "cpu:      %s\n", r.Configs[0].CPU.Source)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-16s %8s %8s %16s %16s %19s %17s %11s %18s\n", "config", "lwIP B", "drv B", "tx Mbps (%lim)", "rx Mbps (%lim)", "rr p50/p99 us", "mix tx/rx Mbps", "retx d/p", "alloc/drop/backpr")
	for _, c := range r.Configs {
		if c.StartupFailure != "" {
			fmt.Fprintf(w, "%-16s %8d  %s\n", c.Name, c.RAMBytes, firstLines(c.Error, 1))
			continue
		}
		if c.Error != "" {
			fmt.Fprintf(w, "%-16s %8d  error: %s\n", c.Name, c.RAMBytes, errorSummary(c.Error))
			continue
		}
		mix := "-"
		rr := "-"
		for _, p := range c.Phases {
			if p.Name == "mix" {
				mix = fmt.Sprintf("%.1f/%.1f", p.TxMbps, p.RxMbps)
			}
			if p.Name == "rr" {
				rr = fmt.Sprintf("%.0f/%.0f", p.P50Us, p.P99Us)
			}
		}
		fmt.Fprintf(w, "%-16s %8d %8d %16s %16s %19s %17s %11s %18s\n", c.Name, c.RAMBytes, c.DriverRAMBytes,
			fmt.Sprintf("%.2f (%.1f%%)", c.TxMbps, 100*c.TxMbps/r.Limits.TCPGoodputMbps),
			fmt.Sprintf("%.2f (%.1f%%)", c.RxMbps, 100*c.RxMbps/r.Limits.TCPGoodputMbps),
			rr, mix, fmt.Sprintf("%d/%d", c.RetxDevice, c.RetxPeer), c.Errors.String())
	}
	writeLegend(w, r)
	fmt.Fprintln(w)
	// pool high-water marks side by side
	fmt.Fprintf(w, "%-16s", "max/avail (err)")
	for _, c := range r.Configs {
		fmt.Fprintf(w, " %22s", c.Name)
	}
	fmt.Fprintln(w)
	names := []string{}
	seen := map[string]bool{}
	for _, c := range r.Configs {
		for _, p := range c.Pools {
			if !seen[p.Name] && p.Avail > 0 {
				seen[p.Name] = true
				names = append(names, p.Name)
			}
		}
	}
	names = append(names, "HEAP")
	for _, n := range names {
		fmt.Fprintf(w, "%-16s", n)
		for _, c := range r.Configs {
			p, ok := c.pool(n)
			if !ok {
				fmt.Fprintf(w, " %22s", "-")
				continue
			}
			s := fmt.Sprintf("%d/%d", p.Max, p.Avail)
			if p.Err > 0 {
				s += fmt.Sprintf(" (%d)", p.Err)
			}
			fmt.Fprintf(w, " %22s", s)
		}
		fmt.Fprintln(w)
	}
	for _, c := range r.Configs {
		if c.Glue != nil && c.StartupFailure == "" && c.Error == "" { // a configuration that never ran has no driver side
			c.Glue.writeTable(w, c.Name)
		}
	}
	for _, c := range r.Configs {
		if len(c.Added) > 0 {
			fmt.Fprintf(w, "\n%s: %s; added to compile: %s", c.Name, c.Label, strings.Join(c.Added, "; "))
		}
	}
	fmt.Fprintln(w)
}

func (c *ConfigResult) pool(name string) (Pool, bool) {
	if name == "HEAP" {
		return c.Heap, c.Heap.Avail > 0
	}
	for _, p := range c.Pools {
		if p.Name == name {
			return p, true
		}
	}
	return Pool{}, false
}
