package project

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// A build log is what a build prints as it would run: `make -n -B -w`'s
// output, or `ninja -t commands`. It is read the way compiledb reads one
// (nickdiego/compiledb@4da2283 compiledb/parser.py): continuation lines
// joined, make's "Entering directory" / "Leaving directory" followed, each
// line split into the shell commands it holds (`cd dir && gcc ...`,
// `a; b`, `if ...; then gcc ...; fi`), response files (@file) read in.
// Unlike compiledb it never runs a command substitution ($(...) or
// backquotes) it finds: those words stay as they are.

// logCommand is one simple command of a build log.
type logCommand struct {
	Argv []string
	Dir  string // where it runs: make's current directory, changed by a `cd` earlier on the same line
	Line int    // 1-based line of the log
}

var (
	enterDirRe = regexp.MustCompile("^\\s*\\S*make(?:\\[\\d+\\])?: Entering directory [`'\"](.*)['\"]\\s*$")
	leaveDirRe = regexp.MustCompile(`^\s*\S*make(?:\[\d+\])?: Leaving directory `)
)

// parseBuildLog splits a build log into its simple commands; dir is where
// the build starts.
func parseBuildLog(log, dir string) []logCommand {
	var out []logCommand
	stack := []string{dir}
	lines := strings.Split(strings.ReplaceAll(log, "\r", ""), "\n")
	for i := 0; i < len(lines); i++ {
		lineNo := i + 1
		line := lines[i]
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) { // a recipe line continued
			i++
			line = line[:len(line)-1] + " " + lines[i]
		}
		if m := enterDirRe.FindStringSubmatch(line); m != nil {
			d := stack[len(stack)-1]
			if m[1] != "" {
				d = abs(d, m[1])
			}
			stack = append(stack, d)
			continue
		}
		if leaveDirRe.MatchString(line) {
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
			continue
		}
		cwd := stack[len(stack)-1] // a cd lasts to the end of its line: each recipe line is a shell of its own
		for _, seg := range shellSegments(line) {
			argv, err := SplitCommand(seg)
			if err != nil {
				continue
			}
			argv = simpleCommand(argv)
			if len(argv) == 0 {
				continue
			}
			if argv[0] == "cd" {
				if len(argv) > 1 && argv[1] != "" {
					cwd = abs(cwd, argv[1])
				}
				continue
			}
			out = append(out, logCommand{Argv: argv, Dir: cwd, Line: lineNo})
		}
	}
	return out
}

// shellSegments splits a shell line at the operators that separate simple
// commands (; & && | || ( ) and newlines), outside quotes, backslash
// escapes, $(...) and backquotes. `2>&1` is a redirection, not a split.
func shellSegments(line string) []string {
	var segs []string
	var cur strings.Builder
	flush := func() {
		if s := strings.TrimSpace(cur.String()); s != "" {
			segs = append(segs, s)
		}
		cur.Reset()
	}
	var quote byte // ' or " or `
	depth := 0     // inside $( ... )
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\\' && quote != '\'' && i+1 < len(line):
			cur.WriteByte(c)
			i++
			c = line[i]
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '$' && i+1 < len(line) && line[i+1] == '(':
			depth++
			cur.WriteByte(c)
			i++
			c = line[i]
		case depth > 0:
			if c == ')' {
				depth--
			}
		case c == '&' && i > 0 && (line[i-1] == '>' || line[i-1] == '<'):
		case c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '\n':
			flush()
			continue
		}
		cur.WriteByte(c)
	}
	flush()
	return segs
}

// shellKeywords open or close a compound command; what follows is a command.
var shellKeywords = map[string]bool{"if": true, "then": true, "else": true, "elif": true, "fi": true, "do": true,
	"done": true, "while": true, "until": true, "!": true, "{": true, "}": true, "exec": true, "time": true, "command": true}

// wrappers run the compiler they are given (compiledb's compiler_wrappers).
var wrappers = map[string]bool{"ccache": true, "sccache": true, "icecc": true, "distcc": true, "env": true}

var assignRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// simpleCommand drops what precedes the program (keywords, VAR=value
// assignments, compiler wrappers) and redirections from a command's words.
func simpleCommand(argv []string) []string {
	for len(argv) > 0 && (shellKeywords[argv[0]] || assignRe.MatchString(argv[0]) || wrappers[filepath.Base(argv[0])]) {
		argv = argv[1:]
	}
	out := argv[:0:0]
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		op := strings.TrimLeft(a, "0123456789&")
		if strings.HasPrefix(op, ">") || strings.HasPrefix(op, "<") {
			if strings.TrimLeft(op, "<>&|") == "" { // a bare operator: its target is the next word
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// maxResponse bounds a response file read in.
const maxResponse = 1 << 20

// expandResponse replaces each @file word with the words the file holds,
// as gcc does (a file that cannot be read stays an @file word).
func expandResponse(argv []string, dir string) []string {
	var out []string
	for i, a := range argv {
		if i == 0 || !strings.HasPrefix(a, "@") || len(a) == 1 {
			out = append(out, a)
			continue
		}
		b, err := fsutil.ReadText(abs(dir, a[1:]), maxResponse)
		if err != nil {
			out = append(out, a)
			continue
		}
		words, err := SplitCommand(string(b))
		if err != nil {
			out = append(out, a)
			continue
		}
		out = append(out, words...)
	}
	return out
}

// isLinker says whether argv[0] is a linker run directly (arm-none-eabi-ld).
func isLinker(word string) bool {
	b := strings.TrimSuffix(filepath.Base(word), ".exe")
	return b == "ld" || strings.HasSuffix(b, "-ld") || strings.HasSuffix(b, "-ld.bfd")
}

// commandsToBuild turns a build log's commands into units and the link:
// each compile through ParseCompile, each link through ParseLink. A source
// compiled twice keeps its first command; when several links run, the
// build's link is the last one writing an .elf (else the last), and the
// others are named in the notes.
func commandsToBuild(b *Build, cmds []logCommand, root string, from Pos) {
	seen := map[string]bool{}
	dup := 0
	var links []*Link
	for _, c := range cmds {
		if !IsCompiler(c.Argv[0]) && !isLinker(c.Argv[0]) {
			continue
		}
		argv := expandResponse(c.Argv, c.Dir)
		if IsCompiler(argv[0]) {
			if u := ParseCompile(argv, c.Dir, root); u != nil {
				if seen[u.File] {
					dup++
					continue
				}
				seen[u.File] = true
				u.From = from
				b.Units = append(b.Units, *u)
				continue
			}
		}
		if l := ParseLink(argv, c.Dir); l != nil {
			l.From = from
			links = append(links, l)
		}
	}
	if dup > 0 {
		b.Notes = append(b.Notes, pluralf(dup, "%d source is compiled more than once; its first command is kept", "%d sources are compiled more than once; their first commands are kept"))
	}
	if len(links) == 0 {
		return
	}
	pick := len(links) - 1
	for i := len(links) - 1; i >= 0; i-- {
		if strings.EqualFold(filepath.Ext(links[i].Output), ".elf") {
			pick = i
			break
		}
	}
	b.Link = links[pick]
	for i, l := range links {
		if i != pick {
			b.Notes = append(b.Notes, "the build also links "+relOrAbs(root, l.Output)+"; the model's link is "+relOrAbs(root, b.Link.Output))
		}
	}
}
