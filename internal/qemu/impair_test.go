package qemu

import (
	"bytes"
	"context"
	"errors"
	"io"
	"sync"
	"testing"
	"time"
)

// frameSource yields n numbered frames, then EOF, never more than 100
// ahead of the sink (a real tap is paced by the link; the queue limit has
// its own test).
type frameSource struct {
	n, i int
	c    *linkCounters
	sink *frameSink
}

func (s *frameSource) Read(p []byte) (int, error) {
	if s.i >= s.n {
		return 0, io.EOF
	}
	for {
		s.sink.mu.Lock()
		ahead := s.c.frames.Load() - s.c.lost.Load() - uint64(len(s.sink.got))
		s.sink.mu.Unlock()
		if ahead < 100 {
			break
		}
		time.Sleep(10 * time.Microsecond)
	}
	p[0], p[1] = byte(s.i>>8), byte(s.i)
	s.i++
	return 60, nil
}

type frameSink struct {
	mu     sync.Mutex
	got    []int
	at     []time.Time
	frames int
}

func (s *frameSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.got = append(s.got, int(p[0])<<8|int(p[1]))
	s.at = append(s.at, time.Now())
	return len(p), nil
}

func runForward(t *testing.T, n int, delay, jitter time.Duration, loss float64, seed uint64) (*frameSink, LinkCounters) {
	t.Helper()
	var c linkCounters
	sink := &frameSink{}
	err := forward(context.Background(), &frameSource{n: n, c: &c, sink: sink}, sink, delay, jitter, loss, newRand(seed, 1), &c)
	if !errors.Is(err, io.EOF) {
		t.Fatalf("forward: %v", err)
	}
	return sink, c.snapshot()
}

// The impairer's loss model drops about the requested share of frames, the
// same frames for the same seed, and delivers the rest in order.
func TestImpairLoss(t *testing.T) {
	const n = 20000
	a, ca := runForward(t, n, 0, 0, 0.01, 7)
	b, _ := runForward(t, n, 0, 0, 0.01, 7)
	c, _ := runForward(t, n, 0, 0, 0.01, 8)
	if ca.Frames != n || ca.Lost+uint64(len(a.got)) != n {
		t.Fatalf("counters %+v, delivered %d of %d", ca, len(a.got), n)
	}
	if rate := float64(ca.Lost) / n; rate < 0.007 || rate > 0.013 {
		t.Errorf("loss rate %.4f, want 0.01 +- 0.003", rate)
	}
	for i := 1; i < len(a.got); i++ {
		if a.got[i] <= a.got[i-1] {
			t.Fatalf("frame %d delivered after %d: out of order", a.got[i], a.got[i-1])
		}
	}
	if !equalInts(a.got, b.got) {
		t.Error("same seed, different frames lost")
	}
	if equalInts(a.got, c.got) {
		t.Error("different seeds, same frames lost")
	}
	none, cn := runForward(t, 1000, 0, 0, 0, 7)
	if cn.Lost != 0 || len(none.got) != 1000 {
		t.Errorf("loss 0: lost %d, delivered %d", cn.Lost, len(none.got))
	}
}

// A burst larger than the queue is cut at ImpairQueueLimit, as netem's limit.
func TestImpairQueueLimit(t *testing.T) {
	var c linkCounters
	block := make(chan struct{})
	sink := &blockingSink{block: block}
	err := forward(context.Background(), &burst{n: 3 * ImpairQueueLimit}, sink, time.Hour, 0, 0, newRand(1, 1), &c)
	close(block)
	if !errors.Is(err, io.EOF) {
		t.Fatal(err)
	}
	got := c.snapshot()
	if got.QueueFull < ImpairQueueLimit || got.QueueFull > 2*ImpairQueueLimit+1 {
		t.Errorf("%+v: want about %d frames refused by the queue limit", got, 2*ImpairQueueLimit)
	}
}

type burst struct{ n, i int }

func (b *burst) Read(p []byte) (int, error) {
	if b.i >= b.n {
		return 0, io.EOF
	}
	b.i++
	return 60, nil
}

type blockingSink struct{ block chan struct{} }

func (s *blockingSink) Write(p []byte) (int, error) { <-s.block; return len(p), nil }

// Every frame is held at least the delay (minus jitter), and jitter keeps the order.
func TestImpairDelay(t *testing.T) {
	const delay, jitter = 3 * time.Millisecond, time.Millisecond
	var c linkCounters
	sink := &frameSink{}
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- forward(context.Background(), &pipeFrames{r}, sink, delay, jitter, 0, newRand(1, 1), &c)
	}()
	var sent []time.Time
	for i := 0; i < 50; i++ {
		sent = append(sent, time.Now())
		if _, err := w.Write([]byte{0, byte(i)}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Microsecond)
	}
	time.Sleep(50 * time.Millisecond) // frames still held when the source ends are discarded
	w.Close()
	<-done
	if len(sink.got) != 50 {
		t.Fatalf("delivered %d of 50", len(sink.got))
	}
	for i, at := range sink.at {
		if sink.got[i] != i {
			t.Fatalf("frame %d delivered as #%d", sink.got[i], i)
		}
		if d := at.Sub(sent[i]); d < delay-jitter {
			t.Errorf("frame %d held %v, want >= %v", i, d, delay-jitter)
		}
	}
}

type pipeFrames struct{ r io.Reader }

func (p *pipeFrames) Read(b []byte) (int, error) {
	var f [2]byte
	if _, err := io.ReadFull(p.r, f[:]); err != nil {
		return 0, err
	}
	return copy(b, append(f[:], bytes.Repeat([]byte{0}, 58)...)), nil
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestImpairValidateAndNetemArgs(t *testing.T) {
	for _, bad := range []Impair{{Loss: -0.1}, {Loss: 1}, {Delay: -1}, {Delay: time.Millisecond, Jitter: 2 * time.Millisecond}} {
		if bad.Validate() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	imp := Impair{Delay: 10 * time.Millisecond, Jitter: time.Millisecond, Loss: 0.001}
	if err := imp.Validate(); err != nil {
		t.Fatal(err)
	}
	h2g := NetemArgs(imp, true)
	g2h := NetemArgs(imp, false)
	want := "netem limit 1000 delay 10000us 1000us loss 0.1%"
	if got := joinArgs(h2g); got != want {
		t.Errorf("host->guest netem %q, want %q", got, want)
	}
	if got := joinArgs(g2h); got != "netem limit 1000 loss 0.1%" {
		t.Errorf("guest->host netem %q: delay belongs to one direction only", got)
	}
}

func joinArgs(a []string) string {
	var b bytes.Buffer
	for i, s := range a {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}
