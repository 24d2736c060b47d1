//go:build unix

package spawn

import (
	"os/exec"
	"syscall"
	"time"
)

// ownGroup puts the child in its own process group and makes cancelling
// signal the whole group: gcc's cc1 and as, not only the driver, so a
// stopped run ends at once instead of when its children let go of the
// output pipes. A child that ignores SIGTERM still ends: SIGKILL follows
// after grace.
func ownGroup(cmd *exec.Cmd, grace time.Duration) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		pg := -cmd.Process.Pid
		if grace <= 0 {
			return syscall.Kill(pg, syscall.SIGKILL)
		}
		time.AfterFunc(grace, func() { _ = syscall.Kill(pg, syscall.SIGKILL) })
		return syscall.Kill(pg, syscall.SIGTERM)
	}
}
