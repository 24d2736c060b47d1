package cli_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"github.com/lwipgen/lwipgen/internal/importer"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// Every command that reads a project sees the project the model sees: the
// lwipopts.h lwIP's sources include, the linker script the build links,
// the lwIP tree it compiles and its version, the flags lwIP is compiled
// with, the MCU. Before the model, import, audit, vendor's detection and
// build --project each had a reader of their own, and they disagreed (a
// GD32 lwipopts.h import found and vendor did not; an XML-escaped include
// path; the lwIP tree excluded from the build).
func TestEveryCommandSeesTheModel(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.Tool(t, "make")
	dir := testenv.ProjectFixture(t, filepath.Join("..", "vendorkit", "testdata", "cubemx-makefile-f407"))
	m, err := project.Open(context.Background(), dir, project.Options{})
	if err != nil || m.Build == nil {
		t.Fatalf("model: %v %v", err, m.BuildErr)
	}
	lwipUnit := m.LwIPUnit()
	if lwipUnit == nil {
		t.Fatal("the model finds no unit compiling lwIP")
	}
	// vendor
	vp, err := vendorkit.Detect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if vp.Lwipopts != m.Value(project.KeyLwipopts) || vp.LinkerScript != m.Value(project.KeyLinkerScript) {
		t.Errorf("vendor sees lwipopts %q and linker script %q, the model %q and %q", vp.Lwipopts, vp.LinkerScript, m.Value(project.KeyLwipopts), m.Value(project.KeyLinkerScript))
	}
	// audit --project
	ap, err := audit.DetectProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ap.Lwipopts != m.Abs(m.Value(project.KeyLwipopts)) || ap.LinkerScript != m.Abs(m.Value(project.KeyLinkerScript)) ||
		ap.LwipDir != m.LwIPTree() || ap.LwipVersion != m.Value(project.KeyLwipVersion) || ap.MCU != m.Value(project.KeyMCU) {
		t.Errorf("audit sees %+v\nthe model: %+v", ap, m.Facts)
	}
	if strings.Join(ap.IncludeDirs, "|") != strings.Join(append(append(append([]string{}, lwipUnit.Quote...), lwipUnit.Includes...), lwipUnit.System...), "|") {
		t.Errorf("audit's include path %v is not lwIP's own unit's %v", ap.IncludeDirs, lwipUnit.Includes)
	}
	// import --project
	r, err := importer.ImportProject(dir, importer.Options{BoardName: "views", Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil || r.Board.LwIPVersion != m.Value(project.KeyLwipVersion) {
		t.Errorf("import's board is for lwIP %v, the build compiles %s", r.Board, m.Value(project.KeyLwipVersion))
	}
	for _, want := range []string{m.Value(project.KeyLwipopts), m.Value(project.KeyMCU)} {
		if !strings.Contains(string(r.HCL), want) {
			t.Errorf("import's board does not name %q:\n%s", want, r.HCL)
		}
	}
}

// readerPatterns are the marks of a reader of a build description: a
// regular expression over a Makefile's LDSCRIPT or a -T option, over a
// .cproject's option values or device, over a Keil/IAR project's defines
// and include paths. Only the project model has them; the writers of build
// files (vendor's blocks and entries) build text, they do not read it.
var readerPatterns = regexp.MustCompile(`LDSCRIPT|listOptionValue\b[^"]*value=|target_mcu|<Device>|<Cads>|CCIncludePath|CCDefines|-T\\s|compile_commands\.json|\bsourcePath\b.*excluding|set\\s\*\\\(`)

// TestOneReaderOfEachBuild: no package but the project model compiles a
// regular expression that reads a build description (one LDSCRIPT grammar,
// one .cproject reader, one Keil/IAR reader).
func TestOneReaderOfEachBuild(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	checked := 0
	filepath.WalkDir(filepath.Join(root, "internal"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if d.Name() == "testdata" || rel == "internal/project" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "MustCompile" && sel.Sel.Name != "Compile" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, _ := strconv.Unquote(lit.Value)
			if readerPatterns.MatchString(s) {
				t.Errorf("%s: %s reads a build description (%q); ask the project model (internal/project) instead", rel, fset.Position(lit.Pos()), s)
			}
			return true
		})
		return nil
	})
	if checked < 100 {
		t.Fatalf("checked only %d files", checked)
	}
}

// The marks catch the readers the model replaced (audit's, vendor's and
// import's regular expressions before it).
func TestReaderPatternsCatchTheOldReaders(t *testing.T) {
	for _, old := range []string{
		`(?m)^LDSCRIPT\s*[:?]?=\s*(\S+)`,
		`-T\s*\\?"?(?:\$\{CMAKE_SOURCE_DIR\}/|\$\{workspace_loc:/\$\{ProjName\}/)?([^"}\s]+\.ld)`,
		`<listOptionValue\b[^>]*value="([^"]*)"`,
		`<Device>\s*((?:GD32|STM32)[FH][0-9]{3}[A-Za-z0-9]*)\s*</Device>|option\.target_mcu"[^>]*?value="(x)"`,
		`(?s)<Cads>.*?</Cads>`,
		`(?s)<name>(CCDefines|CCIncludePath2)</name>(.*?)</option>`,
		`(?s)\bset\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\b(.*?)\)`,
	} {
		if !readerPatterns.MatchString(old) {
			t.Errorf("not caught: %s", old)
		}
	}
	for _, writer := range []string{`(?m)^all[ \t]*:`, `(?s)# lwipgen BEGIN build.*?# lwipgen END build`, `\bvalueType="([^"]+)"`} {
		if readerPatterns.MatchString(writer) {
			t.Errorf("a writer's pattern caught: %s", writer)
		}
	}
}
