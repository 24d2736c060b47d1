package audit

import (
	"bytes"
	"os"
	"testing"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/seeds"
)

// FuzzParse: any header text parses without a panic; every #define found is
// on a line of the file; a header that passes cheader.Check is also parsed.
func FuzzParse(f *testing.F) {
	entries, _ := seeds.FS.ReadDir(".")
	for _, e := range entries {
		b, _ := seeds.Config(e.Name())
		f.Add(b)
	}
	if b, err := os.ReadFile("../vendor/testdata/cubeide-h743/LWIP/Target/lwipopts.h"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("#define A 1 /* unterminated\n#define B 2\n"))
	f.Add([]byte("#define A \\\n (1 + \\\n 2)\n#define F(x) x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, d := range Parse(src) {
			if d.Line < 1 || d.Line > lines {
				t.Fatalf("#define %s at line %d of a %d-line file", d.Name, d.Line, lines)
			}
		}
		cheader.Check("fuzz.h", src)
	})
}

// A line over 64 KiB (or 1 MiB) does not end the reading: the #define after
// it is still found (bufio.Scanner stopped silently there).
func TestParseLongLine(t *testing.T) {
	src := []byte("#define MEM_SIZE 1600\n/* " + string(bytes.Repeat([]byte("x"), 2<<20)) + " */\n#define TCP_RCV_BUF 8192\n")
	var names []string
	for _, d := range Parse(src) {
		names = append(names, d.Name)
	}
	if len(names) != 2 || names[1] != "TCP_RCV_BUF" {
		t.Fatalf("defines after a 2 MiB line: %v", names)
	}
}
