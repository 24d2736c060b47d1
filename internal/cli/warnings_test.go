package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A warning a user can act on: its first line says what (with the id the
// board's accept names), the lines below, indented and wrapped to the
// terminal, why and the fix; --quiet drops it and keeps the result; the
// shipped h743, which accepts it, prints none (issue 31, item 2).
func TestWarningsWrappedAcceptedQuiet(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "boards", "h743.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "h743.hcl")
	os.WriteFile(path, regexp.MustCompile(`(?m)^\s*accept\s*=.*\n`).ReplaceAll(src, nil), 0o644)

	var out, errb bytes.Buffer
	if rc := Main([]string{"check", path}, &out, &errb); rc != 0 {
		t.Fatalf("check: %d %s", rc, errb.String())
	}
	lines := strings.Split(strings.TrimRight(errb.String(), "\n"), "\n")
	if len(lines) < 3 || !strings.Contains(lines[0], ": warning: ethernet.rx_buffers = 16 is pinned") || !strings.HasSuffix(lines[0], "[sizing.rx_buffers_pinned]") {
		t.Fatalf("warning's first line %q, want what it costs and its id", lines[0])
	}
	fix := false
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "  ") || len(l) > 100 {
			t.Errorf("continuation line not indented or longer than 100: %q", l)
		}
		fix = fix || strings.HasPrefix(l, "  Fix: rx_buffers = 18")
	}
	if !fix {
		t.Errorf("no fix line in %q", errb.String())
	}

	for _, args := range [][]string{{"check", "--quiet", path}, {"check", "-q", path}, {"check", "h743"}} {
		out.Reset()
		errb.Reset()
		if rc := Main(args, &out, &errb); rc != 0 || errb.Len() != 0 || !strings.Contains(out.String(), ": ok (") {
			t.Errorf("%q: rc %d, stderr %q, stdout %q; want ok and no warning", args, rc, errb.String(), out.String())
		}
	}
}
