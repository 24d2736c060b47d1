package sim

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestParseFaults(t *testing.T) {
	fs, err := ParseFaults("link-flap@100ms:50ms, dma-error@1s,rx-stall@20ms,burst@5ms:128")
	if err != nil {
		t.Fatal(err)
	}
	want := []Fault{
		{Kind: "link-flap", At: 100 * time.Millisecond, For: 50 * time.Millisecond},
		{Kind: "dma-error", At: time.Second},
		{Kind: "rx-stall", At: 20 * time.Millisecond, For: 200 * time.Millisecond},
		{Kind: "burst", At: 5 * time.Millisecond, Frames: 128},
	}
	if len(fs) != len(want) {
		t.Fatalf("%+v", fs)
	}
	for i := range want {
		if fs[i] != want[i] {
			t.Errorf("fault %d: %+v, want %+v", i, fs[i], want[i])
		}
	}
	for _, bad := range []string{"x@1ms", "link-flap", "link-flap@-1ms", "burst@1ms:0", "rx-stall@1ms:0s"} {
		if _, err := ParseFaults(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A fault the board cannot have is refused before anything is built.
func TestFaultNotApplicable(t *testing.T) {
	for _, c := range []struct{ board, want string }{
		{"mps2-an500", "has no DMA"},
	} {
		g := prepare(t, c.board)
		_, err := Run(context.Background(), g, Options{Faults: []Fault{{Kind: "dma-error", At: time.Millisecond}}, LwIPDir: "/nonexistent"})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.board, err, c.want)
		}
	}
}

// One path: a board whose MAC has no driver model is refused before anything
// is built, never measured on a stand-in NIC.
func TestBoardWithoutDriverModelRefused(t *testing.T) {
	g := prepare(t, "f407")
	b := *g.Plan.Board
	chip := *b.Chip
	chip.Ethernet.MAC = "example-mac"
	b.Chip = &chip
	p := *g.Plan
	p.Board = &b
	g2 := *g
	g2.Plan = &p
	_, err := Run(context.Background(), &g2, Options{LwIPDir: "/nonexistent"})
	if err == nil || !strings.Contains(err.Error(), `no driver model for f407: MAC "example-mac"`) || !strings.Contains(err.Error(), "stm32-dwmac") {
		t.Fatalf("got %v", err)
	}
}
