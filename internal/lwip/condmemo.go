package lwip

import "strconv"

// expansionMemo keeps the full expansion of object-like macros between the
// #if lines of one file (CondTable), so a long chain of defines
// (#define D_i (D_<i-1> + 1)) is expanded once, not once per use: without
// it every #if re-expanded the whole chain below it, copying the hide set
// at each level.
//
// An expansion is kept only when it does not depend on where it happened:
// no macro it met was hidden (being expanded further out, a cycle), so the
// same tokens come out in any context. It depends on the definitions of
// every name it looked up (defined or not: a later #define of an unknown
// name changes it); a #define or #undef drops the expansions that looked
// the name up, and those that used them.
type expansionMemo struct {
	exp     map[string][]tok
	rdeps   map[string]map[string]bool // name -> expansions that looked it up
	deps    []map[string]bool          // names looked up by the expansions under way
	hidden  int                        // hidden macros met so far
	hits    int64
	expands int64
}

func newExpansionMemo() *expansionMemo {
	return &expansionMemo{exp: map[string][]tok{}, rdeps: map[string]map[string]bool{}}
}

// looked records that the expansion under way looked name up.
func (m *expansionMemo) looked(name string) {
	if m == nil || len(m.deps) == 0 {
		return
	}
	m.deps[len(m.deps)-1][name] = true
}

func (m *expansionMemo) hiddenHit() {
	if m != nil {
		m.hidden++
	}
}

// get returns the kept expansion of the object-like macro name.
func (m *expansionMemo) get(name string, mac *macro) ([]tok, bool) {
	if m == nil || mac.fn {
		return nil, false
	}
	rep, ok := m.exp[name]
	if ok {
		m.hits++
	}
	return rep, ok
}

// begin starts the expansion of a macro body; end keeps it when it was
// context-free.
func (m *expansionMemo) begin() int {
	if m == nil {
		return 0
	}
	m.deps = append(m.deps, map[string]bool{})
	return m.hidden
}

func (m *expansionMemo) end(mark int, name string, rep []tok) {
	if m == nil {
		return
	}
	d := m.deps[len(m.deps)-1]
	m.deps = m.deps[:len(m.deps)-1]
	m.expands++
	if m.hidden != mark {
		return // met a hidden macro: the result depends on the context
	}
	m.exp[name] = folded(rep)
	for n := range d {
		if m.rdeps[n] == nil {
			m.rdeps[n] = map[string]bool{}
		}
		m.rdeps[n][name] = true
	}
}

// changed drops what depended on name's definition.
func (m *expansionMemo) changed(name string) {
	delete(m.exp, name)
	rs := m.rdeps[name]
	delete(m.rdeps, name)
	for r := range rs {
		m.changed(r)
	}
}

// folded is a kept expansion made one number when that cannot change any
// expression it stands in: no identifier left, one group (a number, or a
// parenthesised expression whose '(' closes at the end) that evaluates.
// Without it D_i of a chain is kept as i nested groups and every use copies
// and parses them all again.
func folded(rep []tok) []tok {
	if len(rep) == 0 || len(rep) > 1 && !(rep[0].text == "(" && closesAtEnd(rep)) {
		return rep
	}
	for _, t := range rep {
		if t.kind == tIdent {
			return rep
		}
	}
	v, _, err := evalTokens(rep, nil)
	if err != nil {
		return rep
	}
	return []tok{{kind: tNum, text: strconv.FormatUint(v.v, 10), val: v.v, unsigned: v.unsigned}}
}

// closesAtEnd says the '(' opening toks is closed by its last token.
func closesAtEnd(toks []tok) bool {
	depth := 0
	for i, t := range toks {
		switch t.text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return i == len(toks)-1
			}
		}
	}
	return false
}
