package lwip

// macroMap is a plain macro table for evaluating #if lines outside a Config
// (the audit's fallback preprocessor): keys are names, or "NAME(a,b)" for
// function-like macros; values are the replacement text.
type macroMap map[string]*macro

func (m macroMap) lookupMacro(name string) (*macro, bool) {
	x, ok := m[name]
	if !ok {
		x, ok = builtinFuncs[name]
	}
	return x, ok
}

// EvalCond evaluates a preprocessor #if/#elif expression over the given
// macros, as cpp does at that point of a file: `defined X` is answered from
// defs, identifiers nothing defines are 0. unknown lists those identifiers.
func EvalCond(expr string, defs map[string]string) (value int64, unknown []string, err error) {
	env := macroMap{}
	for k, body := range defs {
		name, params, fn, err := splitMacroName(k)
		if err != nil {
			continue
		}
		m, err := newMacro(body)
		if err != nil {
			continue
		}
		if fn {
			m.fn, m.params = true, params
		}
		env[name] = m
	}
	return evalCondIn(env, expr)
}

// evalCondIn evaluates expr over the macro table env.
func evalCondIn(env macroMap, expr string) (value int64, unknown []string, err error) {
	return evalWith(&expander{env: env}, expr)
}

// evalWith evaluates expr with the expander e (its table, and its memo).
func evalWith(e *expander, expr string) (value int64, unknown []string, err error) {
	toks, err := lex(expr)
	if err != nil {
		return 0, nil, err
	}
	exp, err := e.expand(toks, map[string]bool{})
	if err != nil {
		return 0, nil, err
	}
	seen := map[string]bool{}
	v, _, err := evalTokens(exp, func(n string) {
		if _, isType := castTypes[n]; !isType && !seen[n] {
			seen[n] = true
			unknown = append(unknown, n)
		}
	})
	return v.int64(), unknown, err
}

// SetDerived replaces the value of a macro that the file did not set (a
// default or a derived value read back from the real preprocessor), so that
// rules evaluate what lwIP computes rather than this package's tables.
func (c *Config) SetDerived(name, body string) error {
	m, err := newMacro(body)
	if err != nil {
		return err
	}
	c.macros[name] = m
	c.cache = map[string]evalResult{}
	return nil
}

// RuleIDsByMessage names the init.c / header rules whose #error text is msg
// (the audit names a compiler's #error by them).
func RuleIDsByMessage(v Version, msg string) []string {
	var out []string
	for _, r := range initRules {
		if r.msg == msg && (r.ver == "" || r.ver == v) {
			out = append(out, "lwip.init."+r.id)
		}
	}
	for _, r := range headerRules {
		if r.msg == msg {
			out = append(out, "lwip.header."+r.id)
		}
	}
	return out
}
