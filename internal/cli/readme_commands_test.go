package cli

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/google/shlex"

	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

var repo = filepath.Join("..", "..")

// readmeCommands are the command lines README.md shows: every line of its
// sh and console blocks ($ prompts, comments and output dropped) and every
// inline code span that starts like a command.
func readmeCommands(t *testing.T) []string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// a comment is a note to the maintainers (the place a coming command
	// takes), not a command a reader runs
	readme = regexp.MustCompile("(?s)<!--.*?-->").ReplaceAll(readme, nil)
	var cmds []string
	for _, m := range regexp.MustCompile("(?s)```(sh|console)\n(.*?)```").FindAllStringSubmatch(string(readme), -1) {
		for _, line := range strings.Split(m[2], "\n") {
			if m[1] == "console" {
				if !strings.HasPrefix(line, "$ ") {
					continue // output
				}
				line = line[2:]
			}
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i]
			}
			if line = strings.TrimSpace(line); line != "" {
				cmds = append(cmds, line)
			}
		}
	}
	starts := regexp.MustCompile("^(lwipgen|mage|go run|sudo) ")
	for _, m := range regexp.MustCompile("`([^`\n]+)`").FindAllStringSubmatch(string(readme), -1) {
		if starts.MatchString(m[1]) {
			cmds = append(cmds, m[1])
		}
	}
	return cmds
}

// mageTargets are the targets `mage -l` lists (exported functions of
// package targets and the magefile, first letter lowered) and the
// key=value arguments they take.
func mageTargets(t *testing.T) (targets, keys map[string]bool) {
	t.Helper()
	targets, keys = map[string]bool{}, map[string]bool{"board": true}
	fset := token.NewFileSet()
	for _, dir := range []string{"targets", "magefiles"} {
		pkgs, err := parser.ParseDir(fset, filepath.Join(repo, dir), func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pkgs {
			for _, f := range p.Files {
				for _, d := range f.Decls {
					if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.IsExported() {
						r := []rune(fn.Name.Name)
						r[0] = unicode.ToLower(r[0])
						targets[string(r)] = true
					}
				}
			}
		}
	}
	for _, f := range []string{"args.go", "targets.go"} {
		src, _ := os.ReadFile(filepath.Join(repo, "targets", f))
		for _, m := range regexp.MustCompile(`"([a-z]+)": "[A-Z_]+"|\{"([a-z]+)", "[A-Z_]+", "`).FindAllStringSubmatch(string(src), -1) {
			keys[m[1]+m[2]] = true
		}
	}
	return targets, keys
}

// Every command README.md shows exists as written: each lwipgen command and
// its flags (parsed by the CLI itself), each mage target and key=value
// argument, the set-up script, and the test command is the one .ci/run runs
// (issue 31: a test that reads the README's commands).
func TestReadmeCommandsExist(t *testing.T) {
	targets, keys := mageTargets(t)
	ci, err := os.ReadFile(filepath.Join(repo, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, line := range readmeCommands(t) {
		words, err := shlex.Split(line)
		if err != nil || len(words) == 0 {
			t.Errorf("README command %q does not parse: %v", line, err)
			continue
		}
		switch {
		case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/lwipgen":
			checkCLI(t, line, words[3:])
			seen["cli"] = true
		case words[0] == "lwipgen":
			checkCLI(t, line, words[1:])
		case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "mage.go", words[0] == "mage":
			args := words[1:]
			if words[0] == "go" {
				args = words[3:]
			}
			if len(args) == 0 || !targets[args[0]] {
				t.Errorf("README: %q: no mage target %q", line, args)
				continue
			}
			for _, a := range args[1:] {
				if k, _, ok := strings.Cut(a, "="); !ok || !keys[k] {
					t.Errorf("README: %q: mage takes no argument %q", line, a)
				}
			}
			seen["mage"] = true
		case words[0] == "sudo":
			if st, err := os.Stat(filepath.Join(repo, words[1])); err != nil || st.Mode()&0o111 == 0 {
				t.Errorf("README set-up: %s is not an executable script", words[1])
			}
			seen["setup"] = true
		case line == "go run ./internal/cmd/citest ./...":
			if !regexp.MustCompile(`(?m)^go run ./internal/cmd/citest ./...$`).Match(ci) {
				t.Errorf("README's test command %q is not what .ci/run runs", line)
			}
			seen["test"] = true
		default:
			t.Errorf("README command %q is not checked by this test: teach it", line)
		}
	}
	for _, k := range []string{"cli", "mage", "setup", "test"} {
		if !seen[k] {
			t.Errorf("README shows no %s command", k)
		}
	}
}

// checkCLI resolves a README command line with the CLI's own command tree
// and flag parser.
func checkCLI(t *testing.T, line string, args []string) {
	t.Helper()
	if len(args) == 0 {
		return // the program itself, named in the text
	}
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	root := newRoot(env)
	cmd, rest, err := root.Find(args)
	if err != nil || cmd == root {
		t.Errorf("README: %q: no such lwipgen command (%v)", line, err)
		return
	}
	if err := cmd.ParseFlags(goStyleFlags(root, rest)); err != nil {
		t.Errorf("README: %q: %v", line, err)
	}
}

// The README's first screen is what `go run mage.go build board=h743`
// prints, line for line after the compile progress: the main command is run
// (in-process, into a scratch folder) and its output compared, so every
// number the README shows (sizes, modules, the check count) is the build's.
// After a reviewed change that moves them, paste the build's lines into the
// README's console block.
func TestReadmeMainCommandRuns(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	readme, err := os.ReadFile(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```console\n\\$ go run mage.go build board=h743\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md does not show `go run mage.go build board=h743` and its output")
	}
	out := filepath.Join(t.TempDir(), "build", "h743")
	var stdout, stderr bytes.Buffer
	env := &Env{Stdout: &stdout, Stderr: &stderr}
	o := &pipeline.Options{Board: "h743", Source: source(), Out: out}
	if rc := runBuild(env, o, ""); rc != 0 {
		t.Fatalf("the README's main command fails: %s", stderr.String())
	}
	if stderr.Len() > 0 {
		t.Errorf("the README's main command warns: %s", stderr.String())
	}
	got := stdout.String()
	got = got[strings.Index(got, "\nLD ")+1:]
	got = strings.ReplaceAll(got, out, "build/h743")
	want := string(m[1])
	want = want[strings.Index(want, "\nLD ")+1:]
	if got != want {
		t.Errorf("README.md's console block is not what the build prints; the build says:\n%s", got)
	}
}

// docs/README.md links every document in docs/, and every relative link of
// README.md and docs/*.md leads to a file (issue 31, item 3: the README is
// a front door and nothing it used to hold is lost or unlinked).
func TestDocsIndexAndLinks(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join(repo, "docs", "*.md"))
	if err != nil || len(docs) < 10 {
		t.Fatalf("docs: %v %v", docs, err)
	}
	index, err := os.ReadFile(filepath.Join(repo, "docs", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`\]\(([^)#]+)(#[^)]*)?\)`)
	for _, d := range docs {
		if base := filepath.Base(d); base != "README.md" && !bytes.Contains(index, []byte("]("+base+")")) {
			t.Errorf("docs/README.md does not link %s", base)
		}
	}
	for _, f := range append(docs, filepath.Join(repo, "README.md")) {
		text, _ := os.ReadFile(f)
		for _, m := range link.FindAllSubmatch(text, -1) {
			target := string(m[1])
			if strings.Contains(target, "://") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(f), target)); err != nil {
				t.Errorf("%s links %s, which does not exist", f, target)
			}
		}
	}
}
