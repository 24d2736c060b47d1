// Package spawn is the one way lwipgen starts a child process: the
// compiler and linker, nm, the --version probes, make, cmake, git, QEMU and
// the simulator's nodes. Every child gets
//
//   - a wall-clock limit and an address-space limit (Limits), so a project
//     file cannot make gcc read without end (#include "/dev/zero" grew cc1
//     to 24 GB) or wait forever (#include of a FIFO);
//   - its own process group, killed whole when its context ends: gcc's cc1
//     and as, make's jobs, not only the driver;
//   - a link to StopAll, which ends every child started and refuses every
//     child not yet started: the interrupt handler calls it on Ctrl-C.
//
// TestEveryChildThroughTheRunner (internal/flow) fails on an exec.Command,
// exec.CommandContext, os.StartProcess or syscall.Exec outside this package.
package spawn

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"time"
)

// Limits bound one child process.
type Limits struct {
	// Timeout is the wall-clock limit; 0: none beyond the caller's context.
	Timeout time.Duration
	// MemoryMiB is the address-space limit (ulimit -v, which the child's
	// own children inherit); 0: none.
	MemoryMiB int
	// Grace > 0: on cancel the group first gets SIGTERM (QEMU shuts down
	// cleanly) and SIGKILL Grace later; 0: SIGKILL at once.
	Grace time.Duration
}

var (
	// ToolTimeout bounds one tool run; a whole lwIP compile unit takes seconds.
	ToolTimeout = 10 * time.Minute
	// ToolMemoryMiB bounds one tool run's address space; cc1 on lwIP's
	// largest unit needs well under 1 GiB. LWIPGEN_TOOL_MEMORY_MB overrides it.
	ToolMemoryMiB = 4096
)

// ToolLimits are the limits of a compiler, linker, binutils, make, cmake or
// git run: ToolTimeout and ToolMemoryMiB (or LWIPGEN_TOOL_MEMORY_MB).
func ToolLimits() Limits {
	mem := ToolMemoryMiB
	if v, err := strconv.Atoi(os.Getenv("LWIPGEN_TOOL_MEMORY_MB")); err == nil && v > 0 {
		mem = v
	}
	return Limits{Timeout: ToolTimeout, MemoryMiB: mem}
}

// Command is exec.CommandContext for args (program first) under lim, in
// its own process group, ended by StopAll. Call the returned release when
// the child is done (after Wait): it frees the timer and the StopAll link.
func Command(ctx context.Context, lim Limits, args ...string) (*exec.Cmd, context.CancelFunc) {
	var cancel context.CancelFunc
	if lim.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, lim.Timeout)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	unlink := link(cancel)
	release := func() { unlink(); cancel() }
	var cmd *exec.Cmd
	if sh, err := exec.LookPath("sh"); err == nil && lim.MemoryMiB > 0 && runtime.GOOS != "windows" {
		script := "ulimit -v " + strconv.Itoa(lim.MemoryMiB*1024) + " 2>/dev/null; exec \"$0\" \"$@\""
		cmd = exec.CommandContext(ctx, sh, append([]string{"-c", script}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, args[0], args[1:]...)
	}
	ownGroup(cmd, lim.Grace)
	cmd.WaitDelay = lim.Grace + 5*time.Second // output pipes held by a killed child's children
	return cmd, release
}

// Tool is Command under ToolLimits.
func Tool(ctx context.Context, args ...string) (*exec.Cmd, context.CancelFunc) {
	return Command(ctx, ToolLimits(), args...)
}

// Output runs a tool (a --version probe, nm, git) under ToolLimits and
// returns its standard output.
func Output(ctx context.Context, args ...string) ([]byte, error) {
	cmd, release := Tool(ctx, args...)
	defer release()
	return cmd.Output()
}

// CombinedOutput is Output with standard error mixed in.
func CombinedOutput(ctx context.Context, args ...string) ([]byte, error) {
	cmd, release := Tool(ctx, args...)
	defer release()
	return cmd.CombinedOutput()
}
