package targets

import (
	"os"
	"path/filepath"
	"testing"
)

// mage clean board=.. used to remove the current directory
// (RemoveAll("build/"+board) was not checked): now only board names, and
// only inside build/.
func TestCleanRefusesNonNames(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	os.MkdirAll(filepath.Join("build", "h743"), 0o755)
	os.WriteFile(filepath.Join("build", "h743", "x.o"), []byte("x"), 0o644)
	os.WriteFile("keep.c", []byte("keep"), 0o644)
	os.MkdirAll(filepath.Join("..", "sibling"), 0o755)
	for _, b := range []string{"..", "../sibling", "board=..", "/", ".", "a/../../x"} {
		if err := Clean(b); err == nil {
			t.Errorf("Clean(%q) accepted", b)
		}
	}
	if _, err := os.Stat("keep.c"); err != nil {
		t.Fatal("the current directory was removed")
	}
	if _, err := os.Stat(filepath.Join("..", "sibling")); err != nil {
		t.Fatal("a sibling directory was removed")
	}
	if err := Clean("board=h743"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join("build", "h743")); err == nil {
		t.Error("build/h743 still there")
	}
}
