package board_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agext/levenshtein"
	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
)

// fakeOptions is a tiny stand-in for the lwip package's option catalog.
type fakeOptions struct{}

var fakeKnown = map[string]bool{
	"TCP_MSS": true, "TCP_WND": true, "TCP_SND_BUF": true, "MEM_SIZE": true,
	"PBUF_POOL_SIZE": true, "MEMP_NUM_TCP_PCB": true, "LWIP_DHCP": true,
}

var fakeMyths = map[string]string{
	"TCP_RCV_BUF": "the receive buffer is the window, set TCP_WND.",
}

func (fakeOptions) Known(_, name string) bool { return fakeKnown[name] }

func (fakeOptions) Suggest(_, name string) string {
	best, bestD := "", 3 // nothing further than 2 edits away
	for k := range fakeKnown {
		if d := levenshtein.Distance(k, name, nil); d < bestD || d == bestD && k < best {
			best, bestD = k, d
		}
	}
	return best
}

func (fakeOptions) Myth(name string) (string, bool) {
	s, ok := fakeMyths[name]
	return s, ok
}

// builtinChips loads the chip data shipped in boards/chips.
func builtinChips(tb testing.TB) board.Chips {
	tb.Helper()
	chips, diags := board.Source{}.Chips()
	if diags.HasErrors() {
		tb.Fatalf("built-in chips: %v", diags)
	}
	return chips
}

func errorsOf(diags hcl.Diagnostics) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			out = append(out, d)
		}
	}
	return out
}

func pos(r *hcl.Range) string {
	if r == nil {
		return "<no subject>"
	}
	return fmt.Sprintf("%d:%d", r.Start.Line, r.Start.Column)
}

func describe(diags hcl.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		file := "<nil>"
		if d.Subject != nil {
			file = d.Subject.Filename
		}
		fmt.Fprintf(&b, "\n  %s %s: %s | %s", file, pos(d.Subject), d.Summary, d.Detail)
	}
	return b.String()
}

func hclDiags(d ...*hcl.Diagnostic) hcl.Diagnostics { return d }
