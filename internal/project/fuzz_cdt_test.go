package project

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadCDT: any .cproject is read or refused, never a panic; a
// refusal of malformed XML points inside the file, and what is read has its
// configuration and units that point at it. Seeds: the fixtures' .cproject
// files and testdata/fuzz/FuzzReadCDT.
func FuzzReadCDT(f *testing.F) {
	for _, d := range []string{"xsdk-echo/echo_app"} {
		src, err := os.ReadFile(filepath.Join("testdata/cdt", d, ".cproject"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	// one project folder per fuzzing process; each input replaces its .cproject
	dir := f.TempDir()
	for name, s := range map[string]string{"src/a.c": "", "Core/b.S": "", ".project": "<projectDescription><name>p</name></projectDescription>"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if err := os.WriteFile(filepath.Join(dir, ".cproject"), src, 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := readCDT(context.Background(), dir, ".cproject", Options{})
		if err != nil {
			var xe *xmlError
			if errors.As(err, &xe) && (xe.Line < 1 || xe.Line > bytes.Count(src, []byte("\n"))+1 || xe.Col < 1) {
				t.Fatalf("position %d:%d outside the file: %v", xe.Line, xe.Col, err)
			}
			return
		}
		if b.Config == "" && len(b.Notes) == 0 {
			t.Fatal("a build without a configuration or a note")
		}
		for _, u := range b.Units {
			if !filepath.IsAbs(u.File) || u.From.File != ".cproject" || u.From.Line < 1 || u.Lang == "" {
				t.Fatalf("unit %+v", u)
			}
		}
	})
}
