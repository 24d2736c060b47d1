package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The board file shown in README.md is valid: a newcomer can copy it.
func TestReadmeBoardExampleChecks(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```hcl\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no hcl example")
	}
	path := filepath.Join(t.TempDir(), "my-h743.hcl")
	os.WriteFile(path, m[1], 0o644)
	var out, errb bytes.Buffer
	if rc := Main([]string{"check", "--board", path}, &out, &errb); rc != 0 {
		t.Fatalf("README example does not check: %s", errb.String())
	}
}

// The CLI's board listing shows every built-in board.
func TestBoardsListsAll(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := Main([]string{"boards"}, &out, &errb); rc != 0 {
		t.Fatalf("boards: %s", errb.String())
	}
	for _, b := range []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500"} {
		if !bytes.Contains(out.Bytes(), []byte(b+" ")) {
			t.Errorf("boards output lacks %s", b)
		}
	}
}
