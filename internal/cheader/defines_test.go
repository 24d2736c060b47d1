package cheader

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/seeds"
)

// FuzzDefines: any header text is read without a panic; every #define found
// is on a line of the file; Check never panics on it either. (It was
// audit's FuzzParse when audit held the reader; its corpus moved with it.)
func FuzzDefines(f *testing.F) {
	entries, _ := seeds.FS.ReadDir(".")
	for _, e := range entries {
		b, _ := seeds.Config(e.Name())
		f.Add(b)
	}
	if b, err := os.ReadFile("../vendorkit/testdata/cubeide-h743/LWIP/Target/lwipopts.h"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("#define A 1 /* unterminated\n#define B 2\n"))
	f.Add([]byte("#define A \\\n (1 + \\\n 2)\n#define F(x) x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, d := range Defines(src) {
			if d.Line < 1 || d.Line > lines {
				t.Fatalf("#define %s at line %d of a %d-line file", d.Name, d.Line, lines)
			}
		}
		Check("fuzz.h", src)
	})
}

// A line over 64 KiB (or 1 MiB) does not end the reading: the #define after
// it is still found (bufio.Scanner stopped silently there).
func TestDefinesLongLine(t *testing.T) {
	src := []byte("#define MEM_SIZE 1600\n/* " + string(bytes.Repeat([]byte("x"), 2<<20)) + " */\n#define TCP_RCV_BUF 8192\n")
	var names []string
	for _, d := range Defines(src) {
		names = append(names, d.Name)
	}
	if len(names) != 2 || names[1] != "TCP_RCV_BUF" {
		t.Fatalf("defines after a 2 MiB line: %v", names)
	}
}

func TestDefinesKeepLinesAndStripComments(t *testing.T) {
	src := "/* header\n   comment */\n#define A 1 // one\n#define B \\\n  (2*A)\n#define F(x) x\n#  define C /* c */ 3\n"
	defs := Defines([]byte(src))
	want := []Define{{Name: "A", Value: "1", Line: 3}, {Name: "B", Value: "(2*A)", Line: 4}, {Name: "C", Value: "3", Line: 7}}
	if len(defs) != len(want) {
		t.Fatalf("got %v", defs)
	}
	for i := range want {
		if defs[i].Name != want[i].Name || strings.TrimSpace(defs[i].Value) != want[i].Value || defs[i].Line != want[i].Line {
			t.Errorf("define %d: got %+v, want %+v", i, defs[i], want[i])
		}
	}
}
