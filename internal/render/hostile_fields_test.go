package render_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/lwipgen/lwipgen/boards"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// hostileSuffixes are appended to a string of a board or chip file: a
// quote, a newline, a comment end, a preprocessor '#', a backslash and
// non-ASCII text.
var hostileSuffixes = []string{
	"\" */ #x \\ é\n#include \"/etc/passwd\"\n",
}

// stringSite is one string of a board or chip file: a quoted literal or a
// block label, by its byte range.
type stringSite struct {
	file       string
	start, end int // the range, quotes included
}

// stringSites lists every string literal and block label of an HCL file,
// grouped by value: a value used twice (a chip's name and the board's
// chip = ..., a memory's label and lwip_region) changes everywhere at once,
// so a reference stays a reference.
func stringSites(t *testing.T, file string, src []byte, into map[string][]stringSite) {
	t.Helper()
	f, diags := hclsyntax.ParseConfig(src, file, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	add := func(v string, r hcl.Range) {
		into[v] = append(into[v], stringSite{file, r.Start.Byte, r.End.Byte})
	}
	var body func(b *hclsyntax.Body)
	body = func(b *hclsyntax.Body) {
		for _, a := range b.Attributes {
			hclsyntax.VisitAll(a.Expr, func(n hclsyntax.Node) hcl.Diagnostics {
				te, ok := n.(*hclsyntax.TemplateExpr)
				if !ok || len(te.Parts) != 1 {
					return nil
				}
				if lit, ok := te.Parts[0].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type().FriendlyName() == "string" {
					add(lit.Val.AsString(), te.SrcRange)
				}
				return nil
			})
		}
		for _, blk := range b.Blocks {
			for i, l := range blk.Labels {
				add(l, blk.LabelRanges[i])
			}
			body(blk.Body)
		}
	}
	body(f.Body.(*hclsyntax.Body))
}

// hclQuote writes s as an HCL quoted string.
func hclQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`, "${", "$${", "%{", "%%{")
	return `"` + r.Replace(s) + `"`
}

// mutate returns the files with every site of one value replaced.
func mutate(files map[string][]byte, sites []stringSite, v string) map[string][]byte {
	out := map[string][]byte{}
	for f, b := range files {
		out[f] = b
	}
	sort.Slice(sites, func(i, j int) bool { return sites[i].start > sites[j].start })
	for _, s := range sites {
		b := out[s.file]
		out[s.file] = append(append(append([]byte{}, b[:s.start]...), hclQuote(v)...), b[s.end:]...)
	}
	return out
}

// syntaxCheck compiles one generated C file (a header through a unit that
// includes lwIP's options and architecture first) with -fsyntax-only in a
// copy of the generated tree; it returns the compiler's complaint.
func syntaxCheck(t *testing.T, cc, lwip string, g *pipeline.Generated, path string) string {
	dir := t.TempDir()
	for _, f := range g.Files {
		p := filepath.Join(dir, f.Path)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := filepath.Join(dir, path)
	if strings.HasSuffix(path, ".h") {
		src = filepath.Join(dir, "lwipgen_syntax_unit.c")
		os.WriteFile(src, []byte("#include \"lwip/opt.h\"\n#include \"lwip/arch.h\"\n#include \""+filepath.Base(path)+"\"\n"), 0o644)
	}
	args := append(toolchain.CPUFlags(g.Board.Chip.Core), "-fsyntax-only", "-std=gnu11",
		"-I", filepath.Join(dir, filepath.Dir(path)), "-I", dir, "-I", filepath.Join(dir, "port"), "-I", filepath.Join(lwip, "src", "include"))
	for _, d := range g.Rendered.LwIPDefines {
		args = append(args, "-D"+d)
	}
	out, err := exec.Command(cc, append(args, src)...).CombinedOutput()
	if err != nil {
		return fmt.Sprintf("%v\n%s", err, out)
	}
	return ""
}

// Issue 29 item 3: every string of a board file and of its chip's file -
// every attribute, list element and block label - is given a quote, a
// newline, a comment end, a '#', a backslash and non-ASCII text in turn.
// Either the board is refused with an error at file:line:col of one of the
// two files, or every generated C file still compiles with
// arm-none-eabi-gcc -fsyntax-only (those that need the vendor's HAL, which
// is not here, must keep the code of the unmodified board: the value only
// reaches their comments and string literals).
func TestHostileValuesInEveryField(t *testing.T) {
	cc := testenv.CrossCompiler(t)
	lwip := testenv.LwIP(t)
	var refused, accepted, compiled, compared, standaloneFiles int
	for _, bn := range []string{"h743", "gd32f407", "zynq7035", "h743-rtthread"} {
		dir := t.TempDir()
		bsrc, err := boards.FS.ReadFile(bn + ".hcl")
		if err != nil {
			t.Fatal(err)
		}
		base, diags := (board.Source{}).Load(bn)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		csrc, err := boards.FS.ReadFile("chips/" + base.Chip.Name + ".hcl")
		if err != nil {
			t.Fatal(err)
		}
		bfile, cfile := filepath.Join(dir, bn+".hcl"), filepath.Join(dir, "chips", base.Chip.Name+".hcl")
		files := map[string][]byte{bfile: bsrc, cfile: csrc}
		prepare := func(fs map[string][]byte) (*pipeline.Generated, hcl.Diagnostics) {
			for p, b := range fs {
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			return pipeline.Prepare(pipeline.Options{Board: bfile, Source: board.Source{Dirs: []string{dir}}, Out: filepath.Join(dir, "out")})
		}
		ref, diags := prepare(files)
		if diags.HasErrors() {
			t.Fatalf("%s unmodified: %v", bn, diags)
		}
		refFiles := map[string]render.File{}
		for _, f := range ref.Files {
			refFiles[f.Path] = f
		}
		// which generated C files compile here as they are (asked when a
		// hostile value changed one)
		known := map[string]bool{}
		standalone := func(p string) bool {
			if v, ok := known[p]; ok {
				return v
			}
			known[p] = syntaxCheck(t, cc, lwip, ref, p) == ""
			if known[p] {
				standaloneFiles++
			}
			return known[p]
		}
		standalone("lwipopts.h") // the compile arm is always exercised
		sites := map[string][]stringSite{}
		stringSites(t, bfile, bsrc, sites)
		stringSites(t, cfile, csrc, sites)
		var values []string
		for v := range sites {
			values = append(values, v)
		}
		sort.Strings(values)
		for _, v := range values {
			for _, suffix := range hostileSuffixes {
				hv := v + suffix
				g, diags := prepare(mutate(files, sites[v], hv))
				if diags.HasErrors() {
					refused++
					if !positionedIn(diags, bfile, cfile) {
						t.Errorf("%s: %q refused without file:line:col in the board or chip file: %v", bn, hv, diags)
					}
					continue
				}
				accepted++
				for _, f := range g.Files {
					r, ok := refFiles[f.Path]
					ext := filepath.Ext(f.Path)
					if ok && bytes.Equal(r.Content, f.Content) || (ext != ".c" && ext != ".h" && ext != ".ld") {
						continue
					}
					if !ok {
						t.Errorf("%s: with %q, a new file %s", bn, hv, f.Path)
						continue
					}
					if ext != ".ld" && standalone(f.Path) {
						compiled++
						if msg := syntaxCheck(t, cc, lwip, g, f.Path); msg != "" {
							t.Errorf("%s: with %q, %s no longer compiles:\n%s", bn, hv, f.Path, msg)
						}
						continue
					}
					compared++
					if stripC(string(f.Content)) != stripC(string(r.Content)) {
						t.Errorf("%s: with %q, the code of %s changed (not only comments and strings)", bn, hv, f.Path)
					}
				}
			}
		}
	}
	if refused == 0 || accepted == 0 || compiled+compared == 0 || standaloneFiles == 0 {
		t.Fatalf("refused %d, accepted %d, changed C files %d, C files that compile here %d: the test no longer exercises both ways",
			refused, accepted, compiled+compared, standaloneFiles)
	}
	t.Logf("hostile values: %d refused at file:line:col, %d accepted; %d changed C files compiled with -fsyntax-only, %d compared token by token (%d generated C files compile here as they are)",
		refused, accepted, compiled, compared, standaloneFiles)
}

// positionedIn: some error points at a line and column of one of files.
func positionedIn(diags hcl.Diagnostics, files ...string) bool {
	for _, d := range diags {
		if d.Severity != hcl.DiagError || d.Subject == nil || d.Subject.Start.Line < 1 || d.Subject.Start.Column < 1 {
			continue
		}
		for _, f := range files {
			if d.Subject.Filename == f {
				return true
			}
		}
	}
	return false
}
