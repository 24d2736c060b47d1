package vendorkit

import (
	"errors"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// outsideDir is a folder beside the project that no run may touch.
func outsideDir(t *testing.T, dir string) string {
	o := filepath.Join(filepath.Dir(dir), "outside")
	os.MkdirAll(o, 0o755)
	os.WriteFile(filepath.Join(o, "keep.ld"), []byte("keep\n"), 0o644)
	return o
}

func checkOutside(t *testing.T, o string) {
	t.Helper()
	entries, _ := os.ReadDir(o)
	if len(entries) != 1 {
		t.Errorf("files written outside the project: %v", entries)
	}
	if b, _ := os.ReadFile(filepath.Join(o, "keep.ld")); string(b) != "keep\n" {
		t.Errorf("a file outside the project was changed: %q", b)
	}
}

// A directory symlink inside the project that leads outside it: vendor
// refuses, writes nothing (inside or outside).
func TestVendorRefusesSymlinkedDirLeadingOut(t *testing.T) {
	dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
	o := outsideDir(t, dir)
	os.Symlink(o, filepath.Join(dir, "LWIP", "lwipgen"))
	before := treeHash(t, dir)
	_, err := Vendor(generated(t, "h743"), Options{Project: dir})
	if err == nil || !strings.Contains(err.Error(), "outside") {
		t.Fatalf("want a refusal naming the outside, got %v", err)
	}
	t.Log(err)
	checkOutside(t, o)
	if treeHash(t, dir) != before {
		t.Error("the refused run changed the project")
	}
}

// A Makefile whose LDSCRIPT is outside the project: refused, with what to do.
func TestVendorRefusesLinkerScriptOutside(t *testing.T) {
	dir := copyTree(t, filepath.Join("testdata", "cubemx-makefile-f407"))
	o := outsideDir(t, dir)
	mk := filepath.Join(dir, "Makefile")
	b, _ := os.ReadFile(mk)
	os.WriteFile(mk, []byte(strings.Replace(string(b), "LDSCRIPT = STM32F407VGTX_FLASH.ld", "LDSCRIPT = ../outside/keep.ld", 1)), 0o644)
	before := treeHash(t, dir)
	_, err := Vendor(generated(t, "f407"), Options{Project: dir})
	if err == nil || !strings.Contains(err.Error(), "outside") || !strings.Contains(err.Error(), "copy the script into the project") {
		t.Fatalf("want a refusal with advice, got %v", err)
	}
	checkOutside(t, o)
	if treeHash(t, dir) != before {
		t.Error("the refused run changed the project")
	}
}

// A crafted manifest or backup index cannot make --undo (even --force)
// write or delete outside the project.
func TestUndoRefusesCraftedState(t *testing.T) {
	g := generated(t, "h743")
	for _, c := range []struct{ name, manifest, index string }{
		{"backup outside", `{"board":"h743","files":{},"blocks":{},"last_backup":"../../outside"}`, ""},
		{"backup climbing", `{"board":"h743","files":{},"blocks":{},"last_backup":".lwipgen/backup/../../../outside"}`, ""},
		{"entry outside", `{"board":"h743","files":{},"blocks":{},"last_backup":".lwipgen/backup/x"}`, `{"id":"x","board":"h743","files":[{"path":"../outside/keep.ld","existed":false,"after":"0"}]}`},
		{"entry absolute", `{"board":"h743","files":{},"blocks":{},"last_backup":".lwipgen/backup/x"}`, `{"id":"x","board":"h743","files":[{"path":"/tmp/keep.ld","existed":true,"before":"0","after":"0"}]}`},
		{"manifest file outside", `{"board":"h743","files":{"../outside/keep.ld":"0"},"blocks":{}}`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
			o := outsideDir(t, dir)
			os.MkdirAll(filepath.Join(dir, StateDir, "backup", "x"), 0o755)
			os.WriteFile(filepath.Join(dir, manifestPath), []byte(c.manifest), 0o644)
			if c.index != "" {
				os.WriteFile(filepath.Join(dir, StateDir, "backup", "x", "index.json"), []byte(c.index), 0o644)
			}
			_, err := Undo(dir, true)
			if err == nil {
				t.Fatal("undo accepted a crafted state")
			}
			t.Log(err)
			if c.name == "manifest file outside" {
				if _, err := Vendor(g, Options{Project: dir}); err == nil {
					t.Error("vendor accepted a manifest naming a file outside")
				}
			}
			checkOutside(t, o)
		})
	}
}

// Rewritten project files keep their modes (0600 stays 0600, exec bits stay).
func TestVendorKeepsModes(t *testing.T) {
	dir := copyTree(t, filepath.Join("testdata", "cubemx-makefile-f407"))
	os.Chmod(filepath.Join(dir, "Makefile"), 0o600)
	os.Chmod(filepath.Join(dir, "LWIP", "Target", "lwipopts.h"), 0o750)
	res, err := Vendor(generated(t, "f407"), Options{Project: dir})
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]bool{}
	for _, c := range res.Changes {
		changed[c.Path] = true
	}
	for p, want := range map[string]os.FileMode{"Makefile": 0o600, "LWIP/Target/lwipopts.h": 0o750} {
		if !changed[p] {
			t.Fatalf("%s was not rewritten: the test proves nothing", p)
		}
		if fi, _ := os.Stat(filepath.Join(dir, p)); fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
		}
	}
}

// A write that fails in the write phase (here: the temp file of
// LWIP/Target/lwipopts.h, the last file in path order) leaves the project exactly as it was, with no temp files,
// and undo does not call it "nothing to undo" after a successful run.
func TestWriteErrorLeavesAllOld(t *testing.T) {
	dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
	before := treeHash(t, dir)
	// everything before it in path order is on disk when it fails
	fsutil.FailCreateTemp = func(tmp string) error {
		if strings.HasPrefix(tmp, "LWIP/Target/.lwipopts.h.") {
			return errors.New("injected: no space left on device")
		}
		return nil
	}
	_, err := Vendor(generated(t, "h743"), Options{Project: dir})
	if err == nil {
		t.Fatal("the run succeeded despite the blocked temp file")
	}
	t.Log(err)
	fsutil.FailCreateTemp = nil
	if !strings.Contains(err.Error(), "injected") {
		t.Fatalf("the run failed before its write phase: %v", err)
	}
	if treeHash(t, dir) != before {
		t.Errorf("a failed write phase left the project changed:\n%v", treeFiles(t, dir, func(p string) bool { return !strings.HasPrefix(p, ".lwipgen") && !strings.Contains(p, "lwipgen") }))
	}
	if _, err := Vendor(generated(t, "h743"), Options{Project: dir}); err != nil {
		t.Fatal(err)
	}
	if _, err := Undo(dir, false); err != nil {
		t.Fatalf("undo after a good run: %v", err)
	}
	fixture := treeFiles(t, filepath.Join("testdata", "cubeide-h743"), nil)
	compareTrees(t, "after undo", fixture, treeFiles(t, dir, notState))
}

// Switching a project from one board to another is not a hand edit.
func TestBoardSwitchIsNotAnEdit(t *testing.T) {
	dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
	if _, err := Vendor(generated(t, "h743"), Options{Project: dir}); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(filepath.Join("..", "..", "boards", "h743.hcl"))
	other := strings.Replace(string(src), `board "h743"`, `board "h743-lowlat"`, 1)
	other = strings.Replace(other, "target_mbps     = 90", "target_mbps     = 40", 1)
	if !strings.Contains(other, "target_mbps     = 40") {
		t.Fatal("the board file changed shape: update the test")
	}
	p := filepath.Join(t.TempDir(), "h743-lowlat.hcl")
	os.WriteFile(p, []byte(other), 0o644)
	g, diags := pipeline.Prepare(pipeline.Options{Board: p, Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	res, err := Vendor(g, Options{Project: dir})
	var ce *ConflictError
	if errors.As(err, &ce) {
		t.Fatalf("a board switch was taken as a hand edit: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) == 0 {
		t.Fatal("the switch changed nothing: the test proves nothing")
	}
	// and back
	if _, err := Vendor(generated(t, "h743"), Options{Project: dir}); err != nil {
		t.Fatalf("switching back: %v", err)
	}
}

// A crafted backup index inside the project (its hashes made to match) can
// make --undo, even --force, overwrite no file lwipgen did not write:
// .git/config and a source file the manifest does not list are refused and
// stay as they are (issue 29 item 6).
func TestUndoRefusesFilesTheManifestDoesNotList(t *testing.T) {
	for _, target := range []string{".git/config", "Core/Src/stm32h7xx_it.c", "sub/.git/HEAD"} {
		t.Run(target, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
			os.MkdirAll(filepath.Join(dir, filepath.Dir(target)), 0o755)
			keep := []byte("[core]\n\tbare = false\n")
			os.WriteFile(filepath.Join(dir, target), keep, 0o644)
			evil := []byte("[core]\n\tfsmonitor = sh -c evil\n")
			os.MkdirAll(filepath.Join(dir, StateDir, "backup", "x", "files", filepath.Dir(target)), 0o755)
			os.WriteFile(filepath.Join(dir, StateDir, "backup", "x", "files", target), evil, 0o644)
			os.WriteFile(filepath.Join(dir, manifestPath), []byte(`{"board":"h743","files":{"LWIP/lwipgen/a.c":"0"},"blocks":{},"last_backup":".lwipgen/backup/x"}`), 0o644)
			idx := fmt.Sprintf(`{"id":"x","board":"h743","files":[{"path":%q,"existed":true,"before":%q,"after":%q}]}`, target, sum(evil), sum(keep))
			os.WriteFile(filepath.Join(dir, StateDir, "backup", "x", "index.json"), []byte(idx), 0o644)
			_, err := Undo(dir, true)
			if err == nil || !strings.Contains(err.Error(), target) {
				t.Fatalf("undo accepted a crafted index entry %s: %v", target, err)
			}
			t.Log(err)
			if b, _ := os.ReadFile(filepath.Join(dir, target)); string(b) != string(keep) {
				t.Fatalf("%s was overwritten: %q", target, b)
			}
		})
	}
}
