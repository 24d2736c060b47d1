package qemu

import (
	"context"
	"errors"
	"io"
	"net"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestLoadedRequestResponseResetsTheUpload runs the loaded request/response
// against loopback stand-ins for the guest's echo and discard services (no
// QEMU): the upload must be connected before the first exchange, and must
// end with a reset, so the bytes still queued on the host never reach the
// guest after the measurement (they were counted as the phase's NIC drops).
func TestLoadedRequestResponseResetsTheUpload(t *testing.T) {
	listen := func() net.Listener {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		return l
	}
	echo, discard := listen(), listen()
	var mu sync.Mutex
	var order []string
	note := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
	go func() {
		c, err := echo.Accept()
		if err != nil {
			return
		}
		note("echo")
		defer c.Close()
		_, _ = io.Copy(c, c)
	}()
	end := make(chan error, 1)
	go func() {
		c, err := discard.Accept()
		if err != nil {
			end <- err
			return
		}
		note("discard")
		defer c.Close()
		_ = c.(*net.TCPConn).SetReadBuffer(4 << 10)
		buf := make([]byte, 1024)
		// a slow guest: the host's send queue stays full
		for {
			if _, err := c.Read(buf); err != nil {
				end <- err
				return
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	d := &net.Dialer{}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	l, up, err := LoadedRequestResponse(ctx, d.DialContext, echo.Addr().String(), discard.Addr().String(), 64, 20)
	if err != nil {
		t.Fatal(err)
	}
	if l.N != 20 || l.P99 <= 0 {
		t.Errorf("latency %v: want 20 exchanges measured", l)
	}
	select {
	case err := <-end:
		if !errors.Is(err, syscall.ECONNRESET) {
			t.Errorf("the guest's discard side ended with %v, want a reset (ECONNRESET): a FIN lets the queued upload drain after the phase", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the upload did not end within 10 s of the measurement")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(order) != 2 || order[0] != "discard" {
		t.Errorf("connection order %v: the upload must be connected before the first exchange", order)
	}
	if up.Bytes <= 0 || up.Duration < 100*time.Millisecond || up.MBps() <= 0 {
		t.Errorf("upload %+v: want the bytes carried over at least the 100 ms lead", up)
	}
}
