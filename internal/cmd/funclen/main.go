// Command funclen lists Go functions longer than a limit in non-test code and
// counts exported identifiers per package. It exists so the "house" numbers of
// issue 33 (long orchestration functions, exported surface of each flow) can be
// measured the same way before and after a refactor, and so an arch test can
// reuse the counting (see Long and Exported).
//
//	go run ./internal/cmd/funclen [-max 80] [-exported internal/flows] [dir]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/lwipgen/lwipgen/internal/cmd/funclen/count"
)

func main() {
	max := flag.Int("max", 80, "report functions with more lines than this")
	exp := flag.String("exported", "", "also count exported identifiers per package below this folder")
	flag.Parse()
	root := "."
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	long, err := count.Long(root, *max)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, f := range long {
		fmt.Printf("%5d %s %s\n", f.Lines, f.Pos, f.Name)
	}
	fmt.Printf("functions over %d lines: %d\n", *max, len(long))
	if *exp == "" {
		return
	}
	per, err := count.Exported(*exp)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, p := range per {
		fmt.Printf("%5d exported %s\n", p.Count, p.Dir)
	}
}
