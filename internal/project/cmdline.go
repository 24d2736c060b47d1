package project

import (
	"path/filepath"
	"strings"

	"github.com/google/shlex"
)

// The one reader of a compiler command line: every build reader that has
// a command (CMake's compile database, `make -n`, a compile_commands.json)
// or builds one from settings (a .cproject, a Keil project) turns it into a
// Unit or a Link here, so a -I, -D, -include or -T means the same wherever
// it was read.

// SplitCommand splits a shell command line into words the way a POSIX
// shell would (quotes, backslashes), without expanding anything.
func SplitCommand(line string) ([]string, error) { return shlex.Split(line) }

// isCompiler: a word names a C compiler or assembler driver when
// its base name is one of these or ends in -gcc/-g++/-clang (a prefixed
// cross compiler) — armcc/iccarm are read from their own project files.
func isCompiler(word string) bool {
	b := filepath.Base(word)
	b = strings.TrimSuffix(b, ".exe")
	switch b {
	case "gcc", "cc", "g++", "c++", "clang", "clang++":
		return true
	}
	return strings.HasSuffix(b, "-gcc") || strings.HasSuffix(b, "-g++") || strings.HasSuffix(b, "-clang") ||
		strings.HasSuffix(b, "-cc") || strings.HasSuffix(b, "-c++")
}

// IsCompiler says whether argv[0] of a command is a compiler driver.
func IsCompiler(word string) bool { return isCompiler(word) }

// abs resolves a path the build named relative to dir; an empty path is
// dir itself (gcc takes -I "" as the working directory), never a relative
// "." (a compile database's entry `"-I", ""` made one).
func abs(dir, p string) string {
	if p == "" {
		return filepath.Clean(dir)
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Clean(filepath.Join(dir, p))
}

// targetFlag says whether a flag selects the target (what the code is
// compiled for), kept in Unit.Target.
func targetFlag(a string) bool {
	for _, p := range []string{"-mcpu=", "-mfpu=", "-mfloat-abi=", "-march=", "-mabi=", "-mtune="} {
		if strings.HasPrefix(a, p) {
			return true
		}
	}
	switch a {
	case "-mthumb", "-marm", "-mlittle-endian", "-mbig-endian", "-mthumb-interwork", "-mno-unaligned-access", "-munaligned-access":
		return true
	}
	return false
}

// takesValue are gcc options whose value may be the next word.
var takesValue = map[string]bool{
	"-I": true, "-D": true, "-U": true, "-include": true, "-imacros": true, "-iquote": true, "-isystem": true,
	"-idirafter": true, "-o": true, "-MF": true, "-MT": true, "-MQ": true, "-x": true, "-T": true, "-L": true,
	"-l": true, "-Xlinker": true, "-Xassembler": true, "-Xpreprocessor": true, "--sysroot": true, "-isysroot": true,
	"-specs": true, "-aux-info": true,
}

// ParseCompile reads a compiler invocation (argv[0] the compiler) run in
// dir. It returns nil when the command compiles no source (-c missing, a
// link, a preprocessor-only run without an input). The project root makes
// Unit.Rel.
func ParseCompile(argv []string, dir, root string) *Unit {
	if len(argv) == 0 {
		return nil
	}
	u := &Unit{Dir: dir, Compiler: argv[0]}
	compile := false
	lang := Lang("")
	var srcs []string
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		val := func(prefix string) (string, bool) {
			if a == prefix {
				if i+1 < len(argv) {
					i++
					return argv[i], true
				}
				return "", false
			}
			if strings.HasPrefix(a, prefix) {
				return strings.TrimPrefix(strings.TrimPrefix(a, prefix), "="), true
			}
			return "", false
		}
		switch {
		case a == "-c" || a == "-S" || a == "-E" || a == "-fsyntax-only":
			compile = true
			if a != "-c" {
				u.Other = append(u.Other, a)
			}
		case strings.HasPrefix(a, "-iquote"):
			if v, ok := val("-iquote"); ok {
				u.Quote = append(u.Quote, abs(dir, v))
			}
		case strings.HasPrefix(a, "-isystem"):
			if v, ok := val("-isystem"); ok {
				u.System = append(u.System, abs(dir, v))
			}
		case strings.HasPrefix(a, "-idirafter"):
			if v, ok := val("-idirafter"); ok {
				u.System = append(u.System, abs(dir, v))
			}
		case strings.HasPrefix(a, "-include") || strings.HasPrefix(a, "-imacros"):
			p := "-include"
			if strings.HasPrefix(a, "-imacros") {
				p = "-imacros"
			}
			if v, ok := val(p); ok {
				u.Forced = append(u.Forced, abs(dir, v))
			}
		case strings.HasPrefix(a, "-I"):
			if v, ok := val("-I"); ok && v != "-" {
				u.Includes = append(u.Includes, abs(dir, v))
			}
		case strings.HasPrefix(a, "-D"):
			if v, ok := val("-D"); ok && v != "" {
				name, value, has := strings.Cut(v, "=")
				if !has {
					value = "1"
				}
				u.Defines = append(u.Defines, Define{Name: name, Value: value})
			}
		case strings.HasPrefix(a, "-U"):
			if v, ok := val("-U"); ok && v != "" {
				u.Defines = append(u.Defines, Define{Name: v, Undef: true})
			}
		case strings.HasPrefix(a, "-std="):
			u.Std = strings.TrimPrefix(a, "-std=")
		case a == "-x":
			if i+1 < len(argv) {
				i++
				lang = langOfX(argv[i])
			}
		case strings.HasPrefix(a, "-x") && len(a) > 2:
			lang = langOfX(a[2:])
		case targetFlag(a):
			u.Target = append(u.Target, a)
		case a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ" || a == "-aux-info":
			i++ // output names: not part of what the source means
		case strings.HasPrefix(a, "-o") || strings.HasPrefix(a, "-MF") || strings.HasPrefix(a, "-MT") || strings.HasPrefix(a, "-MQ"):
		case a == "-MD" || a == "-MMD" || a == "-MP" || a == "-M" || a == "-MM":
		case strings.HasPrefix(a, "-Wa,-adhlns") || strings.HasPrefix(a, "-fstack-usage") || strings.HasPrefix(a, "-fcallgraph-info"):
		case takesValue[a]:
			u.Other = append(u.Other, a)
			if i+1 < len(argv) {
				i++
				u.Other = append(u.Other, argv[i])
			}
		case strings.HasPrefix(a, "-") || strings.HasPrefix(a, "@"):
			u.Other = append(u.Other, a)
		default:
			srcs = append(srcs, a)
		}
	}
	if !compile || len(srcs) != 1 {
		return nil
	}
	u.File = abs(dir, srcs[0])
	if lang == "" {
		lang = langOfFile(u.File)
	}
	if lang == "" {
		return nil
	}
	u.Lang = lang
	u.Rel = relTo(root, u.File)
	return u
}

// ParseLink reads a link invocation (argv[0] the compiler driver or ld):
// its scripts, library paths and libraries, and its output. It returns nil
// when the command compiles (has -c) or names no output.
func ParseLink(argv []string, dir string) *Link {
	if len(argv) == 0 {
		return nil
	}
	l := &Link{}
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		next := func() string {
			if i+1 < len(argv) {
				i++
				return argv[i]
			}
			return ""
		}
		switch {
		case a == "-c" || a == "-S" || a == "-E":
			return nil
		case a == "-o":
			l.Output = abs(dir, next())
		case strings.HasPrefix(a, "-o") && len(a) > 2:
			l.Output = abs(dir, a[2:])
		case a == "-T":
			l.Scripts = append(l.Scripts, abs(dir, next()))
		case strings.HasPrefix(a, "-T") && len(a) > 2 && !strings.HasPrefix(a, "-Ttext") && !strings.HasPrefix(a, "-Tdata") && !strings.HasPrefix(a, "-Tbss"):
			l.Scripts = append(l.Scripts, abs(dir, strings.TrimPrefix(a[2:], "=")))
		case strings.HasPrefix(a, "-Wl,"):
			parts := strings.Split(a[4:], ",")
			for j := 0; j < len(parts); j++ {
				p := parts[j]
				switch {
				case p == "-T" || p == "--script":
					if j+1 < len(parts) {
						j++
						l.Scripts = append(l.Scripts, abs(dir, parts[j]))
					}
				case strings.HasPrefix(p, "--script="):
					l.Scripts = append(l.Scripts, abs(dir, strings.TrimPrefix(p, "--script=")))
				case strings.HasPrefix(p, "-T") && len(p) > 2:
					l.Scripts = append(l.Scripts, abs(dir, p[2:]))
				case strings.HasPrefix(p, "-L") && len(p) > 2:
					l.LibDirs = append(l.LibDirs, abs(dir, p[2:]))
				default:
					l.Flags = append(l.Flags, "-Wl,"+p)
				}
			}
		case a == "-L":
			l.LibDirs = append(l.LibDirs, abs(dir, next()))
		case strings.HasPrefix(a, "-L"):
			l.LibDirs = append(l.LibDirs, abs(dir, a[2:]))
		case a == "-l":
			l.Libs = append(l.Libs, "-l"+next())
		case strings.HasPrefix(a, "-l"):
			l.Libs = append(l.Libs, a)
		case strings.HasSuffix(a, ".a"):
			l.Libs = append(l.Libs, abs(dir, a))
		case strings.HasPrefix(a, "-"):
			l.Flags = append(l.Flags, a)
			if a == "-Xlinker" || a == "-specs" {
				l.Flags = append(l.Flags, next())
			}
		}
	}
	if l.Output == "" {
		return nil
	}
	return l
}

func langOfX(x string) Lang {
	switch x {
	case "c":
		return LangC
	case "c++":
		return LangCXX
	case "assembler", "assembler-with-cpp":
		return LangASM
	}
	return ""
}

func langOfFile(f string) Lang {
	if filepath.Ext(f) == ".C" { // gcc: C++ (.c is C)
		return LangCXX
	}
	switch strings.ToLower(filepath.Ext(f)) {
	case ".c":
		return LangC
	case ".cc", ".cpp", ".cxx", ".c++":
		return LangCXX
	case ".s", ".sx", ".asm":
		return LangASM
	}
	return ""
}

// relTo is p relative to root, slash-separated; "" when p is outside root.
func relTo(root, p string) string {
	if root == "" {
		return ""
	}
	r, err := filepath.Rel(root, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(r)
}
