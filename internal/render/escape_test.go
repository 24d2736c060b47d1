package render_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/boards"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/templates"
)

// freeText are the template fields that carry text lwipgen did not choose
// itself (names, paths, PHY strings, reasons quoting a board's options,
// vendor table descriptions): every action that prints one must end in an
// escaping function of internal/escape.
var freeText = regexp.MustCompile(`\.(Board\.Name|Chip\.Name|RTOSVersion|File|PHY|\w*Why|\w*Comment|Param\.Desc|Description|Was|From|To|YAMLValue|YAMLDefault|CMakeValue|Note|Title|Detail)\b`)
var escaped = regexp.MustCompile(`\b(cComment|cString|hashComment|pyString|tclString|tclWord|cmakeString|cmakeWord|yamlString|yamlWord|mssValue|xmlText)\b`)
var action = regexp.MustCompile(`\{\{-?(.*?)-?\}\}`)

func TestTemplatesEscapeFreeText(t *testing.T) {
	checked := 0
	// every template of the repository: templates/, linker/ and the flows' own
	for _, root := range []string{"."} {
		err := filepath.Walk(filepath.Join("..", "..", root), func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() || !strings.HasSuffix(p, ".tmpl") || strings.Contains(p, "/report/") || strings.Contains(p, "testdata") || strings.Contains(p, "/.git/") {
				return err
			}
			src, _ := os.ReadFile(p)
			for i, line := range strings.Split(string(src), "\n") {
				for _, m := range action.FindAllStringSubmatch(line, -1) {
					a := strings.TrimSpace(m[1])
					if strings.HasPrefix(a, "/*") || strings.HasPrefix(a, "if ") || strings.HasPrefix(a, "else") || strings.HasPrefix(a, "range ") || strings.HasPrefix(a, "with ") || strings.Contains(a, ":=") {
						continue
					}
					if freeText.MatchString(a) {
						checked++
						if !escaped.MatchString(a) {
							t.Errorf("%s:%d: {{ %s }} prints free text without an escaping function", p, i+1, a)
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 50 {
		t.Fatalf("only %d free-text actions found: the scan is broken", checked)
	}
	_ = templates.FS
}

// payload is a PHY name and a description that try every language's way
// out: close the comment, start a line, quote, substitute.
const payload = `X */ PWNED(); /* \n#include \"PWNED.h\"\n\"; PWNED() #\n$(PWNED) [PWNED] ${PWNED} \\`

// Every built-in board, read from a directory whose name itself tries to
// break out of a comment, with a hostile PHY and description: in every
// generated file the payload stays inside a comment or a string literal.
func TestHostileTextStaysInert(t *testing.T) {
	py := testenv.Tool(t, "python3")
	dir := filepath.Join(t.TempDir(), "x*", " PWNED(); /*\nPWNED")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	names := []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500", "h743-rtthread"}
	phy := regexp.MustCompile(`(?m)^(\s*phy\s*=\s*)"[^"]*"`)
	desc := regexp.MustCompile(`(?m)^(\s*description\s*=\s*)"[^"]*"`)
	files := 0
	for _, n := range names {
		src, err := boards.FS.ReadFile(n + ".hcl")
		if err != nil {
			t.Fatal(err)
		}
		s := phy.ReplaceAllString(string(src), `${1}"`+payload+`"`)
		s = desc.ReplaceAllString(s, `${1}"`+payload+`"`)
		p := filepath.Join(dir, "x\" PWNED(); \\\n#PWNED-"+n+".hcl") // generated text names the file by its base name (no "/" in it)
		os.WriteFile(p, []byte(s), 0o644)
		g, diags := pipeline.Prepare(pipeline.Options{Board: p, Source: board.Source{}})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", n, diags)
		}
		if g.Board.Ethernet.PHY == "LAN8742A" || !strings.Contains(g.Board.File, "PWNED") {
			t.Fatalf("%s: the payload did not reach the board", n)
		}
		for _, f := range g.Files {
			if !strings.Contains(string(f.Content), "PWNED") {
				continue
			}
			files++
			switch ext := filepath.Ext(f.Path); ext {
			case ".c", ".h", ".ld":
				if code := stripC(string(f.Content)); strings.Contains(code, "PWNED") {
					t.Errorf("%s %s: payload outside comments and strings:\n%s", n, f.Path, code)
				}
			case ".py":
				out, err := exec.Command(py, "-c", pyCheck, string(f.Content)).CombinedOutput()
				if err != nil {
					t.Errorf("%s %s: %v\n%s", n, f.Path, err, out)
				}
			default:
				for i, line := range strings.Split(string(f.Content), "\n") {
					if strings.Contains(line, "PWNED") && !strings.HasPrefix(strings.TrimSpace(line), "#") && !inQuotes(line) {
						t.Errorf("%s %s:%d: payload outside a comment or string: %q", n, f.Path, i+1, line)
					}
				}
			}
		}
	}
	if files < 10 {
		t.Fatalf("the payload reached only %d generated files", files)
	}
	t.Logf("hostile text: %d generated files of %d boards hold the payload, all inside comments or string literals", files, len(names))
}

// pyCheck fails when PWNED is in a token that is neither a comment nor a string.
const pyCheck = `
import io, sys, tokenize
for tok in tokenize.generate_tokens(io.StringIO(sys.argv[1]).readline):
    if "PWNED" in tok.string and tok.type not in (tokenize.COMMENT, tokenize.STRING):
        print("code token", tok); sys.exit(1)
`

// stripC removes C comments and string/char literals (what the compiler
// would not take as code).
func stripC(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return b.String() + "<unterminated comment>"
			}
			i += j + 3
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				if s[i] == '\\' && i+1 < len(s) && s[i+1] == '\n' {
					i++
				}
				i++
			}
			b.WriteByte('\n')
		case s[i] == '"' || s[i] == '\'':
			q := s[i]
			for i++; i < len(s) && s[i] != q && s[i] != '\n'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// inQuotes: every PWNED of the line is inside a "..." or '...' string.
func inQuotes(line string) bool {
	var q byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case q != 0 && c == '\\':
			i++
		case q != 0 && c == q:
			q = 0
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case q == 0 && strings.HasPrefix(line[i:], "PWNED"):
			return false
		}
	}
	return true
}
