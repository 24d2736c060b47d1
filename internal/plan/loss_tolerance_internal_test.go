package plan

import (
	"math"
	"testing"
)

// The share of losses that time out, timeoutChance (loss_tolerance.go),
// against the first-order counts by hand: under 4 segments every loss times
// out; a 4- or 5-segment window halves to 2 and regrows through 2 and 3
// (5 segments exposed per loss); 6 and 7 halve to 3 (3 exposed); from 8 on
// the halved window keeps fast retransmit, so only two losses in a row time
// out (second order).
func TestTimeoutChanceOfAWindow(t *testing.T) {
	p := 1e-4
	for _, c := range []struct {
		w    int64
		want float64
	}{{1, 1}, {3, 1}, {4, 5 * p}, {5, 5 * p}, {6, 3 * p}, {7, 3 * p}} {
		got := timeoutChance(c.w, p)
		if math.Abs(got-c.want)/c.want > 0.05 {
			t.Errorf("P(%d) at p=%g: %g, want ~%g", c.w, p, got, c.want)
		}
	}
	for _, w := range []int64{8, 16, 44, 200} {
		if got := timeoutChance(w, p); got > 200*p*p {
			t.Errorf("P(%d) at p=%g: %g, want second order (< %g)", w, p, got, 200*p*p)
		}
	}
	// more segments in flight never tolerate less
	for w := int64(4); w < 40; w++ {
		if a, b := toleratedLoss(w, 2000, 60), toleratedLoss(w+1, 2000, 60); b < a-1e-12 {
			t.Errorf("%d segments tolerate %g, %d segments %g", w, a, w+1, b)
		}
	}
	// near the closed form where the chance is linear: w = 4 stalls r p 5p T, so p* = sqrt(goal / (5 r T))
	if got, want := toleratedLoss(4, 1541, 60.9), math.Sqrt(lossStallGoal/(5*1541*0.0609)); math.Abs(got-want)/want > 0.05 {
		t.Errorf("4 segments at 1541/s and 60.9 ms: tolerated %g, closed form %g", got, want)
	}
	// under 4 segments every loss is a timeout: p* = goal / (r T)
	if got, want := toleratedLoss(2, 1541, 60.9), lossStallGoal/(1541*0.0609); math.Abs(got-want)/want > 1e-6 {
		t.Errorf("2 segments: tolerated %g, closed form %g", got, want)
	}
}
