package port

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/cheader"
)

// The relations between RT-Thread's network Kconfig symbols are data: the
// kconfig/ folder holds lwipgen's model of the 4.0.3 "Network" menu (types,
// defaults, select and depends on, read from the real components/net/Kconfig)
// and the compile requirements the sources add on top (requires-4.0.3.tsv).
//
//go:embed kconfig/net-4.0.3.Kconfig kconfig/requires-4.0.3.tsv
var kconfigFS embed.FS

// KconfigFile403 is the path of the embedded Kconfig model (for tests that
// hand it to kconfiglib).
const KconfigFile403 = "kconfig/net-4.0.3.Kconfig"

// KconfigSource returns the text of the embedded Kconfig model.
func KconfigSource() []byte {
	b, err := kconfigFS.ReadFile(KconfigFile403)
	if err != nil {
		panic(err)
	}
	return b
}

// KSym is one symbol of the Kconfig model.
type KSym struct {
	Name    string
	Type    string // bool | int | string
	Prompt  bool   // has a prompt (user-settable); promptless symbols are derived
	Depends string // the conjunction of `depends on` and the enclosing if blocks ("" = always visible)
	Selects []KSelect
	Choice  string // the choice it belongs to ("" = none)
	Line    int
}

// KSelect is `select Target [if Cond]`.
type KSelect struct{ Target, Cond string }

// Requirement is a compile dependency the Kconfig does not express: with
// Symbol set, the sources named in Why do not compile unless Needs is set.
type Requirement struct{ Symbol, Needs, Why string }

// KconfigModel is the parsed model.
type KconfigModel struct {
	Syms     map[string]*KSym
	Requires []Requirement
}

var (
	modelOnce sync.Once
	model     *KconfigModel
	modelErr  error
)

// Model403 returns the RT-Thread 4.0.3 network Kconfig model.
func Model403() *KconfigModel {
	modelOnce.Do(func() {
		model, modelErr = parseKconfig(string(KconfigSource()))
		if modelErr == nil {
			modelErr = model.readRequires("kconfig/requires-4.0.3.tsv")
		}
	})
	if modelErr != nil {
		panic(modelErr)
	}
	return model
}

func parseKconfig(src string) (*KconfigModel, error) {
	m := &KconfigModel{Syms: map[string]*KSym{}}
	var ifs []string
	var cur *KSym
	choice := ""
	nChoice := 0
	sc := cheader.Scanner(src) // sized to the text: the scan cannot stop early
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		kw, rest, _ := strings.Cut(t, " ")
		rest = strings.TrimSpace(rest)
		switch kw {
		case "menu", "endmenu", "prompt", "help":
			if kw == "endmenu" || kw == "menu" {
				cur = nil
			}
		case "if":
			ifs = append(ifs, rest)
			cur = nil
		case "endif":
			if len(ifs) == 0 {
				return nil, fmt.Errorf("kconfig:%d: endif without if", line)
			}
			ifs = ifs[:len(ifs)-1]
			cur = nil
		case "choice":
			nChoice++
			choice = fmt.Sprintf("choice%d", nChoice)
			cur = nil
		case "endchoice":
			choice = ""
			cur = nil
		case "config", "menuconfig":
			cur = &KSym{Name: rest, Choice: choice, Line: line, Depends: conj(ifs)}
			if _, dup := m.Syms[rest]; dup {
				return nil, fmt.Errorf("kconfig:%d: %s defined twice", line, rest)
			}
			m.Syms[rest] = cur
		case "bool", "int", "string", "hex":
			if cur != nil {
				cur.Type, cur.Prompt = kw, rest != ""
			}
		case "default":
		case "select":
			if cur != nil {
				tgt, cond, _ := strings.Cut(rest, " if ")
				cur.Selects = append(cur.Selects, KSelect{Target: strings.TrimSpace(tgt), Cond: strings.TrimSpace(cond)})
			}
		case "depends":
			if cur != nil {
				e := strings.TrimSpace(strings.TrimPrefix(rest, "on"))
				cur.Depends = conj(append(splitNonEmpty(cur.Depends), e))
			}
		default:
			return nil, fmt.Errorf("kconfig:%d: unexpected %q", line, t)
		}
	}
	return m, sc.Err()
}

func splitNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

func conj(parts []string) string {
	var p []string
	for _, x := range parts {
		p = append(p, "("+x+")")
	}
	return strings.Join(p, " && ")
}

func (m *KconfigModel) readRequires(path string) error {
	b, err := kconfigFS.ReadFile(path)
	if err != nil {
		return err
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			return fmt.Errorf("%s:%d: %d columns, want 3", path, i+1, len(f))
		}
		if f[0] == "symbol" {
			continue
		}
		m.Requires = append(m.Requires, Requirement{Symbol: f[0], Needs: f[1], Why: f[2]})
	}
	return nil
}

// Eval evaluates a Kconfig expression (symbols, !, &&, ||, parentheses)
// over bool values: a symbol is true when vals has "y" for it.
func Eval(expr string, vals map[string]string) bool {
	toks := tokenize(expr)
	p := &exprParser{toks: toks, vals: vals}
	if len(toks) == 0 {
		return true
	}
	return p.or()
}

func tokenize(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '(' || c == ')' || c == '!':
			out = append(out, string(c))
			i++
		case strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||"):
			out = append(out, s[i:i+2])
			i += 2
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t()!&|", rune(s[j])) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

type exprParser struct {
	toks []string
	pos  int
	vals map[string]string
}

func (p *exprParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *exprParser) or() bool {
	v := p.and()
	for p.peek() == "||" {
		p.pos++
		w := p.and()
		v = v || w
	}
	return v
}

func (p *exprParser) and() bool {
	v := p.unary()
	for p.peek() == "&&" {
		p.pos++
		w := p.unary()
		v = v && w
	}
	return v
}

func (p *exprParser) unary() bool {
	switch t := p.peek(); t {
	case "!":
		p.pos++
		return !p.unary()
	case "(":
		p.pos++
		v := p.or()
		if p.peek() == ")" {
			p.pos++
		}
		return v
	default:
		p.pos++
		return p.vals[t] == "y"
	}
}

// Forced returns the assignments Kconfig's select statements force on vals
// (symbol -> the selecting symbol), applied until nothing changes: what
// menuconfig would turn on when it loads and saves vals.
func (m *KconfigModel) Forced(vals map[string]string) map[string]string {
	cur := map[string]string{}
	for k, v := range vals {
		cur[k] = v
	}
	by := map[string]string{}
	for changed := true; changed; {
		changed = false
		for _, name := range SortedKeys(m.Syms) {
			s := m.Syms[name]
			if cur[name] != "y" || !Eval(s.Depends, cur) {
				continue
			}
			for _, sel := range s.Selects {
				if sel.Cond != "" && !Eval(sel.Cond, cur) {
					continue
				}
				if cur[sel.Target] != "y" {
					cur[sel.Target] = "y"
					by[sel.Target] = name
					changed = true
				}
			}
		}
	}
	return by
}

// Unmet lists the requirements vals violates, as "X needs Y (why)".
func (m *KconfigModel) Unmet(vals map[string]string) []string {
	var out []string
	for _, r := range m.Requires {
		if vals[r.Symbol] == "y" && vals[r.Needs] != "y" {
			out = append(out, fmt.Sprintf("%s needs %s: %s", r.Symbol, r.Needs, r.Why))
		}
	}
	sort.Strings(out)
	return out
}
