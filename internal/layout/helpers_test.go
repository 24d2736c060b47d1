package layout_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/boards"
)

func builtin(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(boards.FS, name+".hcl")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var memRe = regexp.MustCompile(`(?s)memory \{.*?\n  \}`)

func memoryBlock(t *testing.T, name string) string {
	t.Helper()
	m := memRe.FindString(builtin(t, name))
	if m == "" {
		t.Fatalf("%s has no memory block", name)
	}
	return m
}

// lineOf is the line of the first attribute named attr in the modified board text.
func lineOf(t *testing.T, name, attr string) int {
	t.Helper()
	text := builtin(t, name)
	text = strings.Replace(text, memoryBlock(t, name), "memory {\n    lwip_region = \"x\"\n  }", 1)
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, attr) {
			return i + 1
		}
	}
	t.Fatalf("no %s", attr)
	return 0
}
