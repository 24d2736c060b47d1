package vendorkit

import (
	"testing"

	udiff "github.com/aymanbagabas/go-udiff"
)

// The dry-run diff keeps the `diff -u` form lwipgen has always shown (git
// labels, /dev/null for new files, GNU hunk ranges) now that it comes from
// go-udiff, and a hunk keeps three lines of context.
func TestUnifiedDiffForm(t *testing.T) {
	a := []byte("one\ntwo\nthree\nfour\nfive\nsix\nseven\n")
	b := []byte("one\ntwo\nthree\nFOUR\nfive\nsix\nseven\n")
	got := unifiedDiff("Core/Inc/lwipopts.h", a, b, true)
	want := "--- a/Core/Inc/lwipopts.h\n+++ b/Core/Inc/lwipopts.h\n@@ -1,7 +1,7 @@\n" +
		" one\n two\n three\n-four\n+FOUR\n five\n six\n seven\n"
	if got != want {
		t.Fatalf("diff form changed:\n%s\nwant:\n%s", got, want)
	}
	// A change near the end keeps GNU's leading context and range.
	if d := udiff.Unified("a", "b", string(a), "one\ntwo\nthree\nfour\nfive\nsix\nSEVEN\n"); d != "--- a\n+++ b\n@@ -4,4 +4,4 @@\n four\n five\n six\n-seven\n+SEVEN\n" {
		t.Fatalf("trailing hunk form changed:\n%s", d)
	}
	if d := unifiedDiff("x.c", nil, []byte("int x;"), false); d != "--- /dev/null\n+++ b/x.c\n@@ -0,0 +1 @@\n+int x;\n\\ No newline at end of file\n" {
		t.Fatalf("new-file diff form changed:\n%s", d)
	}
	if d := unifiedDiff("x.c", a, a, true); d != "" {
		t.Fatalf("equal contents give a diff: %q", d)
	}
}
