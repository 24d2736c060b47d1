package plan

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
)

// RTOS thread priorities and stacks on the scale of the project's own
// kernel. lwIP's sys_thread_new hands TCPIP_THREAD_PRIO to the port, and
// the port hands it to FreeRTOS, which asserts uxPriority <
// configMAX_PRIORITIES (and lwipgen_sys.c refuses to compile a RX task
// priority outside it). What the number means depends on the layer in
// between (board.RTOSAPI):
//   - "" (the port calls xTaskCreate itself: GD's FreeRTOS lwIP port, lwIP's
//     contrib port): a FreeRTOS priority, 0 .. configMAX_PRIORITIES-1;
//   - "cmsis_v2": an osPriority_t, which ST's cmsis_os2.c passes to
//     xTaskCreate unchanged (osPriorityNormal 24; the enum runs to 55, so
//     CubeMX sets configMAX_PRIORITIES 56);
//   - "cmsis_v1": an osPriority (-3 .. +3), which cmsis_os.c turns into
//     priority - osPriorityIdle (CubeMX sets configMAX_PRIORITIES 7).

// RTOSConfig is what the project's RTOS configuration says about that
// scale. The pipeline fills it from the project model (the fact
// freertos.max_priorities: configMAX_PRIORITIES of the FreeRTOSConfig.h the
// build compiles); nil without a project.
type RTOSConfig struct {
	MaxPriorities int64
	From          string // where it is defined ("inc/FreeRTOSConfig.h:10")
	// File and Line locate the definition for a diagnostic (File absolute).
	File string
	Line int
}

// Assumed configMAX_PRIORITIES when neither a project nor the board's
// rtos_priorities says: CubeMX's values for its CMSIS layers, and for a
// port that calls xTaskCreate itself the FreeRTOS kernel's template
// configuration (FreeRTOS-Kernel examples/template_configuration
// FreeRTOSConfig.h: 5), the smallest common choice, so the plan's numbers
// fit most projects; lwipgen_sys.c's #error catches one that is smaller.
var assumedMaxPrio = map[string]int64{"cmsis_v2": 56, "cmsis_v1": 7, "": 5}

// prioScale is the scale the plan chooses priorities on.
type prioScale struct {
	api    string
	max    int64  // configMAX_PRIORITIES
	from   string // where max comes from, said in every reason
	offset int64  // FreeRTOS priority = lwIP priority + offset (cmsis_v1: -osPriorityIdle = 3)
	// conflict: the board's rtos_priorities and the project disagree.
	conflict string
}

func (s *Sizer) prioScale() prioScale {
	b := s.b
	sc := prioScale{api: b.RTOSAPI}
	if b.RTOSAPI == "cmsis_v1" {
		sc.offset = 3
	}
	pinned := int64(b.RTOSPriorities)
	pinnedAt := ""
	if pinned > 0 {
		r := b.RangeOf("rtos_priorities")
		pinnedAt = fmt.Sprintf("rtos_priorities = %d (%s:%d)", pinned, r.Filename, r.Start.Line)
	}
	switch h := s.hooks.RTOS; {
	case h != nil && h.MaxPriorities > 0:
		sc.max, sc.from = h.MaxPriorities, fmt.Sprintf("configMAX_PRIORITIES %d (%s)", h.MaxPriorities, h.From)
		if pinned > 0 && pinned != h.MaxPriorities {
			sc.conflict = fmt.Sprintf("the board says %s, the project's FreeRTOSConfig.h says configMAX_PRIORITIES %d (%s): set rtos_priorities = %d or remove it",
				pinnedAt, h.MaxPriorities, h.From, h.MaxPriorities)
		}
	case pinned > 0:
		sc.max, sc.from = pinned, pinnedAt
	default:
		sc.max = assumedMaxPrio[b.RTOSAPI]
		sc.from = fmt.Sprintf("configMAX_PRIORITIES assumed %d (no project read, no rtos_priorities in the board; %s)", sc.max,
			map[string]string{"cmsis_v2": "CubeMX's FreeRTOSConfig.h for CMSIS-RTOS2", "cmsis_v1": "CubeMX's FreeRTOSConfig.h for CMSIS-RTOS v1",
				"": "the FreeRTOS kernel's template configuration"}[b.RTOSAPI])
	}
	return sc
}

// fits reports whether lwIP priority v is a FreeRTOS priority on the scale.
func (sc prioScale) fits(v int64) bool {
	return v+sc.offset >= 0 && v+sc.offset < sc.max
}

// ruleRTOSThreads chooses the tcpip thread's priority and stack (the glue's
// RX task runs at the same priority, LWIPGEN_RX_TASK_PRIORITY) on the
// project's scale.
func ruleRTOSThreads(s *Sizer) {
	const sec = "System integration"
	sc := s.prioScale()
	switch sc.api {
	case "cmsis_v1":
		s.set("TCPIP_THREAD_STACKSIZE", 512, sec, "sys.tcpip_stack", "tcpip thread stack: lwIP core with TCP + DHCP needs ~1.2 KB at -Os; 2 KB leaves margin for hooks. rtos_api = \"cmsis_v1\": in words (ST's v1 sys_arch hands it to osThreadDef, whose cmsis_os.c passes it to xTaskCreate), 512 words = 2 KB")
		// osPriorityNormal (0) is FreeRTOS priority 3; a smaller kernel gets its top level.
		v := min(int64(0), sc.max-1-sc.offset)
		s.set("TCPIP_THREAD_PRIO", v, sec, "sys.tcpip_prio",
			"%d = CMSIS-RTOS v1 %s (cmsis_os.h; rtos_api = \"cmsis_v1\"), FreeRTOS priority %d, as ST's v1 sys_arch and cmsis_os.c take it; below %s",
			v, v1Name(v), v+sc.offset, sc.from)
	case "cmsis_v2":
		s.set("TCPIP_THREAD_STACKSIZE", 2048, sec, "sys.tcpip_stack", "tcpip thread stack: lwIP core with TCP + DHCP needs ~1.2 KB at -Os; 2 KB leaves margin for hooks (bytes: ST's CMSIS-RTOS2 sys_arch passes it as osThreadAttr_t.stack_size)")
		v := min(int64(24), sc.max-1)
		s.set("TCPIP_THREAD_PRIO", v, sec, "sys.tcpip_prio",
			"%d = CMSIS-RTOS2 %s, as CubeMX's FreeRTOS sys_arch takes it (cmsis_os2.c passes it to xTaskCreate unchanged), below %s; the glue's RX task runs at the same priority (LWIPGEN_RX_TASK_PRIORITY) so RX draining and protocol processing alternate by budget",
			v, map[bool]string{true: "osPriorityNormal", false: "priority"}[v == 24], sc.from)
	default:
		s.set("TCPIP_THREAD_STACKSIZE", 2048, sec, "sys.tcpip_stack", "tcpip thread stack: lwIP core with TCP + DHCP needs ~1.2 KB at -Os; 2 KB leaves margin for hooks (bytes: the port's sys_thread_new divides by sizeof(StackType_t) before xTaskCreate)")
		// GD's own FreeRTOS lwIP demo runs the tcpip thread at configMAX_PRIORITIES - 2: above
		// its application tasks, one level left for a more urgent one.
		v := max(sc.max-2, min(int64(1), sc.max-1))
		s.set("TCPIP_THREAD_PRIO", v, sec, "sys.tcpip_prio",
			"%d = configMAX_PRIORITIES - 2 on FreeRTOS's own scale (the port's sys_thread_new passes it to xTaskCreate unchanged; GD's FreeRTOS lwIP demo does the same), %s: above the application's tasks, one level left for a more urgent one; the glue's RX task runs at the same priority (LWIPGEN_RX_TASK_PRIORITY) so RX draining and protocol processing alternate by budget",
			v, sc.from)
	}
}

func v1Name(v int64) string {
	names := map[int64]string{-3: "osPriorityIdle", -2: "osPriorityLow", -1: "osPriorityBelowNormal", 0: "osPriorityNormal", 1: "osPriorityAboveNormal", 2: "osPriorityHigh", 3: "osPriorityRealtime"}
	if n, ok := names[v]; ok {
		return n
	}
	return "priority"
}

// threadPrioOptions are lwIP's options that sys_thread_new receives as a
// priority (opt.h).
var threadPrioOptions = []string{"TCPIP_THREAD_PRIO", "DEFAULT_THREAD_PRIO", "SLIPIF_THREAD_PRIO"}

// rtosChecks: every thread priority the plan writes (the board's pinned
// ones too) is a priority of the project's kernel, and the board's
// rtos_priorities agrees with the project. A failure points at the board
// attribute that pins the value, and names where the scale comes from.
func rtosChecks(p *Plan, s *Sizer) []Check {
	if p.Board.RTOS != "freertos" {
		return nil
	}
	sc := s.prioScale()
	var cs []Check
	c := Check{ID: "plan.rtos_priorities_agree", OK: sc.conflict == "", Detail: "the board's rtos_priorities and the project's configMAX_PRIORITIES agree"}
	if !c.OK {
		r := p.Board.RangeOf("rtos_priorities")
		c.Detail, c.Range = sc.conflict, &r
	}
	cs = append(cs, c)
	for _, name := range threadPrioOptions {
		st, ok := p.Setting(name)
		if !ok {
			continue
		}
		v := p.Value(name)
		c := Check{ID: "plan.thread_prio_on_scale", OK: sc.fits(v)}
		lo, hi := -sc.offset, sc.max-1-sc.offset
		c.Detail = fmt.Sprintf("%s %s is a FreeRTOS priority %d, within 0..%d (%s)", name, st.Expr, v+sc.offset, sc.max-1, sc.from)
		if !c.OK {
			c.Detail = fmt.Sprintf("%s %s does not fit the kernel: it must be %d..%d (%s; %s); xTaskCreate would assert at boot", name, st.Expr, lo, hi, sc.from, scaleWord(sc.api))
			if r, ok := p.Board.Ranges["options."+name]; ok {
				c.Range = &r
			} else if r, ok := p.Board.Ranges["rtos_priorities"]; ok {
				c.Range = &r
			} else if h := s.hooks.RTOS; h != nil && h.File != "" {
				// nothing in the board pins it: the project's kernel configuration is what does not fit
				c.Range = &hcl.Range{Filename: h.File, Start: hcl.Pos{Line: h.Line, Column: 1}, End: hcl.Pos{Line: h.Line, Column: 1}}
			}
		}
		cs = append(cs, c)
	}
	return cs
}

func scaleWord(api string) string {
	switch api {
	case "cmsis_v1":
		return "CMSIS-RTOS v1 priorities, FreeRTOS priority = value - osPriorityIdle"
	case "cmsis_v2":
		return "CMSIS-RTOS2 osPriority_t values, passed to xTaskCreate unchanged"
	}
	return "FreeRTOS priorities: the port passes the number to xTaskCreate unchanged"
}
