package flow_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
)

// flowSpellings are the names a core package must not hold as a value: every
// registered flow, every board vendor value and the vendor tools' own names
// the flows go by (stm32cube: ST's packages, as in "stm32cube-fw-h7").
func flowSpellings() []string {
	set := map[string]bool{"stm32cube": true}
	for _, v := range board.Vendors {
		set[strings.ToLower(v)] = true
	}
	for _, f := range flow.All() {
		set[strings.ToLower(f.Name())] = true
	}
	var out []string
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// flowLiteral says whether a string literal's value is a flow's name or
// starts with one as a key does ("cubemx", "CubeMX", "gd32.phy",
// "cubemx-cmake", "rtthread/"): the way a core package keys or dispatches
// by a flow. Prose that mentions a vendor ("a CubeMX project") is no key.
func flowLiteral(s string, names []string) bool {
	l := strings.ToLower(s)
	for _, n := range names {
		if l == n {
			return true
		}
		if rest, ok := strings.CutPrefix(l, n); ok && strings.ContainsAny(rest[:1], "-./:_") {
			return true
		}
	}
	return false
}

// flowLiterals lists a Go file's string literals (anywhere: constants, map
// keys, calls, comparisons) that hold a flow's name.
func flowLiterals(file string, src []byte, names []string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		return nil, err
	}
	var hits []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if s, err := strconv.Unquote(lit.Value); err == nil && flowLiteral(s, names) {
			hits = append(hits, fmt.Sprintf("%d: %q", fset.Position(lit.Pos()).Line, s))
		}
		return true
	})
	return hits, nil
}

// pendingFlowNames are the core files still allowed to hold a flow's name,
// each with why. Keep it short; a new entry needs a reason a reviewer
// accepts.
var pendingFlowNames = map[string]string{
	// the board schema's closed list of vendor values (docs/architecture.md)
	"internal/board/enums.go": "the board schema's list of vendor values",
	// the vendor defaults the bench compares with, keyed by chip family: their
	// names and files (cubemx-h7, gd32_demo.h) name the vendor's tool or demo
	// the values come from, which the bench prints and --baseline accepts;
	// next step: each flow registers its baselines
	"internal/seeds/baselines.go": "vendor baselines' names and files (data the bench prints)",
	// the link script of lwipgen's own probe build, standing alone without a
	// vendor project (every board uses it), not the standalone flow's
	"internal/render/standalone.go": "standalone.ld.tmpl: the probe build's own link script",
	// the Xilinx SDK/Vitis .project comment names the tool that wrote it
	// ("Vitis 2023.2"): the tool's own text read for inspect, no dispatch
	"internal/project/cdt.go": "the tool name Xilinx writes into .project",
}

// TestCoreNamesNoFlow: no core package (everything under internal/ but the
// flows and the CLI; tests left out) holds a vendor or flow name as a value:
// what differs per flow is data or a hook the flow registers.
func TestCoreNamesNoFlow(t *testing.T) {
	root := repoRoot(t)
	names := flowSpellings()
	checked := 0
	for _, p := range packages(t) {
		if flowOf(p.ImportPath) != "" || isTop(p.ImportPath) || !strings.HasPrefix(p.ImportPath, module+"internal/") {
			continue
		}
		for _, f := range p.GoFiles {
			rel, _ := filepath.Rel(root, filepath.Join(p.Dir, f))
			src, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				t.Fatal(err)
			}
			checked++
			hits, err := flowLiterals(rel, src, names)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := pendingFlowNames[filepath.ToSlash(rel)]; ok {
				if len(hits) == 0 {
					t.Errorf("%s names no flow any more: take it off pendingFlowNames", rel)
				}
				continue
			}
			for _, h := range hits {
				t.Errorf("%s:%s: a flow's name in the core; let the flow register what it means (a hook, a layout, a detector, a table) or move the code into internal/flows/<name>", rel, h)
			}
		}
	}
	if checked < 50 {
		t.Fatalf("checked only %d core files", checked)
	}
}

// TestFlowNamesCaught: the scanner finds each spelling the core was cleared
// of, wherever the literal stands, and leaves prose and other names alone.
func TestFlowNamesCaught(t *testing.T) {
	names := flowSpellings()
	for _, want := range []string{"cubemx", "gd32", "rtthread", "vitis", "standalone", "stm32cube"} {
		if i := sort.SearchStrings(names, want); i == len(names) || names[i] != want {
			t.Errorf("spellings %v lack %s", names, want)
		}
	}
	src := `package x

const kind = "cubemx-cmake"

var first = map[string]int{"gd32": 1}

func f(v string) bool {
	if v == "rtthread" {
		return decide("Vitis", "why")
	}
	switch v {
	case "standalone":
	}
	return strings.HasPrefix(v, "vitis/") || v == "stm32cube" || v == "cubemx.ioc"
}

const fine = "freertos"
var prose = "a CubeMX project (.ioc)"
var family = "gd32f4"
`
	hits, err := flowLiterals("x.go", []byte(src), names)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`"cubemx-cmake"`, `"gd32"`, `"rtthread"`, `"Vitis"`, `"standalone"`, `"vitis/"`, `"stm32cube"`, `"cubemx.ioc"`}
	if len(hits) != len(want) {
		t.Fatalf("hits %v, want %v", hits, want)
	}
	for i, w := range want {
		if !strings.HasSuffix(hits[i], w) {
			t.Errorf("hit %d = %s, want %s", i, hits[i], w)
		}
	}
}
