package sim

import (
	"container/heap"
	"math/rand/v2"
)

// Link is the point-to-point Ethernet link between the device and the peer.
// The line rate and framing are applied by each node's MAC model (it is the
// serializer: preamble+SFD 8, frame with header 14 and minimum 60, FCS 4,
// inter-frame gap 12 bytes, and a TX queue bounded by the TX ring);
// the link adds the one-way propagation delay and, seeded, loss and
// reordering.
type Link struct {
	RateBps  int64   `json:"rate_bps"`
	OneWayNs int64   `json:"one_way_ns"`
	Loss     float64 `json:"loss"`    // probability a frame is lost
	Reorder  float64 `json:"reorder"` // probability a frame is held back behind the next ones
	// Duplicate is the probability a frame arrives twice (the copy one frame time later).
	Duplicate float64 `json:"duplicate,omitempty"`
}

// wireNs is the time one frame of len bytes (without FCS) occupies the wire,
// inter-frame gap included.
func (l Link) wireNs(n int) int64 {
	if n < 60 {
		n = 60
	}
	return int64(8+n+4+12) * 8 * 1_000_000_000 / l.RateBps
}

type flight struct {
	at   int64
	seq  uint64
	dst  int
	data []byte
}

type flights []flight

func (f flights) Len() int { return len(f) }
func (f flights) Less(i, j int) bool {
	if f[i].at != f[j].at {
		return f[i].at < f[j].at
	}
	return f[i].seq < f[j].seq
}
func (f flights) Swap(i, j int) { f[i], f[j] = f[j], f[i] }
func (f *flights) Push(x any)   { *f = append(*f, x.(flight)) }
func (f *flights) Pop() any {
	old := *f
	x := old[len(old)-1]
	*f = old[:len(old)-1]
	return x
}

// sched is the discrete-event scheduler: one global virtual clock, two node
// processes, frames in flight. Events run in (time, kind, sequence) order,
// so a run is a pure function of its inputs and the seed.
type sched struct {
	nodes [2]*node // 0 device, 1 peer
	link  Link
	rng   *rand.Rand
	q     flights
	seq   uint64
	now   int64
	// counters
	sent, lost, reordered, duplicated [2]int64 // by sender
	calls                             int64
}

func newSched(dev, peer *node, l Link, seed uint64) *sched {
	return &sched{nodes: [2]*node{dev, peer}, link: l, rng: rand.New(rand.NewPCG(seed, 0x6c776970676e7369))}
}

// emit puts a frame sent by node src on the link.
func (s *sched) emit(src int, f frameOut) {
	s.sent[src]++
	if s.link.Loss > 0 && s.rng.Float64() < s.link.Loss {
		s.lost[src]++
		return
	}
	at := f.Ready + s.link.OneWayNs
	if s.link.Reorder > 0 && s.rng.Float64() < s.link.Reorder {
		// held back by one to three full-size frame times: it arrives after
		// the frames sent right behind it
		at += int64(1+s.rng.IntN(3)) * s.link.wireNs(1514)
		s.reordered[src]++
	}
	s.seq++
	heap.Push(&s.q, flight{at: at, seq: s.seq, dst: 1 - src, data: f.Data})
	if s.link.Duplicate > 0 && s.rng.Float64() < s.link.Duplicate {
		s.duplicated[src]++
		s.seq++
		heap.Push(&s.q, flight{at: at + s.link.wireNs(len(f.Data)), seq: s.seq, dst: 1 - src, data: f.Data})
	}
}

// burst puts n back-to-back full-size frames from the peer's side on the
// device's receive path (fault "burst"): broadcast, an EtherType lwIP does
// not handle (IEEE 802 local experimental 0x88B5), so they only occupy the
// RX ring and the CPU, on top of the traffic.
func (s *sched) burst(n int) {
	f := make([]byte, 1514)
	for i := 0; i < 6; i++ {
		f[i] = 0xff
	}
	f[6], f[11], f[12], f[13] = 0x02, 0xfd, 0x88, 0xb5
	at := s.now + s.link.OneWayNs
	for i := 0; i < n; i++ {
		at += s.link.wireNs(len(f))
		s.seq++
		heap.Push(&s.q, flight{at: at, seq: s.seq, dst: 0, data: f})
	}
}

func (s *sched) call(i int, op uint32, a, b uint32, payload []byte) (string, error) {
	s.calls++
	return s.nodes[i].call(op, s.now, a, b, payload, func(f frameOut) { s.emit(i, f) })
}

// runUntil processes every event up to and including end.
func (s *sched) runUntil(end int64) error {
	for {
		t := never
		kind := -1
		if len(s.q) > 0 {
			t, kind = s.q[0].at, 2
		}
		for i, n := range s.nodes {
			if n.next < t {
				t, kind = n.next, i
			}
		}
		if kind < 0 || t > end {
			if end > s.now {
				s.now = end
			}
			return nil
		}
		if t > s.now {
			s.now = t
		}
		if kind == 2 {
			f := heap.Pop(&s.q).(flight)
			if _, err := s.call(f.dst, opStep, 0, 0, f.data); err != nil {
				return err
			}
			continue
		}
		if _, err := s.call(kind, opStep, 0, 0, nil); err != nil {
			return err
		}
	}
}
