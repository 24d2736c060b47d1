package plan_test

import (
	"fmt"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// TestThreadPriorityOnScale: the tcpip thread's priority is chosen on the scale of the layer
// lwIP's port creates threads through and of the kernel's configMAX_PRIORITIES (the board's
// rtos_priorities, or the project's FreeRTOSConfig.h through plan.Hooks.RTOS), and always fits
// it: native FreeRTOS (GD's port) configMAX_PRIORITIES - 2; CMSIS-RTOS2 osPriorityNormal 24;
// CMSIS-RTOS v1 osPriorityNormal 0 (FreeRTOS 3), the top level of a smaller kernel.
func TestThreadPriorityOnScale(t *testing.T) {
	for _, c := range []struct {
		chip, vendor, api string
		pinned, project   int64
		want              int64
	}{
		{"gd32f407", "gd32", "", 0, 0, 3}, // assumed 5 (FreeRTOS's template configuration)
		{"gd32f407", "gd32", "", 8, 0, 6}, // GD's demo: configMAX_PRIORITIES 8
		{"gd32f407", "gd32", "", 0, 8, 6}, // the same from the project
		{"gd32f407", "gd32", "", 0, 32, 30},
		{"gd32f407", "gd32", "", 0, 2, 1},
		{"stm32h743zi", "cubemx", "cmsis_v2", 0, 0, 24},
		{"stm32h743zi", "cubemx", "cmsis_v2", 0, 16, 15},
		{"stm32h743zi", "cubemx", "cmsis_v1", 0, 0, 0},
		{"stm32h743zi", "cubemx", "cmsis_v1", 0, 3, -1},
	} {
		name := fmt.Sprintf("%s/%q/pinned%d/project%d", c.vendor, c.api, c.pinned, c.project)
		text := fmt.Sprintf("board \"t\" {\n  chip = %q\n  vendor = %q\n  rtos = \"freertos\"\n", c.chip, c.vendor)
		if c.api != "" {
			text += fmt.Sprintf("  rtos_api = %q\n", c.api)
		}
		if c.pinned > 0 {
			text += fmt.Sprintf("  rtos_priorities = %d\n", c.pinned)
		}
		text += "  ethernet {\n    phy = \"LAN8742A\"\n    interface = \"rmii\"\n    speed_mbps = 100\n  }\n  workload {\n    profile = \"balanced\"\n    tcp_connections = 2\n  }\n}\n"
		b, d := board.Source{}.Decode([]byte(text), "t.hcl")
		if d.HasErrors() {
			t.Fatalf("%s: %v", name, d)
		}
		f, err := flow.Of(b)
		if err != nil {
			t.Fatal(err)
		}
		h := f.Plan(b)
		if c.project > 0 {
			h.RTOS = &plan.RTOSConfig{MaxPriorities: c.project, From: "inc/FreeRTOSConfig.h:11"}
		}
		p, err := plan.Build(b, h)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := p.Value("TCPIP_THREAD_PRIO"); got != c.want {
			t.Errorf("%s: TCPIP_THREAD_PRIO %d, want %d", name, got, c.want)
		}
		for _, ck := range p.Checks {
			if (ck.ID == "plan.thread_prio_on_scale" || ck.ID == "plan.rtos_priorities_agree") && !ck.OK {
				t.Errorf("%s: %s: %s", name, ck.ID, ck.Detail)
			}
		}
	}
}
