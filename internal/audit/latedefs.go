package audit

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/cheader"
)

// A test in lwipopts.h of a macro lwIP defines only after it has read
// lwipopts.h: opt.h includes lwipopts.h first and defines its derived
// macros after it, so `#ifdef LWIP_NUM_SYS_TIMEOUT_INTERNAL` in lwipopts.h
// is always false and its #else branch is always the one compiled (a
// pico-sdk user's lwipopts.h sizes MEMP_NUM_SYS_TIMEOUT that way and always
// gets the fixed fallback).

var (
	reIfdefTest   = regexp.MustCompile(`^\s*#\s*(ifdef|ifndef)\s+([A-Za-z_][A-Za-z0-9_]*)`)
	reDefinedName = regexp.MustCompile(`defined\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)|defined\s+([A-Za-z_][A-Za-z0-9_]*)`)
	lwipDefsOnce  sync.Map // lwipDir -> map[name]header
)

// lwipDefinitions maps every macro lwIP's headers define to the first
// header (relative to the tree) that defines it.
func lwipDefinitions(lwipDir string) map[string]string {
	if lwipDir == "" {
		return nil
	}
	if m, ok := lwipDefsOnce.Load(lwipDir); ok {
		return m.(map[string]string)
	}
	defs := map[string]string{}
	root := filepath.Join(lwipDir, "src", "include")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".h") {
			return nil
		}
		b, err := fsutil.ReadFile(p, fsutil.MaxInput)
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(lwipDir, p)
		// definitions only the documentation sees (`#ifdef __DOXYGEN__` /
		// `#define LWIP_DEBUG` in debug.h) are not lwIP's: LWIP_DEBUG is the user's switch
		var doxygen []bool
		inDoxygen := func() bool {
			for _, d := range doxygen {
				if d {
					return true
				}
			}
			return false
		}
		for _, l := range strings.Split(cheader.StripComments(string(b)), "\n") {
			m := reDirective.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			switch m[1] {
			case "if", "ifdef", "ifndef":
				cond := strings.Join(strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(m[2])), " ")
				doxygen = append(doxygen, m[1] == "ifdef" && cond == "__DOXYGEN__" || m[1] == "if" && cond == "defined __DOXYGEN__")
				continue
			case "else", "elif":
				if n := len(doxygen); n > 0 {
					doxygen[n-1] = false
				}
				continue
			case "endif":
				if n := len(doxygen); n > 0 {
					doxygen = doxygen[:n-1]
				}
				continue
			}
			if m[1] == "define" && !inDoxygen() {
				if d := reDefine.FindStringSubmatch(m[2]); d != nil {
					if _, ok := defs[d[1]]; !ok {
						defs[d[1]] = filepath.ToSlash(rel)
					}
				}
			}
		}
		return nil
	})
	lwipDefsOnce.Store(lwipDir, defs)
	return defs
}

// lateDefinedTests reports the file's #ifdef/#ifndef/defined() tests of
// macros that nothing defines before the test but lwIP defines after
// reading lwipopts.h: the test's result is fixed (false, or true for
// #ifndef), whatever lwIP later makes of the name.
func (a *auditor) lateDefinedTests() {
	defs := lwipDefinitions(a.o.LwipDir)
	if defs == nil {
		return
	}
	b, err := fsutil.ReadFile(a.o.File, fsutil.MaxInput)
	if err != nil {
		return
	}
	cmdline := map[string]bool{}
	for _, d := range a.o.Defines {
		n, _, _ := strings.Cut(d, "=")
		cmdline[n] = true
	}
	reported := map[string]bool{}
	lines := strings.Split(cheader.StripComments(strings.ReplaceAll(string(b), "\r\n", "\n")), "\n")
	for i, l := range lines {
		type test struct{ name, form string }
		var tests []test
		if m := reIfdefTest.FindStringSubmatch(l); m != nil {
			tests = append(tests, test{m[2], "#" + m[1]})
		} else if m := reIfLine.FindStringSubmatch(l); m != nil {
			for _, d := range reDefinedName.FindAllStringSubmatch(m[1], -1) {
				tests = append(tests, test{d[1] + d[2], "defined(" + d[1] + d[2] + ")"})
			}
		}
		for _, t := range tests {
			hdr, lwipDefines := defs[t.name]
			if !lwipDefines || reported[t.name] || cmdline[t.name] || strings.HasPrefix(t.name, "__") {
				continue
			}
			if _, own := a.tr.final[t.name]; own {
				continue // the file (or a header it includes) defines it: a guard or a real switch
			}
			if t.form == "#ifndef" && i+1 < len(lines) && regexp.MustCompile(`^\s*#\s*define\s+`+t.name+`\b`).MatchString(lines[i+1]) {
				continue
			}
			reported[t.name] = true
			result, branch := "false", "the branch it guards is never compiled, its #else always is"
			if t.form == "#ifndef" {
				result, branch = "true", "the branch it guards is always compiled"
			}
			fix := fmt.Sprintf("use %s in a value without testing it: a macro's value is expanded where lwIP uses it, after its own definitions", t.name)
			if t.name == "LWIP_NUM_SYS_TIMEOUT_INTERNAL" {
				fix += " (#define MEMP_NUM_SYS_TIMEOUT (LWIP_NUM_SYS_TIMEOUT_INTERNAL + N))"
			}
			a.add(a.judgeUnknown(Finding{Line: i + 1, Severity: SevWarning, ID: "audit.tests_later_definition", Option: t.name, Source: "rule",
				Message: fmt.Sprintf("%s is always %s here: lwIP defines %s in %s only after it has read lwipopts.h, so %s", t.form, result, t.name, hdr, branch),
				Fix:     fix}, []string{t.name}))
		}
	}
}
