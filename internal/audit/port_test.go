package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// With the project's include paths the audit preprocesses and compiles lwIP
// with the project's arch/cc.h (which may set options: here
// LWIP_PROVIDE_ERRNO, as ST's and GD32's ports do), and says so; without
// them, with its own minimal port. A project cc.h gcc cannot preprocess (a
// Keil/IAR-only header) falls back to the audit's port, and the report says
// why.
func TestProjectPortCC(t *testing.T) {
	cc := testenv.HostCC(t)
	lwipDir := testenv.LwIP(t)
	file := filepath.Join("testdata", "project_cc", "Inc", "lwipopts.h")
	port := filepath.Join("testdata", "project_cc", "lwip_port")
	names := []string{"LWIP_PROVIDE_ERRNO", "FIXTURE_PORT_MARK", "LWIP_TIMEVAL_PRIVATE"}
	for _, own := range []bool{false, true} {
		c, err := newCompiler(cc, nil, []string{port}, nil, lwipDir, file, own)
		if err != nil {
			t.Fatal(err)
		}
		defer c.close()
		if _, err := c.trace(); err != nil {
			t.Fatal(err)
		}
		vals, err := c.values(names)
		if err != nil {
			t.Fatal(err)
		}
		_, provided := vals["LWIP_PROVIDE_ERRNO"]
		if own == (c.projectCC != "") || own == provided || own == (vals["FIXTURE_PORT_MARK"] == "42") {
			t.Errorf("own port %v: projectCC %q, values %v", own, c.projectCC, vals)
		}
		if vals["LWIP_TIMEVAL_PRIVATE"] != "0" {
			t.Errorf("own port %v: LWIP_TIMEVAL_PRIVATE %q, want 0 (the C library's struct timeval)", own, vals["LWIP_TIMEVAL_PRIVATE"])
		}
	}
	rep, err := Run(Options{File: file, IncludeDirs: []string{port}, LwipDir: lwipDir, CC: cc})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Port, "the project's") || !strings.HasSuffix(strings.Fields(rep.Port)[2], filepath.Join("lwip_port", "arch", "cc.h")) || rep.Errors != 0 {
		t.Errorf("port %q, %d errors: %v", rep.Port, rep.Errors, rep.Diagnostics)
	}
	broken := filepath.Join("testdata", "project_cc_broken")
	rep, err = Run(Options{File: filepath.Join(broken, "lwipopts.h"), IncludeDirs: []string{broken}, LwipDir: lwipDir, CC: cc, NoCompile: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rep.Port, "lwipgen's minimal audit port") || !strings.Contains(rep.Port, "failed") || rep.Errors != 0 {
		t.Errorf("broken project cc.h: port %q, %d errors", rep.Port, rep.Errors)
	}
}

// A CubeMX lwipopts.h includes main.h, which pulls in the HAL and the device
// header: thousands of register macros with casts the evaluator cannot
// read (stm32-hotspot/STM32H7-LwIP-Examples STM32H723_Nucleo_ETH audited
// with --project gave only "cannot read the options"). Only the options and
// what they use are evaluated now, so the file's own findings come back.
func TestDeviceHeaderMacrosDoNotDrownTheOptions(t *testing.T) {
	cc := testenv.HostCC(t)
	lwipDir := testenv.LwIP(t)
	dir := t.TempDir()
	var dev strings.Builder
	dev.WriteString("/* device header shape, written for lwipgen */\n#include <stdint.h>\ntypedef struct { volatile uint32_t MODER, OTYPER; } GPIO_TypeDef;\n#define PERIPH_BASE 0x40000000UL\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&dev, "#define GPIO%d_BASE (PERIPH_BASE + 0x%XUL)\n#define GPIO%d ((GPIO_TypeDef *) GPIO%d_BASE)\n", i, 0x400*i, i, i)
		fmt.Fprintf(&dev, "#define __HAL_GPIO%d_CLK_ENABLE() do { GPIO%d->MODER |= 1U; } while (0)\n#define ATTR_SECTION_%d __attribute__((section(\".dma%d\")))\n", i, i, i, i)
	}
	dev.WriteString("#define HAL_ETH_MODULE_ENABLED\n#define APP_RX_BUFFERS 12U\n")
	writeFile(t, filepath.Join(dir, "Inc", "main.h"), dev.String())
	writeFile(t, filepath.Join(dir, "Inc", "lwipopts.h"), "#ifndef LWIPOPTS_T_H\n#define LWIPOPTS_T_H\n#include \"main.h\"\n#define NO_SYS 1\n#define LWIP_NETCONN 0\n#define LWIP_SOCKET 0\n#define MEM_ALIGNMENT 4\n#define TCP_MSS 1460\n#define TCP_WND TCP_MSS\n#define PBUF_POOL_SIZE APP_RX_BUFFERS\n#endif\n")
	rep, err := Run(Options{File: filepath.Join(dir, "Inc", "lwipopts.h"), IncludeDirs: []string{filepath.Join(dir, "Inc")}, LwipDir: lwipDir, CC: cc, NoCompile: true})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	wnd := false
	for _, f := range rep.Findings {
		ids = append(ids, f.ID)
		if f.ID == "audit.resolve" {
			t.Errorf("the device header's macros drown the options: %s", f.Message)
		}
		wnd = wnd || f.ID == "audit.tcp_wnd_small"
	}
	if !wnd {
		t.Errorf("TCP_WND = TCP_MSS not reported; findings %v", ids)
	}
}

func writeFile(t *testing.T, p, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A project that keeps lwIP 1.5.0 (old CubeMX F4 projects, e.g.
// DutchEngineer/STM32F429_NUCLEO_LWIP_FREERTOS) is audited with lwipgen's
// 2.1.3 rules: the report says so instead of calling the tree 2.1.3.
func TestUnsupportedLwIPTreeIsNamed(t *testing.T) {
	old := t.TempDir()
	writeFile(t, filepath.Join(old, "src", "include", "lwip", "init.h"),
		"#define LWIP_VERSION_MAJOR      1U\n#define LWIP_VERSION_MINOR      5U\n#define LWIP_VERSION_REVISION   0U\n")
	file := filepath.Join("testdata", "project_cc", "Inc", "lwipopts.h")
	has := func(rep *Report) bool {
		for _, f := range rep.Findings {
			if f.ID == "audit.lwip_unsupported" {
				return true
			}
		}
		return false
	}
	rep, err := Run(Options{File: file, LwipDir: old, CC: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if !has(rep) || !strings.Contains(rep.LwipVersion, "1.5.0") {
		t.Errorf("lwIP 1.5.0 tree: version %q, findings %v", rep.LwipVersion, rep.Findings)
	}
	rep, err = Run(Options{File: file, LwipDir: testenv.LwIP(t), CC: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if has(rep) || strings.Contains(rep.LwipVersion, "rules") {
		t.Errorf("a supported tree is called unsupported: %q", rep.LwipVersion)
	}
}

// An RT-Thread port lwipopts.h audited alone (samuelyhsu/rt_thread_core
// components/net/lwip/port/lwipopts.h): the missing rtconfig.h points to
// --rtconfig, the mode that evaluates its RT_LWIP_* switches.
func TestRTConfigMissingPointsToRTConfigFlag(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "lwipopts.h")
	writeFile(t, f, "#ifndef __LWIPOPTS_H__\n#define __LWIPOPTS_H__\n#include <rtconfig.h>\n#ifdef RT_LWIP_DHCP\n#define LWIP_DHCP 1\n#endif\n#endif\n")
	rep, err := Run(Options{File: f, CC: testenv.HostCC(t), LwipDir: testenv.LwIP(t), NoCompile: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range rep.Findings {
		if x.ID == "audit.include_not_found" && strings.Contains(x.Fix, "--rtconfig") {
			return
		}
	}
	t.Errorf("no --rtconfig hint: %v", rep.Findings)
}

// The apps and netifs a file configures are compiled with it (their own
// #errors count): PPP, SNMP, lwiperf; nothing extra for a plain file.
func TestCompileSourcesFollowTheFile(t *testing.T) {
	dir := testenv.LwIP(t)
	has := func(names []string, src string) bool {
		for _, p := range compileSources(dir, names) {
			if strings.HasSuffix(p, filepath.FromSlash(src)) {
				return true
			}
		}
		return false
	}
	for _, c := range []struct{ name, src string }{
		{"PPP_SUPPORT", "netif/ppp/pppoe.c"}, {"PPPOS_SUPPORT", "netif/ppp/pppos.c"}, {"LWIP_SNMP", "apps/snmp/snmp_core.c"},
		{"LWIPERF_CHECK_RX_DATA", "apps/lwiperf/lwiperf.c"}, {"MQTT_OUTPUT_RINGBUF_SIZE", "apps/mqtt/mqtt.c"},
	} {
		if !has([]string{"NO_SYS", c.name}, c.src) {
			t.Errorf("%s does not compile %s", c.name, c.src)
		}
		if has([]string{"NO_SYS", "TCP_MSS"}, c.src) {
			t.Errorf("%s compiled for a file that does not configure it", c.src)
		}
	}
}

// A project cc.h that leaves sys_prot_t to its own sys_arch.h (which pulls
// in the RTOS, so the audit keeps its OS stand-in): the stand-in declares
// sys_prot_t, so lwIP's sys.h compiles; `audit --project` on
// yulee1982/stm32f767_freertos_lwip reported "unknown type name
// 'sys_prot_t'" three times as errors of its lwipopts.h.
func TestProjectCCWithoutSysProt(t *testing.T) {
	cc := testenv.HostCC(t)
	lwipDir := testenv.LwIP(t)
	dir := filepath.Join("testdata", "project_cc_sysprot")
	rep, err := Run(Options{File: filepath.Join(dir, "Inc", "lwipopts.h"), IncludeDirs: []string{filepath.Join(dir, "port")}, LwipDir: lwipDir, CC: cc})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Port, "the project's") {
		t.Fatalf("port %q: the project's cc.h was not used", rep.Port)
	}
	for _, f := range rep.Findings {
		if f.Severity == SevError {
			t.Errorf("%s: %s", f.ID, f.Message)
		}
	}
	if !strings.Contains(portSysArchWith(true), "sys_prot_t") || strings.Contains(portSysArchWith(false), "sys_prot_t") {
		t.Error("the OS stand-in declares sys_prot_t only when the project's cc.h does not")
	}
}
