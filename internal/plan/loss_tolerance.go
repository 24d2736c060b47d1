package plan

import (
	"fmt"
	"math"
	"strings"
)

// Loss tolerance: which loss rate a connection's window survives on fast
// retransmit, and what a loss that fast retransmit misses costs.
//
// lwIP 2.1.3 (tcp_in.c, no SACK here) retransmits on the third duplicate
// ACK, so a loss is repaired fast only when at least three segments follow
// it in flight: a window of 4 or more segments. On the third duplicate ACK
// and on a timeout it sets ssthresh to half the window (at least 2 MSS) and
// regrows cwnd by one segment per round trip (congestion avoidance), so a
// second loss while cwnd is still under 4 waits for the retransmission
// timeout. timeoutChance(w, p) is the share of losses that meet a window
// under 4 segments when the window may reach w (~5p for 4 segments, ~3p for
// 6, second order from 8 on). The sender stalls for the timeout cost T (the
// RTT plus the sender's RTO floor) once per such loss: at r segments a
// second per connection the stalled share of time is r p timeoutChance T.
// The tolerated loss rate is the p at which that share reaches
// lossStallGoal. Timeouts only: the halved window after a repaired loss
// costs throughput too where the window is close to the BDP (simulator,
// h743 at 1 % loss with a 10 ms clock: 4-segment send buffers 80-86 Mbps,
// 8 segments 92-94; docs/tcp-clock.md).
//
// The device's send side times out on its own clock (RTO floor 4-6
// TCP_TMR_INTERVALs beyond the RTT, rules_tcp_clock.go): with lwIP's 250 ms
// that is 1-1.5 s per miss, with 10 ms 40-60 ms. The receive side's misses
// are the peer's timeouts: peerMinRTOMs, Linux's TCP_RTO_MIN.

// lossStallGoal is the share of time a connection may stall in
// retransmission timeouts at the tolerated loss (the same 5 % minSendSegments
// sizes for).
const lossStallGoal = 0.05

// peerMinRTOMs is the usual peer's minimum RTO (Linux's TCP_RTO_MIN, 200 ms;
// RFC 6298 would allow 1 s).
const peerMinRTOMs = 200

// LossTolerance is what one direction's window tolerates.
type LossTolerance struct {
	Direction string `json:"direction"` // "tx": the device sends (TCP_SND_BUF); "rx": the peer sends (TCP_WND)
	Option    string `json:"option"`
	Segments  int64  `json:"segments"` // full segments one connection may have in flight
	// FastRetransmit: the window holds the lost segment and the three that
	// bring the duplicate ACKs (>= 4 segments).
	FastRetransmit bool    `json:"fast_retransmit"`
	SegmentsPerSec float64 `json:"segments_per_s"`  // one connection's share of the target
	TimeoutCostMs  float64 `json:"timeout_cost_ms"` // the RTT plus the sender's RTO floor
	TimeoutBy      string  `json:"timeout_by"`      // whose clock times out
	DeclaredPct    float64 `json:"declared_loss_percent"`
	StalledPct     float64 `json:"stalled_percent_at_declared"`
	ToleratedPct   float64 `json:"tolerated_loss_percent"` // stalled share reaches 5 %
}

// timeoutChance is the share of losses that meet a window under 4 segments
// (and so wait for a timeout) for a sender whose window may reach w
// segments, at loss probability p per segment. A Markov chain over the
// congestion window c (1..w), one round trip per step: c segments go out;
// with no loss c grows by one (congestion avoidance; lwIP's slow start after
// a timeout reaches ssthresh within a round or two, taken as one); with a
// loss (1-(1-p)^c) c halves to max(c/2, 2) when c >= 4 (fast retransmit), or
// drops to 1 after a timeout when c < 4. Losses fall on segments, so the
// share is the segment-weighted mass of the states under 4. At small p it is
// the first-order count of the header: 5p for 4-segment windows (the 2 + 3
// segments of the regrowth), 3p for 6, ~p^2 terms from 8 on; at high p the
// window no longer reaches w (Reno's saw-tooth, Mathis et al. 1997).
func timeoutChance(w int64, p float64) float64 {
	if w < MinFastRetransmitSegments {
		return 1
	}
	if p <= 0 {
		return 0
	}
	n := int(min(w, maxChainSegments))
	// a[i][j]: the stationary equations sum_c pi_c T(c -> j) = pi_j, states 1..n at 0..n-1,
	// the last one replaced by sum pi = 1
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n+1)
		a[i][i] = -1
	}
	for c := 1; c <= n; c++ {
		q := 1 - math.Pow(1-p, float64(c))
		up := min(c+1, n)
		if c == 1 {
			up = 2 // slow start after the timeout: back at ssthresh (>= 2) in a round
		}
		down := 1
		if c >= MinFastRetransmitSegments {
			down = max(c/2, 2)
		}
		a[up-1][c-1] += 1 - q
		a[down-1][c-1] += q
	}
	for j := 0; j <= n; j++ {
		a[n-1][j] = 1
	}
	pi, ok := solve(a)
	if !ok {
		return 1
	}
	var all, low float64
	for c := 1; c <= n; c++ {
		all += pi[c-1] * float64(c)
		if c < MinFastRetransmitSegments {
			low += pi[c-1] * float64(c)
		}
	}
	return min(max(low/all, 0), 1)
}

// maxChainSegments bounds the chain: a window of more segments is taken as
// this many (after a loss it halves to 32 or more, and only five halvings in
// a row, p^5, bring it under 4).
const maxChainSegments = 64

// solve is Gaussian elimination with partial pivoting on the augmented
// matrix a (n x n+1).
func solve(a [][]float64) ([]float64, bool) {
	n := len(a)
	for col := 0; col < n; col++ {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-300 {
			return nil, false
		}
		a[col], a[piv] = a[piv], a[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			if f == 0 {
				continue
			}
			for k := col; k <= n; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		v := a[r][n]
		for k := r + 1; k < n; k++ {
			v -= a[r][k] * x[k]
		}
		x[r] = v / a[r][r]
	}
	return x, true
}

// stalledShare is the share of time a connection sending r segments a second
// with a window of w segments waits in timeouts of costMs at loss p.
func stalledShare(w int64, r, costMs, p float64) float64 {
	return min(r*p*timeoutChance(w, p)*costMs/1000, 1)
}

// toleratedLoss is the loss probability at which stalledShare reaches the
// goal (0.5 when even that does not reach it).
func toleratedLoss(w int64, r, costMs float64) float64 {
	lo, hi := 0.0, 0.5
	if stalledShare(w, r, costMs, hi) < lossStallGoal {
		return hi
	}
	for i := 0; i < 40; i++ {
		m := (lo + hi) / 2
		if stalledShare(w, r, costMs, m) < lossStallGoal {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

func lossTolerance(dir, opt string, w int64, r, costMs float64, by string, declaredPct float64, tolerated bool) LossTolerance {
	t := LossTolerance{Direction: dir, Option: opt, Segments: w, FastRetransmit: w >= 4,
		SegmentsPerSec: math.Round(r), TimeoutCostMs: math.Round(costMs*10) / 10, TimeoutBy: by, DeclaredPct: declaredPct,
		StalledPct: math.Round(stalledShare(w, r, costMs, declaredPct/100)*1000*100) / 1000,
	}
	if tolerated {
		t.ToleratedPct = math.Floor(toleratedLoss(w, r, costMs)*100*1000) / 1000
	}
	return t
}

// LossTolerance is what the plan's send buffer and window tolerate, for one
// connection's share of workload.target_mbps (the values the preprocessor
// sees, the user's overrides included).
func (p *Plan) LossTolerance() []LossTolerance { return p.lossTolerance(true) }

// lossTolerance: without tolerated, only the stall at the declared loss (the
// check's figure; the tolerated rate is a search).
func (p *Plan) lossTolerance(tolerated bool) []LossTolerance {
	b := p.Board
	mss := max(p.Value("TCP_MSS"), 1)
	s := &Sizer{b: b, mss: mss}
	segRate := b.Workload.TargetMbps * 1e6 / float64(mss*8)
	c := p.TCPClock()
	rtt := s.effectiveRTTMs()
	conns := float64(max(b.Workload.TCPConnections, 1))
	streams := float64(max(b.Workload.RxStreams, 1))
	loss := b.Workload.LossPercent
	return []LossTolerance{
		lossTolerance("tx", "TCP_SND_BUF", p.Value("TCP_SND_BUF")/mss, segRate/conns, rtt+float64(c.RTOFloorMaxMs),
			fmt.Sprintf("the device: TCP_TMR_INTERVAL %d ms, RTO floor %d ms beyond the RTT", c.IntervalMs, c.RTOFloorMaxMs), loss, tolerated),
		lossTolerance("rx", "TCP_WND", p.Value("TCP_WND")/mss, segRate/streams, rtt+peerMinRTOMs,
			fmt.Sprintf("the peer: minimum RTO %d ms (Linux)", peerMinRTOMs), loss, tolerated),
	}
}

// lossCheck: the device's own sender survives the declared loss on fast
// retransmit, stalling at most 5 % of the time in its own timeouts. Only the
// send side: the receive side's timeouts run on the peer's clock, which the
// plan does not set (the report shows what it tolerates). It fails on what
// lwipgen sized (a send buffer memory.lwip_budget cut below what the declared
// loss needs); where the board pins TCP_SND_BUF or TCP_TMR_INTERVAL itself
// (its options {}, a project's imported values) the choice is the board's:
// the check states what that tolerates instead of refusing the board, as
// the issue asks ("the report says which loss rate it tolerates").
func lossCheck(p *Plan) Check {
	t := p.lossTolerance(false)[0]
	ok := t.StalledPct <= lossStallGoal*100
	note := ""
	if !ok {
		var own []string
		for _, n := range []string{"TCP_SND_BUF", "TCP_TMR_INTERVAL"} {
			if _, pinned := p.Board.Option(n); pinned {
				own = append(own, n)
			}
		}
		switch {
		case len(own) > 0:
			ok = true
			note = fmt.Sprintf("; not refused: the board pins %s (options {}), so this is what its choice tolerates", strings.Join(own, " and "))
		case !p.lossCutByBudget(t):
			// the size minSendSegments asks for stalls as much: the link, not the sizing (Reno
			// without SACK halves under 4 segments too often); the report shows the stall
			ok = true
			note = "; not refused: no send buffer lwipgen sizes survives this loss on fast retransmit"
		}
	}
	return Check{ID: "plan.loss_tolerance", OK: ok, Detail: fmt.Sprintf(
		"TCP_SND_BUF %d segments at %.0f segments/s per connection (fast retransmit: %v): a loss fast retransmit misses costs %.1f ms (%s); at workload.loss_percent %g the sender stalls %.3f %% of the time in timeouts, at most 5 %% (report: the loss rate it tolerates)%s",
		t.Segments, t.SegmentsPerSec, t.FastRetransmit, t.TimeoutCostMs, t.TimeoutBy, t.DeclaredPct, t.StalledPct, note)}
}

// lossCutByBudget: fitLossSendBuffers cut the send buffer below what
// minSendSegments asked for the declared loss, and that size would have
// stayed within the stall goal.
func (p *Plan) lossCutByBudget(t LossTolerance) bool {
	if p.lossSnd <= t.Segments {
		return false // not cut: what the rule asked for
	}
	return stalledShare(p.lossSnd, t.SegmentsPerSec, t.TimeoutCostMs, t.DeclaredPct/100) <= lossStallGoal
}

// MinFastRetransmitSegments: the lost segment and the three behind it whose
// duplicate ACKs trigger lwIP's fast retransmit.
const MinFastRetransmitSegments = 4

// fitLossSendBuffers is p rebuilt with the send buffers minSendSegments
// raised for the declared loss lowered, two segments at a time, to the
// largest that fits memory.lwip_budget, down to the 4 segments fast
// retransmit needs: the raise only keeps fast retransmit working after lwIP
// halves the window, so a tight budget gives it up before the plan reports
// that the workload does not fit; report.json's loss_tolerance then says
// which loss rate the smaller buffer survives (and plan.loss_tolerance
// fails if that is under the declared one). nil when the rule did not raise
// the buffer or even 4 segments do not fit.
func (p *Plan) fitLossSendBuffers() *Plan {
	for n := p.lossSnd - 2; n >= MinFastRetransmitSegments; n -= 2 {
		q, err := buildFor(p.Board, p.hooks, p.Board.Workload.TargetMbps, 0, n)
		if err != nil {
			return nil
		}
		if q.budgetOverrun() == 0 {
			return q
		}
	}
	return nil
}
