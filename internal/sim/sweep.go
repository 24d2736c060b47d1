package sim

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// SweepOptions say how far off the design point a sweep goes.
type SweepOptions struct {
	Seeds    int           // runs per point and configuration, seeds 1..N (default 3)
	Duration time.Duration // measured virtual time per phase (default 1 s: several of the peer's RTOs, about one device RTO)
	Warmup   time.Duration // default 100 ms
	// Full runs every combination of the axes (3 x 2 x 2 x 3 = 36 points);
	// otherwise one axis at a time around the declared point, plus loss x RTT.
	Full     bool
	LwIPOpts []string // user files added to the comparison
	LwIPDir  string
	CacheDir string
	Progress io.Writer
	// Configs, when set, limits the comparison to these configuration names.
	Configs []string
	points  []SweepPoint // tests: run only these
}

// SweepPoint is one operating point: declared values changed along one or more axes.
type SweepPoint struct {
	Name    string  `json:"name"`
	LossPct float64 `json:"loss_percent"`
	RTTMs   float64 `json:"rtt_ms"`
	CPUx    float64 `json:"cpu_cost_x"`
	Conns   int     `json:"connections"`
}

// Stat is a mean and its spread (sample standard deviation) over the seeds.
type Stat struct {
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
}

// SweepCell is one configuration at one point, over the seeds.
type SweepCell struct {
	Config   string `json:"config"`
	Tx       Stat   `json:"tx_mbps"`
	Rx       Stat   `json:"rx_mbps"`
	MixTx    Stat   `json:"mix_tx_mbps"`
	MixRx    Stat   `json:"mix_rx_mbps"`
	Mix      Stat   `json:"mix_total_mbps"` // both directions together while request/response runs
	P99      Stat   `json:"rr_p99_us"`      // request/response p99 while bulk runs both ways (mix), else alone; runs without a completed request left out
	P50      Stat   `json:"rr_p50_us"`
	P99Phase string `json:"rr_phase"`
	// Retx is the retransmissions (device + peer) of the request/response
	// phase, summed over the seeds: a p99 far above p50 with retransmissions is a
	// lost request or response waiting for the retransmission timeout
	Retx   int64      `json:"rr_retransmissions"`
	Errors ErrorSplit `json:"errors"` // summed over the seeds; Clean only if every run was clean
	Conns  int        `json:"connections_established"`
	Error  string     `json:"error,omitempty"`
}

// SweepRow is one point with every configuration.
type SweepRow struct {
	Point SweepPoint  `json:"point"`
	Cells []SweepCell `json:"cells"`
}

// SweepConfig describes one configuration of the sweep.
type SweepConfig struct {
	Name           string           `json:"name"`
	Label          string           `json:"label"`
	Source         string           `json:"source,omitempty"`
	RAMBytes       int64            `json:"ram_bytes"`
	DriverRAMBytes int64            `json:"driver_ram_bytes"`
	Driver         DriverRings      `json:"driver"`
	Options        map[string]int64 `json:"options"`
}

// Shortfall is a point where lwipgen is not within the goal of the best
// baseline: the issue's "within 5 % of the best throughput, p99 no worse
// than 10 %".
type Shortfall struct {
	Point  string  `json:"point"`
	Metric string  `json:"metric"`
	Best   string  `json:"best_config"`
	Want   float64 `json:"best"`
	Got    float64 `json:"lwipgen"`
	Reason string  `json:"reason"`
	Kind   string  `json:"kind"` // KindSizing, KindOutsideDeclared, ...: only "sizing" is a rule to fix
}

// SweepResult is report.json's "sim.sweep".
type SweepResult struct {
	Board      string        `json:"board"`
	Seeds      int           `json:"seeds"`
	DurationMs float64       `json:"duration_ms"`
	WarmupMs   float64       `json:"warmup_ms"`
	Design     string        `json:"design"`
	Configs    []SweepConfig `json:"configs"`
	Design0    SweepPoint    `json:"declared"` // the point the plan was sized for
	TargetMbps float64       `json:"target_mbps"`
	Rows       []SweepRow    `json:"rows"`
	Sizing     Sizing        `json:"sizing"` // what the plan was sized for (the reasons compute from it)
	RAM        *RAMGoal      `json:"ram_goal,omitempty"`
	Shortfalls []Shortfall   `json:"shortfalls"`
	Compared   int           `json:"metrics_compared"` // point x metric comparisons made
}

// SweepPoints are the operating points around the board's declared workload.
func SweepPoints(lossPct, rttMs float64, conns int, full bool) []SweepPoint {
	conns = max(conns, 1)
	losses := []float64{0, 0.1, 1}
	rtts := []float64{rttMs, 10 * rttMs}
	cpus := []float64{1, 2}
	cs := []int{1, conns, 2 * conns}
	name := func(p SweepPoint) string {
		var parts []string
		parts = append(parts, fmt.Sprintf("loss %g%%", p.LossPct))
		if p.RTTMs != rttMs {
			parts = append(parts, "RTT 10x")
		}
		if p.CPUx != 1 {
			parts = append(parts, fmt.Sprintf("CPU %gx", p.CPUx))
		}
		if p.Conns != conns {
			parts = append(parts, fmt.Sprintf("%d conn", p.Conns))
		}
		return strings.Join(parts, ", ")
	}
	var pts []SweepPoint
	seen := map[SweepPoint]bool{}
	add := func(p SweepPoint) {
		p.Name = ""
		if seen[p] {
			return
		}
		seen[p] = true
		p.Name = name(p)
		pts = append(pts, p)
	}
	if full {
		for _, l := range losses {
			for _, r := range rtts {
				for _, c := range cpus {
					for _, n := range cs {
						add(SweepPoint{LossPct: l, RTTMs: r, CPUx: c, Conns: n})
					}
				}
			}
		}
		return pts
	}
	decl := SweepPoint{LossPct: lossPct, RTTMs: rttMs, CPUx: 1, Conns: conns}
	add(decl)
	for _, l := range losses {
		for _, r := range rtts {
			add(SweepPoint{LossPct: l, RTTMs: r, CPUx: 1, Conns: conns})
		}
	}
	for _, c := range cpus {
		add(SweepPoint{LossPct: lossPct, RTTMs: rttMs, CPUx: c, Conns: conns})
	}
	for _, n := range cs {
		add(SweepPoint{LossPct: lossPct, RTTMs: rttMs, CPUx: 1, Conns: n})
	}
	return pts
}

// sweepPhases: bulk each way, then request/response while bulk runs both
// ways (connection 0 answers requests, odd connections send, even ones
// receive). With fewer than 3 connections there is no mix; request/response
// runs alone.
func sweepPhases(conns int) []string {
	if conns >= 3 {
		return []string{"tx", "rx", "mix"}
	}
	return []string{"tx", "rx", "rr"}
}

// Sweep runs lwipgen's configuration and every baseline at each point.
func Sweep(ctx context.Context, g *pipeline.Generated, so SweepOptions) (*SweepResult, error) {
	if so.Seeds <= 0 {
		so.Seeds = 3
	}
	if so.Duration <= 0 {
		so.Duration = time.Second
	}
	if so.Warmup <= 0 {
		so.Warmup = 100 * time.Millisecond
	}
	b := g.Plan.Board
	cfgs, err := comparisonConfigs(g, Options{Compare: true, LwIPOpts: so.LwIPOpts})
	if err != nil {
		return nil, err
	}
	var keep []*config
	for _, c := range cfgs {
		if c.Name == CfgDefaults && len(so.Configs) == 0 {
			continue // opt.h's defaults are nobody's choice; the vendor's defaults stand for them
		}
		if len(so.Configs) > 0 && !contains(so.Configs, c.Name) {
			continue
		}
		keep = append(keep, c)
	}
	cfgs = keep
	design := "one axis at a time around the declared point, and loss x RTT"
	if so.Full {
		design = "every combination of loss, RTT, CPU cost and connections"
	}
	res := &SweepResult{Board: b.Name, Seeds: so.Seeds, DurationMs: float64(so.Duration) / 1e6, WarmupMs: float64(so.Warmup) / 1e6, Design: design,
		TargetMbps: b.Workload.TargetMbps,
		Design0:    SweepPoint{Name: "declared", LossPct: b.Workload.LossPercent, RTTMs: b.Workload.RTTMs, CPUx: 1, Conns: max(b.Workload.TCPConnections, 1)}}
	d := g.Plan.Driver
	res.Sizing = Sizing{Connections: max(b.Workload.TCPConnections, 1), RxStreams: max(b.Workload.RxStreams, 1), RxBuffers: d.RxBuffers, RxDescriptors: d.RxDescriptors,
		RxModel: string(d.RxModel), LwIPBudget: int64(b.Memory.LwIPBudget), EffRTTMs: round2(g.Plan.EffectiveRTTMs()*1000) / 1000, HeapSegBytes: g.Plan.HeapSegBytes()}
	pts := so.points
	if pts == nil {
		pts = SweepPoints(b.Workload.LossPercent, b.Workload.RTTMs, b.Workload.TCPConnections, so.Full)
	}
	for _, pt := range pts {
		row := SweepRow{Point: pt}
		runs := map[string][]ConfigResult{}
		for seed := 1; seed <= so.Seeds; seed++ {
			if so.Progress != nil {
				fmt.Fprintf(so.Progress, "sweep %s: %s, seed %d\n", b.Name, pt.Name, seed)
			}
			o := Options{Seed: uint64(seed), Duration: so.Duration, Warmup: so.Warmup, Loss: pt.LossPct / 100, CPUScale: pt.CPUx,
				LwIPDir: so.LwIPDir, CacheDir: so.CacheDir, configs: cfgs, rttOverride: pt.RTTMs, connsOverride: pt.Conns,
				phasesOverride: sweepPhases(pt.Conns)}
			r, err := Run(ctx, g, o)
			if err != nil {
				return res, err
			}
			for _, c := range r.Configs {
				runs[c.Name] = append(runs[c.Name], c)
				if seed == 1 && len(res.Rows) == 0 {
					res.Configs = append(res.Configs, SweepConfig{Name: c.Name, Label: c.Label, Source: c.Source, RAMBytes: c.RAMBytes, DriverRAMBytes: c.DriverRAMBytes, Driver: c.Driver, Options: c.Options})
				}
			}
		}
		for _, c := range cfgs {
			row.Cells = append(row.Cells, summarize(c.Name, runs[c.Name]))
		}
		res.Rows = append(res.Rows, row)
	}
	res.RAM = ramGoal(res)
	res.Shortfalls = shortfalls(res)
	return res, nil
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

func summarize(name string, runs []ConfigResult) SweepCell {
	cell := SweepCell{Config: name, Errors: ErrorSplit{Clean: true}}
	var tx, rx, mtx, mrx, mix, p99, p50 []float64
	for _, c := range runs {
		if c.Error != "" {
			cell.Error = c.Error
			continue
		}
		for _, ph := range c.Phases {
			switch ph.Name {
			case "tx":
				tx = append(tx, ph.TxMbps)
			case "rx":
				rx = append(rx, ph.RxMbps)
			case "mix":
				mtx, mrx, mix = append(mtx, ph.TxMbps), append(mrx, ph.RxMbps), append(mix, ph.TxMbps+ph.RxMbps)
				if ph.Requests > 0 {
					p99, p50 = append(p99, ph.P99Us), append(p50, ph.P50Us)
				}
				cell.Retx += ph.RetxDevice + ph.RetxPeer
				cell.P99Phase = "mix"
			case "rr":
				if ph.Requests > 0 {
					p99, p50 = append(p99, ph.P99Us), append(p50, ph.P50Us)
				}
				cell.Retx += ph.RetxDevice + ph.RetxPeer
				cell.P99Phase = "rr"
			}
		}
		e := c.Errors
		cell.Errors.AllocFailures += e.AllocFailures
		cell.Errors.BackPressure += e.BackPressure
		cell.Errors.MACMissed += e.MACMissed
		cell.Errors.RingStarved += e.RingStarved
		cell.Errors.DriverDrops += e.DriverDrops
		cell.Errors.Clean = cell.Errors.Clean && e.Clean
		cell.Conns = c.Connections
	}
	cell.Tx, cell.Rx, cell.MixTx, cell.MixRx, cell.Mix, cell.P99 = stat(tx), stat(rx), stat(mtx), stat(mrx), stat(mix), stat(p99)
	cell.P50 = stat(p50)
	return cell
}

func stat(v []float64) Stat {
	if len(v) == 0 {
		return Stat{}
	}
	var s Stat
	s.Min, s.Max = v[0], v[0]
	for _, x := range v {
		s.Mean += x
		s.Min = math.Min(s.Min, x)
		s.Max = math.Max(s.Max, x)
	}
	s.Mean /= float64(len(v))
	if len(v) > 1 {
		var q float64
		for _, x := range v {
			q += (x - s.Mean) * (x - s.Mean)
		}
		s.SD = math.Sqrt(q / float64(len(v)-1))
	}
	s.Mean, s.SD, s.Min, s.Max = round2(s.Mean), round2(s.SD), round2(s.Min), round2(s.Max)
	return s
}

// shortfalls lists every point where lwipgen's mean is more than 5 % below
// the best baseline's throughput, or its p99 more than 10 % above the best
// baseline's, with what the counters say about why and the kind of cause
// (classify); then the RAM goal when lwipgen misses it.
func shortfalls(r *SweepResult) []Shortfall {
	var out []Shortfall
	r.Compared = 0
	for ri := range r.Rows {
		row := &r.Rows[ri]
		var lg *SweepCell
		for i := range row.Cells {
			if row.Cells[i].Config == CfgLwipgen {
				lg = &row.Cells[i]
			}
		}
		if lg == nil {
			continue
		}
		type metric struct {
			name   string
			get    func(*SweepCell) Stat
			higher bool
			tol    float64
		}
		ms := []metric{
			{"tx_mbps", func(c *SweepCell) Stat { return c.Tx }, true, 0.05},
			{"rx_mbps", func(c *SweepCell) Stat { return c.Rx }, true, 0.05},
			// the mix is compared as both directions together: how the link is split
			// between the device's and the peer's bulk data is the peer's scheduling
			{"mix_total_mbps", func(c *SweepCell) Stat { return c.Mix }, true, 0.05},
			{"rr_p99_us", func(c *SweepCell) Stat { return c.P99 }, false, 0.10},
		}
		for _, m := range ms {
			// best picks the best baseline, optionally only those inside the board's RAM budget
			best := func(inBudget bool) *SweepCell {
				var b *SweepCell
				for i := range row.Cells {
					c := &row.Cells[i]
					if c.Config == CfgLwipgen || c.Error != "" || (inBudget && r.overBudget(c.Config)) {
						continue
					}
					v := m.get(c).Mean
					if !m.higher && v == 0 {
						continue // no request completed: nothing to compare
					}
					if b == nil || (m.higher && v > m.get(b).Mean) || (!m.higher && v < m.get(b).Mean) {
						b = c
					}
				}
				return b
			}
			loses := func(b *SweepCell) bool {
				if lg.Error != "" {
					return true
				}
				got, want := m.get(lg).Mean, m.get(b).Mean
				return (m.higher && got < want*(1-m.tol)) || (!m.higher && (got == 0 || got > want*(1+m.tol)))
			}
			b := best(false)
			if b == nil || (m.higher && m.get(b).Mean == 0) {
				continue
			}
			r.Compared++
			if !loses(b) {
				continue
			}
			got := m.get(lg).Mean
			s := Shortfall{Point: row.Point.Name, Metric: m.name, Best: b.Config, Want: m.get(b).Mean, Got: got, Reason: r.reason(row.Point, lg, m.name)}
			if m.higher && r.TargetMbps > 0 && got >= r.TargetMbps {
				s.Reason = fmt.Sprintf("lwipgen carries %.1f Mbps, above the declared target_mbps %g it is sized for (the baseline spends RAM on the line rate); ", got, r.TargetMbps) + s.Reason
			}
			if r.overBudget(b.Config) {
				if ib := best(true); ib == nil || !loses(ib) {
					s.Kind = KindOverBudget
					bc := r.config(b.Config)
					s.Reason = fmt.Sprintf("%s uses %d B of lwIP + %d B of driver RAM, above this board's memory.lwip_budget of %d B; ", b.Config, bc.RAMBytes, bc.DriverRAMBytes, r.Sizing.LwIPBudget) + s.Reason
					if ib != nil {
						s.Reason = fmt.Sprintf("within the goal of the best baseline inside the budget (%s %.1f); ", ib.Config, m.get(ib).Mean) + s.Reason
					}
					out = append(out, s)
					continue
				} else {
					b = ib
					s.Best, s.Want = ib.Config, m.get(ib).Mean
				}
			}
			r.classify(&s, row, lg, b, m.higher, m.tol, m.get)
			if strings.HasPrefix(m.name, "rr") {
				s.Reason += r.txRingReason(b.Config)
			}
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Point < out[j].Point })
	if g := r.RAM; g != nil && !g.Met {
		out = append(out, Shortfall{Point: "all", Metric: "lwip_ram_bytes", Best: g.Example, Want: float64(g.GoalBytes), Got: float64(g.LwipgenBytes), Kind: KindRAMGoal,
			Reason: fmt.Sprintf("lwipgen's lwIP RAM %d B is above half of %s's %d B: %s", g.LwipgenBytes, g.Example, g.ExampleBytes, g.Breakdown)})
	}
	return out
}

// txRingReason names a deeper TX ring than the best baseline's: a response
// waits behind every bulk frame already queued there (h743 at loss 0 %: with
// 4 TX descriptors instead of the board's 8 the mix p99 fell from 1483.6 to
// 1341.3 us, ST's example's, but TX at the declared 0.1 % loss fell from 94.7
// to 83.3 Mbps with drops, so the ring stays the board's).
func (res *SweepResult) txRingReason(best string) string {
	lg, bc := res.config(CfgLwipgen), res.config(best)
	if lg == nil || bc == nil || lg.Driver.TxDescriptors <= bc.Driver.TxDescriptors || bc.Driver.TxDescriptors == 0 {
		return ""
	}
	return fmt.Sprintf("; a response waits behind up to %d bulk frames in lwipgen's TX ring (ethernet.tx_descriptors %d), %d in %s's",
		lg.Driver.TxDescriptors, lg.Driver.TxDescriptors, bc.Driver.TxDescriptors, best)
}

// reason names what the counters show for lwipgen's run, and how the point
// differs from what the plan was sized for.
func (res *SweepResult) reason(pt SweepPoint, c *SweepCell, metric string) string {
	if c.Error != "" {
		return "run failed: " + firstLines(c.Error, 1)
	}
	e := c.Errors
	var r []string
	if c.Conns > 0 && c.Conns < pt.Conns {
		pcbs := int64(0)
		if lg := res.config(CfgLwipgen); lg != nil {
			pcbs = lg.Options["MEMP_NUM_TCP_PCB"]
		}
		r = append(r, fmt.Sprintf("only %d of %d connections established (MEMP_NUM_TCP_PCB %d; a connection beyond the pool is refused)", c.Conns, pt.Conns, pcbs))
	}
	if e.RingStarved > 0 {
		r = append(r, fmt.Sprintf("%d frames missed with the RX ring starved (lwIP held the RX buffers)", e.RingStarved))
	}
	if m := e.MACMissed - e.RingStarved; m > 0 {
		r = append(r, fmt.Sprintf("%d frames missed with the ring full (CPU behind)", m))
	}
	if e.AllocFailures > 0 {
		r = append(r, fmt.Sprintf("%d allocation failures", e.AllocFailures))
	}
	if e.DriverDrops > 0 {
		r = append(r, fmt.Sprintf("%d driver drops", e.DriverDrops))
	}
	d := res.Design0
	var opts map[string]int64
	for _, cf := range res.Configs {
		if cf.Name == CfgLwipgen {
			opts = cf.Options
		}
	}
	if pt.RTTMs > d.RTTMs*1.01 && opts != nil {
		per := float64(opts["TCP_WND"]) * 8 / (pt.RTTMs / 1000) / 1e6
		snd := float64(opts["TCP_SND_BUF"]) * 8 / (pt.RTTMs / 1000) / 1e6
		r = append(r, fmt.Sprintf("windows are sized for the declared RTT %g ms: at %g ms TCP_WND %d B carries %.1f Mbps and TCP_SND_BUF %d B %.1f Mbps per connection",
			d.RTTMs, pt.RTTMs, opts["TCP_WND"], per, opts["TCP_SND_BUF"], snd))
	}
	if segs := opts["TCP_SND_BUF"] / max(opts["TCP_MSS"], 1); pt.LossPct > d.LossPct*1.01 && segs < 8 {
		r = append(r, fmt.Sprintf("send buffers are sized for the declared %g %% loss: after a loss lwIP halves a %d-segment window, a second loss before it regrows waits for the retransmission timeout (declare workload.loss_percent = %g for 8-segment buffers)",
			d.LossPct, segs, pt.LossPct))
	}
	if pt.Conns > d.Conns {
		r = append(r, fmt.Sprintf("%d connections, %d declared: pools and send buffers are shared by more connections than sized for", pt.Conns, d.Conns))
	}
	if strings.HasPrefix(metric, "mix") && len(r) == 0 {
		r = append(r, "mix: the ACKs for the device's data queue at the peer behind the peer's data for the device's receive windows, so the device's send buffers (sized for the BDP at the declared RTT) do not fill the longer round trip")
	}
	if len(r) == 0 {
		switch {
		case strings.HasPrefix(metric, "rr"):
			r = append(r, "no drops: requests queue behind bulk segments (send queue / window depth)")
		default:
			r = append(r, "no drops: window- or send-buffer-limited at this point")
		}
	}
	return strings.Join(r, "; ")
}

// sweepLegend says what each column of the sweep table counts.
const sweepLegend = `columns: mean±spread over the seeds; RTO fl ms = the configuration's RTO floor, the wait beyond the
  RTT before lwIP's own retransmission timeout (4-6 TCP_TMR_INTERVALs); tx/rx Mbps = bulk goodput device->peer / peer->device; mix = both
  at once; rr p99 us = request/response round trip, 99th percentile; clean = no allocation failure and no
  dropped frame; alloc/drop/backpr = pool or heap allocation failures / frames the MAC missed or the driver
  dropped / writes TCP refused for a full send buffer (flow control, not a loss)`

// WriteTable prints the sweep: one line per point and configuration.
func (r *SweepResult) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "lwipgen sim --sweep: board %s, %d seed(s) per point, %g ms measured per phase after %g ms warm-up (%s)\n",
		r.Board, r.Seeds, r.DurationMs, r.WarmupMs, r.Design)
	fmt.Fprintf(w, "%-16s %9s %9s  %s\n", "config", "lwIP B", "drv B", "driver rings (rx desc / rx bufs / tx desc), TCP clock, source")
	rto := map[string]string{}
	for _, c := range r.Configs {
		rto[c.Name] = "-"
		clock := ""
		if ms, ok := c.Options["TCP_TMR_INTERVAL"]; ok && ms > 0 {
			rto[c.Name] = fmt.Sprintf("%d-%d", 4*ms, 6*ms)
			clock = fmt.Sprintf("TCP_TMR_INTERVAL %d ms (RTO floor %s ms)  ", ms, rto[c.Name])
		}
		fmt.Fprintf(w, "%-16s %9d %9d  %d/%d/%d  %s%s\n", c.Name, c.RAMBytes, c.DriverRAMBytes, c.Driver.RxDescriptors, c.Driver.RxBuffers, c.Driver.TxDescriptors, clock, c.Label)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-30s %-16s %8s %9s %14s %14s %24s %18s %5s %s\n", "point", "config", "lwIP B", "RTO fl ms", "tx Mbps", "rx Mbps", "mix tx+rx (tx/rx) Mbps", "rr p99 us", "clean", "alloc/drop/backpr")
	ram := map[string]int64{}
	for _, c := range r.Configs {
		ram[c.Name] = c.RAMBytes
	}
	for _, row := range r.Rows {
		for i, c := range row.Cells {
			pt := ""
			if i == 0 {
				pt = row.Point.Name
			}
			if c.Error != "" {
				fmt.Fprintf(w, "%-30s %-16s %8d error: %s\n", pt, c.Config, ram[c.Config], firstLines(c.Error, 1))
				continue
			}
			clean := "no"
			if c.Errors.Clean {
				clean = "yes"
			}
			mix := "-"
			if c.Mix.Mean > 0 {
				mix = fmt.Sprintf("%s (%.0f/%.0f)", ms(c.Mix), c.MixTx.Mean, c.MixRx.Mean)
			}
			fmt.Fprintf(w, "%-30s %-16s %8d %9s %14s %14s %24s %18s %5s %s\n", pt, c.Config, ram[c.Config], rto[c.Config], ms(c.Tx), ms(c.Rx), mix, ms(c.P99), clean, c.Errors.String())
		}
	}
	fmt.Fprintln(w, sweepLegend)
	fmt.Fprintln(w)
	if g := r.RAM; g != nil {
		met := "met"
		if !g.Met {
			met = "NOT met"
		}
		fmt.Fprintf(w, "lwIP RAM goal (at most half of %s's %d B = %d B): lwipgen %d B, %s\n\n", g.Example, g.ExampleBytes, g.GoalBytes, g.LwipgenBytes, met)
	}
	if len(r.Shortfalls) == 0 {
		fmt.Fprintln(w, "lwipgen is within 5 % of the best baseline's throughput and 10 % of its p99 at every point.")
		return
	}
	fmt.Fprintln(w, "points where lwipgen is not within 5 % (throughput) / 10 % (p99) of the best baseline:")
	for _, s := range r.Shortfalls {
		fmt.Fprintf(w, "  %-30s %-14s [%s] lwipgen %.1f vs %s %.1f: %s\n", s.Point, s.Metric, s.Kind, s.Got, s.Best, s.Want, s.Reason)
	}
}

func ms(s Stat) string {
	if s.Mean == 0 && s.SD == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f±%.1f", s.Mean, s.SD)
}
