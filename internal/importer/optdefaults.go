package importer

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// An opt.h default the project's own lwIP tree changed: a project that
// edits lwIP instead of its lwipopts.h still compiles with the edited value,
// so import pins it like an lwipopts.h option. Found on
// weiyuanzhu/NUCLEO_F429ZI_LWIP@e2283f5, whose
// Middlewares/Third_Party/LwIP/src/include/lwip/opt.h:1095 says
// `#define LWIP_DNS 1` (lwIP 2.1.2: 0) while its lwipopts.h has
// `// #define LWIP_DNS 1`: the board said dns = false, lwipgen's header set
// LWIP_DNS 0 and the application's gethostbyname() no longer compiled.
type optDefault struct {
	Name, Body string
	Line       int
	Stock      int64 // the version's own default, as lwipgen's option table has it
}

var (
	optGuardRe  = regexp.MustCompile(`^\s*#\s*if\s+!\s*defined\s*\(?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)?\s*\|\|\s*defined\s*\(?\s*__DOXYGEN__`)
	optDefineRe = regexp.MustCompile(`^\s*#\s*define\s+([A-Za-z_][A-Za-z0-9_]*)(\(?)\s*(.*)$`)
	optCondRe   = regexp.MustCompile(`^\s*#\s*if`)
	spaceRe     = regexp.MustCompile(`\s+`)
)

// optHDefaults reads the default of every guarded option of an opt.h:
// `#if !defined NAME || defined __DOXYGEN__` and the `#define NAME body`
// inside it.
func optHDefaults(src []byte) map[string]optDefault {
	lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	out := map[string]optDefault{}
	for i, l := range lines {
		g := optGuardRe.FindStringSubmatch(l)
		if g == nil {
			continue
		}
		for j := i + 1; j < len(lines) && j < i+12; j++ {
			if optCondRe.MatchString(lines[j]) {
				break // a default that depends on other macros (PBUF_LINK_HLEN: the VLAN hook): not read textually
			}
			m := optDefineRe.FindStringSubmatch(lines[j])
			if m == nil {
				continue
			}
			if m[1] == g[1] && m[2] == "" && !strings.HasSuffix(strings.TrimSpace(m[3]), "\\") {
				out[m[1]] = optDefault{Name: m[1], Body: strings.TrimSpace(cheader.StripComments(m[3])), Line: j + 1}
			}
			break
		}
	}
	return out
}

// changedOptDefaults lists the options the project's lwIP opt.h gives
// another value than version v's opt.h, among those defs (the project's
// lwipopts.h and cc.h) leaves at their defaults. Values are compared as
// lwIP evaluates them, with the project's own options set, so a default
// written differently but equal (spacing, parentheses) is no change.
func (p *projectFiles) changedOptDefaults(v lwip.Version, defs map[string]string) ([]optDefault, string) {
	if p == nil || p.initH == "" {
		return nil, ""
	}
	optH := path.Join(path.Dir(p.initH), "opt.h")
	src := p.read(optH)
	if src == nil {
		return nil, ""
	}
	set := map[string]string{}
	for n, val := range defs {
		if lwip.Known(v, n) {
			set[n] = val
		}
	}
	base, err := lwip.Resolve(v, set)
	if err != nil {
		return nil, ""
	}
	var out []optDefault
	for n, d := range optHDefaults(src) {
		if _, ok := defs[n]; ok {
			continue
		}
		o, ok := lwip.Lookup(v, n)
		if !ok || !o.InOptH || spaceRe.ReplaceAllString(o.Default, "") == spaceRe.ReplaceAllString(d.Body, "") {
			continue
		}
		stock, ok := base.Int(n)
		if !ok {
			continue
		}
		with := map[string]string{n: d.Body}
		for k, val := range set {
			with[k] = val
		}
		c, err := lwip.Resolve(v, with)
		if err != nil {
			continue
		}
		if got, ok := c.Int(n); ok && got != stock {
			d.Stock = stock
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out, optH
}

// addChangedOptDefaults puts the options the project's lwIP changed into the
// input as if its lwipopts.h set them, each saying where.
func addChangedOptDefaults(in *input, proj *projectFiles, v lwip.Version, verText string) {
	changed, optH := proj.changedOptDefaults(v, in.defs)
	for _, d := range changed {
		in.defs[d.Name] = d.Body
		in.where[d.Name] = fmt.Sprintf("%s:%d, the project's own lwIP: it changes lwIP %s's default %d there", optH, d.Line, verText, d.Stock)
	}
}
