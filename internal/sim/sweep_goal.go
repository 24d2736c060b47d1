package sim

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// Kinds of shortfall: why lwipgen is not within the goal of the best
// baseline at a point. Only KindSizing is a rule to fix; the others say what
// the point asks for that the board does not declare, or why the comparison
// does not hold, with the numbers in the reason (the list is never hidden:
// the benchmark prints it and report.json carries it as sim.sweep.shortfalls).
const (
	// the point is at the declared conditions and nothing else explains it
	KindSizing = "sizing"
	// the point goes past what the board declares (RTT, loss, connections,
	// CPU cost) and covering it would cost RAM the plan does not spend on an
	// undeclared load; the reason states the cost
	KindOutsideDeclared = "outside_declared"
	// the best baseline's lwIP + driver RAM is above the board's
	// memory.lwip_budget (not a choice on this board); lwipgen is within the
	// goal of the best baseline that fits
	KindOverBudget = "baseline_over_budget"
	// p99 only: lwipgen's mix carries clearly more bulk data than the
	// baseline with the better p99, and the request waits behind it
	KindMoreBulk = "more_bulk"
	// the difference is inside the spread of the seeds
	KindSpread = "within_spread"
	// p99 only: a lost request or response on the request/response
	// connection waited for the retransmission timeout (no later segments to
	// trigger fast retransmit; p99 far above p50 with retransmissions in the
	// phase): which configuration's frame the random loss hits is the seed's
	// draw, not the sizing
	KindLossTimeout = "loss_timeout"
	// lwipgen's lwIP RAM is above half of the vendor example's
	KindRAMGoal = "ram_goal"
	// throughput only: lwipgen carries at least the declared
	// workload.target_mbps, cleanly, on every seed; the baseline's higher
	// figure comes from windows sized past the target (the reason gives both
	// windows, both RAM figures and whether the baseline's runs were clean)
	KindAboveTarget = "above_target"
)

// Sizing is what the plan was sized for, beside the sweep: the reasons
// compute from it what a point off the design would need.
type Sizing struct {
	Connections   int     `json:"connections"`
	RxStreams     int     `json:"rx_streams"`
	RxBuffers     int     `json:"rx_buffers"`
	RxDescriptors int     `json:"rx_descriptors"`
	RxModel       string  `json:"rx_model"`
	LwIPBudget    int64   `json:"lwip_budget_bytes"` // 0: the region's size
	EffRTTMs      float64 `json:"effective_rtt_ms"`  // declared RTT + 3 frame times (plan.effectiveRTTMs)
	HeapSegBytes  int64   `json:"heap_seg_bytes"`    // heap per copied full segment
}

// RAMGoal is lwipgen's lwIP RAM against half of the vendor example's (the
// issue's goal: ST's example configuration; for chips without one, the
// vendor's demo or BSP defaults).
type RAMGoal struct {
	Example      string `json:"example"`
	ExampleBytes int64  `json:"example_bytes"`
	GoalBytes    int64  `json:"goal_bytes"`
	LwipgenBytes int64  `json:"lwipgen_bytes"`
	Met          bool   `json:"met"`
	Breakdown    string `json:"lwipgen_breakdown"`
	// HeapLeftBytes is the heap the goal leaves with everything else of
	// lwipgen's RAM unchanged (negative: no heap size meets the goal);
	// HeapSegments is how many copied full segments that heap holds, against
	// SendSegments, the declared connections' send buffers.
	HeapLeftBytes int64 `json:"heap_left_by_goal_bytes"`
	HeapSegments  int64 `json:"heap_left_segments"`
	SendSegments  int64 `json:"send_buffer_segments"`
}

// exampleBaseline picks the vendor example the RAM goal is measured
// against: ST's example, else the vendor's demo, else its defaults.
func exampleBaseline(cfgs []SweepConfig) *SweepConfig {
	for _, pref := range []string{"-example", "-demo", "-bsp"} {
		for i := range cfgs {
			if strings.HasSuffix(cfgs[i].Name, pref) {
				return &cfgs[i]
			}
		}
	}
	return nil
}

// ramGoal compares lwipgen's lwIP RAM with half of the example's.
func ramGoal(r *SweepResult) *RAMGoal {
	ex := exampleBaseline(r.Configs)
	lg := r.config(CfgLwipgen)
	if ex == nil || lg == nil {
		return nil
	}
	g := &RAMGoal{Example: ex.Name, ExampleBytes: ex.RAMBytes, GoalBytes: ex.RAMBytes / 2, LwipgenBytes: lg.RAMBytes}
	g.Met = g.LwipgenBytes <= g.GoalBytes
	g.Breakdown = ramBreakdown(lg)
	if !g.Met {
		g.Breakdown += "; " + heapLeft(g, lg, r.Sizing)
	}
	return g
}

// heapLeft says what the goal would leave for the heap, the rest of
// lwipgen's RAM unchanged: whether any heap meets it, and how many copied
// segments that heap holds against the declared connections' send buffers
// (the heap also carries lwIP's own ACKs and retransmissions: tcp_out.c
// allocates their headers as PBUF_RAM).
func heapLeft(g *RAMGoal, lg *SweepConfig, sz Sizing) string {
	o := lg.Options
	rest := lg.RAMBytes - o["MEM_SIZE"]
	g.HeapLeftBytes = g.GoalBytes - rest
	g.SendSegments = int64(max(sz.Connections, 1)) * ceilDivI(o["TCP_SND_BUF"], max(o["TCP_MSS"], 1))
	if g.HeapLeftBytes <= 0 {
		return fmt.Sprintf("without any heap lwipgen's lwIP RAM would still be %d B, above the goal of %d B: no heap size meets it", rest, g.GoalBytes)
	}
	if sz.HeapSegBytes > 0 {
		g.HeapSegments = g.HeapLeftBytes / sz.HeapSegBytes
	}
	return fmt.Sprintf("the goal leaves %d B of heap (%d copied segments of %d B) for the %d the declared connections' send buffers queue",
		g.HeapLeftBytes, g.HeapSegments, sz.HeapSegBytes, g.SendSegments)
}

func ceilDivI(a, b int64) int64 { return (a + b - 1) / b }

// ramBreakdown names the large parts of a configuration's lwIP RAM.
func ramBreakdown(c *SweepConfig) string {
	o := c.Options
	heap := o["MEM_SIZE"]
	pool := o["PBUF_POOL_SIZE"] * (o["PBUF_POOL_BUFSIZE"] + 20) // + struct pbuf and memp header, aligned
	rest := c.RAMBytes - heap - pool
	return fmt.Sprintf("heap MEM_SIZE %d B (TX copies: TCP_SND_BUF %d B per connection), PBUF_POOL %d x %d B = %d B, PCBs/segments/other pools %d B",
		heap, o["TCP_SND_BUF"], o["PBUF_POOL_SIZE"], o["PBUF_POOL_BUFSIZE"], pool, rest)
}

func (r *SweepResult) config(name string) *SweepConfig {
	for i := range r.Configs {
		if r.Configs[i].Name == name {
			return &r.Configs[i]
		}
	}
	return nil
}

// outside reports how a point goes past the declared workload ("" when it
// does not): more RTT, loss, connections or CPU cost than declared, or fewer
// connections than the per-connection shares were sized for (throughput
// only: fewer connections are a lighter load for request/response).
func (r *SweepResult) outside(pt SweepPoint, throughput bool) string {
	d := r.Design0
	var o []string
	if pt.RTTMs > d.RTTMs*1.01 {
		o = append(o, fmt.Sprintf("RTT %g ms (declared %g)", pt.RTTMs, d.RTTMs))
	}
	if pt.LossPct > d.LossPct*1.01 {
		o = append(o, fmt.Sprintf("loss %g %% (declared %g)", pt.LossPct, d.LossPct))
	}
	if pt.Conns > d.Conns {
		o = append(o, fmt.Sprintf("%d connections (declared %d)", pt.Conns, d.Conns))
	}
	if pt.Conns < d.Conns && throughput {
		o = append(o, fmt.Sprintf("%d connection(s) carrying what %d share", pt.Conns, d.Conns))
	}
	if pt.CPUx > 1 {
		o = append(o, fmt.Sprintf("CPU cost %gx", pt.CPUx))
	}
	return strings.Join(o, ", ")
}

// coverCost says what carrying the target at an off-design point would take:
// the window and send buffer for the bandwidth-delay product at that RTT and
// connection count, the RX buffers and heap they need, against the board's.
func (r *SweepResult) coverCost(pt SweepPoint) string {
	lg := r.config(CfgLwipgen)
	sz := r.Sizing
	if lg == nil || r.TargetMbps <= 0 || sz.EffRTTMs <= 0 {
		return ""
	}
	mss := max(lg.Options["TCP_MSS"], 1)
	eff := sz.EffRTTMs + (pt.RTTMs - r.Design0.RTTMs)
	bdp := r.TargetMbps * 1e6 / 8 * eff / 1000
	conns := max(pt.Conns, 1)
	streams := min(max(sz.RxStreams, 1), conns)
	if pt.Conns < r.Design0.Conns {
		streams = conns
	}
	wnd := int64(math.Ceil(bdp / float64(streams) / float64(mss)))
	snd := int64(math.Ceil(bdp / float64(conns) / float64(mss)))
	haveW, haveS := lg.Options["TCP_WND"]/mss, lg.Options["TCP_SND_BUF"]/mss
	var parts []string
	if wnd > haveW {
		s := fmt.Sprintf("TCP_WND %d segments per receiving stream (has %d)", wnd, haveW)
		if sz.RxModel == "custom_pool" && sz.RxBuffers > 0 {
			need := int(wnd)*streams + sz.RxDescriptors
			s += fmt.Sprintf(", i.e. %d x %d + %d armed = %d zero-copy RX buffers (the board pins ethernet.rx_buffers = %d)", wnd, streams, sz.RxDescriptors, need, sz.RxBuffers)
		}
		parts = append(parts, s)
	}
	if snd > haveS && pt.Conns >= r.Design0.Conns {
		extra := int64(conns) * (snd - haveS) * sz.HeapSegBytes
		parts = append(parts, fmt.Sprintf("TCP_SND_BUF %d segments (has %d): +%d B of heap for %d connections", snd, haveS, extra, conns))
	} else if snd > haveS {
		extra := int64(r.Design0.Conns) * (snd - haveS) * sz.HeapSegBytes
		parts = append(parts, fmt.Sprintf("TCP_SND_BUF %d segments for one connection to carry %g Mbps alone (has %d, the share of %d connections): +%d B of heap when every declared connection may do the same",
			snd, r.TargetMbps, haveS, r.Design0.Conns, extra))
	}
	if pt.LossPct > r.Design0.LossPct*1.01 && sz.RxModel == "custom_pool" && sz.RxBuffers > 0 && conns > 1 {
		// at a higher loss two connections recover at once more often: each
		// queues the rest of its window out of order in the zero-copy buffers
		w := max(wnd, haveW)
		need := 2*int(w-1) + sz.RxDescriptors
		if need > sz.RxBuffers {
			parts = append(parts, fmt.Sprintf("two connections recovering from a loss at once queue 2 x %d segments out of order: %d + %d armed = %d zero-copy RX buffers (the board pins ethernet.rx_buffers = %d)",
				w-1, 2*(w-1), sz.RxDescriptors, need, sz.RxBuffers))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("carrying %g Mbps at an effective RTT of %.2f ms needs ", r.TargetMbps, eff) + strings.Join(parts, " and ")
}

// classify decides a shortfall's kind and completes its reason.
func (r *SweepResult) classify(s *Shortfall, row *SweepRow, lg, best *SweepCell, higher bool, tol float64, get func(*SweepCell) Stat) {
	if !higher && lg.Retx > 0 && lg.P50.Mean > 0 && lg.P99.Max > 20*lg.P50.Mean && lg.P99.Max >= 100000 {
		s.Kind = KindLossTimeout
		s.Reason = fmt.Sprintf("p99 %.0f us against p50 %.0f us with %d retransmission(s) in the phase: a lost request or response waited for the retransmission timeout (nothing behind it on that connection triggers fast retransmit); ", lg.P99.Max, lg.P50.Mean, lg.Retx) + s.Reason
		return
	}
	if o := r.outside(row.Point, higher); o != "" {
		s.Kind = KindOutsideDeclared
		s.Reason = "off the declared workload: " + o + "; " + s.Reason
		if c := r.coverCost(row.Point); c != "" {
			s.Reason += "; " + c
		}
		return
	}
	if higher && best != nil && r.TargetMbps > 0 && lg.Errors.Clean && get(lg).Min >= r.TargetMbps {
		s.Kind = KindAboveTarget
		s.Reason = fmt.Sprintf("at or above the declared workload.target_mbps %g on every seed, with no allocation failure or dropped frame; %s",
			r.TargetMbps, r.windowsBeside(best)) + "; " + s.Reason
		return
	}
	if !higher && best != nil && lg.Mix.Mean > 1.2*best.Mix.Mean && best.Mix.Mean > 0 {
		s.Kind = KindMoreBulk
		s.Reason = fmt.Sprintf("lwipgen's mix carries %.1f Mbps of bulk data, %s %.1f: the request waits behind the bulk frames lwipgen's larger windows keep in flight; ", lg.Mix.Mean, best.Config, best.Mix.Mean) + s.Reason
		return
	}
	if best != nil {
		lgS, bS := get(lg), get(best)
		if (higher && lgS.Max >= bS.Min*(1-tol)) || (!higher && lgS.Min > 0 && lgS.Min <= bS.Max*(1+tol)) {
			s.Kind = KindSpread
			s.Reason = fmt.Sprintf("within the seeds' spread (lwipgen %.1f..%.1f, %s %.1f..%.1f); ", lgS.Min, lgS.Max, best.Config, bS.Min, bS.Max) + s.Reason
			return
		}
	}
	s.Kind = KindSizing
}

// windowsBeside compares the best baseline's windows, RAM and cleanliness
// with lwipgen's (the reason of an above_target shortfall).
func (r *SweepResult) windowsBeside(best *SweepCell) string {
	lg, b := r.config(CfgLwipgen), r.config(best.Config)
	if lg == nil || b == nil {
		return best.Config + " is sized past the target"
	}
	clean := "clean"
	if !best.Errors.Clean {
		clean = fmt.Sprintf("not clean: %d allocation failure(s), %d dropped frame(s)", best.Errors.AllocFailures, best.Errors.MACMissed+best.Errors.DriverDrops)
	}
	return fmt.Sprintf("%s's TCP_WND %d B / TCP_SND_BUF %d B (lwipgen %d / %d B, sized for the target) with %d B of lwIP RAM (lwipgen %d B); its runs were %s",
		b.Name, b.Options["TCP_WND"], b.Options["TCP_SND_BUF"], lg.Options["TCP_WND"], lg.Options["TCP_SND_BUF"], b.RAMBytes, lg.RAMBytes, clean)
}

// overBudget says whether a configuration's lwIP and Ethernet driver RAM
// exceed the board's memory.lwip_budget (which the plan's fit check applies
// to both together).
func (r *SweepResult) overBudget(name string) bool {
	c := r.config(name)
	return c != nil && r.Sizing.LwIPBudget > 0 && c.RAMBytes+c.DriverRAMBytes > r.Sizing.LwIPBudget
}

// Summary is one board's line of the cross-board benchmark table.
type Summary struct {
	Board      string         `json:"board"`
	Points     int            `json:"points"`
	Metrics    int            `json:"metrics_compared"`
	Shortfalls map[string]int `json:"shortfalls_by_kind"`
	RAM        *RAMGoal       `json:"ram_goal,omitempty"`
}

// Summarize counts one sweep's shortfalls by kind.
func (r *SweepResult) Summarize() Summary {
	s := Summary{Board: r.Board, Points: len(r.Rows), Shortfalls: map[string]int{}, RAM: r.RAM}
	s.Metrics = r.Compared
	for _, f := range r.Shortfalls {
		s.Shortfalls[f.Kind]++
	}
	return s
}

// WriteSummary prints the cross-board table of `mage simbench`.
func WriteSummary(w io.Writer, ss []Summary) {
	kinds := []string{KindSizing, KindOutsideDeclared, KindOverBudget, KindMoreBulk, KindLossTimeout, KindSpread, KindAboveTarget}
	fmt.Fprintf(w, "%-10s %6s %8s %9s %9s %9s %5s", "board", "points", "compared", "lwIP B", "example B", "goal B", "met")
	for _, k := range kinds {
		fmt.Fprintf(w, " %*s", len(k), k)
	}
	fmt.Fprintln(w)
	for _, s := range ss {
		ex, goal, lg, met := "-", "-", "-", "-"
		if s.RAM != nil {
			ex, goal, lg = fmt.Sprint(s.RAM.ExampleBytes), fmt.Sprint(s.RAM.GoalBytes), fmt.Sprint(s.RAM.LwipgenBytes)
			met = map[bool]string{true: "yes", false: "no"}[s.RAM.Met]
		}
		fmt.Fprintf(w, "%-10s %6d %8d %9s %9s %9s %5s", s.Board, s.Points, s.Metrics, lg, ex, goal, met)
		for _, k := range kinds {
			fmt.Fprintf(w, " %*d", len(k), s.Shortfalls[k])
		}
		fmt.Fprintln(w)
	}
	var names []string
	for _, s := range ss {
		if s.RAM != nil && !s.RAM.Met {
			names = append(names, fmt.Sprintf("%s (%s)", s.Board, s.RAM.Breakdown))
		}
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "RAM above half of the example: %s\n", n)
	}
}
