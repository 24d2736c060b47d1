package project

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// readWith reads the project at dir with the reader of sys, as Load would:
// Present names the build file, Read reads it.
func readWith(t *testing.T, sys System, dir string, o Options) (*Build, error) {
	t.Helper()
	r, ok := readers[sys]
	if !ok {
		t.Fatalf("no reader registered for %s", sys)
	}
	file := r.Present(dir)
	if file == "" {
		t.Fatalf("%s reader finds no build file in %s", sys, dir)
	}
	return r.Read(context.Background(), dir, file, o)
}

// mustRead is readWith that fails the test on an error.
func mustRead(t *testing.T, sys System, dir string, o Options) *Build {
	t.Helper()
	b, err := readWith(t, sys, dir, o)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fixture copies testdata/name into a temporary directory.
func fixture(t *testing.T, name string) string {
	t.Helper()
	return testenv.CopyTree(t, filepath.Join("testdata", name))
}

// unit is the build's unit for rel, failing the test when there is none.
func unitFor(t *testing.T, b *Build, rel string) *Unit {
	t.Helper()
	u := b.Unit(rel)
	if u == nil {
		var have []string
		for _, u := range b.Units {
			have = append(have, u.Rel)
		}
		t.Fatalf("no unit for %s; units: %v", rel, have)
	}
	return u
}

// rels are the units' project-relative sources, sorted.
func unitRels(b *Build) []string {
	var out []string
	for _, u := range b.Units {
		out = append(out, u.Rel)
	}
	slices.Sort(out)
	return out
}

// findOnPath is where a #include "name" from a file in dir of unit u
// resolves, the way gcc searches; "" when nowhere.
func findOnPath(u *Unit, dir, name string) string {
	for _, d := range u.SearchPath(dir) {
		if _, err := os.Stat(filepath.Join(d, name)); err == nil {
			return filepath.Join(d, name)
		}
	}
	return ""
}

// hasNote says whether a note contains every part.
func noteWith(b *Build, parts ...string) bool {
	for _, n := range b.Notes {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(n, p)
		}
		if ok {
			return true
		}
	}
	return false
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }
