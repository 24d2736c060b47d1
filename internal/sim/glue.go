package sim

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// GlueRun is what running the board's generated driver showed: the model
// it ran on, the MAC model's drops by reason, the driver's RX buffer pool,
// the checks of the driver contract that failed, the faults injected and
// how long traffic took to flow again, and whether every pool was back at
// its idle count at the end.
type GlueRun struct {
	Model   string   `json:"model"`
	Sources []string `json:"generated_sources"` // the generated .c files compiled into the device
	Defines []string `json:"defines,omitempty"`
	// MACDrops are frames the MAC model dropped, by reason (link_down,
	// mac_stopped, dma_error, no_descriptor, ring_starved, rx_suspended, fifo_full).
	MACDrops map[string]int64 `json:"mac_drops"`
	RxPool   RxPoolUse        `json:"rx_pool"`
	// Counters are the driver model's (HAL calls, recoveries, RBU events, ...).
	Counters map[string]int64 `json:"counters"`
	Checks   []Check          `json:"checks_failed"`
	Faults   []FaultResult    `json:"faults,omitempty"`
	Idle     IdleCheck        `json:"idle"`
}

// RxPoolUse is the driver's RX buffer pool: free at the end, the low-water
// mark, the size, and the free count at idle (the pool minus the ring).
// Total is -1 for a design without a driver pool (PBUF_POOL copy drivers,
// FIFO MACs: their buffers are lwIP's PBUF_POOL, in the pool check).
type RxPoolUse struct {
	Free     int64 `json:"free"`
	Low      int64 `json:"low_water"`
	Total    int64 `json:"total"`
	IdleFree int64 `json:"idle_free"`
}

// Check is a driver-contract check that failed during the run.
type Check struct {
	Kind  string `json:"kind"`
	Count int64  `json:"count"`
	First string `json:"first"`
}

// IdleCheck compares every lwIP pool and the heap after the final drain with
// the same counts right after the connections were set up (both idle), and
// the driver model's bookkeeping (TX buffers held, release indices, a frame
// half assembled) with its start-up value: a difference is a leak (or a
// buffer still held).
type IdleCheck struct {
	Clean  bool     `json:"clean"`
	Leaks  []string `json:"leaks,omitempty"`
	RxPool bool     `json:"rx_pool_idle"`
}

type devStats struct {
	Drops  map[string]int64 `json:"drops"`
	Checks []Check          `json:"checks"`
	RxPool struct {
		Free     int64 `json:"free"`
		Low      int64 `json:"low"`
		Total    int64 `json:"total"`
		IdleFree int64 `json:"idle_free"`
	} `json:"rxpool"`
	Driver map[string]int64 `json:"driver"`
	Idle   []struct {
		What string `json:"what"`
		Now  int64  `json:"now"`
		Idle int64  `json:"idle"`
	} `json:"idle"`
}

// coreLockOverride / coreLockHeader: lwIP's LWIP_ASSERT_CORE_LOCKED() hook
// calls the simulator, which fails the run when lwIP is entered from an
// interrupt handler (NO_SYS: lwIP is not reentrant).
var coreLockOverride = Override{"LWIP_ASSERT_CORE_LOCKED()", "sim_assert_core_locked(__FILE__, __LINE__)",
	"lwIP's core-context assertion: entering lwIP from an interrupt handler fails the run"}

var coreLockHeader = []byte(`
/* ---- simulator checks on the generated driver ---- */
void sim_assert_core_locked(const char *file, int line);
#undef LWIP_ASSERT_CORE_LOCKED
#define LWIP_ASSERT_CORE_LOCKED() sim_assert_core_locked(__FILE__, __LINE__)
`)

// finishGlue stops the workload, lets every queue drain, and reads the
// driver's results and the idle comparison.
func (r *runner) finishGlue(cr *ConfigResult, setup *nodeStats) error {
	for i := 0; i < r.conns; i++ {
		if err := r.mode(0, i, modeIdle, 0); err != nil {
			return err
		}
		if err := r.mode(1, i, modeIdle, 0); err != nil {
			return err
		}
	}
	if err := r.drain(); err != nil {
		return err
	}
	// a few more TCP slow-timer periods: delayed ACKs, window updates, TIME_WAIT-free idle
	if err := r.runUntil(r.s.now + int64(1e9)); err != nil {
		return err
	}
	end, err := r.stats(0)
	if err != nil {
		return err
	}
	g := cr.Glue
	if end.Dev == nil {
		return fmt.Errorf("the device node reported no driver statistics")
	}
	g.MACDrops = end.Dev.Drops
	g.Checks = end.Dev.Checks
	g.Counters = end.Dev.Driver
	g.RxPool = RxPoolUse{Free: end.Dev.RxPool.Free, Low: end.Dev.RxPool.Low, Total: end.Dev.RxPool.Total, IdleFree: end.Dev.RxPool.IdleFree}
	g.Faults = explainFaults(r.faultResults, g.Counters)
	g.Idle = idleCheck(setup, end)
	return nil
}

func idleCheck(setup, end *nodeStats) IdleCheck {
	ic := IdleCheck{Clean: true}
	before := map[string]int64{}
	for _, p := range setup.Memp {
		before[p.Name] = p.Used
	}
	for _, p := range end.Memp {
		if p.Used != before[p.Name] {
			ic.Leaks = append(ic.Leaks, fmt.Sprintf("%s: %d in use at the end, %d after set-up", p.Name, p.Used, before[p.Name]))
		}
	}
	if end.Mem.Used != setup.Mem.Used {
		ic.Leaks = append(ic.Leaks, fmt.Sprintf("HEAP: %d B in use at the end, %d B after set-up", end.Mem.Used, setup.Mem.Used))
	}
	ic.RxPool = true
	if end.Dev != nil && end.Dev.RxPool.Total > 0 && end.Dev.RxPool.Free != end.Dev.RxPool.IdleFree {
		ic.RxPool = false
		ic.Leaks = append(ic.Leaks, fmt.Sprintf("RX buffer pool: %d free at the end, %d at idle (%d buffers, the ring holds %d)", end.Dev.RxPool.Free,
			end.Dev.RxPool.IdleFree, end.Dev.RxPool.Total, end.Dev.RxPool.Total-end.Dev.RxPool.IdleFree))
	}
	if end.Dev != nil {
		for _, it := range end.Dev.Idle {
			if it.Now != it.Idle {
				ic.Leaks = append(ic.Leaks, fmt.Sprintf("%s: %d at the end, %d at idle", it.What, it.Now, it.Idle))
			}
		}
	}
	sort.Strings(ic.Leaks)
	ic.Clean = len(ic.Leaks) == 0
	return ic
}

// writeTable prints the driver side of a glue run: drops, pool, checks,
// faults and the idle check.
func (g *GlueRun) writeTable(w io.Writer, name string) {
	var drops []string
	keys := make([]string, 0, len(g.MACDrops))
	for k := range g.MACDrops {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if g.MACDrops[k] > 0 {
			drops = append(drops, fmt.Sprintf("%s %d", k, g.MACDrops[k]))
		}
	}
	if len(drops) == 0 {
		drops = []string{"none"}
	}
	model := g.Model // "X + PHY", or "X + PHY on the virtual-time FreeRTOS model (...)": never "model model"
	if !strings.Contains(model, " model") {
		model += " model"
	}
	fmt.Fprintf(w, "\n%s: generated driver (%s) on the %s\n", name, strings.Join(g.Sources, ", "), model)
	fmt.Fprintf(w, "  MAC drops: %s; recoveries %d\n", strings.Join(drops, ", "), g.Counters["recoveries"])
	if g.RxPool.Total > 0 {
		fmt.Fprintf(w, "  RX buffer pool: %d buffers, low-water %d free, %d free at the end (idle %d)\n", g.RxPool.Total, g.RxPool.Low, g.RxPool.Free, g.RxPool.IdleFree)
	}
	for _, f := range g.Faults {
		if f.Recovered {
			fmt.Fprintf(w, "  fault %s at %v: ended at %.0f ms, traffic again %.0f ms later\n", f.Kind, f.At, f.EndMs, f.RecoveredMs)
		} else {
			why := ""
			if f.Reason != "" {
				why = ": " + f.Reason
			}
			fmt.Fprintf(w, "  fault %s at %v: ended at %.0f ms, traffic NOT flowing again within 10 s%s\n", f.Kind, f.At, f.EndMs, why)
		}
	}
	for _, c := range g.Checks {
		fmt.Fprintf(w, "  CHECK FAILED %s (%d times): %s\n", c.Kind, c.Count, c.First)
	}
	if g.Idle.Clean {
		fmt.Fprintf(w, "  idle: every lwIP pool, the heap and the RX buffer pool back at their idle counts\n")
	} else {
		fmt.Fprintf(w, "  idle: NOT back at idle: %s\n", strings.Join(g.Idle.Leaks, "; "))
	}
}
