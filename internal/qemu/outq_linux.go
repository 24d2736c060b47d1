//go:build linux

package qemu

import (
	"net"
	"syscall"
	"unsafe"
)

// unsent is the bytes still in c's send queue (not yet acknowledged by the
// peer: SIOCOUTQ, the same request number as TIOCOUTQ), -1 if unknown. The
// loaded upload's rate subtracts them: bytes written into the host's socket
// buffer are not bytes the guest received.
func unsent(c *net.TCPConn) int64 {
	rc, err := c.SyscallConn()
	if err != nil {
		return -1
	}
	v := int32(-1)
	cerr := rc.Control(func(fd uintptr) {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, uintptr(syscall.TIOCOUTQ), uintptr(unsafe.Pointer(&v))); e != 0 {
			v = -1
		}
	})
	if cerr != nil {
		return -1
	}
	return int64(v)
}
