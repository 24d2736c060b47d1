//go:build ignore

// Zero-install mage: `go run mage.go build board=h743` works on a machine
// without the mage binary. It runs the targets in magefiles/.
package main

import (
	"os"

	"github.com/magefile/mage/mage"
)

func main() { os.Exit(mage.Main()) }
