package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// import --project: exit 0 with the findings as warnings on stderr, the board
// (and nothing else) written to --out, positions pointing into it.
func TestImportProjectCLI(t *testing.T) {
	out := filepath.Join(t.TempDir(), "f767.hcl")
	code, stdout, stderr := run(t, "import", "--project", filepath.Join("..", "importer", "testdata", "f767-cmsis1"), "--out", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), `lwip_version = "2.1.2"`) {
		t.Fatalf("written board: %v\n%s", err, b)
	}
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if l != "" && (!strings.HasPrefix(l, "warning: ") || strings.Contains(l, ".hcl:") && !strings.Contains(l, out+":")) {
			t.Errorf("stderr line is not a warning into %s: %s", out, l)
		}
	}
	if code, _, _ := run(t, "import"); code != 2 {
		t.Errorf("import without FILE or --project: exit %d, want 2", code)
	}
}
