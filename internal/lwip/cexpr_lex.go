package lwip

// A small C preprocessor for constant expressions: tokenizer and macro
// expansion. It exists because lwIP's defaults are macros that refer to other
// macros (TCP_SND_QUEUELEN -> TCP_SND_BUF -> TCP_MSS), and the init.c sanity
// checks are `#if` expressions over them. To predict what the compiler does
// we expand tokens the way cpp does (not values: `#define X 1+2` then `X*3`
// is 7 in C, and so it is here).

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
)

type tokKind int

const (
	tNum tokKind = iota
	tIdent
	tPunct
	tString
)

type tok struct {
	kind tokKind
	text string
	// for numbers:
	val      uint64
	unsigned bool
}

func (t tok) String() string { return t.text }

var puncts = []string{
	"<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+", "-", "*", "/", "%", "<", ">", "&", "|", "^", "~", "!", "?", ":", "(", ")", ",",
}

// lex splits a C expression into tokens. Comments are removed first.
func lex(s string) ([]tok, error) {
	s = cheader.StripComments(s)
	var out []tok
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\':
			i++
		case isDigit(c):
			j := i
			for j < len(s) && (isIdentChar(s[j]) || s[j] == '.') {
				j++
			}
			t, err := parseNumber(s[i:j])
			if err != nil {
				return nil, err
			}
			out = append(out, t)
			i = j
		case isIdentStart(c):
			j := i
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			out = append(out, tok{kind: tIdent, text: s[i:j]})
			i = j
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return nil, fmt.Errorf("unterminated literal in %q", s)
			}
			lit := s[i : j+1]
			if c == '\'' {
				v, err := charValue(lit)
				if err != nil {
					return nil, err
				}
				out = append(out, tok{kind: tNum, text: lit, val: v})
			} else {
				out = append(out, tok{kind: tString, text: lit})
			}
			i = j + 1
		default:
			matched := false
			for _, p := range puncts {
				if strings.HasPrefix(s[i:], p) {
					out = append(out, tok{kind: tPunct, text: p})
					i += len(p)
					matched = true
					break
				}
			}
			if !matched {
				return nil, fmt.Errorf("unexpected character %q in %q", c, s)
			}
		}
	}
	return out, nil
}

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isIdentChar(c byte) bool  { return isIdentStart(c) || isDigit(c) }

func parseNumber(s string) (tok, error) {
	t := tok{kind: tNum, text: s}
	body := s
	// integer suffixes: u, l, ul, lu, ll, ull ... (any case)
	for len(body) > 0 {
		last := body[len(body)-1]
		if last == 'u' || last == 'U' {
			t.unsigned = true
			body = body[:len(body)-1]
		} else if last == 'l' || last == 'L' {
			body = body[:len(body)-1]
		} else {
			break
		}
	}
	var v uint64
	var err error
	switch {
	case strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X"):
		v, err = strconv.ParseUint(body[2:], 16, 64)
	case strings.HasPrefix(body, "0b") || strings.HasPrefix(body, "0B"):
		v, err = strconv.ParseUint(body[2:], 2, 64)
	case len(body) > 1 && body[0] == '0':
		v, err = strconv.ParseUint(body[1:], 8, 64)
	default:
		v, err = strconv.ParseUint(body, 10, 64)
	}
	if err != nil {
		return t, fmt.Errorf("bad integer constant %q", s)
	}
	// A decimal constant that does not fit intmax_t, or a hex one above
	// INT64_MAX, is unsigned in the preprocessor.
	if v > 1<<63-1 {
		t.unsigned = true
	}
	t.val = v
	return t, nil
}

func charValue(lit string) (uint64, error) {
	in := lit[1 : len(lit)-1]
	if len(in) == 1 {
		return uint64(in[0]), nil
	}
	if len(in) == 2 && in[0] == '\\' {
		switch in[1] {
		case 'n':
			return '\n', nil
		case 't':
			return '\t', nil
		case '0':
			return 0, nil
		case '\\', '\'', '"':
			return uint64(in[1]), nil
		}
	}
	return 0, fmt.Errorf("unsupported character constant %s", lit)
}

// macro is one #define: object-like (fn=false) or function-like.
type macro struct {
	fn     bool
	params []string
	body   []tok
	src    string // the replacement text as written
}

func newMacro(body string) (*macro, error) {
	toks, err := lex(body)
	if err != nil {
		return nil, err
	}
	return &macro{body: toks, src: strings.TrimSpace(body)}, nil
}

func newFuncMacro(params []string, body string) *macro {
	toks, err := lex(body)
	if err != nil {
		panic(err) // only used for built-ins
	}
	return &macro{fn: true, params: params, body: toks, src: body}
}

// macroEnv answers "is NAME a macro and what is it" during expansion.
type macroEnv interface {
	lookupMacro(name string) (*macro, bool)
}

// maxExpansion bounds the work for pathological inputs (fuzzing).
const maxExpansion = 200000

type expander struct {
	env   macroEnv
	steps int
	memo  *expansionMemo // nil: no memo (Config has its own value cache)
}

// expand performs cpp-style macro replacement. hide is the set of macros
// currently being expanded (a macro never expands inside itself).
func (e *expander) expand(in []tok, hide map[string]bool) ([]tok, error) {
	var out []tok
	for i := 0; i < len(in); i++ {
		e.steps++
		if e.steps > maxExpansion {
			return nil, fmt.Errorf("macro expansion too large")
		}
		t := in[i]
		if t.kind != tIdent {
			out = append(out, t)
			continue
		}
		if t.text == "defined" {
			name, n, err := parseDefined(in[i+1:])
			if err != nil {
				return nil, err
			}
			_, ok := e.env.lookupMacro(name)
			e.memo.looked(name)
			v := uint64(0)
			if ok {
				v = 1
			}
			out = append(out, tok{kind: tNum, text: strconv.FormatUint(v, 10), val: v})
			i += n
			continue
		}
		m, ok := e.env.lookupMacro(t.text)
		e.memo.looked(t.text)
		if ok && hide[t.text] {
			e.memo.hiddenHit()
		}
		if !ok || hide[t.text] {
			out = append(out, t)
			continue
		}
		if rep, hit := e.memo.get(t.text, m); hit {
			out = append(out, rep...)
			continue
		}
		h := make(map[string]bool, len(hide)+1)
		for k := range hide {
			h[k] = true
		}
		h[t.text] = true
		if !m.fn {
			mark := e.memo.begin()
			rep, err := e.expand(m.body, h)
			if err != nil {
				return nil, err
			}
			e.memo.end(mark, t.text, rep)
			out = append(out, rep...)
			continue
		}
		// function-like: needs '(' next, otherwise it is a plain identifier
		if i+1 >= len(in) || in[i+1].text != "(" {
			out = append(out, t)
			continue
		}
		args, n, err := collectArgs(in[i+1:])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", t.text, err)
		}
		if len(args) != len(m.params) && !(len(m.params) == 0 && len(args) == 1 && len(args[0]) == 0) {
			return nil, fmt.Errorf("macro %s takes %d arguments, got %d", t.text, len(m.params), len(args))
		}
		expArgs := make([][]tok, len(args))
		for k, a := range args {
			if expArgs[k], err = e.expand(a, hide); err != nil {
				return nil, err
			}
		}
		var body []tok
		for _, bt := range m.body {
			idx := -1
			if bt.kind == tIdent {
				for k, p := range m.params {
					if p == bt.text {
						idx = k
					}
				}
			}
			if idx >= 0 {
				body = append(body, expArgs[idx]...)
			} else {
				body = append(body, bt)
			}
		}
		rep, err := e.expand(body, h)
		if err != nil {
			return nil, err
		}
		out = append(out, rep...)
		i += n
	}
	return out, nil
}

// parseDefined reads `X` or `( X )` after `defined`; returns tokens consumed.
func parseDefined(in []tok) (string, int, error) {
	if len(in) >= 1 && in[0].kind == tIdent {
		return in[0].text, 1, nil
	}
	if len(in) >= 3 && in[0].text == "(" && in[1].kind == tIdent && in[2].text == ")" {
		return in[1].text, 3, nil
	}
	return "", 0, fmt.Errorf("operator \"defined\" requires an identifier")
}

// collectArgs reads a parenthesised, comma separated argument list starting at
// in[0]=="(" and returns the args and the number of tokens consumed.
func collectArgs(in []tok) ([][]tok, int, error) {
	depth := 0
	var args [][]tok
	var cur []tok
	for i, t := range in {
		switch t.text {
		case "(":
			depth++
			if depth == 1 {
				continue
			}
		case ")":
			depth--
			if depth == 0 {
				args = append(args, cur)
				return args, i + 1, nil
			}
		case ",":
			if depth == 1 {
				args = append(args, cur)
				cur = nil
				continue
			}
		}
		cur = append(cur, t)
	}
	return nil, 0, fmt.Errorf("unterminated argument list")
}
