package cubemx

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/toolchain"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// judgeInPlace decides which of the project's InPlace USER CODE blocks
// (t.candidates) lwipgen's low_level_init compiles where CubeMX runs them.
// The compiler is the judge: lwipgen's ethernetif.c, rendered with every
// candidate in place and the project's block bodies in it, is compiled
// (-fsyntax-only) with the project's include paths and definitions and
// lwipgen's generated headers; a block holding an error goes back under
// #if 0 and the file is compiled again, until it compiles. The warning of a
// kept block quotes gcc's first error in it. The same project gives the same
// answer, so a second vendor run changes nothing.
func judgeInPlace(p *vendorkit.Project, g *flow.Generated, t GlueTarget) (map[string]bool, []string) {
	if len(t.candidates) == 0 {
		return nil, nil
	}
	eth := p.TargetDir + "/ethernetif.c"
	keep := func(name, why string) string {
		b, _ := BlockOf(name)
		return fmt.Sprintf("%s: USER CODE block %q (%s) is kept in lwipgen's file but not compiled (#if 0 section): %s; fix it or move what you need to a file-scope block (0, 1, 3, 4, 6 or 8)", eth, name, b.Where, why)
	}
	keepAll := func(why string, names []string) (map[string]bool, []string) {
		var warn []string
		for _, n := range names {
			warn = append(warn, keep(n, why))
		}
		return nil, warn
	}
	tc, err := toolchain.Discover()
	if err != nil {
		return keepAll("no cross compiler to check it in place ("+err.Error()+")", t.candidates)
	}
	cur, err := fsutil.ReadFile(filepath.Join(p.Dir, filepath.FromSlash(eth)), fsutil.MaxInput)
	if err != nil {
		return keepAll("the project's "+eth+" cannot be read", t.candidates)
	}
	bodies := vendorkit.UserCodeBodies(string(cur))
	scratch, err := os.MkdirTemp("", "lwipgen-inplace-")
	if err != nil {
		return keepAll("no scratch folder to compile it in ("+err.Error()+")", t.candidates)
	}
	defer interrupt.Scratch(scratch)() // removed by a signal that ends the process too
	defer os.RemoveAll(scratch)
	// the flags the project's build compiles its ethernetif.c with (the
	// project model), else those of lwIP's sources or main.c
	u := &project.Unit{}
	if m := p.Model; m != nil {
		switch {
		case m.Build != nil && m.Build.Unit(eth) != nil:
			u = m.Build.Unit(eth)
		case m.LwIPUnit() != nil:
			u = m.LwIPUnit()
		case m.AppUnit() != nil:
			u = m.AppUnit()
		}
	}
	args := []string{tc.CC}
	if len(u.Target) > 0 {
		args = append(args, u.Target...)
	} else {
		args = append(args, toolchain.CPUFlags(g.Board.Chip.Core)...)
	}
	args = append(args, "-fsyntax-only", "-std=gnu11", "-Wall", "-Werror=implicit-function-declaration", "-I", scratch)
	args = append(args, (&project.Unit{Quote: u.Quote, Includes: u.Includes, System: u.System, Defines: u.Defines, Forced: u.Forced}).Args()...)
	var warn []string
	in := map[string]bool{}
	for _, n := range t.candidates {
		in[n] = true
	}
	for len(in) > 0 {
		t.InPlace = in
		files, defines, err := Glue{}.RenderFor(g.Plan, g.Layout, t)
		if err != nil {
			return keepAll("lwipgen's glue did not render ("+err.Error()+")", sortedKeys(in))
		}
		src, err := writeScratch(scratch, append(append([]render.File{}, g.Files...), files...), bodies)
		if err != nil {
			return keepAll("the scratch copy could not be written ("+err.Error()+")", sortedKeys(in))
		}
		cmd := append([]string{}, args...)
		for _, d := range defines {
			cmd = append(cmd, "-D"+d)
		}
		out, cerr := toolchain.Output(context.Background(), scratch, append(cmd, src))
		if cerr == nil {
			return in, warn
		}
		text, _ := fsutil.ReadFile(src, fsutil.MaxInput)
		bad := blocksWithErrors(string(text), out, sortedKeys(in))
		if len(bad) == 0 {
			// The errors are outside the user's blocks: this check cannot tell, so nothing is compiled in place.
			first := firstError(strings.ReplaceAll(out, scratch+string(filepath.Separator), ""))
			_, more := keepAll("lwipgen could not compile its ethernetif.c with the project's headers to check it in place (gcc: "+first+")", sortedKeys(in))
			return nil, append(warn, more...)
		}
		for _, n := range sortedKeys(bad) {
			warn = append(warn, keep(n, "it does not compile at its place in lwipgen's low_level_init (gcc: "+bad[n]+")"))
			delete(in, n)
		}
	}
	return nil, warn
}

// writeScratch writes the headers lwipgen generates and its ethernetif.c,
// with the project's USER CODE bodies, into dir; it returns the .c path.
func writeScratch(dir string, files []render.File, bodies map[string]string) (string, error) {
	var src string
	for _, f := range files {
		base := path.Base(f.Path)
		content := f.Content
		switch {
		case base == "ethernetif.c":
			content = []byte(fillUserCode(string(content), bodies))
			src = filepath.Join(dir, base)
		case !strings.HasSuffix(base, ".h") || strings.Contains(f.Path, "/") && !strings.HasPrefix(f.Path, "lwipgen/"):
			continue // only the headers the vendored tree has (not the probe's or a port's)
		}
		if err := os.WriteFile(filepath.Join(dir, base), content, 0o644); err != nil {
			return "", err
		}
	}
	if src == "" {
		return "", fmt.Errorf("the glue has no ethernetif.c")
	}
	return src, nil
}

var ucBeginRe = regexp.MustCompile(`/\* USER CODE BEGIN ([^*]+?) \*/`)

// fillUserCode puts the bodies into the USER CODE blocks of text, as vendor's
// transplant does.
func fillUserCode(text string, bodies map[string]string) string {
	for _, m := range ucBeginRe.FindAllStringSubmatch(text, -1) {
		body, ok := bodies[m[1]]
		if !ok {
			continue
		}
		begin, end := m[0], "/* USER CODE END "+m[1]+" */"
		i := strings.Index(text, begin)
		j := strings.Index(text[i:], end)
		if i < 0 || j < 0 {
			continue
		}
		text = text[:i+len(begin)] + body + text[i+j:]
	}
	return text
}

var gccErrRe = regexp.MustCompile(`(?m)^[^\n:]*ethernetif\.c:(\d+):(\d+): (?:fatal )?error: ([^\n]*)$`)

// blocksWithErrors maps each of names whose block (in text) holds a gcc
// error of out to the first such error.
func blocksWithErrors(text, out string, names []string) map[string]string {
	type rng struct{ from, to int }
	at := map[string]rng{}
	line := func(off int) int { return strings.Count(text[:off], "\n") + 1 }
	for _, n := range names {
		i := strings.Index(text, "/* USER CODE BEGIN "+n+" */")
		j := strings.Index(text, "/* USER CODE END "+n+" */")
		if i >= 0 && j > i {
			at[n] = rng{line(i), line(j)}
		}
	}
	bad := map[string]string{}
	for _, m := range gccErrRe.FindAllStringSubmatch(out, -1) {
		l, _ := strconv.Atoi(m[1])
		for n, r := range at {
			if _, seen := bad[n]; !seen && l >= r.from && l <= r.to {
				bad[n] = fmt.Sprintf("line %d of the block, column %s: error: %s", l-r.from, m[2], m[3])
			}
		}
	}
	return bad
}

func firstError(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "error:") {
			return strings.TrimSpace(l)
		}
	}
	return strings.TrimSpace(tailLine(out))
}

func tailLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
