//go:build linux

package qemu

import "syscall"

// procAttr puts QEMU in its own process group, so a Ctrl-C in the terminal
// reaches only us (we then stop QEMU by its PID), and asks the kernel to kill
// QEMU if this process dies without stopping it.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
