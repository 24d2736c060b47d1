package sim

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// rtosHostCC is the host arch/cc.h of the RTOS tests: assertions end the run, LWIP_RAND is the
// harness's seeded generator, errno is the host's.
const rtosHostCC = `#ifndef VRTOS_TEST_CC_H
#define VRTOS_TEST_CC_H
#include <stdio.h>
#include <stdlib.h>
#define LWIP_ERRNO_STDINCLUDE 1
unsigned int vrtos_test_rand(void);
#define LWIP_PLATFORM_DIAG(x) do { printf x; } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { fflush(stdout); fprintf(stderr, "lwIP assertion \"%s\" failed at %s:%d\n", x, __FILE__, __LINE__); fflush(stderr); abort(); } while (0)
#define LWIP_RAND() ((u32_t)vrtos_test_rand())
#endif
`

// rtosHALStub stands in for the STM32 HAL header lwipgen_sys.c includes on STM32 boards (it only
// needs HAL_GetTick for its weak sys_now); 19a's HAL model replaces it in the full simulation.
const rtosHALStub = `#include "FreeRTOS.h"
#include "task.h"
static inline uint32_t HAL_GetTick(void) { return (uint32_t)xTaskGetTickCount(); }
`

// rtosTestOpts is appended to the board's lwipopts.h for the echo test: the netif loopback the TCP
// half uses, then the simulation's core-locking hooks.
const rtosTestOpts = `
/* ---- rtos_lwip_test: loopback for the TCP half, then the simulation's core-locking check ---- */
#define LWIP_NETIF_LOOPBACK 1
#include "vrtos_lwipopts.h"
`

type rtosCase struct {
	board string
	edits [][2]string // edits to the board's HCL (a variant)
}

var rtosBuilds sync.Map // case name -> exe or error, one build per test binary

// buildRTOSEcho renders the board's glue, and compiles lwIP (core, IPv4, api, Ethernet), the RTOS
// model with the board's RTOS API and sys_arch, the generated lwipgen_sys.c and lwipgen_rxpool.c,
// and tests/lwip_echo.c into one host executable.
func buildRTOSEcho(t *testing.T, c rtosCase) string {
	t.Helper()
	key := c.board + fmt.Sprint(c.edits)
	if v, ok := rtosBuilds.Load(key); ok {
		if err, bad := v.(error); bad {
			t.Fatal(err)
		}
		return v.(string)
	}
	cc := testenv.HostCC(t)
	tree := testenv.Tree(t)
	dir, err := os.MkdirTemp(testCache, "rtos-echo-")
	if err != nil {
		t.Fatal(err)
	}
	ref := c.board
	if len(c.edits) > 0 {
		src, err := os.ReadFile(filepath.Join("..", "..", "boards", c.board+".hcl"))
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		for _, e := range c.edits {
			if !strings.Contains(text, e[0]) {
				t.Fatalf("%s.hcl no longer contains %q", c.board, e[0])
			}
			text = strings.Replace(text, e[0], e[1], 1)
		}
		ref = filepath.Join(dir, c.board+".hcl")
		if err := os.WriteFile(ref, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: ref, Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatalf("%s: %v", c.board, diags)
	}
	gl, ok := flow.GlueFor(g.Board.Chip.Ethernet.MAC)
	if !ok {
		t.Fatalf("%s: no glue for %s", c.board, g.Board.Chip.Ethernet.MAC)
	}
	files, defines, err := gl.Render(g.Plan, g.Layout)
	if err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(dir, "gen")
	write := func(rel string, data []byte) {
		p := filepath.Join(gen, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var glueSrcs []string
	for _, f := range files {
		if f.Path == "lwipgen_sys.c" {
			// the vendor HAL header it includes for HAL_GetTick (STM32); 19a's HAL model replaces it
			for _, m := range halIncludeRe.FindAllStringSubmatch(string(f.Content), -1) {
				write(m[1], []byte(rtosHALStub))
			}
		}
		switch f.Path {
		case "lwipgen_sys.c", "lwipgen_rxpool.c":
			glueSrcs = append(glueSrcs, filepath.Join(gen, f.Path))
		case "ethernetif.c":
			continue // the vendor driver half needs the HAL/ENET models (19a's harness)
		}
		write(f.Path, f.Content)
	}
	if len(glueSrcs) != 2 {
		t.Fatalf("%s: rendered glue lacks lwipgen_sys.c or lwipgen_rxpool.c", c.board)
	}
	for _, f := range g.Files {
		if f.Path == "lwipopts.h" {
			write("lwipopts.h", append(append([]byte{}, f.Content...), rtosTestOpts...))
		}
	}
	write("arch/cc.h", []byte(rtosHostCC))
	rb, err := writeRTOS(dir, g.Board.RTOSAPI, nil)
	if err != nil {
		t.Fatal(err)
	}
	lw := filepath.Join(tree.Dir, "src")
	srcs := append([]string{}, rb.Sources...)
	srcs = append(srcs, glueSrcs...)
	srcs = append(srcs, filepath.Join(dir, "rtos", "tests", "lwip_echo.c"))
	for _, pat := range []string{"core/*.c", "core/ipv4/*.c", "api/*.c", "netif/ethernet.c"} {
		m, _ := filepath.Glob(filepath.Join(lw, pat))
		srcs = append(srcs, m...)
	}
	exe := filepath.Join(dir, "lwip_echo")
	args := []string{"-std=gnu11", "-O1", "-g", "-Werror=implicit-function-declaration", "-o", exe, "-I", gen}
	for _, inc := range rb.Includes {
		args = append(args, "-I", inc)
	}
	args = append(args, "-I", filepath.Join(lw, "include"))
	for _, d := range append(defines, rb.Defines...) {
		args = append(args, "-D"+d)
	}
	args = append(args, srcs...)
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		err = fmt.Errorf("%s: host build: %v\n%s", c.board, err, firstLines(string(out), 40))
		rtosBuilds.Store(key, err)
		t.Fatal(err)
	}
	rtosBuilds.Store(key, exe)
	return exe
}

var halIncludeRe = regexp.MustCompile(`(?m)^#include "(\w+_hal\.h)"`)

var rtosScheduleRe = regexp.MustCompile(`vrtos switches (\d+) schedule ([0-9a-f]{16}) now (\d+)`)

// rtosCases: h743 (CubeMX, CMSIS-RTOS v2: ST's sys_arch shape) and gd32f407 (FreeRTOS natively,
// lwIP's contrib sys_arch shape). CMSIS-RTOS v1 runs in TestRTOSGlueH743CMSISv1 (the full simulator);
// "h743-cmsisv1" is here for a manual run (go test -run TestRTOSLwIPEcho -rtos.echo-all).
var rtosCases = map[string]rtosCase{
	"h743":     {board: "h743"},
	"gd32f407": {board: "gd32f407"},
}

var rtosEchoAll = flag.Bool("rtos.echo-all", false, "TestRTOSLwIPEcho: also the CMSIS-RTOS v1 variant of h743")

var rtosExtraCases = map[string]rtosCase{
	"h743-cmsisv1": {board: "h743", edits: [][2]string{{`rtos        = "freertos"`, "rtos        = \"freertos\"\n  rtos_api    = \"cmsis_v1\""}}},
}

// TestRTOSLwIPEcho: lwIP with NO_SYS=0 runs on the RTOS model with the board's generated RX task
// (lwipgen_sys.c), sys_arch for its RTOS API, the real tcpip thread and netconn application
// threads: 3000 UDP echoes through the model MAC (RX interrupt -> vTaskNotifyGiveFromISR -> RX task
// -> tcpip_input -> tcpip thread -> netconn -> echo thread -> TX) while 256 KiB go through a TCP
// echo over the netif loopback. Every echo must come back intact, every pbuf and message pool must
// be back at zero, the RX task must have run, no lwIP call may happen outside the core lock (the
// simulation's LWIP_ASSERT_CORE_LOCKED), and two runs must give the same schedule and output.
func TestRTOSLwIPEcho(t *testing.T) {
	cases := map[string]rtosCase{}
	for k, v := range rtosCases {
		cases[k] = v
	}
	if *rtosEchoAll {
		for k, v := range rtosExtraCases {
			cases[k] = v
		}
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			exe := buildRTOSEcho(t, c)
			run := func() string {
				out, err := exec.Command(exe, "ok", "3000").CombinedOutput()
				if err != nil || strings.Contains(string(out), "FAIL") {
					t.Fatalf("%v\n%s", err, out)
				}
				return string(out)
			}
			a := run()
			for _, want := range []string{"ok udp_echo_all", "ok tcp_loopback", "ok pools_idle", "ok rx_task_ran"} {
				if !strings.Contains(a, want+"\n") {
					t.Errorf("missing %q:\n%s", want, a)
				}
			}
			for _, th := range []string{"tcpip_thread", "lwipgen_rx", "udp_echo", "tcp_server", "tcp_client"} {
				if !strings.Contains(a, "vrtos thread "+th) {
					t.Errorf("thread %s never existed:\n%s", th, a)
				}
			}
			if rtosScheduleRe.FindString(a) == "" {
				t.Fatalf("no schedule line:\n%s", a)
			}
			if b := run(); a != b {
				t.Fatalf("two runs differ:\n--- first\n%s\n--- second\n%s", a, b)
			}
			t.Logf("%s", a)
		})
	}
}

// TestRTOSLwIPMisuseFails: the checks that make the RTOS runs trustworthy fail the run when the code
// under test breaks the rules - an application thread using the raw API without LOCK_TCPIP_CORE,
// the Ethernet ISR calling lwIP, the ISR handing a frame to lwIP itself (the pool lock from an
// interrupt), an Ethernet IRQ more urgent than configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY
// calling the FromISR API.
func TestRTOSLwIPMisuseFails(t *testing.T) {
	exe := buildRTOSEcho(t, rtosCases["h743"])
	cases := map[string]string{
		"raw-nolock": `lwIP core function udp_new() (`,
		"isr-lwip":   `isr ETH_IRQHandler: lwIP core function netif_set_link_down() (`,
		"isr-input":  `isr ETH_IRQHandler: osMutexAcquire from interrupt context`,
		"irq-prio":   `from interrupt "ETH_IRQHandler" at NVIC priority 3, more urgent than configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY 5`,
	}
	for scen, msg := range cases {
		out, err := exec.Command(exe, scen, "200").CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 70 {
			t.Errorf("%s: want a vrtos fault (exit 70), got %v\n%s", scen, err, out)
			continue
		}
		if !strings.Contains(string(out), msg) {
			t.Errorf("%s: fault lacks %q:\n%s", scen, msg, out)
		}
	}
	if out, _ := exec.Command(exe, "raw-nolock", "200").CombinedOutput(); !strings.Contains(string(out), `by thread "app" without the core lock`) {
		t.Errorf("raw-nolock: the fault does not name the thread:\n%s", out)
	}
}
