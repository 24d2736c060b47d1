package lwip

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
)

// Doc is the documentation of one option, read from an lwIP source tree.
type Doc struct {
	Name    string
	File    string // relative to the tree, e.g. src/include/lwip/opt.h
	Line    int    // line of the #define
	Comment string // the doc comment above the guard, without comment markers
	Default string // replacement text of the default #define
}

// docFiles are searched in order; opt.h holds almost everything, the rest are
// the homes of the overridable knobs outside opt.h.
var docFiles = []string{
	"src/include/lwip/opt.h",
	"src/include/lwip/priv/tcp_priv.h",
	"src/include/lwip/pbuf.h",
	"src/core/mem.c",
	"src/core/init.c",
	"src/include/lwip/sockets.h",
	"src/include/lwip/arch.h",
	"src/include/lwip/sys.h",
	"src/include/netif/ppp/ppp_opts.h",
}

// OptDoc reads the doc comment and default of option name from the lwIP tree
// at lwipDir (the block `#if !defined NAME || defined __DOXYGEN__` in opt.h,
// or `#ifndef NAME` elsewhere). Used by `lwipgen explain`.
func OptDoc(lwipDir, name string) (Doc, error) {
	guard := regexp.MustCompile(`^\s*#\s*(if\s+!\s*defined\s*\(?\s*` + regexp.QuoteMeta(name) + `\b|ifndef\s+` + regexp.QuoteMeta(name) + `\b)`)
	def := regexp.MustCompile(`^\s*#\s*define\s+` + regexp.QuoteMeta(name) + `\b(\([^)]*\))?\s*(.*)$`)
	for _, rel := range docFiles {
		b, err := fsutil.ReadFile(filepath.Join(lwipDir, rel), fsutil.MaxInput)
		if err != nil {
			continue
		}
		lines := strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
		for i, l := range lines {
			if !guard.MatchString(l) {
				continue
			}
			d := Doc{Name: name, File: rel}
			// the first #define NAME inside the block
			for j := i + 1; j < len(lines) && j < i+12; j++ {
				if m := def.FindStringSubmatch(lines[j]); m != nil {
					d.Line = j + 1
					d.Default = strings.TrimSpace(cheader.StripComments(joinContinued(lines, j, m[2])))
					break
				}
			}
			if d.Line == 0 {
				continue
			}
			d.Comment = commentAbove(lines, i)
			return d, nil
		}
	}
	return Doc{}, fmt.Errorf("lwip: no documentation for %s in %s", name, lwipDir)
}

func joinContinued(lines []string, j int, first string) string {
	s := first
	for strings.HasSuffix(strings.TrimSpace(s), "\\") && j+1 < len(lines) {
		s = strings.TrimSuffix(strings.TrimSpace(s), "\\") + " " + strings.TrimSpace(lines[j+1])
		j++
	}
	return s
}

// commentAbove returns the /* ... */ block ending right above line i.
func commentAbove(lines []string, i int) string {
	end := i - 1
	for end >= 0 && strings.TrimSpace(lines[end]) == "" {
		end--
	}
	if end < 0 || !strings.HasSuffix(strings.TrimSpace(lines[end]), "*/") {
		return ""
	}
	start := end
	for start >= 0 && !strings.Contains(lines[start], "/*") {
		start--
	}
	if start < 0 {
		return ""
	}
	var out []string
	for _, l := range lines[start : end+1] {
		l = strings.TrimSpace(l)
		l = strings.TrimPrefix(l, "/**")
		l = strings.TrimPrefix(l, "/*")
		l = strings.TrimSuffix(l, "*/")
		l = strings.TrimPrefix(l, "*")
		out = append(out, strings.TrimSpace(l))
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}
