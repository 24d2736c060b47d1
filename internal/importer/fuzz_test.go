package importer

import (
	"os"
	"strings"
	"testing"
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
		parseIOC(src)
	})
}

// A .ioc line over 64 KiB does not end the reading.
func TestParseIOCLongLine(t *testing.T) {
	src := []byte("#MicroXplorer Configuration settings - do not modify\nMx.Comment=" + strings.Repeat("x", 200_000) + "\nLWIP.MEM_SIZE=16384\n")
	if in := parseIOC(src); in.defs["MEM_SIZE"] != "16384" {
		t.Fatalf("MEM_SIZE after a long line: %q", in.defs["MEM_SIZE"])
	}
}
