package escape

import (
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// hostile are strings a crafted board file could carry into a generated
// file: comment terminators, newlines, directives, quotes of every language,
// substitutions ($, [], ${}, @VAR@), NUL, trailing backslashes, invalid UTF-8.
var hostile = []string{
	`x*/ #include "/etc/passwd" /*`,
	"line1\nline2\r\n#include <stdio.h>\n",
	`"; import os; os.system("id") #`,
	`'''"""\' quotes`,
	`$(id) [exec id] ${HOME} $ENV{PATH} @VAR@ ; { } \`,
	`trailing backslash \`,
	"nul\x00byte\x01\x1f\x7f",
	"é unicode ☃ 𝄞 \u2028 sep",
	"\xff\xfe invalid utf-8",
	`??/ trigraph ??= ??' `,
	"tab\there",
	"*0*0/*/000 overlapping /*/ and */*",
	"",
}

// round-trip: the compiled or interpreted literal equals the input, and the
// line after a comment holding the input still runs (nothing was swallowed).
func run(t *testing.T, dir, name string, src string, cmd ...string) []string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(cmd[0], append(cmd[1:], p)...)
	c.Dir = dir
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s\n--- source:\n%s", cmd[0], err, out, src)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) == 0 || lines[len(lines)-1] != "after-ok" {
		t.Fatalf("%s: the line after the comments did not run:\n%s\n--- source:\n%s", cmd[0], out, src)
	}
	return lines[:len(lines)-1]
}

func compare(t *testing.T, lang string, got []string, want func(string) string) {
	t.Helper()
	if len(got) != len(hostile) {
		t.Fatalf("%s: %d values, want %d: %q", lang, len(got), len(hostile), got)
	}
	for i, s := range hostile {
		if w := hex.EncodeToString([]byte(want(s))); got[i] != w {
			t.Errorf("%s: %q came back as %s, want %s", lang, s, got[i], w)
		}
	}
}

func TestCString(t *testing.T) {
	gcc := testenv.Tool(t, "gcc")
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n")
	for i, s := range hostile {
		fmt.Fprintf(&b, "/* %s */\n// %s\nstatic const char s%d[] = %s;\n", CComment(s), CComment(s), i, CString(s))
	}
	b.WriteString("static void hex(const char *s, size_t n) { for (size_t i = 0; i < n; i++) printf(\"%02x\", (unsigned char)s[i]); printf(\"\\n\"); }\nint main(void) {\n")
	for i := range hostile {
		fmt.Fprintf(&b, "  hex(s%d, sizeof s%d - 1);\n", i, i)
	}
	b.WriteString("  puts(\"after-ok\");\n  return 0;\n}\n")
	p := filepath.Join(dir, "t.c")
	os.WriteFile(p, []byte(b.String()), 0o644)
	if out, err := exec.Command(gcc, "-std=c99", "-Wall", "-Werror", "-Wcomment", "-trigraphs", "-o", filepath.Join(dir, "t"), p).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s\n%s", err, out, b.String())
	}
	out, err := exec.Command(filepath.Join(dir, "t")).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if lines[len(lines)-1] != "after-ok" {
		t.Fatalf("output %q", out)
	}
	compare(t, "C", lines[:len(lines)-1], func(s string) string { return s })
}

// latin1 is what a Tcl or Python literal of s holds when every invalid UTF-8
// byte is written as its own code point (there is no other way to name it).
func pyWant(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			b.WriteRune(rune(s[i]))
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func TestPyString(t *testing.T) {
	py := testenv.Tool(t, "python3")
	var b strings.Builder
	b.WriteString("import sys\nvals = [\n")
	for _, s := range hostile {
		fmt.Fprintf(&b, "    # %s\n    %s,\n", HashComment(s), PyString(s))
	}
	b.WriteString("]\nfor v in vals:\n    print(v.encode('utf-8', 'surrogatepass').hex())\nprint('after-ok')\n")
	compare(t, "Python", run(t, t.TempDir(), "t.py", b.String(), py), pyWant)
}

func TestTclString(t *testing.T) {
	tcl := testenv.Tool(t, "tclsh")
	var b strings.Builder
	b.WriteString("set vals {}\n")
	for _, s := range hostile {
		fmt.Fprintf(&b, "# %s\nlappend vals %s\nif {1} {\n  # %s\n  set x %s\n}\n", HashComment(s), TclString(s), HashComment(s), TclWord(s))
	}
	// octal escapes name bytes: iso8859-1 gives them back one to one
	b.WriteString("foreach v $vals { puts [binary encode hex [encoding convertto iso8859-1 $v]] }\nputs after-ok\n")
	compare(t, "Tcl", run(t, t.TempDir(), "t.tcl", b.String(), tcl), func(s string) string { return s })
}

func TestCMakeString(t *testing.T) {
	cmake := testenv.Tool(t, "cmake")
	var b strings.Builder
	for i, s := range hostile {
		fmt.Fprintf(&b, "# %s\nset(v%d %s)\nset(w%d %s)\n", HashComment(s), i, CMakeString(s), i, CMakeWord(s))
	}
	for i := range hostile {
		fmt.Fprintf(&b, "string(HEX \"${v%d}\" h)\nexecute_process(COMMAND ${CMAKE_COMMAND} -E echo \"${h}\")\n", i)
	}
	b.WriteString("execute_process(COMMAND ${CMAKE_COMMAND} -E echo after-ok)\n")
	// CMake has no escape for other control characters or invalid bytes: they are written visibly
	compare(t, "CMake", run(t, t.TempDir(), "t.cmake", b.String(), cmake, "-P"), func(s string) string {
		var o strings.Builder
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 || r != '\n' && r != '\r' && r != '\t' && isControl(r) {
				fmt.Fprintf(&o, "<0x%02X>", s[i])
			} else {
				o.WriteString(s[i : i+n])
			}
			i += n
		}
		return o.String()
	})
}

// YAML is checked with Python's json module (a JSON string is a YAML
// double-quoted scalar); the comment functions keep every value on one line.
func TestOneLineAndMSS(t *testing.T) {
	for _, s := range hostile {
		for name, f := range map[string]func(any) string{"CComment": CComment, "HashComment": HashComment, "XMLText": XMLText, "YAMLString": YAMLString} {
			out := f(s)
			if strings.ContainsAny(out, "\n\r\x00\u2028") {
				t.Errorf("%s(%q) = %q spans lines", name, s, out)
			}
			if name == "CComment" && strings.Contains(out, "*/") {
				t.Errorf("CComment(%q) = %q closes the comment", s, out)
			}
			if name == "XMLText" && strings.ContainsAny(out, "<>\"'") {
				t.Errorf("XMLText(%q) = %q has markup", s, out)
			}
		}
		if strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") != "" {
			if _, err := MSSValue(s); err == nil {
				t.Errorf("MSSValue(%q) accepted", s)
			}
		}
	}
	for _, ok := range []string{"true", "256", "CONFIG_LINKSPEED_AUTODETECT", "1.0"} {
		if v, err := MSSValue(ok); err != nil || v != ok {
			t.Errorf("MSSValue(%q) = %q, %v", ok, v, err)
		}
	}
}
