package audit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

func write(t *testing.T, path, body string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func findID(fs []audit.Finding, id string) *audit.Finding {
	for i := range fs {
		if fs[i].ID == id {
			return &fs[i]
		}
	}
	return nil
}

// Three values: MEM_ALIGNMENT left unset in a file that includes an unread
// configuration header (MicroPython's mimxrt lwipopts.h and its
// lwipopts_common.h, micropython/micropython@1c3c201149) is unknown, an info
// naming the header; with the header read, the header's 4 passes and its 1
// is an error. A missing main.h or FreeRTOSConfig.h (CubeMX) holds no lwIP options: the same
// file is judged on lwIP's default. Both engines.
func TestUnknownFromUnreadConfigHeader(t *testing.T) {
	lwipDir := testenv.LwIP(t)
	for _, engine := range []string{"", "none"} {
		if engine == "" && audit.FindCompiler("") == "" {
			continue
		}
		dir := t.TempDir()
		file := write(t, filepath.Join(dir, "port", "lwipopts.h"), "#include \"lwipopts_common.h\"\n#define LWIP_IPV6 0\n")
		run := func(inc ...string) []audit.Finding {
			rep, err := audit.Run(audit.Options{File: file, LwipDir: lwipDir, CPU: "cortex-m7", CC: engine, NoCompile: true, IncludeDirs: inc})
			if err != nil {
				t.Fatal(err)
			}
			return rep.Findings
		}
		f := findID(run(), "audit.mem_alignment")
		if f == nil || f.Severity != audit.SevInfo || len(f.Unknown) != 1 || f.Unknown[0] != "MEM_ALIGNMENT" ||
			!strings.Contains(f.Message, "lwipopts_common.h") || !strings.Contains(f.Fix, "-I DIR") {
			t.Errorf("engine %q, header not read: want an info over the unknown MEM_ALIGNMENT naming the header, got %+v", engine, f)
		}
		good := write(t, filepath.Join(dir, "good", "lwipopts_common.h"), "#define MEM_ALIGNMENT 4\n")
		if f := findID(run(filepath.Dir(good)), "audit.mem_alignment"); f != nil {
			t.Errorf("engine %q, header sets 4: %+v", engine, f)
		}
		bad := write(t, filepath.Join(dir, "bad", "lwipopts_common.h"), "#define MEM_ALIGNMENT 1\n")
		if f := findID(run(filepath.Dir(bad)), "audit.mem_alignment"); f == nil || f.Severity != audit.SevError || len(f.Unknown) != 0 {
			t.Errorf("engine %q, header sets 1: want the error, got %+v", engine, f)
		}
		cube := write(t, filepath.Join(dir, "cube", "lwipopts.h"), "#include \"main.h\"\n#include \"FreeRTOSConfig.h\"\n#define LWIP_IPV6 0\n")
		rep, err := audit.Run(audit.Options{File: cube, LwipDir: lwipDir, CPU: "cortex-m7", CC: engine, NoCompile: true})
		if err != nil {
			t.Fatal(err)
		}
		if f := findID(rep.Findings, "audit.mem_alignment"); f == nil || f.Severity != audit.SevError {
			t.Errorf("engine %q, main.h missing: want the error on lwIP's default, got %+v", engine, f)
		}
	}
}

// Application timers from evidence: a leftover SNTP_SET_SYSTEM_TIME with
// MEMP_NUM_SYS_TIMEOUT at lwIP's own count is a warning from the file alone;
// with the build's sources it is nothing (an info) when the build compiles no
// sntp.c or never calls sntp_init(), and an error when it compiles and calls it.
func TestAppTimersFromBuildEvidence(t *testing.T) {
	lwipDir := testenv.LwIP(t)
	dir := t.TempDir()
	file := write(t, filepath.Join(dir, "Inc", "lwipopts.h"), "#define NO_SYS 1\n#define MEM_ALIGNMENT 4\n#define SNTP_SET_SYSTEM_TIME(sec) rtc_set_time(sec)\n")
	mainC := write(t, filepath.Join(dir, "Src", "main.c"), "int main(void) { for (;;) { } }\n")
	appC := write(t, filepath.Join(dir, "Src", "app.c"), "void sntp_init(void);\n/* sntp_init(); in a comment */\nvoid app_start(void) { sntp_init(); }\n")
	sntpC := write(t, filepath.Join(dir, "Middlewares", "lwip", "apps", "sntp", "sntp.c"), "void sntp_init(void) { }\n")
	for _, c := range []struct {
		name    string
		build   *audit.Build
		sev, id string
	}{
		{"file alone", nil, audit.SevWarning, "audit.sys_timeout_apps"},
		{"no sntp.c", &audit.Build{Sources: []string{mainC, appC}}, audit.SevInfo, "audit.app_not_run"},
		{"sntp.c, never started", &audit.Build{Sources: []string{mainC, sntpC}}, audit.SevInfo, "audit.app_not_run"},
		{"sntp.c, started", &audit.Build{Sources: []string{mainC, appC, sntpC}}, audit.SevError, "audit.sys_timeout_apps"},
	} {
		rep, err := audit.Run(audit.Options{File: file, LwipDir: lwipDir, CPU: "cortex-m4", NoCompile: true, Build: c.build})
		if err != nil {
			t.Fatal(err)
		}
		f := findID(rep.Findings, c.id)
		if f == nil || f.Severity != c.sev {
			t.Errorf("%s: want %s %s, got %+v", c.name, c.sev, c.id, rep.Findings)
			continue
		}
		if c.id == "audit.app_not_run" {
			if findID(rep.Findings, "audit.sys_timeout_apps") != nil {
				t.Errorf("%s: the timer is still counted", c.name)
			}
			if !strings.Contains(f.Message, "SNTP_SET_SYSTEM_TIME") {
				t.Errorf("%s: the info does not name the option: %s", c.name, f.Message)
			}
		}
	}
}

// audit maps a project's MCU to the chip file import picks (one function,
// board.Chips.ForMCU): an STM32F429 is stm32f429zi, not the F4 family's
// stm32f407; a part without a file of its own gets its family's stand-in.
func TestAuditMapsMCULikeImport(t *testing.T) {
	chips, d := board.Source{}.Chips()
	if d.HasErrors() {
		t.Fatal(d)
	}
	for _, mcu := range []string{"STM32F429ZITx", "STM32F439ZITx", "STM32H723ZGTx", "STM32H743ZITx", "STM32F767ZITx", "STM32F746ZGTx", "GD32F450ZK"} {
		if got, imp := audit.ChipForMCU(mcu), chips.ForMCU(mcu); got != imp || got == "" {
			t.Errorf("%s: audit maps to %q, import to %q", mcu, got, imp)
		}
	}
	if got := audit.ChipForMCU("STM32F401RETx"); got != "stm32f407" {
		t.Errorf("STM32F401 (no chip file): %q, want the F4 family's stm32f407", got)
	}
}

// The linker script audit reports is the one the project's build links, read
// through the project model: a CubeIDE project (shaped like
// internal/project/testdata/cdt/cubeide-h7, itself modelled on a CubeIDE H7
// LwIP project) whose Debug configuration links STM32H743ZITX_RAM.ld while the
// _FLASH.ld beside it is linked only by Release gets the RAM script, and
// the Release one when that configuration comes first.
func TestLinkerScriptOfTheBuild(t *testing.T) {
	dir := testenv.CopyTree(t, filepath.Join("..", "project", "testdata", "cdt", "cubeide-h7"))
	write(t, filepath.Join(dir, "STM32H743ZITX_RAM.ld"), "/* ram */\n")
	cp := filepath.Join(dir, ".cproject")
	b, err := os.ReadFile(cp)
	if err != nil {
		t.Fatal(err)
	}
	const flash = `value="${workspace_loc:/${ProjName}/STM32H743ZITX_FLASH.ld}"`
	if strings.Count(string(b), flash) != 2 {
		t.Fatalf("fixture: want the two configurations' linker script options, found %d", strings.Count(string(b), flash))
	}
	ram := strings.Replace(flash, "FLASH", "RAM", 1)
	debugRAM := strings.Replace(string(b), flash, ram, 1)
	for _, c := range []struct{ text, want string }{
		{debugRAM, "STM32H743ZITX_RAM.ld"},
		{strings.Replace(strings.Replace(debugRAM, flash, "RELEASE", 1), ram, flash, 1), "STM32H743ZITX_FLASH.ld"},
	} {
		text := strings.Replace(c.text, "RELEASE", ram, 1)
		if err := os.WriteFile(cp, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := audit.DetectProject(dir)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(p.LinkerScript) != c.want {
			t.Errorf(".cproject: linker script %q, want the Debug configuration's %s", p.LinkerScript, c.want)
		}
	}
}

// A file written for lwIP 1.4/2.0 (its folder names the release: a Xilinx
// lwip141 BSP, an RT-Thread lwip-2.0.3 component) judged with the 2.1.3 tree:
// 2.1.3's refusal of LWIP_COMPAT_MUTEX with an RTOS (init.c) is a warning that
// names the file's release, never an error; the report says which lwIP it is for.
func TestOlderReleaseIsNamedNotRefused(t *testing.T) {
	testenv.CrossCompiler(t)
	lwipDir := testenv.LwIP(t)
	for _, folder := range []string{"lwip141_v2_0/src/contrib/ports/xilinx/include", "components/net/lwip-2.0.3/port"} {
		file := write(t, filepath.Join(t.TempDir(), folder, "lwipopts.h"),
			"#define NO_SYS 0\n#define MEM_ALIGNMENT 4\n#define LWIP_COMPAT_MUTEX 1\n#define TCP_MSS 1460\n")
		rep, err := audit.Run(audit.Options{File: file, LwipDir: lwipDir, CPU: "cortex-m7"})
		if err != nil {
			t.Fatal(err)
		}
		f := findID(rep.Findings, "lwip.init.compat_mutex_priority_inversion")
		for i := range rep.Findings {
			if strings.Contains(rep.Findings[i].Message, "LWIP_COMPAT_MUTEX") && rep.Findings[i].Source == "compiler" {
				f = &rep.Findings[i]
			}
		}
		if f == nil || f.Severity != audit.SevWarning || !strings.Contains(f.Message, "written for lwIP") {
			t.Errorf("%s: want the 2.1.3 refusal as a warning naming the file's release, got %+v", folder, rep.Findings)
		}
		if rep.Errors != 0 {
			t.Errorf("%s: %d errors", folder, rep.Errors)
		}
	}
}
