package count

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Long finds a long method by its receiver and skips tests and testdata;
// Exported counts every kind of exported top-level name.
func TestLongAndExported(t *testing.T) {
	dir := t.TempDir()
	long := "package p\n\ntype T struct{}\n\nfunc (t *T) Big() {\n" + strings.Repeat("\t_ = 1\n", 10) + "}\n\nfunc small() {}\n\nconst A, b = 1, 2\n\nvar V int\n"
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(long), 0o644)
	os.WriteFile(filepath.Join(dir, "p_test.go"), []byte(strings.Replace(long, "Big", "Bigger", 1)), 0o644)
	os.MkdirAll(filepath.Join(dir, "testdata"), 0o755)
	os.WriteFile(filepath.Join(dir, "testdata", "q.go"), []byte(long), 0o644)
	fs, err := Long(dir, 5)
	if err != nil || len(fs) != 1 || fs[0].Name != "T.Big" || fs[0].Lines != 12 || !strings.HasSuffix(fs[0].Pos, "p.go:5") {
		t.Fatalf("Long: %+v %v", fs, err)
	}
	if fs, _ := Long(dir, 12); len(fs) != 0 {
		t.Fatalf("a 12-line function is not over 12: %+v", fs)
	}
	ps, err := Exported(dir)
	if err != nil || len(ps) != 1 || ps[0].Count != 4 { // T, Big, A, V
		t.Fatalf("Exported: %+v %v", ps, err)
	}
}
