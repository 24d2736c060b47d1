//go:build linux

package qemu

import "syscall"

// procAttr adds to spawn's own process group (a Ctrl-C in the terminal
// reaches only us; we then stop QEMU by its PID) the kernel's kill of QEMU
// if this process dies without stopping it.
func procAttr(a *syscall.SysProcAttr) {
	if a != nil {
		a.Pdeathsig = syscall.SIGKILL
	}
}
