package qemu

// sysSetns is setns(2) on i386 (arch/x86/entry/syscalls/syscall_32.tbl).
const sysSetns = 346
