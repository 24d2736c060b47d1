package lwip

// Parser and evaluator for expanded C constant expressions, with the
// preprocessor's arithmetic: every value is intmax_t (int64) or uintmax_t
// (uint64, when a U suffix or an unsigned operand is involved); unknown
// identifiers are 0; && || ?: short-circuit (so a division by zero in an
// unevaluated branch is fine, like in cpp).

import (
	"fmt"
	"strconv"
)

type cval struct {
	v        uint64
	unsigned bool
}

func (c cval) int64() int64 { return int64(c.v) }
func (c cval) truth() bool  { return c.v != 0 }

func boolVal(b bool) cval {
	if b {
		return cval{v: 1}
	}
	return cval{}
}

// castTypes are the type names accepted in a cast such as (u16_t)1460. A cast
// is not valid inside #if, but lwipopts.h values are also used in C code
// (TCP_MSS in tcp.c), so the resolver accepts them with C semantics on a
// 32-bit target.
var castTypes = map[string]struct {
	bits   uint
	signed bool
}{
	"u8_t": {8, false}, "u16_t": {16, false}, "u32_t": {32, false},
	"s8_t": {8, true}, "s16_t": {16, true}, "s32_t": {32, true},
	"uint8_t": {8, false}, "uint16_t": {16, false}, "uint32_t": {32, false},
	"int8_t": {8, true}, "int16_t": {16, true}, "int32_t": {32, true},
	"int": {32, true}, "long": {32, true}, "unsigned": {32, false},
	"size_t": {32, false}, "mem_size_t": {32, false}, "tcpwnd_size_t": {32, false},
	"char": {8, true}, "short": {16, true},
}

type parser struct {
	toks    []tok
	pos     int
	unknown func(name string)
	casts   bool
}

type node func(p *parser) (cval, error)

func (p *parser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos].text
	}
	return ""
}

// evalTokens parses and evaluates a fully expanded token list.
func evalTokens(toks []tok, unknown func(string)) (cval, bool, error) {
	p := &parser{toks: toks, unknown: unknown}
	if len(toks) == 0 {
		return cval{}, false, fmt.Errorf("#if with no expression")
	}
	n, err := p.cond()
	if err != nil {
		return cval{}, false, err
	}
	if p.pos != len(p.toks) {
		return cval{}, false, fmt.Errorf("missing binary operator before token %q", p.toks[p.pos].text)
	}
	v, err := n(p)
	return v, p.casts, err
}

// parseOnly checks the syntax of an expression without evaluating it.
func parseOnly(toks []tok) error {
	p := &parser{toks: toks}
	if len(toks) == 0 {
		return fmt.Errorf("empty expression")
	}
	if _, err := p.cond(); err != nil {
		return err
	}
	if p.pos != len(p.toks) {
		return fmt.Errorf("missing binary operator before token %q", p.toks[p.pos].text)
	}
	return nil
}

func (p *parser) cond() (node, error) {
	c, err := p.binary(0)
	if err != nil {
		return nil, err
	}
	if p.peek() != "?" {
		return c, nil
	}
	p.pos++
	a, err := p.cond()
	if err != nil {
		return nil, err
	}
	if p.peek() != ":" {
		return nil, fmt.Errorf("'?' without following ':'")
	}
	p.pos++
	b, err := p.cond()
	if err != nil {
		return nil, err
	}
	return func(p *parser) (cval, error) {
		cv, err := c(p)
		if err != nil {
			return cv, err
		}
		av, bv := cval{}, cval{}
		if cv.truth() {
			if av, err = a(p); err != nil {
				return av, err
			}
		} else if bv, err = b(p); err != nil {
			return bv, err
		}
		// both arms take the common type
		u := av.unsigned || bv.unsigned
		if cv.truth() {
			return cval{av.v, u}, nil
		}
		return cval{bv.v, u}, nil
	}, nil
}

var precedence = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5,
	"==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
	"<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

func (p *parser) binary(minPrec int) (node, error) {
	lhs, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		op := p.peek()
		prec, ok := precedence[op]
		if !ok || prec <= minPrec || (p.pos < len(p.toks) && p.toks[p.pos].kind != tPunct) {
			return lhs, nil
		}
		p.pos++
		rhs, err := p.binary(prec)
		if err != nil {
			return nil, err
		}
		lhs = binop(op, lhs, rhs)
	}
}

func binop(op string, l, r node) node {
	return func(p *parser) (cval, error) {
		a, err := l(p)
		if err != nil {
			return a, err
		}
		switch op {
		case "&&":
			if !a.truth() {
				return cval{}, nil
			}
			b, err := r(p)
			return boolVal(b.truth()), err
		case "||":
			if a.truth() {
				return cval{v: 1}, nil
			}
			b, err := r(p)
			return boolVal(b.truth()), err
		}
		b, err := r(p)
		if err != nil {
			return b, err
		}
		u := a.unsigned || b.unsigned
		switch op {
		case "<<", ">>":
			// result has the type of the left operand
			sh := b.v
			if !b.unsigned && int64(b.v) < 0 || sh >= 64 {
				return cval{0, a.unsigned}, nil
			}
			if op == "<<" {
				return cval{a.v << sh, a.unsigned}, nil
			}
			if a.unsigned {
				return cval{a.v >> sh, true}, nil
			}
			return cval{uint64(int64(a.v) >> sh), false}, nil
		case "+":
			return cval{a.v + b.v, u}, nil
		case "-":
			return cval{a.v - b.v, u}, nil
		case "*":
			return cval{a.v * b.v, u}, nil
		case "/", "%":
			if b.v == 0 {
				return cval{}, fmt.Errorf("division by zero in #if")
			}
			if u {
				if op == "/" {
					return cval{a.v / b.v, true}, nil
				}
				return cval{a.v % b.v, true}, nil
			}
			if op == "/" {
				return cval{uint64(int64(a.v) / int64(b.v)), false}, nil
			}
			return cval{uint64(int64(a.v) % int64(b.v)), false}, nil
		case "&":
			return cval{a.v & b.v, u}, nil
		case "|":
			return cval{a.v | b.v, u}, nil
		case "^":
			return cval{a.v ^ b.v, u}, nil
		case "==":
			return boolVal(a.v == b.v), nil
		case "!=":
			return boolVal(a.v != b.v), nil
		}
		// relational
		var lt, eq bool
		if u {
			lt, eq = a.v < b.v, a.v == b.v
		} else {
			lt, eq = int64(a.v) < int64(b.v), a.v == b.v
		}
		switch op {
		case "<":
			return boolVal(lt), nil
		case "<=":
			return boolVal(lt || eq), nil
		case ">":
			return boolVal(!lt && !eq), nil
		default: // ">="
			return boolVal(!lt), nil
		}
	}
}

func (p *parser) unary() (node, error) {
	if p.pos >= len(p.toks) {
		return nil, fmt.Errorf("#if with no expression")
	}
	t := p.toks[p.pos]
	if t.kind == tPunct {
		switch t.text {
		case "+", "-", "~", "!":
			p.pos++
			x, err := p.unary()
			if err != nil {
				return nil, err
			}
			return func(p *parser) (cval, error) {
				v, err := x(p)
				switch t.text {
				case "-":
					v.v = -v.v
				case "~":
					v.v = ^v.v
				case "!":
					v = boolVal(!v.truth())
				}
				return v, err
			}, nil
		case "(":
			if c, ok := p.castAhead(); ok {
				x, err := p.unary()
				if err != nil {
					return nil, err
				}
				return func(p *parser) (cval, error) {
					v, err := x(p)
					if c.bits < 64 {
						mask := uint64(1)<<c.bits - 1
						v.v &= mask
						if c.signed && v.v&(1<<(c.bits-1)) != 0 {
							v.v |= ^mask
						}
					}
					v.unsigned = false // promoted to int (or fits int64)
					return v, err
				}, nil
			}
			p.pos++
			x, err := p.cond()
			if err != nil {
				return nil, err
			}
			if p.peek() != ")" {
				return nil, fmt.Errorf("missing ')' in expression")
			}
			p.pos++
			return x, nil
		}
		return nil, fmt.Errorf("token %q is not valid in preprocessor expressions", t.text)
	}
	p.pos++
	switch t.kind {
	case tNum:
		v := cval{t.val, t.unsigned}
		return func(*parser) (cval, error) { return v, nil }, nil
	case tIdent:
		name := t.text
		return func(p *parser) (cval, error) {
			if p.unknown != nil {
				p.unknown(name)
			}
			return cval{}, nil
		}, nil
	}
	return nil, fmt.Errorf("token %s is not valid in preprocessor expressions", strconv.Quote(t.text))
}

// castAhead recognises "( type-name [type-name] )" at p.pos and consumes it.
func (p *parser) castAhead() (struct {
	bits   uint
	signed bool
}, bool) {
	var zero struct {
		bits   uint
		signed bool
	}
	i := p.pos + 1
	var res struct {
		bits   uint
		signed bool
	}
	found := false
	unsigned := false
	for i < len(p.toks) && p.toks[i].kind == tIdent {
		c, ok := castTypes[p.toks[i].text]
		if !ok {
			return zero, false
		}
		if p.toks[i].text == "unsigned" {
			unsigned = true
		}
		if !found || p.toks[i].text != "unsigned" {
			res = c
		}
		found = true
		i++
	}
	if !found || i >= len(p.toks) || p.toks[i].text != ")" {
		return zero, false
	}
	if unsigned {
		res.signed = false
	}
	p.pos = i + 1
	p.casts = true
	return res, true
}
