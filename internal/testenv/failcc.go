package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// FailingCompiler points LWIPGEN_CC at a gcc that fails every compile (with
// the real ar and nm beside it), for tests of what a build does when the
// compiler fails after lwipgen generated its files.
func FailingCompiler(t *testing.T) {
	t.Helper()
	CrossCompiler(t)
	bin := t.TempDir()
	for _, tool := range []string{"ar", "nm"} {
		real := Tool(t, "arm-none-eabi-"+tool)
		if err := os.Symlink(real, filepath.Join(bin, "arm-none-eabi-"+tool)); err != nil {
			t.Fatal(err)
		}
	}
	cc := filepath.Join(bin, "arm-none-eabi-gcc")
	if err := os.WriteFile(cc, []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("LWIPGEN_CC", cc)
}
