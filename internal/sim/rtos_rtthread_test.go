package sim

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

var rttExe rtosTestExe

// buildRTThreadTest compiles csrc/rtos/tests/rtthread.c against the RT-Thread API layer
// (rtthread.c) on the embedded model, once per test binary.
func buildRTThreadTest(t *testing.T) string {
	return rttExe.build(t, "rtthread", "rtthread.c", "vrtos.c")
}

// TestRTOSRTThreadScenarios runs the RT-Thread API scenarios (tests/rtthread.c) with exact
// virtual-time traces: INIT_BOARD_EXPORT before the scheduler and INIT_PREV/DEVICE/APP in the main
// thread in level order whatever the order in the file; RT-Thread's inverted priorities (tcpip 10
// preempts erx 12 on a release); the ETH ISR's rt_mb_send waking erx at the ISR's exit and a full
// mailbox answering -RT_EFULL (-3, drv_eth.c's "RxCpltCallback err = -3"); timeouts on tick
// boundaries and rt_tick_from_millisecond rounding up; recursive mutexes with priority
// inheritance; the counted heap back at zero.
func TestRTOSRTThreadScenarios(t *testing.T) {
	exe := buildRTThreadTest(t)
	want := map[string][]string{
		"init":    {"main_priority", "init_order", "main_closed"},
		"prio":    {"not_started_yet", "tcpip_over_erx", "threads_closed"},
		"isr":     {"isr_send_ok", "isr_wakes_at_exit", "mb_full_efull", "mb_drained", "interrupt_nest_zero"},
		"timeout": {"ms_to_ticks", "sem_trytake_empty", "sem_timeout", "mb_recv_timeout", "mb_send_recv", "timeouts", "tick_get"},
		"mutex":   {"mutex_recursive_inherit"},
		"heap":    {"heap_used", "heap_back_to_zero"},
	}
	for scen, checks := range want {
		out, err := exec.Command(exe, scen).CombinedOutput()
		if err != nil || strings.Contains(string(out), "FAIL") || !strings.Contains(string(out), "done\n") {
			t.Errorf("%s: %v\n%s", scen, err, out)
			continue
		}
		for _, c := range checks {
			if !strings.Contains(string(out), "ok "+c+"\n") {
				t.Errorf("%s: check %s did not run:\n%s", scen, c, out)
			}
		}
	}
}

var rttScheduleRe = regexp.MustCompile(`schedule ([0-9a-f]{16}) switches (\d+) now \d+ full (\d+)`)

// TestRTOSRTThreadDeterministic: erx/tcpip/app-shaped threads on mailboxes and a mutex, fed by
// 20000 seeded ETH interrupts (some while the 8-mail box is full: -RT_EFULL) with seeded CPU bursts,
// give the same schedule hash and refusals in two runs and a different schedule for another seed.
func TestRTOSRTThreadDeterministic(t *testing.T) {
	a, b, c := scheduleRuns(t, buildRTThreadTest(t), rttScheduleRe)
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("same seed, different schedules: %v vs %v", a, b)
	}
	if a[0] == c[0] {
		t.Fatalf("seeds 1 and 2 gave the same schedule hash %s", a[0])
	}
	if n, _ := strconv.Atoi(a[2]); n == 0 || n >= 20000 {
		t.Fatalf("%s of 20000 mails refused by the full box: the run must fill erxmb at times, not always", a[2])
	}
	if n, _ := strconv.Atoi(a[1]); n < 40000 {
		t.Fatalf("only %s switches for 20000 interrupts: the mails did not go through erx and tcpip", a[1])
	}
}

// TestRTOSRTThreadFaults: each RT-Thread misuse ends the run (exit 70) naming the call: a blocking
// rt_sem_take, rt_malloc and rt_mutex_take from the ETH interrupt, a blocking call in a board-level
// init (before the scheduler), a mutex released by a thread that does not own it,
// rt_interrupt_enter outside an interrupt, a delay with the scheduler locked.
func TestRTOSRTThreadFaults(t *testing.T) {
	exe := buildRTThreadTest(t)
	cases := map[string]string{
		"isrtake":    `isr ETH: rt_sem_take("rx", -1) from interrupt "ETH": a blocking call in interrupt context`,
		"isrmalloc":  `rt_malloc from interrupt "ETH": not allowed in interrupt context on RT-Thread`,
		"isrmutex":   `rt_mutex_take from interrupt "ETH": not allowed in interrupt context on RT-Thread`,
		"boardblock": "rt_sem_take: a blocking call outside a task (the scheduler is not started)",
		"unowned":    `thread thief: rt_mutex_release: thread "thief" releases a mutex another thread holds`,
		"irqenter":   "rt_interrupt_enter outside an interrupt handler",
		"locked":     "thread lock: rt_thread_delay with the scheduler locked (rt_enter_critical)",
	}
	for name, msg := range cases {
		out, err := exec.Command(exe, "fault-"+name).CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 70 {
			t.Errorf("%s: want a vrtos fault (exit 70), got %v\n%s", name, err, out)
			continue
		}
		if !strings.Contains(string(out), "vrtos FAULT") || !strings.Contains(string(out), msg) {
			t.Errorf("%s: fault message lacks %q:\n%s", name, msg, out)
		}
	}
}

// rttLwIPOpts is appended to the board's generated lwipopts.h for the RT-Thread lwIP test: the
// loopback netif the echo uses (the port sets LWIP_HAVE_LOOPIF 0), the pool statistics the idle check reads, the simulation's
// core-locking check.
const rttLwIPOpts = `
/* ---- rtos_rtthread_test: loopback, pool statistics, then the simulation's core-locking check ---- */
#undef LWIP_NETIF_LOOPBACK
#define LWIP_NETIF_LOOPBACK 1
#undef LWIP_HAVE_LOOPIF
#define LWIP_HAVE_LOOPIF 1
#undef LWIP_STATS
#define LWIP_STATS 1
#undef MEMP_STATS
#define MEMP_STATS 1
#undef LWIP_STATS_DISPLAY
#define LWIP_STATS_DISPLAY 1
#include "vrtos_lwipopts.h"
`

var rttLwIP struct {
	sync.Mutex
	exes map[string]string
	err  error
}

// buildRTThreadLwIP renders h743-rtthread through its flow and compiles lwIP (core, IPv4, api,
// Ethernet) with the rendered lwipopts.h, rtconfig.h and rtconfig_project.h, the RT-Thread API
// layer, RT-Thread's sys_arch and eth_device layer on the model once, then links it with each of
// tests/rtthread_lwip.c and tests/rtthread_eth.c; it returns the executable of test (file name
// without .c).
func buildRTThreadLwIP(t *testing.T, test string) string {
	t.Helper()
	rttLwIP.Lock()
	defer rttLwIP.Unlock()
	if rttLwIP.err != nil {
		t.Fatal(rttLwIP.err)
	}
	if rttLwIP.exes != nil {
		return rttLwIP.exes[test]
	}
	fail := func(err error) {
		rttLwIP.err = err
		t.Fatal(err)
	}
	cc := testenv.HostCC(t)
	tree := testenv.Tree(t)
	dir, err := os.MkdirTemp(testCache, "rtos-rtthread-lwip-")
	if err != nil {
		t.Fatal(err)
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: "h743-rtthread", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatalf("h743-rtthread: %v", diags)
	}
	fl, err := flow.Of(g.Board)
	if err != nil {
		t.Fatal(err)
	}
	r, err := fl.Render(g.Plan, g.Layout)
	if err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(dir, "gen")
	if err := os.MkdirAll(filepath.Join(gen, "arch"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{"lwipopts.h": nil, "rtconfig.h": nil, "rtconfig_project.h": nil, "lwipgen_rtthread.c": nil, "lwipgen_mpu.h": nil}
	// the flow's files first (its lwipopts.h is the RT-Thread port's), then the core's (lwipgen_mpu.h)
	for _, f := range append(append(append([]render.File{}, r.Files...), r.Glue...), g.Files...) {
		if _, ok := want[filepath.Base(f.Path)]; ok && want[filepath.Base(f.Path)] == nil {
			want[filepath.Base(f.Path)] = f.Content
		}
	}
	for name, data := range want {
		if data == nil {
			t.Fatalf("the rtthread flow rendered no %s", name)
		}
		if name == "lwipopts.h" {
			data = append(append([]byte{}, data...), rttLwIPOpts...)
		}
		if err := os.WriteFile(filepath.Join(gen, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(gen, "arch", "cc.h"), []byte(rtosHostCC), 0o644); err != nil {
		t.Fatal(err)
	}
	dev, ok := runsGlue(g.Plan)
	if !ok || dev.Kernel == nil {
		t.Fatalf("h743-rtthread: no device with the RT-Thread kernel registered (internal/flows/rtthread)")
	}
	rb, err := writeRTOS(dir, "", dev.Kernel)
	if err != nil {
		t.Fatal(err)
	}
	lw := filepath.Join(tree.Dir, "src")
	srcs := append([]string{}, rb.Sources...)
	for _, pat := range []string{"core/*.c", "core/ipv4/*.c", "api/*.c", "netif/ethernet.c"} {
		m, _ := filepath.Glob(filepath.Join(lw, pat))
		srcs = append(srcs, m...)
	}
	flags := []string{"-std=gnu11", "-O1", "-g", "-Werror=implicit-function-declaration", "-I", gen}
	for _, inc := range rb.Includes {
		flags = append(flags, "-I", inc)
	}
	bsp := filepath.Join(dir, "rtos", "rtthread_bsp")
	flags = append(flags, "-I", bsp, "-I", filepath.Join(lw, "include"))
	for _, d := range rb.Defines {
		flags = append(flags, "-D"+d)
	}
	objDir := filepath.Join(dir, "obj")
	if err := os.MkdirAll(objDir, 0o755); err != nil {
		t.Fatal(err)
	}
	var objs []string
	for i, src := range srcs {
		o := filepath.Join(objDir, fmt.Sprintf("%03d_%s.o", i, strings.TrimSuffix(filepath.Base(src), ".c")))
		objs = append(objs, o)
		if out, err := exec.Command(cc, append(append([]string{}, flags...), "-c", src, "-o", o)...).CombinedOutput(); err != nil {
			fail(fmt.Errorf("h743-rtthread: compiling %s: %v\n%s", filepath.Base(src), err, firstLines(string(out), 40)))
		}
	}
	exes := map[string]string{}
	for _, name := range []string{"rtthread_lwip", "rtthread_eth"} {
		exe := filepath.Join(dir, name)
		args := append(append([]string{}, flags...), "-o", exe, filepath.Join(dir, "rtos", "tests", name+".c"))
		if name == "rtthread_eth" {
			// the generated board init (INIT_BOARD_EXPORT) on the BSP model
			args = append(args, filepath.Join(gen, "lwipgen_rtthread.c"), filepath.Join(bsp, "rtthread_bsp.c"))
		}
		if out, err := exec.Command(cc, append(args, objs...)...).CombinedOutput(); err != nil {
			fail(fmt.Errorf("h743-rtthread: building %s: %v\n%s", name, err, firstLines(string(out), 40)))
		}
		exes[name] = exe
	}
	rttLwIP.exes = exes
	return exes[test]
}

// TestRTOSRTThreadLwIP: lwIP's tcpip thread on the RT-Thread model with h743-rtthread's generated
// configuration: lwip_system_init (INIT_PREV_EXPORT) starts it in the main thread at
// RT_LWIP_TCPTHREAD_PRIORITY with RT_LWIP_TCPTHREAD_STACKSIZE from the generated rtconfig.h; 256 KiB
// go through a netconn TCP echo over the loopback intact; every pool is back at its count before
// the echo; two runs give the same schedule; the raw API from a thread without the core lock fails.
func TestRTOSRTThreadLwIP(t *testing.T) {
	exe := buildRTThreadLwIP(t, "rtthread_lwip")
	run := func() string {
		out, err := exec.Command(exe, "echo").CombinedOutput()
		if err != nil || strings.Contains(string(out), "FAIL") || !strings.Contains(string(out), "done\n") {
			t.Fatalf("echo: %v\n%s", err, out)
		}
		for _, c := range []string{"tcpip_started_by_lwip_system_init", "tcpip_priority_from_rtconfig", "tcpip_stack_from_rtconfig",
			"connect", "tcp_echo_bytes", "threads_done", "pools_idle"} {
			if !strings.Contains(string(out), "ok "+c+"\n") {
				t.Fatalf("check %s did not run:\n%s", c, out)
			}
		}
		return string(out)
	}
	a, b := run(), run()
	if a != b {
		t.Fatalf("two runs differ:\n%s\n---\n%s", a, b)
	}
	t.Logf("%s", a)
	out, err := exec.Command(exe, "nolock").CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 70 || !strings.Contains(string(out), `udp_new() `) || !strings.Contains(string(out), `called by thread "app" without the core lock`) {
		t.Fatalf("nolock: want the core-lock fault naming udp_new and thread app, got %v\n%s", err, out)
	}
}

// TestRTOSRTThreadEth: RT-Thread's eth_device path with h743-rtthread's generated configuration and
// its generated board init (lwipgen_rtthread.c: INIT_BOARD_EXPORT before the scheduler, the D2 SRAM1
// clock, then the D-cache clean+invalidate, then lwipgen_mpu_setup, recorded by the BSP model): a
// driver registered at INIT_DEVICE_EXPORT (eth_device_init_with_flag: netifapi_netif_add with
// tcpip_input), erx and etx at RT_LWIP_ETHTHREAD_PRIORITY with RT_LWIP_ETHTHREAD_STACKSIZE, the RX
// interrupt's eth_device_ready mail, erx's PBUF_RAM copy into tcpip_input, linkoutput blocking until
// etx sent the frame. 2000 UDP echoes of 18..1471 bytes through a far end that answers ARP and
// echoes UDP all come back intact, every frame goes through etx, every pool and the lwIP heap are
// back at their counts, and two runs give the same schedule. A broken driver that copies the frame
// into a pbuf in the RX interrupt fails at lwIP's heap mutex (rt_mutex_take from the interrupt).
func TestRTOSRTThreadEth(t *testing.T) {
	exe := buildRTThreadLwIP(t, "rtthread_eth")
	run := func() string {
		out, err := exec.Command(exe).CombinedOutput()
		if err != nil || strings.Contains(string(out), "FAIL") || !strings.Contains(string(out), "done\n") {
			t.Fatalf("%v\n%s", err, out)
		}
		for _, c := range []string{"eth_device_init", "erx_etx_started", "eth_threads_from_rtconfig", "netif_registered", "udp_echoes",
			"done", "pools_idle", "heap_idle", "every_echo_went_through_etx", "board_init_generated"} {
			if !strings.Contains(string(out), "ok "+c+"\n") {
				t.Fatalf("check %s did not run:\n%s", c, out)
			}
		}
		return string(out)
	}
	a, b := run(), run()
	if a != b {
		t.Fatalf("two runs differ:\n%s\n---\n%s", a, b)
	}
	t.Logf("%s", a)
	// a driver that allocates its pbuf in the RX interrupt: lwIP's heap mutex from the ISR stops the run
	out, err := exec.Command(exe, "isr-rx").CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 70 || !strings.Contains(string(out), `rt_mutex_take from interrupt "ETH_IRQHandler"`) {
		t.Fatalf("isr-rx: want the fault of rt_mutex_take from the ETH interrupt, got %v\n%s", err, out)
	}
}
