package qemu

// sysSetns is setns(2) on x86-64 (arch/x86/entry/syscalls/syscall_64.tbl;
// the syscall package's table for amd64 predates it).
const sysSetns = 308
