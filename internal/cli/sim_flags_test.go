package cli

import (
	"strings"
	"testing"
)

// --lwipopts names a file that must exist; --sweep is a known flag. Both are
// refused before anything is compiled or run.
func TestSimFlags(t *testing.T) {
	rc, _, errs := run(t, "sim", "--board", "h743", "--sweep", "--lwipopts", "/nonexistent/lwipopts.h")
	if rc != 2 || !strings.Contains(errs, "--lwipopts /nonexistent/lwipopts.h: no such file") {
		t.Errorf("rc %d, stderr %q", rc, errs)
	}
	rc, _, errs = run(t, "sim", "--board", "h743", "--sweep", "--seeds", "x")
	if rc != 2 || !strings.Contains(errs, "seeds") {
		t.Errorf("bad --seeds: rc %d, stderr %q", rc, errs)
	}
}

// A bad --fault is refused with the reason before anything is compiled or run.
func TestSimFaultFlag(t *testing.T) {
	for _, c := range []struct{ arg, want string }{
		{"link-flap", "want KIND@TIME"},
		{"meteor@10ms", `unknown kind "meteor"`},
		{"burst@10ms:many", "burst size"},
		{"link-flap@soon", "time \"soon\""},
	} {
		rc, _, errs := run(t, "sim", "--board", "f407", "--fault", c.arg)
		if rc != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("--fault %s: rc %d, stderr %q, want %q", c.arg, rc, errs, c.want)
		}
	}
}
