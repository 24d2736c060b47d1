package lwip

import "sync/atomic"

// CondTable is the macro table of a file being preprocessed, kept up to date
// define by define, so that each #if is evaluated over it as it stands.
// EvalCond builds its table from a map on every call: a file of n defines
// and n conditions lexed n*n macro bodies (400 defines took ~16 s in
// lwipgen audit --cc none). Here each body is lexed once, when defined.
type CondTable struct {
	env  macroMap
	memo *expansionMemo
}

// CondTableLexes counts the macro bodies CondTables lexed and
// CondTableSteps the tokens their evaluations expanded: the work the
// audit's linearity test counts.
var CondTableLexes, CondTableSteps atomic.Int64

// NewCondTable returns an empty table.
func NewCondTable() *CondTable { return &CondTable{env: macroMap{}, memo: newExpansionMemo()} }

// Define sets a macro: key is NAME, or NAME(a,b) for a function-like one
// (EvalCond's keys). A body that does not lex leaves the name undefined, as
// EvalCond skips it.
func (c *CondTable) Define(key, body string) {
	name, params, fn, err := splitMacroName(key)
	if err != nil {
		return
	}
	c.memo.changed(name)
	CondTableLexes.Add(1)
	m, err := newMacro(body)
	if err != nil {
		delete(c.env, name)
		return
	}
	if fn {
		m.fn, m.params = true, params
	}
	c.env[name] = m
}

// Undef removes a macro.
func (c *CondTable) Undef(name string) {
	c.memo.changed(name)
	delete(c.env, name)
}

// Eval evaluates a #if/#elif expression over the table, as EvalCond does
// over the same macros.
func (c *CondTable) Eval(expr string) (value int64, unknown []string, err error) {
	e := &expander{env: c.env, memo: c.memo}
	defer func() { CondTableSteps.Add(int64(e.steps)) }()
	return evalWith(e, expr)
}
