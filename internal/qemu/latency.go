package qemu

import (
	"context"
	"fmt"
	"io"
	"net"
	"sort"
	"time"
)

// Latency is the distribution of request/response round trips measured by
// RequestResponse.
type Latency struct {
	Size int           `json:"size"` // request = response bytes
	N    int           `json:"n"`    // exchanges measured
	P50  time.Duration `json:"p50_ns"`
	P99  time.Duration `json:"p99_ns"`
	Max  time.Duration `json:"max_ns"`
}

func (l Latency) String() string {
	return fmt.Sprintf("%d B x%d: p50 %v p99 %v max %v", l.Size, l.N, l.P50.Round(time.Microsecond), l.P99.Round(time.Microsecond), l.Max.Round(time.Microsecond))
}

// Percentiles computes p50, p99 and max of samples (nearest rank).
func Percentiles(size int, samples []time.Duration) Latency {
	l := Latency{Size: size, N: len(samples)}
	if len(samples) == 0 {
		return l
	}
	s := append([]time.Duration(nil), samples...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	rank := func(p float64) time.Duration {
		i := int(p*float64(len(s))+0.999999) - 1 // ceil(p*n) - 1
		return s[max(0, min(i, len(s)-1))]
	}
	l.P50, l.P99, l.Max = rank(0.50), rank(0.99), s[len(s)-1]
	return l
}

// RequestResponse opens one connection to the guest's echo service and
// does n exchanges of size bytes: send a request, wait for the whole echo,
// time it. The client sets TCP_NODELAY (Go's default), as a command/response
// client would, so what is measured is the guest's side: when its stack
// sends the answer (Nagle, delayed ACK) and how fast it turns around.
// Every response is checked byte for byte.
func RequestResponse(ctx context.Context, dial Dialer, addr string, size, n int) (Latency, error) {
	c, done, err := session(ctx, dial, addr)
	if err != nil {
		return Latency{}, err
	}
	defer done()
	_ = c.SetNoDelay(true)
	req := make([]byte, size)
	got := make([]byte, size)
	samples := make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		for j := range req {
			req[j] = byte(i + j*13)
		}
		t0 := time.Now()
		if _, err := c.Write(req); err != nil {
			return Latency{}, fmt.Errorf("exchange %d: write: %w", i, err)
		}
		if _, err := io.ReadFull(c, got); err != nil {
			return Latency{}, fmt.Errorf("exchange %d: read: %w", i, err)
		}
		samples = append(samples, time.Since(t0))
		for j := range got {
			if got[j] != req[j] {
				return Latency{}, fmt.Errorf("exchange %d: response differs at byte %d", i, j)
			}
		}
	}
	return Percentiles(size, samples), nil
}

// BulkUpload is the bulk stream of a loaded request/response measurement: the
// bytes the guest acknowledged while the exchanges ran (written less what
// the host's send queue still held at the end, on Linux).
type BulkUpload struct {
	Bytes    int64         `json:"bytes"`
	Duration time.Duration `json:"duration_ns"`
}

// MBps is the upload's rate in MB/s (10^6).
func (u BulkUpload) MBps() float64 {
	if u.Duration <= 0 {
		return 0
	}
	return float64(u.Bytes) / u.Duration.Seconds() / 1e6
}

// Stream sends to the guest's discard service until ctx ends (the "bulk
// transfer on another connection" of a loaded latency measurement) and
// returns the bytes sent.
func Stream(ctx context.Context, dial Dialer, addr string) (int64, error) {
	c, done, err := session(ctx, dial, addr)
	if err != nil {
		return 0, err
	}
	defer done()
	return stream(ctx, c)
}

func stream(ctx context.Context, c *net.TCPConn) (int64, error) {
	buf := make([]byte, 32<<10)
	var sent int64
	for ctx.Err() == nil {
		n, err := c.Write(buf)
		sent += int64(n)
		if err != nil {
			if ctx.Err() != nil {
				return sent, nil
			}
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				return sent, nil
			}
			return sent, err
		}
	}
	return sent, nil
}

// LoadedRequestResponse is RequestResponse while a bulk upload runs on
// another connection to the discard service. The upload connects before the
// first exchange (a connection still in its handshake loads nothing) and
// has 100 ms to fill its window. It ends with a reset (SO_LINGER 0), not a
// FIN: a FIN would leave the host's unsent send buffer (hundreds of KiB) to
// drain into the guest after the measurement, and the NIC drops counted for
// the phase were then the bench's own leftovers, not the exchange's.
func LoadedRequestResponse(ctx context.Context, dial Dialer, echoAddr, discardAddr string, size, n int) (Latency, BulkUpload, error) {
	bulk, err := dialTCP(ctx, dial, discardAddr)
	if err != nil {
		return Latency{}, BulkUpload{}, fmt.Errorf("bulk stream: %w", err)
	}
	sctx, stop := context.WithCancel(ctx)
	unblock := context.AfterFunc(sctx, func() { _ = bulk.SetDeadline(time.Now()) })
	type res struct {
		n   int64
		err error
	}
	sc := make(chan res, 1)
	t0 := time.Now()
	go func() { n, err := stream(sctx, bulk); sc <- res{n, err} }()
	time.Sleep(100 * time.Millisecond) // let the bulk flow fill its window first
	l, err := RequestResponse(ctx, dial, echoAddr, size, n)
	stop()
	s := <-sc
	up := BulkUpload{Bytes: s.n, Duration: time.Since(t0)}
	if q := unsent(bulk); q > 0 && q <= up.Bytes {
		up.Bytes -= q
	}
	unblock()
	_ = bulk.SetLinger(0)
	_ = bulk.Close()
	if err == nil && s.err != nil {
		err = fmt.Errorf("bulk stream: %w", s.err)
	}
	return l, up, err
}
