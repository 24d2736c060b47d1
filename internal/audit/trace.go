package audit

import (
	"bytes"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// macroDef is one #define as a preprocessor met it.
type macroDef struct {
	Name   string
	Params string // "(a,b)" for function-like macros, "" otherwise
	Value  string
	File   string
	Line   int
}

// redefinition is a #define of a name that was already defined with another
// body (the compiler's "redefined" warning).
type redefinition struct {
	Name       string
	Prev, Next macroDef
}

// missingInclude is an #include the preprocessor could not find.
type missingInclude struct {
	Name string
	File string
	Line int
	// Macro: a computed `#include NAME` whose macro nothing defines here
	// (the build passes it with -D); Name is the macro
	Macro bool
}

// trace is what the preprocessor saw while reading lwipopts.h (and what it
// includes), before lwIP's opt.h adds its defaults.
type trace struct {
	final   map[string]macroDef // in effect at the end of the file
	order   []string            // names in order of their last definition
	redefs  []redefinition
	undefs  []macroDef
	missing []missingInclude
	errors  []Finding // #error lines of the file itself
}

func newTrace() *trace { return &trace{final: map[string]macroDef{}} }

func (t *trace) define(d macroDef) {
	prev, had := t.final[d.Name]
	if had && (prev.Value != d.Value || prev.Params != d.Params) {
		t.redefs = append(t.redefs, redefinition{Name: d.Name, Prev: prev, Next: d})
	}
	t.final[d.Name] = d
	if had { // only a name defined before is in the order (a scan per new name was quadratic)
		for i, n := range t.order {
			if n == d.Name {
				t.order = append(t.order[:i], t.order[i+1:]...)
				break
			}
		}
	}
	t.order = append(t.order, d.Name)
}

func (t *trace) undef(d macroDef) {
	if _, ok := t.final[d.Name]; ok {
		t.undefs = append(t.undefs, d)
		delete(t.final, d.Name)
		// and out of the order, whose names all have a definition: a header's
		// scratch macro (SEGGER_SYSVIEW.h's EXTERN, #undef'd at its end) was
		// read back as an empty definition of the audited file at line 0
		for i, n := range t.order {
			if n == d.Name {
				t.order = append(t.order[:i], t.order[i+1:]...)
				break
			}
		}
	}
}

var (
	reDirective = regexp.MustCompile(`^\s*#\s*([a-z_]+)\s*(.*)$`)
	reDefine    = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?\s*(.*)$`)
	reInclude   = regexp.MustCompile(`^(?:"([^"]+)"|<([^>]+)>)`)
)

// stdHeaders are C library headers lwipopts.h files include; the fallback
// evaluator does not read them (they define no lwIP option).
var stdHeaders = map[string]bool{"stdint.h": true, "stddef.h": true, "stdlib.h": true, "string.h": true, "stdio.h": true,
	"stdbool.h": true, "limits.h": true, "errno.h": true, "sys/time.h": true, "time.h": true, "assert.h": true, "stdarg.h": true}

// evaluate is the built-in preprocessor, the fallback when no C compiler is
// installed: it follows #if/#ifdef/#ifndef/#elif/#else/#endif, #define,
// #undef and #include (quote includes next to the including file, then the
// include directories) as cpp does at the point lwIP's opt.h includes
// lwipopts.h. predefs are -D definitions.
func evaluate(path string, src []byte, incDirs []string, predefs map[string]string) *trace {
	t := newTrace()
	p := &fallbackPP{t: t, incDirs: incDirs, seen: map[string]int{}, tab: lwip.NewCondTable()}
	for k, v := range predefs {
		t.final[k] = macroDef{Name: k, Value: v, File: "<command-line>"}
		p.tab.Define(k, v)
	}
	p.file(path, src, 0)
	return t
}

type fallbackPP struct {
	t       *trace
	incDirs []string
	seen    map[string]int
	// tab holds the macros in effect, updated at each #define/#undef, so a
	// #if is evaluated without rebuilding the table (linear in the file)
	tab *lwip.CondTable
}

type condFrame struct{ active, taken, outer bool }

func (p *fallbackPP) file(path string, src []byte, depth int) {
	if depth > 16 || p.seen[path] > 2 {
		return
	}
	p.seen[path]++
	text := cheader.StripComments(string(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))))
	lines := strings.Split(text, "\n")
	c := &conds{}
	for i := 0; i < len(lines); i++ {
		start := i + 1
		l := lines[i]
		for strings.HasSuffix(l, "\\") && i+1 < len(lines) {
			i++
			l = strings.TrimSuffix(l, "\\") + " " + lines[i]
		}
		m := reDirective.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		dir, arg := m[1], strings.TrimSpace(m[2])
		if c.directive(p, dir, arg) || !c.active() {
			continue
		}
		p.directive(dir, arg, path, start, depth)
	}
}

// conds is the #if stack of one file.
type conds struct{ stack []condFrame }

func (c *conds) active() bool { return len(c.stack) == 0 || c.stack[len(c.stack)-1].active }

// directive follows #if/#ifdef/#ifndef/#elif/#else/#endif; false for any
// other directive.
func (c *conds) directive(p *fallbackPP, dir, arg string) bool {
	truth := func(expr string) bool {
		v, _, err := p.tab.Eval(expr)
		return err == nil && v != 0
	}
	n := len(c.stack)
	switch dir {
	case "if", "ifdef", "ifndef":
		outer := c.active()
		var on bool
		switch dir {
		case "if":
			on = outer && truth(arg)
		case "ifdef":
			_, def := p.t.final[firstWord(arg)]
			on = outer && def
		default:
			_, def := p.t.final[firstWord(arg)]
			on = outer && !def
		}
		c.stack = append(c.stack, condFrame{active: on, taken: on, outer: outer})
	case "elif":
		if n > 0 {
			f := &c.stack[n-1]
			f.active = f.outer && !f.taken && truth(arg)
			f.taken = f.taken || f.active
		}
	case "else":
		if n > 0 {
			f := &c.stack[n-1]
			f.active = f.outer && !f.taken
			f.taken = true
		}
	case "endif":
		if n > 0 {
			c.stack = c.stack[:n-1]
		}
	default:
		return false
	}
	return true
}

// directive applies an active #define, #undef, #include or #error.
func (p *fallbackPP) directive(dir, arg, path string, line, depth int) {
	switch dir {
	case "define":
		if d := reDefine.FindStringSubmatch(arg); d != nil {
			md := macroDef{Name: d[1], Params: strings.ReplaceAll(d[2], " ", ""), Value: strings.TrimSpace(d[3]), File: path, Line: line}
			p.t.define(md)
			p.tab.Define(md.Name+md.Params, md.Value)
		}
	case "undef":
		p.t.undef(macroDef{Name: firstWord(arg), File: path, Line: line})
		p.tab.Undef(firstWord(arg))
	case "include":
		p.include(arg, path, line, depth)
	case "error":
		p.t.errors = append(p.t.errors, Finding{File: path, Line: line, Severity: SevError, ID: "audit.file_error", Source: "evaluator",
			Message: fmt.Sprintf("#error %s", arg)})
	}
}

// include reads a quoted include next to the including file, then in the
// include directories; a file not found is recorded as missing.
func (p *fallbackPP) include(arg, path string, line, depth int) {
	inc := reInclude.FindStringSubmatch(arg)
	if inc == nil {
		return
	}
	name, quoted := inc[1], inc[1] != ""
	if !quoted {
		name = inc[2]
	}
	if stdHeaders[name] {
		return
	}
	dirs := p.incDirs
	if quoted {
		dirs = append([]string{filepath.Dir(path)}, dirs...)
	}
	for _, d := range dirs {
		c := filepath.Join(d, name)
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			if b, err := fsutil.ReadFile(c, fsutil.MaxInput); err == nil {
				p.file(c, b, depth+1)
			}
			return
		}
	}
	p.t.missing = append(p.t.missing, missingInclude{Name: name, File: path, Line: line})
}

func firstWord(s string) string {
	f := strings.Fields(strings.Trim(strings.TrimSpace(s), "()"))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
