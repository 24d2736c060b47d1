package plan_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
)

// rtos_api decides the units of the tcpip thread's priority and stack: a
// CMSIS-RTOS v1 project gets osPriorityNormal as v1 numbers it (0) and the
// stack in words; CMSIS-RTOS2 (CubeMX's default) 24 and bytes.
func TestRTOSAPIUnits(t *testing.T) {
	for _, c := range []struct {
		api         string
		prio, stack int64
	}{{"", 24, 2048}, {"cmsis_v2", 24, 2048}, {"cmsis_v1", 0, 512}} {
		text := `board "t" {
  chip   = "stm32h743zi"
  vendor = "cubemx"
  rtos   = "freertos"
` + map[bool]string{true: `  rtos_api = "` + c.api + "\"\n", false: ""}[c.api != ""] + `  ethernet {
    phy        = "LAN8742A"
    interface  = "rmii"
    speed_mbps = 100
  }
  workload {
    profile         = "balanced"
    tcp_connections = 2
  }
}
`
		b, d := board.Source{}.Decode([]byte(text), "t.hcl")
		if d.HasErrors() {
			t.Fatal(d)
		}
		p, err := flow.Plan(b)
		if err != nil {
			t.Fatal(err)
		}
		if p.Value("TCPIP_THREAD_PRIO") != c.prio || p.Value("TCPIP_THREAD_STACKSIZE") != c.stack {
			t.Errorf("rtos_api %q: TCPIP_THREAD_PRIO %d, STACKSIZE %d; want %d, %d", c.api, p.Value("TCPIP_THREAD_PRIO"), p.Value("TCPIP_THREAD_STACKSIZE"), c.prio, c.stack)
		}
	}
	// only with FreeRTOS
	_, d := board.Source{}.Decode([]byte(`board "t" {
  chip     = "stm32h743zi"
  vendor   = "cubemx"
  rtos     = "none"
  rtos_api = "cmsis_v1"
  ethernet {
    phy        = "LAN8742A"
    interface  = "rmii"
    speed_mbps = 100
  }
  workload {
    profile         = "balanced"
    tcp_connections = 2
  }
}
`), "t.hcl")
	if !d.HasErrors() || !strings.Contains(d.Error(), "rtos_api without FreeRTOS") || !strings.Contains(d.Error(), "t.hcl:5") {
		t.Errorf("rtos_api on bare metal: %v", d)
	}
}
