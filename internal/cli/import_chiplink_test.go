package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// import --out writes a chip derived from the project's linker script into
// chips/ beside the board; a chips/ that is a symbolic link to a folder
// outside --out's is refused, and nothing is written there (issue 29 item 5).
func TestImportRefusesSymlinkedChipsDir(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	os.MkdirAll(outside, 0o755)
	dir := filepath.Join(base, "boards")
	os.MkdirAll(dir, 0o755)
	if err := os.Symlink(outside, filepath.Join(dir, "chips")); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run(t, "import", "--project", filepath.Join("..", "importer", "testdata", "h730-cmsis2"), "--out", filepath.Join(dir, "h723.hcl"))
	if code == 0 || !strings.Contains(stderr, "outside") {
		t.Fatalf("exit %d, want a refusal naming the link:\n%s", code, stderr)
	}
	if entries, _ := os.ReadDir(outside); len(entries) > 0 {
		t.Fatalf("import wrote through the link: %v", entries)
	}
}
