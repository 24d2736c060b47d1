package sim

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The CubeMX H7 file of ST's ETH_CODE examples (testdata/cubemx_h743_eth_code_lwipopts.h, modelled
// on stm32-hotspot/STM32H7-LwIP-Examples@b4bcc6cffa STM32H743_Nucleo_ETH/LWIP/Target/lwipopts.h)
// maps lwIP's four core-locking macros to functions of its project: the simulator finds them, and
// only them, as hooks it gives stand-ins.
func TestUserHooksOfCubeMXFile(t *testing.T) {
	src := readTestdata(t, "cubemx_h743_eth_code_lwipopts.h")
	got := userHooks(src)
	want := "LWIP_ASSERT_CORE_LOCKED=sys_check_core_locking LOCK_TCPIP_CORE=sys_lock_tcpip_core LWIP_MARK_TCPIP_THREAD=sys_mark_tcpip_thread UNLOCK_TCPIP_CORE=sys_unlock_tcpip_core"
	var s []string
	for _, h := range got {
		s = append(s, h.Macro+"="+h.Func)
	}
	if strings.Join(s, " ") != want {
		t.Errorf("hooks %v, want %s", s, want)
	}
	c := string(hooksSource(got))
	for _, w := range []string{"void sys_lock_tcpip_core(void)\n{\n#if !NO_SYS && LWIP_TCPIP_CORE_LOCKING\n    sys_mutex_lock(&lock_tcpip_core);", "void sys_unlock_tcpip_core(void)\n{\n#if !NO_SYS && LWIP_TCPIP_CORE_LOCKING\n    sys_mutex_unlock(&lock_tcpip_core);", "void sys_mark_tcpip_thread(void)\n{\n}"} {
		if !strings.Contains(c, w) {
			t.Errorf("stand-ins lack %q:\n%s", w, c)
		}
	}
	// a hook mapped to an expression (not a bare function) is the file's own business
	if h := userHooks([]byte("#define LOCK_TCPIP_CORE() do { my_lock(1); } while (0)\n#define UNLOCK_TCPIP_CORE my_unlock()\n")); len(h) != 1 || h[0].Func != "my_unlock" {
		t.Errorf("hooks of function-like/expression definitions: %+v", h)
	}
}

// A link that fails names each undefined symbol and the objects that need it on its first line
// (the comparison table shows that line), and says which macro of the configuration names it.
// The output is the shape of GNU ld's, as the first run of the CubeMX file above printed it.
func TestLinkErrorNamesUndefinedSymbols(t *testing.T) {
	out := "/usr/bin/ld: /c/sim/build-1/004_ethernetif.o: in function `ethernet_link_thread':\n" +
		"ethernetif.c:(.text+0x8bf): undefined reference to `my_rand'\n" +
		"/usr/bin/ld: /c/sim/lwip-6659/030_api_msg.o: in function `lwip_netconn_do_delconn':\n" +
		"api_msg.c:(.text+0x190b): undefined reference to `my_rand'\n" +
		"/usr/bin/ld: api_msg.c:(.text+0x1920): undefined reference to `other_fn'\n" +
		"collect2: error: ld returned 1 exit status\n"
	err := linkError(out, errors.New("exit status 1"), []byte("#define LWIP_RAND my_rand\n"))
	first, rest, _ := strings.Cut(err.Error(), "\n")
	if first != "linking the simulator: undefined reference to my_rand (needed by ethernetif.c, api_msg.c); other_fn (needed by api_msg.c)" {
		t.Errorf("first line %q", first)
	}
	if !strings.Contains(rest, "the configuration's LWIP_RAND names my_rand(), a function of its project that the simulator does not have") {
		t.Errorf("no hint for the macro:\n%s", rest)
	}
	if s := errorSummary(err.Error()); !strings.Contains(s, "my_rand") {
		t.Errorf("the table's summary %q does not name the symbol", s)
	}
	// a link failure that is no undefined symbol keeps the linker's words
	if err := linkError("ld: cannot find -lfoo\n", errors.New("exit status 1"), nil); !strings.Contains(err.Error(), "cannot find -lfoo") {
		t.Errorf("other link failure: %v", err)
	}
}

// sim --compare --lwipopts with the CubeMX H7 file: it builds on h743 with the simulator's
// stand-ins for its core-locking hooks and its fixed heap address undone on the host, runs, carries
// traffic both ways and appears in the table beside lwipgen and the baselines.
func TestH743CompareWithUserCubeMXFile(t *testing.T) {
	needHost(t)
	g := prepare(t, "h743")
	path := "testdata/cubemx_h743_eth_code_lwipopts.h"
	r, err := Run(context.Background(), g, Options{CacheDir: testCache, Compare: true, Workload: "bulk", LwIPOpts: []string{path},
		Duration: 30 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var tab strings.Builder
	r.WriteTable(&tab)
	t.Logf("\n%s", tab.String())
	var u *ConfigResult
	for i := range r.Configs {
		if r.Configs[i].Name == "user:cubemx_h743_eth_code_lwipopts.h" {
			u = &r.Configs[i]
		}
	}
	if u == nil {
		t.Fatalf("the user's file is not in the comparison")
	}
	if u.Error != "" || u.StartupFailure != "" {
		t.Fatalf("the user's file did not run: %s %s", u.Error, u.StartupFailure)
	}
	if u.TxMbps <= 0 || u.RxMbps <= 0 {
		t.Errorf("no traffic: tx %.2f rx %.2f Mbps", u.TxMbps, u.RxMbps)
	}
	heap := false
	for _, o := range u.Overrides {
		if o.Name == "LWIP_RAM_HEAP_POINTER" && o.Value == "" && strings.Contains(o.Why, "0x30020000") {
			heap = true
		}
	}
	if !heap {
		t.Errorf("the fixed heap address is not among the listed host overrides: %+v", u.Overrides)
	}
	if !strings.Contains(strings.Join(u.Added, "; "), "sys_lock_tcpip_core() for LOCK_TCPIP_CORE") {
		t.Errorf("the stand-ins are not listed: %v", u.Added)
	}
	if !strings.Contains(tab.String(), "user:cubemx_h743_eth_code_lwipopts.h") {
		t.Errorf("the table lacks the user's row")
	}
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
