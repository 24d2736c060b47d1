package vendor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// TestBuildProjectMakefile vendors f407 into the CubeMX Makefile fixture,
// builds it with the project's own Makefile and arm-none-eabi-gcc, and
// verifies the ELF against the plan. The lwIP sources are the tree lwipgen
// fetched, linked where CubeMX keeps them.
func TestBuildProjectMakefile(t *testing.T) {
	testenv.CrossCompiler(t)
	lw := testenv.LwIP(t)
	g := generated(t, "f407")
	dir := copyTree(t, filepath.Join("testdata", "cubemx-makefile-f407"))
	if err := os.Symlink(filepath.Join(lw, "src"), filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "src")); err != nil {
		t.Fatal(err)
	}
	if _, err := Vendor(g, Options{Project: dir}); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	elf, res, err := BuildProject(context.Background(), dir, g, &log)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Checks {
		if !c.OK {
			t.Errorf("%s: %s", c.ID, c.Detail)
		}
	}
	if !res.OK() {
		t.Fatalf("%s does not verify", elf)
	}
	t.Logf("%s verified: %d checks", elf, len(res.Checks))
}
