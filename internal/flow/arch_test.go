package flow_test

// The architecture rules of docs/architecture.md, checked on the code:
// the core imports no flow, no flow imports another, only the top imports
// internal/flows/all, and the core never branches on a vendor or family name.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
)

const (
	module   = "github.com/lwipgen/lwipgen/"
	flowsDir = module + "internal/flows/"
	allPkg   = module + "internal/flows/all"
)

// top are the packages above the core: they wire the flows in.
var top = []string{module + "internal/cli", module + "targets", module + "cmd/"}

type pkg struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Deps       []string
}

// packages lists the module's packages (without tests) from `go list`.
func packages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps=false", "-json", "./...")
	cmd.Dir = repoRoot(t)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("go list: %v\n%s", err, errb.String())
	}
	var ps []pkg
	dec := json.NewDecoder(&out)
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	if len(ps) < 20 {
		t.Fatalf("go list found only %d packages", len(ps))
	}
	return ps
}

func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}

// flowOf is the flow a package belongs to ("cubemx" for
// internal/flows/cubemx/...), "" for a non-flow package; internal/flows/all
// is "all".
func flowOf(path string) string {
	rest, ok := strings.CutPrefix(path, flowsDir)
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return name
}

func isTop(path string) bool {
	for _, p := range top {
		if path == strings.TrimSuffix(p, "/") || strings.HasSuffix(p, "/") && strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// importViolations applies the rules to an import graph (package -> its
// transitive dependencies) and returns one line per broken rule.
func importViolations(deps map[string][]string) []string {
	var bad []string
	for path, ds := range deps {
		mine := flowOf(path)
		for _, d := range ds {
			theirs := flowOf(d)
			switch {
			case theirs == "":
				continue
			case theirs == "all" && !isTop(path):
				bad = append(bad, fmt.Sprintf("%s imports %s: only the top (cli, targets, cmd) wires the flows in", path, d))
			case theirs == "all":
			case mine == "" && !isTop(path):
				bad = append(bad, fmt.Sprintf("core package %s imports flow package %s: ask internal/flow instead", path, d))
			case mine != "" && mine != "all" && theirs != mine:
				bad = append(bad, fmt.Sprintf("flow package %s imports another flow's package %s", path, d))
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func TestImportGraph(t *testing.T) {
	deps := map[string][]string{}
	flows := map[string]bool{}
	for _, p := range packages(t) {
		if !strings.HasPrefix(p.ImportPath, module) {
			continue
		}
		var own []string
		for _, d := range p.Deps {
			if strings.HasPrefix(d, module) {
				own = append(own, d)
			}
		}
		deps[p.ImportPath] = own
		if f := flowOf(p.ImportPath); f != "" && f != "all" {
			flows[f] = true
		}
	}
	for _, bad := range importViolations(deps) {
		t.Error(bad)
	}
	// Every flow package is a registered flow, and flows/all links them all.
	for name := range flows {
		if _, ok := flow.Lookup(name); !ok {
			t.Errorf("internal/flows/%s registers no flow named %q", name, name)
		}
	}
	if len(flows) < 5 {
		t.Errorf("found %d flow packages, want at least cubemx, gd32, rtthread, standalone, vitis", len(flows))
	}
}

// The rules themselves fail on the graphs they forbid.
func TestImportGraphRules(t *testing.T) {
	p := func(s string) string { return module + s }
	for _, c := range []struct {
		name string
		deps map[string][]string
		want int
	}{
		{"clean", map[string][]string{
			p("internal/pipeline"):            {p("internal/flow"), p("internal/plan")},
			p("internal/flows/rtthread"):      {p("internal/flows/rtthread/port"), p("internal/flow")},
			p("internal/cli"):                 {p("internal/flows/all"), p("internal/flows/cubemx")},
			p("cmd/lwipgen"):                  {p("internal/cli"), p("internal/flows/all")},
			p("internal/flows/all"):           {p("internal/flows/cubemx"), p("internal/flows/gd32")},
			p("internal/flows/rtthread/port"): nil,
		}, 0},
		{"core imports a flow", map[string][]string{p("internal/plan"): {p("internal/flows/rtthread/port")}}, 1},
		{"core imports all", map[string][]string{p("internal/render"): {p("internal/flows/all")}}, 1},
		{"flow imports another flow", map[string][]string{p("internal/flows/standalone"): {p("internal/flows/cubemx")}}, 1},
		{"flow imports all", map[string][]string{p("internal/flows/gd32"): {p("internal/flows/all")}}, 1},
	} {
		if got := importViolations(c.deps); len(got) != c.want {
			t.Errorf("%s: %d violations %v, want %d", c.name, len(got), got, c.want)
		}
	}
}

// branchPatterns match a branch on a vendor or chip-family name: a
// comparison or case with one of the names, a prefix test, or a comparison
// or switch on a Vendor/Family field.
func branchPatterns(names []string) []*regexp.Regexp {
	alt := strings.Join(names, "|")
	return []*regexp.Regexp{
		regexp.MustCompile(`(==|!=)\s*"(` + alt + `)"`),
		regexp.MustCompile(`"(` + alt + `)"\s*(==|!=)`),
		regexp.MustCompile(`\bcase\s+("[^"]*"\s*,\s*)*"(` + alt + `)"`),
		regexp.MustCompile(`HasPrefix\([^,]+,\s*"(` + alt + `)`),
		regexp.MustCompile(`\b(Vendor|Family)\s*(==|!=)\s*"[A-Za-z0-9]`),
		regexp.MustCompile(`\bswitch\s+[\w.]*\b(Vendor|Family)\s*\{`),
	}
}

// vendorNames are the flow names and every chip family of boards/chips.
func vendorNames(t *testing.T, root string) []string {
	t.Helper()
	names := append([]string{}, board.Vendors...)
	for _, f := range flow.All() {
		names = append(names, f.Name())
	}
	chips, err := filepath.Glob(filepath.Join(root, "boards", "chips", "*.hcl"))
	if err != nil || len(chips) == 0 {
		t.Fatalf("no chip files: %v", err)
	}
	fam := regexp.MustCompile(`(?m)^\s*family\s*=\s*"([^"]+)"`)
	for _, c := range chips {
		src, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range fam.FindAllStringSubmatch(string(src), -1) {
			names = append(names, regexp.QuoteMeta(m[1]))
		}
	}
	sort.Strings(names)
	return names
}

func branchesIn(src string, pats []*regexp.Regexp) []string {
	var hits []string
	for i, line := range strings.Split(src, "\n") {
		code, _, _ := strings.Cut(line, "//")
		for _, re := range pats {
			if re.MatchString(code) {
				hits = append(hits, fmt.Sprintf("%d: %s", i+1, strings.TrimSpace(line)))
				break
			}
		}
	}
	return hits
}

func TestCoreHasNoVendorBranches(t *testing.T) {
	root := repoRoot(t)
	pats := branchPatterns(vendorNames(t, root))
	checked := 0
	for _, p := range packages(t) {
		if flowOf(p.ImportPath) != "" || isTop(p.ImportPath) || !strings.HasPrefix(p.ImportPath, module+"internal/") {
			continue
		}
		for _, f := range p.GoFiles {
			src, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				t.Fatal(err)
			}
			checked++
			for _, h := range branchesIn(string(src), pats) {
				rel, _ := filepath.Rel(root, filepath.Join(p.Dir, f))
				t.Errorf("%s:%s: the core branches on a vendor or family name; move it into the flow (internal/flows/<name>) or make it data the flow provides", rel, h)
			}
		}
	}
	if checked < 50 {
		t.Fatalf("checked only %d core files", checked)
	}
}

// The patterns catch the branches this package was cleared of.
func TestVendorBranchPatterns(t *testing.T) {
	pats := branchPatterns([]string{"cubemx", "gd32", "rtthread", "vitis", "standalone", "stm32h7", "gd32f4"})
	for _, bad := range []string{
		`if b.Vendor == "rtthread" {`,
		`if p.Board.Vendor != "rtthread" {`,
		`case "stm32h7", "stm32f7", "stm32f4":`,
		`	case "gd32f4":`,
		`if fam == "stm32h7" {`,
		`phy = map[bool]string{true: "DP83848"}[strings.HasPrefix(chip.Family, "gd32")]`,
		`if g.Board.Chip.Family != "stm32f4" {`,
		`switch p.Board.Chip.Family {`,
	} {
		if len(branchesIn(bad, pats)) != 1 {
			t.Errorf("not caught: %s", bad)
		}
	}
	for _, ok := range []string{
		`Vendors = []string{"cubemx", "gd32"}`,
		`firstMPURegion = map[string]int{"cubemx": 1}`,
		`if b.Vendor != "" && b.RTOS != "" && b.Vendor != b.RTOS {`,
		`switch p.Board.RTOS {`,
		`// if b.Vendor == "rtthread" was here`,
	} {
		if h := branchesIn(ok, pats); len(h) != 0 {
			t.Errorf("false positive: %s", ok)
		}
	}
}

// docs/architecture.md names every flow package, in its flow table and in
// the repository layout (which moved there from README.md, issue 31).
func TestDocsNameEveryFlow(t *testing.T) {
	root := repoRoot(t)
	arch, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(arch, []byte("## Repository layout"))
	if i < 0 {
		t.Fatal("docs/architecture.md has no repository layout")
	}
	dirs, err := os.ReadDir(filepath.Join(root, "internal", "flows"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		n++
		path := "`internal/flows/" + d.Name() + "`"
		if !bytes.Contains(arch[i:], []byte(path)) {
			t.Errorf("docs/architecture.md's repository layout does not name %s", path)
		}
		if !bytes.Contains(arch[:i], []byte(path)) {
			t.Errorf("docs/architecture.md does not name %s", path)
		}
	}
	if n < 6 {
		t.Errorf("found %d flow directories", n)
	}
}

// namedValues are the string literals of a Go file that hold a flow's name
// as a value the code keys or labels by: a constant's value, a map literal's
// key, or a case of a switch (the branches TestCoreHasNoVendorBranches
// catches by text). A name followed by "-" (cubemx-makefile) counts.
func namedValues(t *testing.T, file string, flows []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	isFlow := func(e ast.Expr) (string, bool) {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return "", false
		}
		s, _ := strconv.Unquote(lit.Value)
		for _, n := range flows {
			if s == n || strings.HasPrefix(s, n+"-") {
				return s, true
			}
		}
		return "", false
	}
	var hits []string
	add := func(n ast.Node, what, s string) {
		hits = append(hits, fmt.Sprintf("%d: %s %q", fset.Position(n.Pos()).Line, what, s))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.GenDecl:
			if x.Tok != token.CONST {
				return true
			}
			for _, spec := range x.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					if s, ok := isFlow(v); ok {
						add(v, "constant", s)
					}
				}
			}
		case *ast.CompositeLit:
			if _, ok := x.Type.(*ast.MapType); !ok {
				return true
			}
			for _, el := range x.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if s, ok := isFlow(kv.Key); ok {
						add(kv.Key, "map key", s)
					}
				}
			}
		}
		return true
	})
	return hits
}

// schemaFiles may name the flows: the board schema's closed list of vendor
// values and the facts tied to them (docs/architecture.md).
var schemaFiles = map[string]bool{"internal/board/enums.go": true}

// pendingFlowTables are core files still allowed to key per-flow data by a
// flow's name. Issue 33 emptied it: the simulator's devices and RTOS kernels
// are registered by the flows (internal/simdev), the plan's RX design is set
// by each flow's hooks (plan.Hooks.RxModel). Keep it empty.
var pendingFlowTables = map[string]bool{}

// TestCoreHasNoFlowNamedValues: the core keys or labels nothing by a flow's
// name (vendorkit's project kinds, importer's vendor value, a map from flow
// name to a fact): what differs per flow is data the flow registers.
func TestCoreHasNoFlowNamedValues(t *testing.T) {
	root := repoRoot(t)
	var flows []string
	for _, f := range flow.All() {
		flows = append(flows, f.Name())
	}
	checked := 0
	for _, p := range packages(t) {
		if flowOf(p.ImportPath) != "" || isTop(p.ImportPath) || !strings.HasPrefix(p.ImportPath, module+"internal/") {
			continue
		}
		for _, f := range p.GoFiles {
			rel, _ := filepath.Rel(root, filepath.Join(p.Dir, f))
			if schemaFiles[filepath.ToSlash(rel)] || pendingFlowTables[filepath.ToSlash(rel)] {
				continue
			}
			checked++
			for _, h := range namedValues(t, filepath.Join(p.Dir, f), flows) {
				t.Errorf("%s:%s: a flow's name as a value in the core; let the flow register what it means (a layout, a detector, a table) or move it into internal/flows/<name>", rel, h)
			}
		}
	}
	if checked < 50 {
		t.Fatalf("checked only %d core files", checked)
	}
}

// The check catches the values the core was cleared of.
func TestFlowNamedValuesCaught(t *testing.T) {
	dir := t.TempDir()
	src := "package x\n\nconst CubeIDE Kind = \"cubemx-stm32cubeide\"\n\nvar first = map[string]int{\"cubemx\": 1, \"other\": 2}\n\nconst fine = \"freertos\"\n"
	p := filepath.Join(dir, "x.go")
	os.WriteFile(p, []byte(src), 0o644)
	hits := namedValues(t, p, []string{"cubemx", "gd32"})
	if len(hits) != 2 || !strings.Contains(hits[0], "constant") || !strings.Contains(hits[1], "map key") {
		t.Errorf("hits %v", hits)
	}
}
