package toolchain

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"time"
)

// Limits of one compiler, linker or preprocessor run. A project file can
// make gcc read without end (#include "/dev/zero" grew cc1 to 24 GB) or
// wait forever (#include of a FIFO): each run gets a wall-clock limit and
// an address-space limit, and is killed past either.
var (
	// ToolTimeout bounds one run; a whole lwIP compile unit takes seconds.
	ToolTimeout = 10 * time.Minute
	// ToolMemoryMiB bounds one run's address space (ulimit -v); cc1 on
	// lwIP's largest unit needs well under 1 GiB. LWIPGEN_TOOL_MEMORY_MB
	// overrides it.
	ToolMemoryMiB = 4096
)

// Command is exec.CommandContext for a tool, under ToolTimeout and
// ToolMemoryMiB (through sh's ulimit, which the tool's own children, cc1
// and as, inherit). Call the returned cancel when done.
func Command(ctx context.Context, args []string) (*exec.Cmd, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(ctx, ToolTimeout)
	mem := ToolMemoryMiB
	if v, err := strconv.Atoi(os.Getenv("LWIPGEN_TOOL_MEMORY_MB")); err == nil && v > 0 {
		mem = v
	}
	var cmd *exec.Cmd
	if sh, err := exec.LookPath("sh"); err == nil && runtime.GOOS != "windows" {
		script := "ulimit -v " + strconv.Itoa(mem*1024) + " 2>/dev/null; exec \"$0\" \"$@\""
		cmd = exec.CommandContext(ctx, sh, append([]string{"-c", script}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, args[0], args[1:]...)
	}
	ownGroup(cmd)
	cmd.WaitDelay = 5 * time.Second // output pipes held by a killed tool's children
	return cmd, cancel
}
