package sim

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// rtosTestExe is one C test program of csrc/rtos/tests/, compiled once per test binary against
// the embedded RTOS model (the FreeRTOS build's include paths) and the model sources it names.
type rtosTestExe struct {
	sync.Mutex
	path string
}

// build compiles rtos/tests/<name>.c with sources (paths under the written rtos/ tree; none means
// the FreeRTOS build's own sources, vrtos.c and freertos.c).
func (e *rtosTestExe) build(t *testing.T, name string, sources ...string) string {
	t.Helper()
	cc := testenv.HostCC(t)
	e.Lock()
	defer e.Unlock()
	if e.path != "" {
		return e.path
	}
	dir, err := os.MkdirTemp(testCache, "rtos-"+name+"-")
	if err != nil {
		t.Fatal(err)
	}
	b, err := writeRTOS(dir, rtosNative, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := filepath.Join(dir, "rtos")
	exe := filepath.Join(dir, name)
	args := []string{"-std=gnu11", "-O1", "-g", "-Wall", "-Werror", "-o", exe, "-I", r}
	for _, inc := range b.Includes {
		args = append(args, "-I", inc)
	}
	args = append(args, filepath.Join(r, "tests", name+".c"))
	if len(sources) == 0 {
		args = append(args, b.Sources[0], b.Sources[1])
	}
	for _, src := range sources {
		args = append(args, filepath.Join(r, filepath.FromSlash(src)))
	}
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("compiling rtos/tests/%s.c: %v\n%s", name, err, out)
	}
	e.path = exe
	return exe
}

// scheduleRuns runs a scenario program's "determinism" scenario with seeds 1, 1 and 2 and returns
// the submatches of its schedule line (re) for each run.
func scheduleRuns(t *testing.T, exe string, re *regexp.Regexp) (a, b, c []string) {
	t.Helper()
	run := func(seed string) []string {
		out, err := exec.Command(exe, "determinism", seed).CombinedOutput()
		if err != nil {
			t.Fatalf("seed %s: %v\n%s", seed, err, out)
		}
		m := re.FindStringSubmatch(string(out))
		if m == nil {
			t.Fatalf("no schedule line:\n%s", out)
		}
		return m[1:]
	}
	return run("1"), run("1"), run("2")
}

var modelExe rtosTestExe

// buildModelTest compiles csrc/rtos/tests/model.c against the embedded model (once per test binary).
func buildModelTest(t *testing.T) string { return modelExe.build(t, "model") }

// TestRTOSModelScenarios runs the model's scheduling scenarios (tests/model.c): priority
// preemption on a semaphore give, ISR wake-up order with and without portYIELD_FROM_ISR (without
// it the woken task waits for the next tick, as FreeRTOS's xYieldPending does), recursive mutexes,
// priority inheritance (a medium task does not run while the low holder blocks the high one),
// queue full/empty with exact timeouts, counting semaphores, notifications, delay-until and time
// slicing. Each check compares the exact virtual-time trace, so a scheduler change that reorders
// anything fails here.
func TestRTOSModelScenarios(t *testing.T) {
	exe := buildModelTest(t)
	want := map[string][]string{
		"preempt": {"preempt"},
		"isr":     {"isr_yield_order", "isr_no_yield_waits_for_tick", "isr_yield_from_idle"},
		"mutex":   {"mutex_recursive", "mutex_priority_inheritance"},
		"queue": {"queue_full_nowait", "queue_full_timeout", "queue_fifo", "queue_front", "queue_empty_timeout",
			"counting", "notify_timeout", "notify_count", "delay_until"},
		"slice": {"time_slice"},
	}
	for scen, checks := range want {
		out, err := exec.Command(exe, scen).CombinedOutput()
		if err != nil || strings.Contains(string(out), "FAIL") {
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

var scheduleRe = regexp.MustCompile(`schedule ([0-9a-f]{16}) switches (\d+) now (\d+)`)

// TestRTOSModelDeterministic: six tasks, a mutex, a queue fed by 20000 ISRs at seeded times and
// seeded CPU bursts give the same schedule (hash of every switch: time and task) in two runs, and
// a different one for another seed (so the hash does see the schedule).
func TestRTOSModelDeterministic(t *testing.T) {
	a, b, c := scheduleRuns(t, buildModelTest(t), scheduleRe)
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("same seed, different schedules: %v vs %v", a, b)
	}
	if a[0] == c[0] {
		t.Fatalf("seeds 1 and 2 gave the same schedule hash %s: the hash does not follow the schedule", a[0])
	}
	if n, _ := strconv.Atoi(a[1]); n < 10000 {
		t.Fatalf("only %s switches: the scenario did not exercise the scheduler", a[1])
	}
}

// TestRTOSModelFaults: each misuse ends the run (exit 70) with a message naming the thread or
// interrupt and the call: a stack overflow, blocking in a critical section and in an ISR, a FromISR
// call from an interrupt above configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY, a task function that
// returns, a mutex given by a non-holder, a non-recursive mutex locked twice.
func TestRTOSModelFaults(t *testing.T) {
	exe := buildModelTest(t)
	cases := map[string]string{
		"overflow": `stack overflow: thread "deep" used more than its 8192-byte host stack budget`,
		"crit":     "thread crit: vTaskDelay: a blocking call inside a critical section",
		"isrblock": "isr ETH: xSemaphoreTake: not an ISR API",
		"isrprio":  "xSemaphoreGiveFromISR from interrupt \"ETH\" at NVIC priority 2, more urgent than configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY 5",
		"return":   `task function of "ret" returned`,
		"unlock":   `thread "unl" releases a mutex nobody holds`,
		"relock":   `thread "relock" locks a non-recursive mutex it already holds (deadlock)`,
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
