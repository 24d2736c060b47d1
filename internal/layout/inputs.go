package layout

import (
	"strings"

	"github.com/lwipgen/lwipgen/internal/plan"
)

// inputsFor returns the symbol and input-section selectors of an object: the
// vendor driver's own, as its flow gave them to the plan (GNU ld silently makes
// an unmatched input section an orphan in the default RAM, so a flow lists
// every selector that exists in the wild, and the verifier checks the
// result), else .bss.<symbol> from -fdata-sections (lwIP's arrays).
func inputsFor(inputs map[string]plan.Input, name, symbol string) (string, []string) {
	if d, ok := inputs[name]; ok {
		return d.Symbol, d.Sections
	}
	return symbol, []string{".bss." + symbol}
}

// PrimaryInput is the section name the generated C code uses for an object
// (the last selector, the spelling current ST examples use, e.g.
// .RxDescripSection): templates put `__attribute__((section(...)))` on it.
func (p Placed) PrimaryInput() string {
	if len(p.Inputs) == 0 {
		return ""
	}
	return p.Inputs[len(p.Inputs)-1]
}

// IsLwIP reports whether the object is one of lwIP's own arrays.
func (p Placed) IsLwIP() bool {
	return p.Owner == "lwip" || strings.HasPrefix(p.Symbol, "memp_memory_")
}
