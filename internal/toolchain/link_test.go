package toolchain

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// liblwip.a is built beside itself and renamed, and its up-to-date check
// reads its content: an 8-byte archive left by an interrupted ar (newer than
// every object) is rebuilt, not taken as up to date; a killed ar leaves the
// previous archive and no temp file.
func TestArchiveAtomicAndCheckedByContent(t *testing.T) {
	ar := testenv.Tool(t, "ar")
	dir := t.TempDir()
	objs := []string{filepath.Join(dir, "a.o"), filepath.Join(dir, "b.o")}
	for _, o := range objs {
		os.WriteFile(o, []byte("object "+o), 0o644)
	}
	b := &Builder{TC: &Toolchain{AR: ar}, Dir: dir}
	lib := filepath.Join(dir, "liblwip.a")
	ctx := context.Background()
	if ran, err := b.Archive(ctx, lib, objs); err != nil || !ran {
		t.Fatalf("first archive: %v %v", ran, err)
	}
	good, _ := os.ReadFile(lib)
	if ran, _ := b.Archive(ctx, lib, objs); ran {
		t.Fatal("an up-to-date archive was rebuilt")
	}
	// Ctrl-C during the old in-place ar: an 8-byte archive, newer than the objects
	os.WriteFile(lib, []byte("!<arch>\n"), 0o644)
	future := time.Now().Add(time.Hour)
	os.Chtimes(lib, future, future)
	if ran, err := b.Archive(ctx, lib, objs); err != nil || !ran {
		t.Fatalf("a truncated archive was taken as up to date: ran=%v err=%v", ran, err)
	}
	if got, _ := os.ReadFile(lib); string(got) != string(good) {
		t.Fatal("the rebuilt archive differs")
	}
	// an ar killed half-way: writes part of its output, then dies
	killer := filepath.Join(dir, "ar-killed.sh")
	os.WriteFile(killer, []byte("#!/bin/sh\nprintf '!<arch>\\n' > \"$2\"\nkill -9 $$\n"), 0o755)
	os.WriteFile(objs[0], []byte("object a, changed"), 0o644)
	os.Chtimes(objs[0], future.Add(time.Hour), future.Add(time.Hour))
	kb := &Builder{TC: &Toolchain{AR: killer}, Dir: dir}
	if _, err := kb.Archive(ctx, lib, objs); err == nil {
		t.Fatal("a killed ar reported success")
	}
	if got, _ := os.ReadFile(lib); string(got) != string(good) {
		t.Error("a killed ar replaced the previous archive")
	}
	if _, err := os.Stat(tempOf(lib)); err == nil {
		t.Error("the killed ar's partial file was left")
	}
	if ran, err := b.Archive(ctx, lib, objs); err != nil || !ran {
		t.Fatalf("after the killed ar: ran=%v err=%v", ran, err)
	}
}
