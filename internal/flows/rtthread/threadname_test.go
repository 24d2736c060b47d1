package rtthread

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// TestTCPIPThreadNameFitsRTNameMax: RT-Thread's port lwipopts.h (4.0.3,
// components/net/lwip-2.1.2/src/lwipopts.h) sets TCPIP_THREAD_NAME "tcpip"
// after its tcpip-thread block; without it lwIP's default "tcpip_thread" is
// cut to RT_NAME_MAX (8) bytes and the thread shows as "tcpip_th". The
// compiler judges both the generated lwipopts.h and the BSP fixture's port
// header over the vendored BSP's rtconfig.h: the name must be defined, be
// "tcpip" and fit RT_NAME_MAX; the plan's setting carries the port as its
// provenance.
func TestTCPIPThreadNameFitsRTNameMax(t *testing.T) {
	gcc := testenv.CrossCompiler(t)
	dir := bspFixture(t)
	g := prepare(t, board.Source{}, "h743-rtthread")
	if _, err := Apply(g, dir, false, nil); err != nil {
		t.Fatal(err)
	}
	var gen []byte
	for _, f := range g.Files {
		if f.Path == "lwipopts.h" {
			gen = f.Content
		}
	}
	if !strings.Contains(string(gen), "#define TCPIP_THREAD_NAME \"tcpip\"") {
		t.Fatalf("generated lwipopts.h does not set TCPIP_THREAD_NAME \"tcpip\" as RT-Thread's port does:\n%s", gen)
	}
	// its reason names the port and the limit it is chosen for
	if st, ok := g.Plan.Setting("TCPIP_THREAD_NAME"); !ok || st.Expr != `"tcpip"` || st.Rule != "rtthread.port" || !strings.Contains(st.Why, "RT_NAME_MAX") {
		t.Errorf("TCPIP_THREAD_NAME setting: %+v (ok %v), want \"tcpip\" from rtthread.port with a reason naming RT_NAME_MAX", st, ok)
	}
	genDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(genDir, "lwipopts.h"), gen, 0o644); err != nil {
		t.Fatal(err)
	}
	probe := filepath.Join(t.TempDir(), "name.c")
	src := `#include "lwipopts.h"
static const char name[] = TCPIP_THREAD_NAME;
_Static_assert(sizeof(name) - 1 <= RT_NAME_MAX, "TCPIP_THREAD_NAME is longer than RT_NAME_MAX: RT-Thread cuts it");
`
	if err := os.WriteFile(probe, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for what, inc := range map[string]string{
		"generated lwipopts.h": genDir,
		"BSP port lwipopts.h":  filepath.Join(dir, "rt-thread/components/net", lwipDir, "src"),
	} {
		out, err := exec.Command(gcc, "-std=c11", "-fsyntax-only", "-Werror", "-I"+inc, "-I"+dir, probe).CombinedOutput()
		if err != nil {
			t.Errorf("%s: %v\n%s", what, err, out)
		}
	}
}
