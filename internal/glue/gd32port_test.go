package glue

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// TestGD32LwipoptsWithGDPort compiles lwIP itself (init.c, every compile-time rule; sockets.c, the
// struct timeval user; tcp.c) with the generated lwipopts.h of gd32f407 (FreeRTOS, sockets on) and of
// its bare-metal variant, against a stand-in of GigaDevice's own lwIP port (testdata/gd32port/arch:
// cc.h including cpu.h, which defines BYTE_ORDER unguarded), -Wall -Wextra -Werror. lwipopts.h once
// included newlib's <sys/time.h> for LWIP_TIMEVAL_PRIVATE 0, whose <machine/endian.h> defined
// BYTE_ORDER first: "BYTE_ORDER redefined" in every lwIP file of a GD32 project (issue 30 item 5).
func TestGD32LwipoptsWithGDPort(t *testing.T) {
	testenv.CrossCompiler(t)
	tree := testenv.Tree(t)
	tc, err := toolchain.Discover()
	if err != nil {
		t.Fatal(err)
	}
	port, err := filepath.Abs(filepath.Join("testdata", "gd32port"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"gd32f407", "gd32f407-none"} {
		t.Run(name, func(t *testing.T) {
			r := prepare(t, name)
			dir := t.TempDir()
			var opts []byte
			for _, f := range r.gen.Files {
				if f.Path == "lwipopts.h" {
					opts = f.Content
				}
			}
			if opts == nil {
				t.Fatal("no lwipopts.h generated")
			}
			if bytes.Contains(opts, []byte("#include <sys/time.h>")) {
				t.Errorf("lwipopts.h includes <sys/time.h> (GD's cpu.h then redefines BYTE_ORDER)")
			}
			if err := os.WriteFile(filepath.Join(dir, "lwipopts.h"), opts, 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{}, toolchain.CPUFlags(r.gen.Board.Chip.Core)...)
			args = append(args, "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-Os", "-I", dir, "-I", port, "-I", filepath.Join(tree.Dir, "src", "include"))
			for _, src := range []string{"src/core/init.c", "src/api/sockets.c", "src/core/tcp.c"} {
				cmd := exec.Command(tc.CC, append(append([]string{}, args...), "-c", filepath.Join(tree.Dir, src), "-o", filepath.Join(dir, filepath.Base(src)+".o"))...)
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Run(); err != nil {
					t.Errorf("%s: %v\n%s", src, err, strings.TrimSpace(out.String()))
				}
			}
		})
	}
}
