package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The readers of files a user hands lwipgen never panic, and what they
// return holds its own invariants: every unit's source and directories are
// absolute, its language known.
func checkUnits(t *testing.T, units []Unit) {
	t.Helper()
	for _, u := range units {
		if !filepath.IsAbs(u.File) || !filepath.IsAbs(u.Dir) || u.Lang == "" {
			t.Fatalf("unit %+v", u)
		}
		for _, d := range append(append(append([]string{}, u.Includes...), u.System...), u.Forced...) {
			if !filepath.IsAbs(d) {
				t.Fatalf("relative path %q in %+v", d, u)
			}
		}
	}
}

func seed(f *testing.F, path string) {
	if b, err := os.ReadFile(path); err == nil {
		f.Add(b)
	}
}

func FuzzCompileDB(f *testing.F) {
	seed(f, "testdata/compiledb-bear/build/compile_commands.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		units, _, err := parseCompileDB("compile_commands.json", data, "/p", "/p")
		if err == nil {
			checkUnits(t, units)
		} else if !strings.HasPrefix(err.Error(), "compile_commands.json") {
			t.Fatalf("error without its file: %v", err)
		}
	})
}

func FuzzKeil(f *testing.F) {
	seed(f, "testdata/keil-cubemx-f429/MDK-ARM/F429_ETH.uvprojx")
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := parseKeil("MDK-ARM/x.uvprojx", data, "/p", "")
		if err == nil {
			checkUnits(t, b.Units)
		} else if !strings.HasPrefix(err.Error(), "MDK-ARM/x.uvprojx") {
			t.Fatalf("error without its file: %v", err)
		}
	})
}

func FuzzIAR(f *testing.F) {
	seed(f, "testdata/iar-cubemx-f429/EWARM/F429_ETH.ewp")
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := parseIAR("EWARM/x.ewp", data, "/p", "")
		if err == nil {
			checkUnits(t, b.Units)
		} else if !strings.HasPrefix(err.Error(), "EWARM/x.ewp") {
			t.Fatalf("error without its file: %v", err)
		}
	})
}

func FuzzBuildLog(f *testing.F) {
	f.Add("make: Entering directory '/p'\ncd sub && arm-none-eabi-gcc -c -DA=\"x;y\" a.c -o a.o; echo ok\narm-none-eabi-gcc a.o -T x.ld -o fw.elf\n")
	f.Fuzz(func(t *testing.T, log string) {
		b := &Build{}
		commandsToBuild(b, parseBuildLog(log, "/p"), "/p", Pos{File: "Makefile"})
		checkUnits(t, b.Units)
	})
}
