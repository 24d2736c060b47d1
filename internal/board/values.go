package board

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// evaluator turns attribute expressions into Go values, collecting one
// diagnostic per bad attribute with that attribute's range.
type evaluator struct {
	ctx   *hcl.EvalContext
	diags hcl.Diagnostics
}

func (e *evaluator) errorf(rng hcl.Range, summary, format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = clipEcho(s)
		}
	}
	r := rng
	e.diags = append(e.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  &r,
	})
}

// clipEcho shortens a value a message echoes (issue 29 item 12: a 1 MB
// attribute was printed whole): past 200 characters it keeps the first 60
// and says how long it was. Lists of known names (quoteList) are kept up to
// 2000 characters.
func clipEcho(s string) string {
	if len(s) <= 200 || len(s) <= 2000 && strings.Contains(s, `", "`) {
		return s
	}
	cut := 60
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d characters)", s[:cut], len(s))
}

// value evaluates expr; ok is false when the attribute is absent (null) or failed.
func (e *evaluator) value(expr hcl.Expression) (cty.Value, bool) {
	if expr == nil {
		return cty.NilVal, false
	}
	v, d := expr.Value(e.ctx)
	if d.HasErrors() {
		e.diags = append(e.diags, d...)
		return cty.NilVal, false
	}
	if v.IsNull() {
		return cty.NilVal, false
	}
	if !v.IsWhollyKnown() {
		e.errorf(expr.Range(), "Unknown value", "This value cannot be determined when the board is read.")
		return cty.NilVal, false
	}
	return v, true
}

func present(expr hcl.Expression) bool {
	if expr == nil {
		return false
	}
	// gohcl gives absent optional attributes a static null expression.
	v, d := expr.Value(nil)
	return d.HasErrors() || !v.IsNull()
}

func (e *evaluator) str(expr hcl.Expression, what string) (string, bool) {
	v, ok := e.value(expr)
	if !ok {
		return "", false
	}
	if v.Type() != cty.String {
		e.errorf(expr.Range(), "Wrong type", "%s must be a string, not %s.", what, v.Type().FriendlyName())
		return "", false
	}
	return v.AsString(), true
}

func (e *evaluator) boolean(expr hcl.Expression, what string) (bool, bool) {
	v, ok := e.value(expr)
	if !ok {
		return false, false
	}
	if v.Type() != cty.Bool {
		e.errorf(expr.Range(), "Wrong type", "%s must be true or false, not %s.", what, v.Type().FriendlyName())
		return false, false
	}
	return v.True(), true
}

func (e *evaluator) number(expr hcl.Expression, what string) (*big.Float, bool) {
	v, ok := e.value(expr)
	if !ok {
		return nil, false
	}
	if v.Type() != cty.Number {
		e.errorf(expr.Range(), "Wrong type", "%s must be a number, not %s.", what, v.Type().FriendlyName())
		return nil, false
	}
	return v.AsBigFloat(), true
}

// integer reads a whole number within [lo, hi].
func (e *evaluator) integer(expr hcl.Expression, what string, lo, hi int64) (int64, bool) {
	f, ok := e.number(expr, what)
	if !ok {
		return 0, false
	}
	if !f.IsInt() {
		e.errorf(expr.Range(), "Not a whole number", "%s must be a whole number, got %s.", what, f.Text('g', -1))
		return 0, false
	}
	i, acc := f.Int64()
	if acc != big.Exact || i < lo || i > hi {
		e.errorf(expr.Range(), "Value out of range", "%s must be between %d and %d, got %s.", what, lo, hi, f.Text('g', -1))
		return 0, false
	}
	return i, true
}

// real reads a number within [lo, hi].
func (e *evaluator) real(expr hcl.Expression, what string, lo, hi float64) (float64, bool) {
	f, ok := e.number(expr, what)
	if !ok {
		return 0, false
	}
	x, _ := f.Float64()
	if math.IsNaN(x) || x < lo || x > hi {
		e.errorf(expr.Range(), "Value out of range", "%s must be between %g and %g, got %g.", what, lo, hi, x)
		return 0, false
	}
	return x, true
}

// size reads a byte count or address: a number, or a string such as "160KiB",
// "64K", "1MiB", "0x30000000". HCL has no hex literals, so addresses are strings.
func (e *evaluator) size(expr hcl.Expression, what string) (uint64, bool) {
	v, ok := e.value(expr)
	if !ok {
		return 0, false
	}
	switch v.Type() {
	case cty.Number:
		f := v.AsBigFloat()
		u, acc := f.Uint64()
		if !f.IsInt() || acc != big.Exact || f.Sign() < 0 {
			e.errorf(expr.Range(), "Invalid size", "%s must be a non-negative whole number of bytes, got %s.", what, f.Text('g', -1))
			return 0, false
		}
		return u, true
	case cty.String:
		n, err := ParseSize(v.AsString())
		if err != nil {
			e.errorf(expr.Range(), "Invalid size", "%s: %v.", what, err)
			return 0, false
		}
		return n, true
	}
	e.errorf(expr.Range(), "Wrong type", "%s must be a number or a string such as \"160KiB\" or \"0x30000000\", not %s.", what, v.Type().FriendlyName())
	return 0, false
}

// ParseSize parses "160KiB", "160K", "1MiB", "2M", "4096", "0x1000" (also "64 KB").
// K/KB/KiB all mean 1024, as every MCU reference manual and linker script uses them.
func ParseSize(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("empty size")
	}
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		n, err := strconv.ParseUint(t[2:], 16, 64)
		if err != nil {
			return 0, fmt.Errorf("%q is not a hexadecimal number", s)
		}
		return n, nil
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("%q does not start with a number (write e.g. \"160KiB\" or \"0x30000000\")", s)
	}
	n, err := strconv.ParseUint(t[:i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q: %v", s, err)
	}
	unit := strings.ToLower(strings.TrimSpace(t[i:]))
	mult := map[string]uint64{"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10,
		"m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30}
	m, ok := mult[unit]
	if !ok {
		return 0, fmt.Errorf("%q has an unknown unit %q (use B, KiB, MiB or GiB)", s, strings.TrimSpace(t[i:]))
	}
	if n > math.MaxUint64/m {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return n * m, nil
}

// FormatSize prints a byte count the way ParseSize reads it back.
func FormatSize(n uint64) string {
	switch {
	case n != 0 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n != 0 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return fmt.Sprintf("%dB", n)
}
