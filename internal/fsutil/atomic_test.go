package fsutil

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A rewrite with the same bytes changes nothing, not even the mtime (so a
// second generate leaves incremental builds with nothing to do).
func TestWriteIfChanged(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a", "b.txt")
	if changed, err := WriteIfChanged(p, []byte("x"), 0o644); err != nil || !changed {
		t.Fatalf("first write: %v %v", changed, err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	if changed, err := WriteIfChanged(p, []byte("x"), 0o644); err != nil || changed {
		t.Fatalf("same content: changed=%v err=%v", changed, err)
	}
	if st, _ := os.Stat(p); !st.ModTime().Equal(old) {
		t.Errorf("mtime changed on a no-op write")
	}
	if changed, _ := WriteIfChanged(p, []byte("y"), 0o644); !changed {
		t.Fatal("new content not written")
	}
	if b, _ := os.ReadFile(p); string(b) != "y" {
		t.Fatalf("content %q", b)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".*tmp*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
