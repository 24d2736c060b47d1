package importer

import (
	"os"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

// FuzzParseIOC: any .ioc text parses without a panic (lines of any length).
func FuzzParseIOC(f *testing.F) {
	b, err := os.ReadFile("testdata/STM32H743_ETH.ioc")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte("#MicroXplorer Configuration settings - do not modify\nLWIP.MEM_SIZE=\nETH.ETH_RX_DESC_CNT=abc\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		parseIOC(src) // no panic, whatever the input
	})
}

// A .ioc line over 64 KiB does not end the reading.
func TestParseIOCLongLine(t *testing.T) {
	src := []byte("#MicroXplorer Configuration settings - do not modify\nMx.Comment=" + strings.Repeat("x", 200_000) + "\nLWIP.MEM_SIZE=16384\n")
	if in, err := parseIOC(src); err != nil || in.defs["MEM_SIZE"] != "16384" {
		t.Fatalf("MEM_SIZE after a long line: %q", in.defs["MEM_SIZE"])
	}
}

// A file name (or finding) with a newline stays inside its HCL comment: the
// imported board file gets no line the user did not see.
func TestImportFileNameStaysInComment(t *testing.T) {
	src := []byte("#define MEM_SIZE 1600\n#define TCP_MSS 1460\n")
	res, err := Import(src, "x.h\nboard \"evil\" {}\n#", Options{BoardName: "imported", Chip: "stm32h743zi", Source: board.Source{}})
	if res == nil || res.HCL == nil {
		t.Fatalf("import: %v", err)
	}
	for _, l := range strings.Split(string(res.HCL), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), `board "evil"`) {
			t.Fatalf("the file name escaped its comment:\n%s", res.HCL)
		}
	}
}
