package qemu

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"
)

// Host-side traffic against the firmware's services, used by the end-to-end
// test and the benchmark. The plain functions connect to 127.0.0.1 only
// (slirp forwards); the ...Via variants take the Instance's Dialer, which on
// the tap back end connects from inside its network namespace.

// Dialer opens a connection to the guest (Instance.Dialer).
type Dialer func(ctx context.Context, network, addr string) (net.Conn, error)

func loopbackDial(ctx context.Context, network, addr string) (net.Conn, error) {
	if !strings.HasPrefix(addr, "127.0.0.1:") {
		return nil, fmt.Errorf("refusing non-loopback address %q", addr)
	}
	d := net.Dialer{Timeout: 5 * time.Second}
	return d.DialContext(ctx, network, addr)
}

// ChargenByte is the RFC 864 pattern the firmware sends: 72 characters
// (line + col) mod 95 + ' ', then CR LF, repeating every 95 lines.
func ChargenByte(i int) byte {
	pos := i % (95 * 74)
	line, col := pos/74, pos%74
	switch col {
	case 72:
		return '\r'
	case 73:
		return '\n'
	}
	return byte(' ' + (line+col)%95)
}

// Echo sends msg on a fresh connection while reading the echo
// concurrently, compares byte for byte, then half-closes and expects the
// guest to close too (EOF), which exercises its FIN handling.
func Echo(ctx context.Context, addr string, msg []byte) error {
	return EchoVia(ctx, nil, addr, msg)
}

// EchoVia is Echo through dial (nil: 127.0.0.1 only).
func EchoVia(ctx context.Context, dial Dialer, addr string, msg []byte) error {
	c, done, err := session(ctx, dial, addr)
	if err != nil {
		return err
	}
	defer done()

	werr := make(chan error, 1)
	go func() {
		_, err := c.Write(msg)
		werr <- err
	}()
	got := make([]byte, len(msg))
	if _, err := io.ReadFull(c, got); err != nil {
		return fmt.Errorf("read echo: %w", err)
	}
	if err := <-werr; err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if !bytes.Equal(got, msg) {
		i := 0
		for i < len(msg) && got[i] == msg[i] {
			i++
		}
		return fmt.Errorf("echo differs at byte %d of %d", i, len(msg))
	}
	if err := c.CloseWrite(); err != nil {
		return err
	}
	var one [1]byte
	if n, err := c.Read(one[:]); n != 0 || !errors.Is(err, io.EOF) {
		return fmt.Errorf("after half-close: read %d bytes, err %v (want EOF)", n, err)
	}
	return nil
}

// Upload streams n bytes, half-closes, and waits for the guest's close.
func Upload(ctx context.Context, addr string, n int) error {
	return UploadVia(ctx, nil, addr, n)
}

// UploadVia is Upload through dial (nil: 127.0.0.1 only).
func UploadVia(ctx context.Context, dial Dialer, addr string, n int) error {
	c, done, err := session(ctx, dial, addr)
	if err != nil {
		return err
	}
	defer done()
	buf := make([]byte, 64<<10)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	for sent := 0; sent < n; {
		k := min(len(buf), n-sent)
		w, err := c.Write(buf[:k])
		sent += w
		if err != nil {
			return fmt.Errorf("after %d bytes: %w", sent, err)
		}
	}
	if err := c.CloseWrite(); err != nil {
		return err
	}
	if _, err := io.Copy(io.Discard, c); err != nil {
		return fmt.Errorf("waiting for guest close: %w", err)
	}
	return nil
}

// Download reads n bytes of chargen output and checks every byte.
func Download(ctx context.Context, addr string, n int) error {
	return DownloadVia(ctx, nil, addr, n)
}

// DownloadVia is Download through dial (nil: 127.0.0.1 only).
func DownloadVia(ctx context.Context, dial Dialer, addr string, n int) error {
	c, done, err := session(ctx, dial, addr)
	if err != nil {
		return err
	}
	defer done()
	buf := make([]byte, 64<<10)
	for got := 0; got < n; {
		k, err := c.Read(buf[:min(len(buf), n-got)])
		for i := 0; i < k; i++ {
			if want := ChargenByte(got + i); buf[i] != want {
				return fmt.Errorf("chargen byte %d = %q, want %q", got+i, buf[i], want)
			}
		}
		got += k
		if err != nil {
			return fmt.Errorf("after %d bytes: %w", got, err)
		}
	}
	return nil
}

// DialTCP connects to a 127.0.0.1 forward.
func DialTCP(ctx context.Context, addr string) (*net.TCPConn, error) {
	return dialTCP(ctx, nil, addr)
}

func dialTCP(ctx context.Context, dial Dialer, addr string) (*net.TCPConn, error) {
	if dial == nil {
		dial = loopbackDial
	}
	c, err := dial(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	return c.(*net.TCPConn), nil
}

// session dials addr and ties the connection's deadline to ctx (and to two
// minutes at most), so a stuck guest fails the transfer instead of hanging it.
func session(ctx context.Context, dial Dialer, addr string) (*net.TCPConn, func(), error) {
	c, err := dialTCP(ctx, dial, addr)
	if err != nil {
		return nil, nil, err
	}
	stop := context.AfterFunc(ctx, func() { _ = c.SetDeadline(time.Now()) })
	_ = c.SetDeadline(time.Now().Add(2 * time.Minute))
	return c, func() { stop(); c.Close() }, nil
}
