// Package toolchain runs arm-none-eabi-gcc: discovery, CPU flags from chip
// data, parallel incremental compiles driven by the compiler's own dependency
// files, an optional compiler launcher (ccache, sccache, distcc), archives,
// links, and compile_commands.json for clangd.
package toolchain

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
)

// Toolchain is a resolved cross toolchain.
type Toolchain struct {
	CC, AR, NM string
	Launcher   []string // e.g. ["ccache"]; prepended to compile commands
}

// Discover finds the toolchain: $LWIPGEN_CC (a gcc path) or arm-none-eabi-gcc
// on PATH; binutils beside it. $LWIPGEN_LAUNCHER (e.g. "ccache") wraps compiles.
func Discover() (*Toolchain, error) {
	cc := os.Getenv("LWIPGEN_CC")
	if cc == "" {
		p, err := exec.LookPath("arm-none-eabi-gcc")
		if err != nil {
			return nil, fmt.Errorf("arm-none-eabi-gcc not found on PATH; install it (Debian: sudo scripts/setup-host.sh, i.e. apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi) or set LWIPGEN_CC")
		}
		cc = p
	}
	prefix := strings.TrimSuffix(cc, "gcc")
	tc := &Toolchain{CC: cc, AR: prefix + "ar", NM: prefix + "nm"}
	for _, t := range []string{tc.AR, tc.NM} {
		if _, err := exec.LookPath(t); err != nil {
			return nil, fmt.Errorf("%s not found beside %s", filepath.Base(t), cc)
		}
	}
	if l := os.Getenv("LWIPGEN_LAUNCHER"); l != "" {
		tc.Launcher = strings.Fields(l)
		if _, err := exec.LookPath(tc.Launcher[0]); err != nil {
			return nil, fmt.Errorf("LWIPGEN_LAUNCHER=%q: %s not found", l, tc.Launcher[0])
		}
	}
	return tc, nil
}

// CPUFlags are the code-generation flags for the chip's core, from chip data.
func CPUFlags(c board.Core) []string {
	f := []string{"-mcpu=" + c.CPU}
	if c.Thumb {
		f = append(f, "-mthumb")
	} else {
		f = append(f, "-marm")
	}
	if c.FPU != "" && c.FPU != "none" {
		f = append(f, "-mfpu="+c.FPU)
	}
	if c.FloatABI != "" {
		f = append(f, "-mfloat-abi="+c.FloatABI)
	}
	return f
}
