package render

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/plan"
)

func TestGlueDataRejectsBadPlans(t *testing.T) {
	if _, err := NewGlueData(&plan.Plan{}, nil); err == nil {
		t.Error("plan without board accepted")
	}
	p := &plan.Plan{Board: &board.Board{Name: "x", RTOS: "rtthread", Chip: &board.Chip{Family: "stm32h7"}}}
	if _, err := NewGlueData(p, nil); err == nil || !strings.Contains(err.Error(), "rtthread") {
		t.Errorf("rtos rtthread: err = %v", err)
	}
}

func TestMACBytes(t *testing.T) {
	got, err := macBytes("02:80:e1:00:00:01")
	if err != nil || strings.Join(got, ",") != "0x02,0x80,0xE1,0x00,0x00,0x01" {
		t.Errorf("got %v, %v", got, err)
	}
	for _, bad := range []string{"", "02:80:e1:00:00", "02:80:e1:00:00:1", "02:80:e1:00:00:0g", "02-80-e1-00-00-01"} {
		if _, err := macBytes(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestGlueRxPoolBounds(t *testing.T) {
	if _, err := GlueRxPool(-1, 8); err == nil {
		t.Error("negative count accepted")
	}
	if _, err := GlueRxPool(65536, 8); err == nil {
		t.Error("count beyond uint16 accepted")
	}
	if _, err := GlueRxPool(8, 0); err == nil {
		t.Error("zero budget accepted")
	}
}

func TestPHYAddress(t *testing.T) {
	if a, _ := phyAddress("LAN8742A"); a != 0 {
		t.Errorf("LAN8742A at %d", a)
	}
	if a, _ := phyAddress("DP83848"); a != 1 {
		t.Errorf("DP83848 at %d", a)
	}
}
