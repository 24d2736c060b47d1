package audit_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// Each rule on a minimal file, judged by both engines (the compiler's
// preprocessor and the built-in evaluator): the finding appears with its
// severity at its line, and disappears when the line is fixed.
func TestRulesBothEngines(t *testing.T) {
	testenv.CrossCompiler(t)
	lwipDir := testenv.LwIP(t)
	chips, d := board.Source{}.Chips()
	if d.HasErrors() {
		t.Fatal(d)
	}
	const base = "#define NO_SYS 1\n#define LWIP_NETCONN 0\n#define LWIP_SOCKET 0\n#define MEM_ALIGNMENT 4\n#define MEM_SIZE (32*1024)\n#define TCP_MSS 1460\n#define TCP_SND_BUF (4*TCP_MSS)\n#define TCP_WND (4*TCP_MSS)\n"
	cases := []struct {
		name, bad, good, chip, id, sev string
	}{
		{"mss above mtu", "#define TCP_MSS 1500\n", "#define TCP_MSS 1460\n", "", "audit.tcp_mss_above_mtu", audit.SevWarning},
		{"mss small", "#define TCP_MSS 536\n", "#define TCP_MSS 1460\n", "", "audit.tcp_mss_small", audit.SevWarning},
		{"window below two segments", "#define TCP_WND 2000\n", "#define TCP_WND 5840\n", "", "audit.tcp_wnd_small", audit.SevWarning},
		{"no checksum engine", "#define CHECKSUM_GEN_TCP 0\n", "#define CHECKSUM_GEN_TCP 1\n", "mps2-an500", "audit.checksum_offload", audit.SevError},
		{"fragments and the checksum engine", "#define CHECKSUM_GEN_ICMP 0\n", "#define CHECKSUM_GEN_ICMP 1\n", "stm32f767zi", "audit.csum_offload_vs_frag", audit.SevWarning},
		{"fast interval", "#define TCP_FAST_INTERVAL 100\n", "#define TCP_FAST_INTERVAL 250\n", "", "audit.tcp_fast_interval", audit.SevError},
		{"slow interval", "#define TCP_SLOW_INTERVAL 250\n", "#define TCP_SLOW_INTERVAL 500\n", "", "audit.tcp_slow_interval", audit.SevError},
		{"alignment", "#undef MEM_ALIGNMENT\n#define MEM_ALIGNMENT 2\n", "#undef MEM_ALIGNMENT\n#define MEM_ALIGNMENT 4\n", "stm32f407", "audit.mem_alignment", audit.SevError},
		{"rtos without protection", "#undef NO_SYS\n#define NO_SYS 0\n#define SYS_LIGHTWEIGHT_PROT 0\n", "#undef NO_SYS\n#define NO_SYS 0\n#define SYS_LIGHTWEIGHT_PROT 1\n", "", "audit.lightweight_prot_rtos", audit.SevError},
		{"send buffer past u16", "#define TCP_SND_BUF 70000\n#define TCP_SND_QUEUELEN 200\n#define MEMP_NUM_TCP_SEG 200\n", "#define TCP_SND_BUF 60000\n#define TCP_SND_QUEUELEN 200\n#define MEMP_NUM_TCP_SEG 200\n", "", "audit.tcp_snd_buf_u16", audit.SevError},
		{"heap and send buffer", "#undef MEM_SIZE\n#define MEM_SIZE 4000\n", "#undef MEM_SIZE\n#define MEM_SIZE 8000\n", "", "audit.mem_size_send", audit.SevWarning},
		{"pool buffer split", "#define PBUF_POOL_BUFSIZE 512\n", "#define PBUF_POOL_BUFSIZE 1536\n", "", "audit.pbuf_split", audit.SevWarning},
		{"reassembly holds the pool", "#define PBUF_POOL_SIZE 8\n#define IP_REASS_MAX_PBUFS 8\n", "#define PBUF_POOL_SIZE 8\n#define IP_REASS_MAX_PBUFS 4\n#define MEMP_NUM_REASSDATA 4\n", "", "audit.reass_pool", audit.SevWarning},
		{"app timers", "#define SNTP_SERVER_DNS 1\n", "#define SNTP_SERVER_DNS 1\n#define MEMP_NUM_SYS_TIMEOUT (LWIP_NUM_SYS_TIMEOUT_INTERNAL + 1)\n", "", "audit.sys_timeout_apps", audit.SevWarning},
		{"overflow check", "#define MEMP_OVERFLOW_CHECK 1\n", "#define MEMP_OVERFLOW_CHECK 0\n", "", "audit.overflow_check_on", audit.SevWarning},
	}
	dir := t.TempDir()
	for _, c := range cases {
		for _, engine := range []string{"", "none"} {
			for _, fixed := range []bool{false, true} {
				extra := c.bad
				if fixed {
					extra = c.good
				}
				f := filepath.Join(dir, "lwipopts.h")
				os.WriteFile(f, []byte(base+extra), 0o644)
				o := audit.Options{File: f, LwipDir: lwipDir, CC: engine, NoCompile: true}
				if c.chip != "" {
					o.Chip = chips[c.chip]
				}
				rep, err := audit.Run(o)
				if err != nil {
					t.Fatal(err)
				}
				var hit *audit.Finding
				for i, fd := range rep.Findings {
					if fd.ID == c.id {
						hit = &rep.Findings[i]
					}
				}
				switch {
				case fixed && hit != nil:
					t.Errorf("%s (engine %q): still reported after the fix: %s", c.name, engine, hit.Message)
				case !fixed && (hit == nil || hit.Severity != c.sev || hit.Message == "" || hit.Fix == ""):
					t.Errorf("%s (engine %q): want %s %s with a fix, got %+v", c.name, engine, c.sev, c.id, rep.Findings)
				}
			}
		}
	}
}

// Headers the file includes but nobody passed (-I) are read as empty, with an
// info each, also through "../" and sub-folders; the audit goes on.
func TestMissingIncludesAreStubbed(t *testing.T) {
	testenv.CrossCompiler(t)
	dir := filepath.Join(t.TempDir(), "Src")
	os.MkdirAll(dir, 0o755)
	f := filepath.Join(dir, "lwipopts.h")
	os.WriteFile(f, []byte("#include \"../Inc/main.h\"\n#include \"sub/board.h\"\n#define MEM_ALIGNMENT 4\n#define NO_SYS 1\n#define LWIP_NETCONN 0\n#define LWIP_SOCKET 0\n"), 0o644)
	rep, err := audit.Run(audit.Options{File: f, LwipDir: testenv.LwIP(t)})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, fd := range rep.Findings {
		if fd.ID == "audit.include_not_found" && fd.Severity == audit.SevInfo && fd.Line > 0 {
			n++
		}
	}
	if n != 2 || rep.Errors != 0 || !rep.Compiled {
		t.Fatalf("want 2 include infos, no error, lwIP compiled: %+v", rep)
	}
}
