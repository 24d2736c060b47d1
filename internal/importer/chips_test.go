package importer

import (
	"fmt"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
)

// Every shipped chip file decodes, and a plain board on it (its first flow,
// FreeRTOS on the Ethernet MCUs) plans and places with no error: the chip
// data is complete enough for import to target it.
func TestShippedChipsPlan(t *testing.T) {
	src := board.Source{}
	chips, d := src.Chips()
	if d.HasErrors() {
		t.Fatal(d)
	}
	want := []string{"stm32f429zi", "stm32f439zi", "stm32f746zg", "stm32f756zg", "stm32f769ni", "stm32h723zg", "stm32h725ig", "stm32h735ig", "stm32h747xi", "stm32h753zi", "gd32f450", "gd32f470"}
	for _, name := range want {
		c, ok := chips[name]
		if !ok {
			t.Errorf("no chip file for %s", name)
			continue
		}
		if c.Family == "" || c.Core.MPURegions == 0 || c.Ethernet.DescriptorSize == 0 {
			t.Errorf("%s: family %q, %d MPU regions, %d B descriptors", name, c.Family, c.Core.MPURegions, c.Ethernet.DescriptorSize)
		}
		first := c.Flows[0]
		hcl := fmt.Sprintf(`board "t" {
  chip   = %q
  vendor = %q
  rtos   = "freertos"
  ethernet {
    phy        = "LAN8742A"
    interface  = "rmii"
    speed_mbps = 100
  }
  workload {
    profile         = "balanced"
    tcp_connections = 2
    target_mbps     = 20
  }
}
`, name, first)
		b, d := board.DecodeBoard([]byte(hcl), name+".hcl", chips, nil)
		if d.HasErrors() {
			t.Errorf("%s: %v", name, d)
			continue
		}
		p, err := flow.Plan(b)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if d := p.Diagnostics(); d.HasErrors() {
			t.Errorf("%s: %v", name, d)
		}
		if _, d := layout.Plan(p); d.HasErrors() {
			t.Errorf("%s: layout: %v", name, d)
		}
	}
}
