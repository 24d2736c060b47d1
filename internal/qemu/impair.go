package qemu

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sync/atomic"
	"time"
)

// Impair is the link impairment between the host stack and the guest on the
// tap back end: what `tc netem` would add. Loss applies to each direction
// independently; Delay (and Jitter) apply to the host->guest direction only,
// so Delay is the round trip time added, as `tc qdisc add dev TAP root netem
// delay D` on the one interface facing the guest adds it.
type Impair struct {
	Delay  time.Duration // added once per round trip (host->guest)
	Jitter time.Duration // uniform +-Jitter on Delay; frames keep their order
	Loss   float64       // probability a frame is lost, per direction (0.01 = 1 %)
	Seed   uint64        // PRNG seed of the in-process impairer (0 means 1)
}

// None reports whether the link is unimpaired.
func (im Impair) None() bool { return im.Delay == 0 && im.Jitter == 0 && im.Loss == 0 }

func (im Impair) String() string {
	s := fmt.Sprintf("delay %v loss %g%%", im.Delay, im.Loss*100)
	if im.Jitter != 0 {
		s += fmt.Sprintf(" jitter %v", im.Jitter)
	}
	return s
}

// Validate refuses values neither netem nor the impairer can apply.
func (im Impair) Validate() error {
	switch {
	case im.Loss < 0 || im.Loss >= 1:
		return fmt.Errorf("loss %g must be in [0, 1)", im.Loss)
	case im.Delay < 0 || im.Jitter < 0:
		return fmt.Errorf("delay %v and jitter %v must not be negative", im.Delay, im.Jitter)
	case im.Jitter > im.Delay:
		return fmt.Errorf("jitter %v larger than delay %v", im.Jitter, im.Delay)
	}
	return nil
}

// ImpairQueueLimit is how many frames may wait in one direction of the
// impairer, as netem's default limit of 1000 packets; more are dropped (and
// counted) like a full netem queue.
const ImpairQueueLimit = 1000

// LinkCounters are one direction's frame counts in the impairer.
type LinkCounters struct {
	Frames    uint64 `json:"frames"`     // read from the source
	Lost      uint64 `json:"lost"`       // dropped by the loss model
	QueueFull uint64 `json:"queue_full"` // dropped: ImpairQueueLimit frames already waiting
	WriteErr  uint64 `json:"write_err"`  // the destination refused the frame
}

type linkCounters struct{ frames, lost, queueFull, writeErr atomic.Uint64 }

func (c *linkCounters) snapshot() LinkCounters {
	return LinkCounters{c.frames.Load(), c.lost.Load(), c.queueFull.Load(), c.writeErr.Load()}
}

// FrameReader returns one Ethernet frame per call (a tap fd, an AF_PACKET
// socket).
type FrameReader interface {
	Read(p []byte) (int, error)
}

// forward copies frames from src to dst until src fails or ctx ends,
// dropping each with probability loss and holding each until delay (+-
// jitter) after it was read, in order. It is the in-process stand-in for
// netem on kernels without sch_netem (modelled on netem's behaviour as
// documented in tc-netem(8): independent loss per packet, a fixed delay,
// a queue limit). rng decides loss and jitter, so a seed reproduces the
// same frame drops for the same frame sequence.
func forward(ctx context.Context, src FrameReader, dst io.Writer, delay, jitter time.Duration, loss float64, rng *rand.Rand, c *linkCounters) error {
	type item struct {
		frame []byte
		due   time.Time
	}
	q := make(chan item, ImpairQueueLimit)
	done := make(chan struct{})
	// when the source ends the link is going down: frames still held for
	// their delay are discarded, the writer does not wait them out
	ctx, stop := context.WithCancel(ctx)
	go func() {
		defer close(done)
		t := time.NewTimer(0)
		<-t.C
		for it := range q {
			if d := time.Until(it.due); d > 0 {
				t.Reset(d)
				select {
				case <-t.C:
				case <-ctx.Done():
					return
				}
			}
			if _, err := dst.Write(it.frame); err != nil {
				c.writeErr.Add(1)
			}
		}
	}()
	defer func() { close(q); stop(); <-done }()
	var last time.Time
	buf := make([]byte, 65536)
	for {
		n, err := src.Read(buf)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		c.frames.Add(1)
		if loss > 0 && rng.Float64() < loss {
			c.lost.Add(1)
			continue
		}
		due := time.Now().Add(delay)
		if jitter > 0 {
			due = due.Add(time.Duration((rng.Float64()*2 - 1) * float64(jitter)))
		}
		if due.Before(last) { // keep frames in order (netem with a FIFO child)
			due = last
		}
		last = due
		select {
		case q <- item{append([]byte(nil), buf[:n]...), due}:
		default:
			c.queueFull.Add(1)
		}
	}
}

// newRand returns the impairer's PRNG for one direction.
func newRand(seed uint64, dir uint64) *rand.Rand {
	if seed == 0 {
		seed = 1
	}
	return rand.New(rand.NewPCG(seed, dir))
}
