//go:build unix

package toolchain

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the tool in its own process group and makes cancelling
// kill the whole group: gcc's cc1 and as, not only the driver, so a stopped
// run ends at once instead of when its children let go of the output pipes.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
