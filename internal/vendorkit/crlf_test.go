package vendorkit

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Issue 29 item 9: a project whose files end their lines in CRLF (written on
// Windows) keeps CRLF in every line lwipgen inserts (USER CODE blocks in
// main.c, the linker script's INCLUDE, lwipopts.h's include), its blocks are
// recognised as lwipgen's on the next run (up to date, no "edited by
// hand"), and a file with LF line ends stays LF.
func TestCRLFFilesKeepCRLF(t *testing.T) {
	g := generated(t, "h743")
	dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
	crlf := []string{"Core/Src/main.c", "STM32H743ZITX_FLASH.ld", "LWIP/Target/lwipopts.h"}
	for _, rel := range crlf {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]bool{}
	for _, c := range res.Changes {
		changed[c.Path] = true
	}
	for _, rel := range crlf {
		if !changed[rel] {
			t.Errorf("%s was not edited: the test does not reach it", rel)
		}
		b, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if n, crlfs := bytes.Count(b, []byte("\n")), bytes.Count(b, []byte("\r\n")); n != crlfs {
			t.Errorf("%s: %d of %d lines end in a bare LF after vendor", rel, n-crlfs, n)
		}
	}
	// .cproject kept LF: nothing turned it to CRLF
	if b, _ := os.ReadFile(filepath.Join(dir, ".cproject")); bytes.Contains(b, []byte("\r\n")) {
		t.Error(".cproject (LF) got CRLF line ends")
	}
	again, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err != nil {
		t.Fatalf("second vendor: %v", err)
	}
	if len(again.Changes) != 0 {
		var paths []string
		for _, c := range again.Changes {
			paths = append(paths, c.Path)
		}
		t.Errorf("second vendor changed %v", paths)
	}
}
