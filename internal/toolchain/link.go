package toolchain

import (
	"context"
	"os"
)

// Archive (re)creates lib from objs when any object is newer than it.
// It reports whether it ran.
func (b *Builder) Archive(ctx context.Context, lib string, objs []string) (bool, error) {
	if newerThan(lib, objs) {
		return false, nil
	}
	os.Remove(lib)
	args := append([]string{b.TC.AR, "rcs", lib}, objs...)
	if b.Progress != nil {
		b.Progress.Write([]byte("AR " + lib + "\n"))
	}
	return true, Run(ctx, b.Dir, args)
}

// Link links elf from objs and libs with a linker script; it writes a map
// file beside it. It reports whether it ran.
func (b *Builder) Link(ctx context.Context, elf string, flags []string, inputs []string, script string) (bool, error) {
	if newerThan(elf, append(append([]string{}, inputs...), script)) {
		return false, nil
	}
	args := append([]string{b.TC.CC}, flags...)
	args = append(args, "-T", script, "-Wl,-Map="+elf+".map", "-o", elf)
	args = append(args, inputs...)
	if b.Progress != nil {
		b.Progress.Write([]byte("LD " + elf + "\n"))
	}
	return true, Run(ctx, b.Dir, args)
}

// newerThan: target exists and is at least as new as every input.
func newerThan(target string, inputs []string) bool {
	ts, err := os.Stat(target)
	if err != nil {
		return false
	}
	for _, in := range inputs {
		st, err := os.Stat(in)
		if err != nil || st.ModTime().After(ts.ModTime()) {
			return false
		}
	}
	return true
}
