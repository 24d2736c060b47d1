package audit

import (
	"os"
	"path/filepath"
	"testing"
)

const corpusDir = "testdata/corpus"

// The built-in evaluator (the fallback without a compiler) follows
// conditionals, #undef and #include as cpp does.
func TestEvaluatorConditionalsAndIncludes(t *testing.T) {
	dir := t.TempDir()
	inc := filepath.Join(dir, "inc")
	os.MkdirAll(inc, 0o755)
	os.WriteFile(filepath.Join(inc, "board.h"), []byte("#define BOARD_RX_BUFS 12\n#define USE_RTOS 1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "common_lwipopts.h"), []byte("#define TCP_MSS 1460\n"), 0o644)
	src := `#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#include "board.h"
#include "common_lwipopts.h"
#include "missing.h"
#include <stdint.h>
#if USE_RTOS
#define NO_SYS 0
#else
#define NO_SYS 1
#endif
#if 0
#define MEM_SIZE 1
#elif defined(BOARD_RX_BUFS) && BOARD_RX_BUFS > 8
#define MEM_SIZE (16*1024)
#else
#define MEM_SIZE 2
#endif
#define PBUF_POOL_SIZE BOARD_RX_BUFS
#define TCP_WND 1000
#undef TCP_WND
#ifdef TCP_WND
#define WRONG 1
#endif
#define TCP_SND_BUF (2*TCP_MSS)
#define TCP_SND_BUF (4*TCP_MSS)
#if LWIP_MIN(3, 2) == 2
#define LWIP_DHCP 1
#endif
#endif
`
	path := filepath.Join(dir, "lwipopts.h")
	os.WriteFile(path, []byte(src), 0o644)
	tr := evaluate(path, []byte(src), []string{inc}, nil)
	want := map[string]string{"NO_SYS": "0", "MEM_SIZE": "(16*1024)", "PBUF_POOL_SIZE": "BOARD_RX_BUFS", "TCP_MSS": "1460", "TCP_SND_BUF": "(4*TCP_MSS)", "LWIP_DHCP": "1"}
	for n, v := range want {
		if d, ok := tr.final[n]; !ok || d.Value != v {
			t.Errorf("%s = %q, want %q", n, d.Value, v)
		}
	}
	for _, n := range []string{"TCP_WND", "WRONG"} {
		if _, ok := tr.final[n]; ok {
			t.Errorf("%s is defined; #undef/#ifdef not followed", n)
		}
	}
	if d := tr.final["MEM_SIZE"]; d.Line != 15 {
		t.Errorf("MEM_SIZE at line %d, want 15", d.Line)
	}
	if len(tr.redefs) != 1 || tr.redefs[0].Name != "TCP_SND_BUF" || tr.redefs[0].Prev.Line != 25 {
		t.Errorf("redefinitions: %+v", tr.redefs)
	}
	if len(tr.missing) != 1 || tr.missing[0].Name != "missing.h" || tr.missing[0].Line != 5 {
		t.Errorf("missing includes: %+v", tr.missing)
	}
}

// Without a compiler the audit says that the built-in evaluator judged.
func TestEvaluatorSaysItIsTheFallback(t *testing.T) {
	rep, err := Run(Options{File: filepath.Join(corpusDir, "05_cubemx_f4_sndbuf_vs_queuelen.h"), CC: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Compiled || len(rep.Engine) < 20 || rep.Engine[:19] != "built-in evaluator " {
		t.Fatalf("engine %q compiled=%v", rep.Engine, rep.Compiled)
	}
	found := false
	for _, f := range rep.Findings {
		if f.ID == "lwip.init.tcp_snd_queuelen_vs_buf" && f.Severity == SevError && f.Source == "evaluator" && f.Option == "TCP_SND_QUEUELEN" {
			found = true
		}
	}
	if !found {
		t.Fatalf("the evaluator missed the queue-length #error: %+v", rep.Findings)
	}
}

// Both lwIP lines in one run: what only the other line refuses is a warning
// (here 2.2.x's custom-allocator rule on a 2.1.3 file).
func TestOtherLineRefusalIsAWarning(t *testing.T) {
	h := filepath.Join(t.TempDir(), "lwipopts.h")
	os.WriteFile(h, []byte("#define NO_SYS 1\n#define LWIP_NETCONN 0\n#define LWIP_SOCKET 0\n#define MEM_ALIGNMENT 4\n#define MEM_CUSTOM_ALLOCATOR 1\n"), 0o644)
	rep, err := Run(Options{File: h, CC: "none", Version: "2.1.3"})
	if err != nil {
		t.Fatal(err)
	}
	var got *Finding
	for i, f := range rep.Findings {
		if f.ID == "other_line.init.mem_custom_allocator_funcs" {
			got = &rep.Findings[i]
		}
	}
	if got == nil || got.Severity != SevWarning || got.Line != 5 || rep.Errors != 0 {
		t.Fatalf("2.2.x refusal on a 2.1.3 file: %+v", rep.Findings)
	}
}

// A header the file includes that defines a scratch macro and #undefs it
// again (SEGGER_SYSVIEW.h's EXTERN, pulled in through FreeRTOSConfig.h in
// chencaidy/frdmk64f_lwip_ptp_freertos@25247f5) leaves no definition
// behind: no finding may name it (it was "lwIP has no option EXTERN" at the
// audited file's line 0). Both engines.
func TestUndefinedScratchMacroIsNotAnOption(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "trace_lib.h"), []byte("#ifdef SCRATCH_EXTERN\n#undef SCRATCH_EXTERN\n#endif\n#define SCRATCH_EXTERN extern\nSCRATCH_EXTERN int trace_count;\n#undef SCRATCH_EXTERN\n"), 0o644)
	file := filepath.Join(dir, "lwipopts.h")
	os.WriteFile(file, []byte("#include \"trace_lib.h\"\n#define NO_SYS 1\n#define LWIP_SOCKET 0\n#define LWIP_NETCONN 0\n#define MEM_ALIGNMENT 4\n"), 0o644)
	for _, cc := range []string{"", "none"} {
		rep, err := Run(Options{File: file, IncludeDirs: []string{dir}, CC: cc, NoCompile: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range rep.Findings {
			if f.Option == "SCRATCH_EXTERN" || f.Line == 0 && f.ID == "audit.unknown_option" {
				t.Errorf("cc %q: %s %s line %d: %s", cc, f.ID, f.Option, f.Line, f.Message)
			}
		}
	}
}
