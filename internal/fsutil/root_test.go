package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Every way out of a root is refused and writes nothing outside it.
func TestRootConfines(t *testing.T) {
	base := t.TempDir()
	proj := filepath.Join(base, "proj")
	outside := filepath.Join(base, "outside")
	os.MkdirAll(filepath.Join(proj, "sub"), 0o755)
	os.MkdirAll(outside, 0o755)
	os.WriteFile(filepath.Join(outside, "victim.ld"), []byte("keep"), 0o644)
	os.Symlink(outside, filepath.Join(proj, "linkdir"))                          // a directory symlink leading out
	os.Symlink(filepath.Join(outside, "victim.ld"), filepath.Join(proj, "x.ld")) // a file symlink leading out
	os.Symlink("../../outside", filepath.Join(proj, "sub", "rel"))               // relative, leading out
	r, err := OpenRoot(proj, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, rel := range []string{"../escaped", "../../escaped.ld", "sub/../../escaped", "/tmp/abs", filepath.Join(outside, "abs"),
		"linkdir/new.c", "linkdir/victim.ld", "x.ld", "sub/rel/new.h", "a\x00b"} {
		if _, err := r.WriteFile(rel, []byte("evil"), 0o644); err == nil {
			t.Errorf("WriteFile(%q) succeeded", rel)
		} else if !errors.As(err, new(*OutsideError)) {
			t.Errorf("WriteFile(%q): %v (want an OutsideError)", rel, err)
		}
		if _, err := r.ReadFile(rel, 100); err == nil {
			t.Errorf("ReadFile(%q) succeeded", rel)
		}
		if err := r.Remove(rel); err == nil && rel != "a\x00b" && !strings.Contains(rel, "..") && !filepath.IsAbs(rel) {
			if _, serr := os.Lstat(filepath.Join(outside, filepath.Base(rel))); serr == nil || filepath.Base(rel) == "victim.ld" {
				if b, _ := os.ReadFile(filepath.Join(outside, "victim.ld")); string(b) != "keep" {
					t.Errorf("Remove(%q) touched the outside", rel)
				}
			}
		}
	}
	entries, _ := os.ReadDir(outside)
	if len(entries) != 1 {
		t.Errorf("files appeared outside: %v", entries)
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "victim.ld")); string(b) != "keep" {
		t.Errorf("outside file changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(base, "escaped")); err == nil {
		t.Error("../escaped was written")
	}
	// inside is fine, including through "a/../b"
	if _, err := r.WriteFile("sub/../ok.c", []byte("ok"), 0o644); err != nil {
		t.Errorf("inside write: %v", err)
	}
}

// A rewritten file keeps its mode (0600 stays 0600, exec bits stay), a new
// one gets the given mode, and no temporary file is left.
func TestWriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "gen.sh")
	os.WriteFile(p, []byte("old"), 0o600)
	os.Chmod(p, 0o750)
	if _, err := WriteIfChanged(p, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o750 {
		t.Errorf("mode %v, want 0750", fi.Mode().Perm())
	}
	q := filepath.Join(dir, "secret.h")
	os.WriteFile(q, []byte("old"), 0o600)
	WriteIfChanged(q, []byte("new"), 0o644)
	if fi, _ := os.Stat(q); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	WriteIfChanged(filepath.Join(dir, "fresh.c"), []byte("x"), 0o644)
	if fi, _ := os.Stat(filepath.Join(dir, "fresh.c")); fi.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v", fi.Mode().Perm())
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*"+TempSuffix))
	hidden, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left)+len(hidden) != 0 {
		t.Errorf("temporary files left: %v %v", left, hidden)
	}
}

// A write that fails (read-only directory) leaves the old file and no temp.
func TestWriteFailureKeepsOld(t *testing.T) {
	if os.Geteuid() == 0 {
		// root ignores directory permissions: make the rename fail instead with a directory in the way
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "f.c"), 0o755)
		if _, err := WriteIfChanged(filepath.Join(dir, "f.c"), []byte("x"), 0o644); err == nil {
			t.Fatal("writing over a directory succeeded")
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
			t.Errorf("temporary files left: %v", left)
		}
		return
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "f.c")
	os.WriteFile(p, []byte("old"), 0o644)
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	if _, err := WriteIfChanged(p, []byte("new"), 0o644); err == nil {
		t.Fatal("write into a read-only directory succeeded")
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("old content lost: %q", b)
	}
}

// Devices, FIFOs, directories and oversized files are refused, quickly.
func TestReadFileBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "board.hcl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.h")
	os.WriteFile(big, make([]byte, 2000), 0o644)
	link := filepath.Join(dir, "zero.hcl")
	os.Symlink("/dev/zero", link)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, p := range []string{"/dev/zero", link, fifo, dir, big} {
			if _, err := ReadFile(p, 1000); err == nil {
				t.Errorf("ReadFile(%s) succeeded", p)
			} else if !strings.Contains(err.Error(), p) {
				t.Errorf("error does not name the file: %v", err)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a read hung (FIFO?)")
	}
	if b, err := ReadFile(big, 2000); err != nil || len(b) != 2000 {
		t.Errorf("a file of exactly the limit: %d %v", len(b), err)
	}
}

func TestCheckText(t *testing.T) {
	if err := CheckText("a.h", []byte("#define A 1\n")); err != nil {
		t.Error(err)
	}
	if err := CheckText("a.h", []byte("/* caf\xe9 latin-1 */\n#define A 1\n")); err != nil {
		t.Errorf("a Latin-1 comment refused: %v", err)
	}
	err := CheckText("a.h", []byte("#define A 1\nxx\x00yy"))
	if err == nil || err.Error() != "a.h:2:3: binary content (a NUL byte): not a text file" {
		t.Errorf("got %v", err)
	}
	if err := CheckText("a.elf", []byte("\x7fELF\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8")); err == nil {
		t.Error("binary accepted")
	}
}

// A scratch directory is made of real directories only: a link on the way,
// even one leading inside, is refused and nothing is created through it.
func TestMkdirNoLinks(t *testing.T) {
	base := t.TempDir()
	proj := filepath.Join(base, "proj")
	os.MkdirAll(filepath.Join(proj, "elsewhere"), 0o755)
	os.MkdirAll(filepath.Join(base, "outside"), 0o755)
	r, err := OpenRoot(proj, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.MkdirNoLinks("build/lwipgen"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(proj, "build", "lwipgen")); err != nil || !fi.IsDir() {
		t.Fatalf("build/lwipgen not made: %v", err)
	}
	if err := r.MkdirNoLinks("build/lwipgen"); err != nil {
		t.Errorf("second run: %v", err)
	}
	for _, link := range []struct{ name, target string }{{"out", "../outside"}, {"in", "elsewhere"}} {
		os.Symlink(link.target, filepath.Join(proj, link.name))
		err := r.MkdirNoLinks(link.name + "/lwipgen")
		if !errors.As(err, new(*OutsideError)) {
			t.Errorf("%s -> %s: %v, want an OutsideError", link.name, link.target, err)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(base, "outside")); len(entries) != 0 {
		t.Errorf("created outside: %v", entries)
	}
	if entries, _ := os.ReadDir(filepath.Join(proj, "elsewhere")); len(entries) != 0 {
		t.Errorf("created through the inside link: %v", entries)
	}
	os.WriteFile(filepath.Join(proj, "file"), nil, 0o644)
	if err := r.MkdirNoLinks("file/x"); err == nil {
		t.Error("a file on the way was taken for a directory")
	}
}

// A hard link or a symbolic link planted at the name the temp file of a
// write used to have (fixed: ".X.lwipgen-tmp") is never opened: temp names
// are random and created exclusively, so the file the link points at keeps
// its content (issue 29 item 2).
func TestPlantedTempLinkNotFollowed(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "project")
	os.MkdirAll(dir, 0o755)
	outside := filepath.Join(base, "outside.txt")
	os.WriteFile(outside, []byte("keep\n"), 0o644)
	if err := os.Link(outside, filepath.Join(dir, ".a.h"+TempSuffix)); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, ".b.h"+TempSuffix)); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRoot(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, f := range []string{"a.h", "b.h"} {
		if _, err := r.WriteFile(f, []byte("new\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		tmp := TempName(f)
		if err := r.WriteTemp(f, tmp, []byte("new\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteTemp(f, tmp, []byte("again\n"), 0o644); err == nil {
			t.Errorf("%s: an existing temp name was opened again", tmp)
		}
	}
	if b, _ := os.ReadFile(outside); string(b) != "keep\n" {
		t.Fatalf("a write followed a planted link: outside file is %q", b)
	}
	if err := r.WriteTemp("a.h", "b.h", []byte("x"), 0o644); err == nil {
		t.Error("WriteTemp accepted a name that is not a temp name of its file")
	}
	for tmp, want := range map[string]bool{TempName("x/a.c"): true, ".a.c" + TempSuffix: false, "x/.a.c.0011223344556677" + TempSuffix: true, ".a.c.0011223344556677" + TempSuffix: false, "x/.b.c.0011223344556677" + TempSuffix: false} {
		if IsTempOf(tmp, "x/a.c") != want {
			t.Errorf("IsTempOf(%q, x/a.c) != %v", tmp, want)
		}
	}
}
