//go:build linux && !amd64 && !386

package qemu

import "syscall"

const sysSetns = syscall.SYS_SETNS
