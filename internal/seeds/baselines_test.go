package seeds

import (
	"reflect"
	"strings"
	"testing"
)

func names(bs []Baseline) []string {
	var n []string
	for _, b := range bs {
		n = append(n, b.Name)
	}
	return n
}

// A GD32 board gets the demo written for its RTOS: the FreeRTOS demo (and seed 001, a FreeRTOS
// project, over it) on FreeRTOS, the NO_SYS Telnet demo on bare metal; "" lists every one.
func TestBaselinesForRTOS(t *testing.T) {
	for _, c := range []struct {
		board, rtos string
		want        []string
	}{
		{"gd32f407", "freertos", []string{"gd32-freertos-demo", "seed001"}},
		{"some-bare-gd32", "none", []string{"gd32-demo"}},
		{"gd32f407", "", []string{"gd32-demo", "gd32-freertos-demo", "seed001"}},
	} {
		if got := names(BaselinesFor(c.board, "gd32f4", c.rtos)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("BaselinesFor(%s, gd32f4, %q) = %v, want %v", c.board, c.rtos, got, c.want)
		}
	}
	// a baseline without an RTOS of its own fits every board
	if got := names(BaselinesFor("h743", "stm32h7", "freertos")); len(got) != 3 {
		t.Errorf("h743 baselines %v, want CubeMX, ST's example and seed 000", got)
	}
}

// defines reads the object-like "#define NAME VALUE" lines of a header, later ones winning.
func defines(src []byte) map[string]string {
	m := map[string]string{}
	for _, l := range strings.Split(string(src), "\n") {
		if name, ok := defineName([]byte(l)); ok {
			m[name] = strings.TrimSpace(strings.TrimPrefix(l, "#define "+name))
		}
	}
	return m
}

// A baseline's RTOS says what its file can start: a NO_SYS file only a bare-metal board, an RTOS file
// (NO_SYS 0) only with a tcpip mailbox lwIP can create (TCPIP_MBOX_SIZE 0 fails sys_mbox_new).
func TestBaselineRTOSMatchesItsFile(t *testing.T) {
	var all []Baseline
	for _, f := range Families() {
		all = append(all, familyBaselines[f]...)
	}
	for _, b := range seedBaseline {
		all = append(all, b)
	}
	checked := 0
	for _, b := range all {
		if b.RTOS == "" {
			continue
		}
		h, err := b.Header()
		if err != nil {
			t.Fatal(err)
		}
		d := defines(h)
		checked++
		switch b.RTOS {
		case "none":
			if d["NO_SYS"] != "1" {
				t.Errorf("%s is for bare-metal boards but sets NO_SYS %q", b.Name, d["NO_SYS"])
			}
		default:
			if d["NO_SYS"] != "0" {
				t.Errorf("%s is for %s boards but sets NO_SYS %q", b.Name, b.RTOS, d["NO_SYS"])
			}
			if v := d["TCPIP_MBOX_SIZE"]; v == "" || v == "0" {
				t.Errorf("%s: TCPIP_MBOX_SIZE %q, the tcpip thread cannot start", b.Name, v)
			}
		}
	}
	if checked < 3 {
		t.Errorf("%d baselines carry an RTOS, want at least the two GD32 demos and seed 001", checked)
	}
}
