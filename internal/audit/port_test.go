package audit

import (
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
