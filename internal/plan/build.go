package plan

import (
	"fmt"
	"math"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// rules run in this order; each may read what the earlier ones decided.
var rules = []Rule{
	ruleSystem,
	ruleChecksum,
	ruleMSS,
	ruleWindow,
	ruleSendBuffer,
	rulePCBs,
	ruleDriver,
	ruleRxReserve,
	rulePbufPool,
	ruleOOSEQ,
	warnPinnedShare,
	ruleSegments,
	constraints,      // the flow's Hooks.Constraints
	ruleWindowUpdate, // after the flow's caps on TCP_WND
	ruleHeap,
	ruleTimeouts,
	ruleTCPClock, // after ruleSendBuffer: the send buffer on the wire is part of the RTT variation
	ruleMailboxes,
}

// Build sizes lwIP for the board. It returns an error only when the plan
// cannot be made at all (e.g. the RAM budget is too small); rule violations are
// in Plan.Checks, and Plan.Failed() is empty for a good plan.
//
// h is what the board's vendor flow contributes (internal/flow.Plan builds a
// board with its flow's hooks).
func Build(b *board.Board, h Hooks) (*Plan, error) {
	p, err := buildFor(b, h, b.Workload.TargetMbps, 0, 0)
	if err != nil {
		return nil, err
	}
	if over := p.budgetOverrun(); over > 0 {
		if q := p.fitFIFOSendBuffers(); q != nil {
			return q, nil
		}
		if q := p.fitLossSendBuffers(); q != nil {
			return q, nil
		}
		return nil, p.doesNotFit(over)
	}
	return p, nil
}

func buildFor(b *board.Board, h Hooks, target float64, sndCap, lossCap int64) (*Plan, error) {
	v, err := lwip.ParseVersion(b.LwIPVersion)
	if err != nil {
		return nil, err
	}
	model := h.RxModel
	if model == "" {
		return nil, fmt.Errorf("chip %s: lwipgen has no driver for the %q MAC in the %s flow (its plan hooks set no RX design)", b.Chip.Name, b.Chip.Ethernet.MAC, b.Vendor)
	}
	s := &Sizer{b: b, hooks: h, idx: map[string]int{}, val: map[string]int64{}, model: model, target: target, rxStreams: int64(max(b.Workload.RxStreams, 1)), fifoSndCap: sndCap, lossSndCap: lossCap}
	s.version = v
	s.align = int64(b.Chip.Core.MemAlign)
	if s.align == 0 {
		s.align = 4
	}
	rs := rules
	if h.Rules != nil {
		rs = h.Rules
	}
	for _, r := range rs {
		r(s)
	}
	applyOverrides(s)
	p := &Plan{Board: b, Version: v, Settings: s.settings, Driver: s.driver, Warnings: s.warnings, Inputs: h.Inputs, Protect: h.Protect, PortTimeval: h.PortTimeval, hooks: h, fifoSnd: s.fifoSnd, lossSnd: s.lossSnd}
	set := map[string]string{}
	for _, st := range p.Settings {
		set[st.Name] = st.Expr
	}
	p.Config, err = lwip.Resolve(v, set)
	if err != nil {
		return nil, fmt.Errorf("resolving the generated options: %v", err)
	}
	p.Config.Measured = h.Measured
	for _, c := range lwip.Checks(p.Config) {
		ck := Check{ID: c.ID, OK: c.OK, Detail: c.Detail}
		p.Checks = append(p.Checks, ck)
	}
	p.RAM, err = lwip.PredictRAM(p.Config)
	if err != nil {
		p.Checks = append(p.Checks, Check{ID: "plan.ram_model", OK: false, Detail: err.Error()})
	}
	p.Objects = objects(p)
	p.Checks = append(p.Checks, planChecks(p, s)...)
	p.Checks = append(p.Checks, rtosChecks(p, s)...)
	for _, f := range h.Finish {
		f(p, s)
	}
	blameOverrides(p)
	sortChecks(p.Checks)
	return p, nil
}

// applyOverrides lets options {} win over computed values; they are still
// checked like everything else.
func applyOverrides(s *Sizer) {
	for _, o := range s.b.Options {
		r := o.Range
		v := o.Int
		s.setExpr(o.Name, o.Expr, v, "Board overrides", "override",
			"options { %s = %s } in %s:%d", o.Name, o.Expr, r.Filename, r.Start.Line)
	}
}

// blameOverrides points failed lwIP rules at the user's options when the rule
// names one of them, so the diagnostic lands on the attribute to fix.
func blameOverrides(p *Plan) {
	for i := range p.Checks {
		c := &p.Checks[i]
		if c.OK || c.Range != nil {
			continue
		}
		for _, o := range p.Board.Options {
			if strings.Contains(c.Detail, o.Name) || namesPoolOf(c.Detail, o.Name) {
				r := o.Range
				c.Range = &r
				break
			}
		}
	}
}

// namesPoolOf reports whether detail names the memp pool that option sizes
// (lwip.trap.memp_desc_u16, plan.ram_model say "pool TCP_SEG (num=...)",
// not MEMP_NUM_TCP_SEG): MEMP_NUM_X sizes pool X, PBUF_POOL_SIZE and
// PBUF_POOL_BUFSIZE size PBUF_POOL.
func namesPoolOf(detail, option string) bool {
	pool, ok := strings.CutPrefix(option, "MEMP_NUM_")
	if !ok && (option == "PBUF_POOL_SIZE" || option == "PBUF_POOL_BUFSIZE") {
		pool, ok = "PBUF_POOL", true
	}
	if !ok {
		return false
	}
	for _, after := range []string{" (num=", " does not fit"} {
		if i := strings.Index(detail, pool+after); i >= 0 && (i == 0 || !isIdent(detail[i-1])) {
			return true
		}
	}
	return false
}

// budgetOverrun is how many bytes the placed objects exceed memory.lwip_budget by.
func (p *Plan) budgetOverrun() int64 {
	budget := int64(p.Board.Memory.LwIPBudget)
	if budget == 0 {
		return 0
	}
	if used := p.PlacedBytes(); used > budget {
		return used - budget
	}
	return 0
}

// PlacedBytes is what lwipgen places for lwIP and the Ethernet driver.
func (p *Plan) PlacedBytes() int64 {
	var n int64
	for _, o := range p.Objects {
		n += o.Size
	}
	return n
}

// doesNotFit searches the highest target rate that fits the budget and
// reports it with the overrun.
func (p *Plan) doesNotFit(over int64) error {
	b := p.Board
	lo, hi := 0.0, b.Workload.TargetMbps
	best := -1.0
	for i := 0; i < 40 && hi-lo > 0.05; i++ {
		mid := (lo + hi) / 2
		q, err := buildFor(b, p.hooks, mid, 0, 0)
		if err == nil && q.budgetOverrun() == 0 {
			best, lo = mid, mid
		} else {
			hi = mid
		}
	}
	r := b.RangeOf("memory.lwip_budget")
	if o, ok := b.Option("MEM_SIZE"); ok && o.IsInt && o.Int >= over {
		// the pinned heap is what breaks the budget: point at its line,
		// not at the budget's (which may be a default, the board's line)
		return &FitError{Range: o.Range, Msg: fmt.Sprintf("options.MEM_SIZE = %d B does not fit: with it the plan needs %d B of lwIP and Ethernet RAM, but memory.lwip_budget is %d B (%s:%d), over by %d B; lower MEM_SIZE (or remove it: lwipgen sizes the heap for the workload) or raise memory.lwip_budget",
			o.Int, p.PlacedBytes(), b.Memory.LwIPBudget, r.Filename, r.Start.Line, over)}
	}
	msg := fmt.Sprintf("the plan for %g Mbps at %g ms RTT needs %d B of lwIP and Ethernet RAM, but memory.lwip_budget is %d B (%s:%d): over by %d B",
		b.Workload.TargetMbps, b.Workload.RTTMs, p.PlacedBytes(), b.Memory.LwIPBudget, r.Filename, r.Start.Line, over)
	if best > 0 {
		msg += fmt.Sprintf("; within the budget this board sustains at most %.1f Mbps at %g ms RTT (lower workload.target_mbps, raise the budget, or reduce connections)", math.Floor(best*10)/10, b.Workload.RTTMs)
	} else {
		msg += "; even the smallest window does not fit: raise memory.lwip_budget or reduce tcp_connections/udp_endpoints"
	}
	return &FitError{Msg: msg, Range: r}
}

// FitError is the "does not fit" error, with the attribute to blame.
type FitError struct {
	Msg   string
	Range hcl.Range
}

func (e *FitError) Error() string { return e.Msg }
