//go:build !linux

package qemu

import "syscall"

func procAttr(a *syscall.SysProcAttr) {}
