package vitis

import (
	"os"
	"strings"
	"testing"
)

// FuzzParseMSS: any .mss text parses or is refused with a line, without a
// panic; so does any BSP lwipopts.h.
func FuzzParseMSS(f *testing.F) {
	for _, p := range []string{"testdata/system.mss", "testdata/seed004_bsp.mss", "testdata/seed004_lwipopts.h"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("BEGIN LIBRARY\n PARAMETER X = \"a # b\"\nBEGIN OS\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := ParseMSS(src); err != nil && !strings.HasPrefix(err.Error(), "mss") {
			t.Fatalf("error without its place: %v", err)
		}
		ParseDefines(string(src))
	})
}
