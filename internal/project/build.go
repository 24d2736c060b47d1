package project

import (
	"context"
	"fmt"
	"strings"
)

// Pos is where a fact or a command came from: a file relative to the
// project root (slash-separated; absolute when outside it) and, where known,
// a 1-based line and column.
type Pos struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"col,omitempty"`
}

func (p Pos) String() string {
	switch {
	case p.File == "":
		return ""
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Lang is a translation unit's language, as the compiler takes it.
type Lang string

const (
	LangC   Lang = "c"
	LangCXX Lang = "c++"
	LangASM Lang = "asm" // .s, .S, -x assembler(-with-cpp)
)

// Define is one -D or -U of a command line, in gcc's meaning: -DNAME is
// NAME=1, -DNAME= is NAME defined empty.
type Define struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Undef bool   `json:"undef,omitempty"` // -UNAME
}

// Arg is the define as a command-line argument (-DNAME=VALUE, -UNAME).
func (d Define) Arg() string {
	if d.Undef {
		return "-U" + d.Name
	}
	return "-D" + d.Name + "=" + d.Value
}

// Unit is one translation unit exactly as the build compiles it. Paths are
// absolute (the build's own relative paths resolved against the directory
// it runs the compiler in); File is also kept relative to the project in Rel.
type Unit struct {
	File     string   `json:"file"`               // the source, absolute
	Rel      string   `json:"rel"`                // the source relative to the project root (slash); "" outside it
	Dir      string   `json:"dir"`                // the compiler's working directory, absolute
	Compiler string   `json:"compiler,omitempty"` // as the build names it (arm-none-eabi-gcc, a path, $(CC) expanded)
	Lang     Lang     `json:"lang"`
	Quote    []string `json:"quote,omitempty"`    // -iquote directories, absolute, in order
	Includes []string `json:"includes,omitempty"` // -I directories, absolute, in order
	System   []string `json:"system,omitempty"`   // -isystem / -idirafter directories, absolute, in order
	Defines  []Define `json:"defines,omitempty"`  // -D and -U in command-line order
	Forced   []string `json:"forced,omitempty"`   // -include / -imacros files, absolute, in order
	Target   []string `json:"target,omitempty"`   // -mcpu, -mthumb, -mfpu, -mfloat-abi, -march, -mabi, -mlittle-endian ...
	Std      string   `json:"std,omitempty"`      // the -std= value
	Other    []string `json:"other,omitempty"`    // every other flag, in order (-O2, -g3, -Wall, -ffunction-sections ...)
	From     Pos      `json:"from"`               // the build file (and line) this command comes from
}

// Macros are the unit's definitions as gcc ends up with them (a later -D or
// -U of a name wins), as NAME -> value; undefined names are absent.
func (u *Unit) Macros() map[string]string {
	m := map[string]string{}
	for _, d := range u.Defines {
		if d.Undef {
			delete(m, d.Name)
		} else {
			m[d.Name] = d.Value
		}
	}
	return m
}

// SearchPath is the order gcc looks for a file named in #include "x" from
// a file in dir: dir itself, then -iquote, -I, -isystem.
func (u *Unit) SearchPath(dir string) []string {
	out := []string{}
	if dir != "" {
		out = append(out, dir)
	}
	out = append(out, u.Quote...)
	out = append(out, u.Includes...)
	return append(out, u.System...)
}

// Args are the unit's preprocessing and target flags as gcc arguments, in
// the order gcc would see them: target flags, -std, -iquote, -I, -isystem,
// -D/-U, -include. Other flags (optimisation, warnings, dependency output)
// are left out: they do not change what a file means.
func (u *Unit) Args() []string {
	var a []string
	a = append(a, u.Target...)
	if u.Std != "" {
		a = append(a, "-std="+u.Std)
	}
	for _, d := range u.Quote {
		a = append(a, "-iquote", d)
	}
	for _, d := range u.Includes {
		a = append(a, "-I", d)
	}
	for _, d := range u.System {
		a = append(a, "-isystem", d)
	}
	for _, d := range u.Defines {
		a = append(a, d.Arg())
	}
	for _, f := range u.Forced {
		a = append(a, "-include", f)
	}
	return a
}

// Link is the build's link step.
type Link struct {
	Scripts []string `json:"scripts,omitempty"`  // -T scripts, absolute, in order
	LibDirs []string `json:"lib_dirs,omitempty"` // -L directories, absolute
	Libs    []string `json:"libs,omitempty"`     // -l names and library files
	Flags   []string `json:"flags,omitempty"`    // every other link flag, in order
	Output  string   `json:"output,omitempty"`   // the ELF the build writes, absolute; "" when not known
	From    Pos      `json:"from"`
}

// System names the build system a Build was read from.
type System string

const (
	SysCMake     System = "cmake"            // configured by cmake itself (File API + compile database)
	SysMake      System = "make"             // `make -n -B` of the project's Makefile
	SysCDT       System = "cdt"              // an Eclipse CDT managed build (.cproject): STM32CubeIDE, GNU MCU Eclipse, RT-Thread Studio, Xilinx SDK
	SysCompileDB System = "compile_commands" // a compile_commands.json the project carries
	SysKeil      System = "keil"             // Keil MDK (.uvprojx/.uvproj): read, not driven
	SysIAR       System = "iar"              // IAR EWARM (.ewp): read, not driven
)

// Build is a project's build as one Reader saw it.
type Build struct {
	System System `json:"system"`
	Tool   string `json:"tool,omitempty"`   // what wrote the build description, where it says: "STM32CubeIDE", "GNU MCU Eclipse", "RT-Thread Studio", "STM32CubeMX 6.11.0" ...
	File   string `json:"file"`             // the build description read, relative to the project root
	Config string `json:"config,omitempty"` // the configuration read: CDT/Keil/IAR configuration or target name, CMake build type
	Units  []Unit `json:"units"`
	Link   *Link  `json:"link,omitempty"`
	// Device is the part the build description names where it names one
	// (STM32CubeIDE's target_mcu "STM32H743ZITx", GD32 Embedded Builder's
	// partNo), and where.
	Device     string `json:"device,omitempty"`
	DeviceFrom *Pos   `json:"device_from,omitempty"`
	// Executable is the executable target the model reads when it is not
	// the one the top project is named after (CMake: a tree of examples
	// whose project() names none of its add_executable targets), "" else.
	Executable string `json:"executable,omitempty"`
	// Exact is true when the build tool itself produced the commands (cmake
	// configured the project, make printed them); false when lwipgen read a
	// build description without running its tool.
	Exact bool     `json:"exact"`
	Notes []string `json:"notes,omitempty"` // what could not be read, and why
}

// Unit returns the unit compiling the source whose project-relative path is
// rel (slash-separated) or whose absolute path is rel; nil if none does.
func (b *Build) Unit(rel string) *Unit {
	for i := range b.Units {
		if b.Units[i].Rel == rel || b.Units[i].File == rel {
			return &b.Units[i]
		}
	}
	return nil
}

// UnitSuffix returns the first unit whose source path ends in /suffix.
func (b *Build) UnitSuffix(suffix string) *Unit {
	for i := range b.Units {
		f := b.Units[i].File
		if strings.HasSuffix(f, "/"+suffix) || f == suffix {
			return &b.Units[i]
		}
	}
	return nil
}

// Options are what the caller tells the readers.
type Options struct {
	// CC is the cross compiler lwipgen uses (toolchain.Discover), for the
	// readers that configure or dry-run the build (CMake's toolchain
	// check, a Makefile's GCC_PATH/PREFIX); "" when there is none.
	CC string
	// Offline forbids running any build tool (cmake, make): only build
	// descriptions are read. Set by tests of the static readers.
	Offline bool
	// System reads this build even when the project has another that comes
	// first (inspect --build); "" lets the flow or the precedence choose.
	System System
	// Config names the build configuration to read (a CDT configuration
	// such as "Release"); "" reads the one the project builds by default
	// (for CDT, the first: the active one is kept outside the project). A
	// name the project does not have is an error listing those it has.
	Config string
}

// Reader reads one kind of build. Present says (cheaply, from the files
// alone) whether the project has this kind of build and which file
// describes it, "" when it has none; Read reads it. A Reader that cannot run
// its tool (cmake missing) reads what it can and says so in Build.Notes,
// or returns an error naming the tool to install.
type Reader struct {
	System  System
	Present func(root string) string
	Read    func(ctx context.Context, root, file string, o Options) (*Build, error)
}

var readers = map[System]Reader{}

// precedence is the order readers are tried in when no flow states which
// build the project uses: a build lwipgen can run the tool of first, then
// the descriptions it reads statically.
var precedence = []System{SysCMake, SysMake, SysCDT, SysCompileDB, SysKeil, SysIAR}

// registerReader adds a reader (from the init of the file that implements it).
func registerReader(r Reader) { readers[r.System] = r }
