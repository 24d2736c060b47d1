package pipeline

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
)

// tree maps every file under dir to its content.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			m[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	return m
}

func names(m map[string]string) string {
	var n []string
	for k := range m {
		n = append(n, k)
	}
	sort.Strings(n)
	return strings.Join(n, " ")
}

// Issue 29 item 10: generate stages its files beside generated/ and swaps
// the folder in whole. A run that fails halfway (a full disk; injected
// here) leaves the previous board's tree as it was, not two boards' files
// mixed; a run that succeeds leaves exactly its own files (the previous
// board's linker script is gone) and no staging folder.
func TestGenerateSwapsOutputWhole(t *testing.T) {
	out := t.TempDir()
	if _, diags := Generate(Options{Board: "f407", Source: board.Source{}, Out: out}); diags.HasErrors() {
		t.Fatal(diags)
	}
	first := tree(t, filepath.Join(out, "generated"))
	flow.FailStagedWrite = 3
	_, diags := Generate(Options{Board: "h743", Source: board.Source{}, Out: out})
	flow.FailStagedWrite = 0
	if !diags.HasErrors() {
		t.Fatal("the injected failure did not fail generate")
	}
	if got := tree(t, filepath.Join(out, "generated")); names(got) != names(first) {
		t.Fatalf("a failed generate changed generated/:\nbefore %s\nafter  %s", names(first), names(got))
	} else {
		for k, v := range first {
			if got[k] != v {
				t.Errorf("a failed generate changed %s", k)
			}
		}
	}
	g, diags := Generate(Options{Board: "h743", Source: board.Source{}, Out: out})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := map[string]string{}
	for _, f := range g.Files {
		want[filepath.ToSlash(f.Path)] = string(f.Content)
	}
	if got := tree(t, filepath.Join(out, "generated")); names(got) != names(want) {
		t.Errorf("generated/ after h743 over f407:\n got  %s\n want %s", names(got), names(want))
	}
	if m, _ := filepath.Glob(filepath.Join(out, ".generated.*")); len(m) > 0 {
		t.Errorf("staging left behind: %v", m)
	}
	// running twice changes nothing: no file is rewritten
	st, _ := os.Stat(filepath.Join(out, "generated", "lwipopts.h"))
	if _, diags := Generate(Options{Board: "h743", Source: board.Source{}, Out: out}); diags.HasErrors() {
		t.Fatal(diags)
	}
	if st2, _ := os.Stat(filepath.Join(out, "generated", "lwipopts.h")); !os.SameFile(st, st2) || !st.ModTime().Equal(st2.ModTime()) {
		t.Error("a second identical generate rewrote lwipopts.h")
	}
}
