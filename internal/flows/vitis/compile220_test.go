//go:build lwip22

package vitis

// The lwip220 (SDT) header against lwIP 2.2.x. Not in the default suite: CI
// fetches only Debian's lwIP 2.1.3, so this runs where a 2.2.1 tree is
// unpacked in the lwipgen cache, with
//
//	go test -count=1 -tags lwip22 ./internal/flows/vitis
//
// and fails (CI=true) or skips, naming the tree, when it is not.

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// TestBSPHeaderCompiles220 does the same for the lwip220 (SDT) header with
// lwIP 2.2.1 from the lwipgen cache.
func TestBSPHeaderCompiles220(t *testing.T) {
	testenv.CrossCompiler(t)
	dir := filepath.Join(lwipsrc.CacheDir(), "lwip-2.2.1")
	if _, err := os.Stat(filepath.Join(dir, "src", "include", "lwip", "opt.h")); err != nil {
		testenv.Missing(t, "lwIP 2.2.1 in "+dir, "unpack an lwIP 2.2.1 release there")
	}
	res, _, ram := compileBSPHeader(t, dir, PathLwipopts2, lwip.V22x)
	compareRAM(t, ramSymbols(ram), objectSymbols(t, res.Objects))
}
