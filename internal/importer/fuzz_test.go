package importer

import (
	"os"
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
