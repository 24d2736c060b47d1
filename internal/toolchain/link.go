package toolchain

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"
	"strings"
)

// Archive (re)creates lib from objs unless it is up to date (see built).
// It reports whether it ran.
func (b *Builder) Archive(ctx context.Context, lib string, objs []string) (bool, error) {
	args := append([]string{b.TC.AR, "rcs"}, objs...)
	if b.built(lib, args, objs) {
		return false, nil
	}
	if b.Progress != nil {
		b.Progress.Write([]byte("AR " + lib + "\n"))
	}
	tmp := tempOf(lib)
	os.Remove(tmp) // ar adds to an existing archive: start from nothing
	run := append([]string{b.TC.AR, "rcs", tmp}, objs...)
	return true, b.commit(lib, args, func() error { return Run(ctx, b.Dir, run) })
}

// Link links elf from objs and libs with a linker script; it writes a map
// file beside it. It reports whether it ran.
func (b *Builder) Link(ctx context.Context, elf string, flags []string, inputs []string, script string) (bool, error) {
	args := append([]string{b.TC.CC}, flags...)
	args = append(args, "-T", script)
	args = append(args, inputs...)
	if b.built(elf, args, append(append([]string{}, inputs...), script)) {
		return false, nil
	}
	if b.Progress != nil {
		b.Progress.Write([]byte("LD " + elf + "\n"))
	}
	tmp := tempOf(elf)
	run := append(append([]string{}, args[:len(args)-len(inputs)]...), "-Wl,-Map="+tmp+".map", "-o", tmp)
	run = append(run, inputs...)
	return true, b.commit(elf, args, func() error {
		if err := Run(ctx, b.Dir, run); err != nil {
			os.Remove(b.abs(tmp + ".map"))
			return err
		}
		return os.Rename(b.abs(tmp+".map"), b.abs(elf+".map"))
	})
}

// tempOf is where an output is built before it is renamed into place: an
// interrupted ar or ld (Ctrl-C) leaves only this file, never a truncated
// liblwip.a or ELF that a later build would take as up to date.
func tempOf(p string) string {
	return filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".lwipgen-tmp")
}

func (b *Builder) abs(p string) string {
	if filepath.IsAbs(p) || b.Dir == "" {
		return p
	}
	return filepath.Join(b.Dir, p)
}

// commit runs build (which writes tempOf(target)), renames the result over
// target and records its stamp: the command and the hash of what it wrote.
func (b *Builder) commit(target string, args []string, build func() error) error {
	tmp := tempOf(target)
	if err := build(); err != nil {
		os.Remove(b.abs(tmp))
		return err
	}
	data, err := fsutil.ReadFile(b.abs(tmp), fsutil.MaxArtefact)
	if err != nil {
		return err
	}
	if err := os.Rename(b.abs(tmp), b.abs(target)); err != nil {
		return err
	}
	return os.WriteFile(b.abs(target)+".stamp", []byte(stamp(args, data)), 0o644)
}

func stamp(args []string, output []byte) string {
	c := sha256.Sum256([]byte(strings.Join(args, "\x00")))
	o := sha256.Sum256(output)
	return hex.EncodeToString(c[:]) + " " + hex.EncodeToString(o[:]) + "\n"
}

// built: target exists, is at least as new as every input, was made by the
// same command, and still holds exactly what that command wrote (its
// content hash is in the stamp): an 8-byte liblwip.a left by an
// interrupted ar, or an output edited or truncated since, is rebuilt.
func (b *Builder) built(target string, args []string, inputs []string) bool {
	if !newerThan(b.abs(target), inputs, b.abs) {
		return false
	}
	st, err := fsutil.ReadFile(b.abs(target)+".stamp", fsutil.MaxInput)
	if err != nil {
		return false
	}
	data, err := fsutil.ReadFile(b.abs(target), fsutil.MaxArtefact)
	return err == nil && string(st) == stamp(args, data)
}

// newerThan: target exists and is at least as new as every input.
func newerThan(target string, inputs []string, abs func(string) string) bool {
	ts, err := os.Stat(target)
	if err != nil {
		return false
	}
	for _, in := range inputs {
		st, err := os.Stat(abs(in))
		if err != nil || st.ModTime().After(ts.ModTime()) {
			return false
		}
	}
	return true
}
