package sim

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Fault is one injected fault, at a virtual time counted from the start of
// the first measured phase (after the connections are set up).
type Fault struct {
	Kind string        `json:"kind"` // link-flap | dma-error | mac-error | rx-stall | burst
	At   time.Duration `json:"at_ns"`
	// For is how long a link-flap keeps the link down or an rx-stall keeps
	// the application from reading (default 50 ms / 200 ms).
	For time.Duration `json:"for_ns,omitempty"`
	// Frames is the size of a burst (default 64 back-to-back full frames).
	Frames int `json:"frames,omitempty"`
}

// FaultKinds are the faults --fault accepts.
// mac-error is a MAC status error (receive watchdog, jabber) that the newest STM32H7 HAL turns into
// its error state while the DMA keeps running; only driver models that have it accept it.
var FaultKinds = []string{"link-flap", "dma-error", "mac-error", "rx-stall", "burst"}

// FaultResult is what a fault did: when it ended and how long after that
// traffic flowed again (new payload delivered in either direction).
type FaultResult struct {
	Fault
	EndMs       float64 `json:"end_ms"`
	Recovered   bool    `json:"recovered"`
	RecoveredMs float64 `json:"recovered_after_ms"` // from the end of the fault
	// Reason says why traffic did not flow again, where the driver's counters show it
	// (explainFaults); empty when recovered or when nothing in the counters explains it.
	Reason string `json:"reason,omitempty"`
}

// explainFaults gives an unrecovered fault its reason from the driver model's counters. A DMA
// fatal error that the driver only logged (drv_eth_dma_errors_logged, the RT-Thread BSP's
// HAL_ETH_ErrorCallback) while nothing re-ran HAL_ETH_Init (recoveries 0) is the driver's
// behaviour, not a simulator failure: the run says so instead of a bare "not recovered".
func explainFaults(fs []FaultResult, counters map[string]int64) []FaultResult {
	for i := range fs {
		f := &fs[i]
		if f.Recovered || f.Kind != "dma-error" {
			continue
		}
		if n := counters["drv_eth_dma_errors_logged"]; n > 0 && counters["recoveries"] == 0 {
			f.Reason = fmt.Sprintf("the BSP driver has no DMA-error recovery: its HAL_ETH_ErrorCallback logged the fatal bus error (%d time(s)) and nothing re-ran HAL_ETH_Init, so the HAL stayed in its ERROR state", n)
		}
	}
	return fs
}

// ParseFaults reads --fault values: KIND@T[:ARG], comma separated, T and ARG
// as Go durations (link-flap@100ms:50ms, rx-stall@50ms:300ms, dma-error@80ms,
// burst@60ms:128 with ARG a frame count).
func ParseFaults(spec string) ([]Fault, error) {
	var out []Fault
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		kind, rest, ok := strings.Cut(item, "@")
		if !ok {
			return nil, fmt.Errorf("fault %q: want KIND@TIME[:ARG] (kinds: %s)", item, strings.Join(FaultKinds, ", "))
		}
		known := false
		for _, k := range FaultKinds {
			known = known || k == kind
		}
		if !known {
			return nil, fmt.Errorf("fault %q: unknown kind %q (kinds: %s)", item, kind, strings.Join(FaultKinds, ", "))
		}
		at, arg, _ := strings.Cut(rest, ":")
		t, err := time.ParseDuration(at)
		if err != nil || t < 0 {
			return nil, fmt.Errorf("fault %q: time %q: want a duration such as 100ms", item, at)
		}
		f := Fault{Kind: kind, At: t}
		if arg != "" {
			if kind == "burst" {
				n, err := strconv.Atoi(arg)
				if err != nil || n < 1 || n > 100000 {
					return nil, fmt.Errorf("fault %q: burst size %q: want a frame count 1..100000", item, arg)
				}
				f.Frames = n
			} else {
				d, err := time.ParseDuration(arg)
				if err != nil || d <= 0 {
					return nil, fmt.Errorf("fault %q: duration %q: want a duration such as 50ms", item, arg)
				}
				f.For = d
			}
		}
		out = append(out, f.withDefaults())
	}
	return out, nil
}

func (f Fault) withDefaults() Fault {
	switch f.Kind {
	case "link-flap":
		if f.For <= 0 {
			f.For = 50 * time.Millisecond
		}
	case "rx-stall":
		if f.For <= 0 {
			f.For = 200 * time.Millisecond
		}
	case "burst":
		if f.Frames <= 0 {
			f.Frames = 64
		}
	}
	return f
}

// fault opcodes of the device node (csrc/sim_node.c op_fault)
const (
	fLinkDown  = 1
	fLinkUp    = 2
	fDMAFatal  = 3
	fAppStall  = 4
	fAppResume = 5
	fMACError  = 6
)

type faultEvent struct {
	at   int64
	op   uint32
	idx  int // fault index
	last bool
}

// scheduleFaults turns the faults into timed device commands from t0.
func (r *runner) scheduleFaults(t0 int64) {
	var evs []faultEvent
	for i, f := range r.o.Faults {
		at := t0 + int64(f.At)
		switch f.Kind {
		case "link-flap":
			evs = append(evs, faultEvent{at, fLinkDown, i, false}, faultEvent{at + int64(f.For), fLinkUp, i, true})
		case "rx-stall":
			evs = append(evs, faultEvent{at, fAppStall, i, false}, faultEvent{at + int64(f.For), fAppResume, i, true})
		case "dma-error":
			evs = append(evs, faultEvent{at, fDMAFatal, i, true})
		case "mac-error":
			evs = append(evs, faultEvent{at, fMACError, i, true})
		case "burst":
			evs = append(evs, faultEvent{at, 0, i, true})
		}
		r.faultResults = append(r.faultResults, FaultResult{Fault: f})
	}
	sort.SliceStable(evs, func(a, b int) bool { return evs[a].at < evs[b].at })
	r.faultQ = evs
}

// runUntil advances the simulation to end, applying the faults due on the
// way and watching, after each fault ended, for traffic to flow again.
func (r *runner) runUntil(end int64) error {
	for len(r.faultQ) > 0 && r.faultQ[0].at <= end {
		ev := r.faultQ[0]
		r.faultQ = r.faultQ[1:]
		if err := r.s.runUntil(ev.at); err != nil {
			return err
		}
		if ev.op == 0 {
			r.s.burst(r.o.Faults[ev.idx].Frames)
		} else if _, err := r.s.call(0, opFault, ev.op, 0, nil); err != nil {
			return err
		}
		if ev.last {
			if err := r.watchRecovery(ev.idx); err != nil {
				return err
			}
		}
	}
	if r.s.now >= end {
		return nil
	}
	return r.s.runUntil(end)
}

// watchRecovery steps in 5 ms until the device's connections move new data
// (received payload or acknowledged sent payload), for at most 10 s.
func (r *runner) watchRecovery(i int) error {
	fr := &r.faultResults[i]
	fr.EndMs = float64(r.s.now-r.t0) / 1e6
	st, err := r.connStats(0)
	if err != nil {
		return err
	}
	base := moved(st)
	start := r.s.now
	for r.s.now-start < int64(10*time.Second) {
		if err := r.s.runUntil(r.s.now + int64(5*time.Millisecond)); err != nil {
			return err
		}
		st, err := r.connStats(0)
		if err != nil {
			return err
		}
		if moved(st) >= base+2*mssStd {
			fr.Recovered = true
			fr.RecoveredMs = float64(r.s.now-start) / 1e6
			return nil
		}
	}
	return nil
}

func moved(s *nodeStats) int64 {
	var n int64
	for _, c := range s.Conns {
		n += c.Rx + c.Acked
	}
	return n
}
