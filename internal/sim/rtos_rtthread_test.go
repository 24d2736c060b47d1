package sim

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

var rttExe struct {
	sync.Mutex
	path string
}

// buildRTThreadTest compiles csrc/rtos/tests/rtthread.c against the RT-Thread API layer
// (rtthread.c) on the embedded model, once per test binary.
func buildRTThreadTest(t *testing.T) string {
	t.Helper()
	cc := testenv.HostCC(t)
	rttExe.Lock()
	defer rttExe.Unlock()
	if rttExe.path != "" {
		return rttExe.path
	}
	dir, err := os.MkdirTemp(testCache, "rtos-rtthread-")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := writeRTOS(dir, rtosNative); err != nil {
		t.Fatal(err)
	}
	r := filepath.Join(dir, "rtos")
	exe := filepath.Join(dir, "rtthread")
	args := []string{"-std=gnu11", "-O1", "-g", "-Wall", "-Werror", "-o", exe, "-I", filepath.Join(r, "include"), "-I", r,
		filepath.Join(r, "tests", "rtthread.c"), filepath.Join(r, "rtthread.c"), filepath.Join(r, "vrtos.c")}
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("compiling the RT-Thread API test: %v\n%s", err, out)
	}
	rttExe.path = exe
	return exe
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

// TestRTOSRTThreadDeterministic: erx/tcpip/app-shaped threads on mailboxes and a mutex, fed by
// 20000 seeded ETH interrupts with seeded CPU bursts, give the same schedule hash in two runs and
// a different one for another seed.
func TestRTOSRTThreadDeterministic(t *testing.T) {
	exe := buildRTThreadTest(t)
	run := func(seed string) []string {
		out, err := exec.Command(exe, "determinism", seed).CombinedOutput()
		if err != nil {
			t.Fatalf("seed %s: %v\n%s", seed, err, out)
		}
		m := scheduleRe.FindStringSubmatch(string(out))
		if m == nil {
			t.Fatalf("no schedule line:\n%s", out)
		}
		return m[1:]
	}
	a, b, c := run("1"), run("1"), run("2")
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("same seed, different schedules: %v vs %v", a, b)
	}
	if a[0] == c[0] {
		t.Fatalf("seeds 1 and 2 gave the same schedule hash %s", a[0])
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
