package project

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// The CMake reader: cmake itself configures the project into lwipgen's
// scratch directory (build/lwipgen, where build --project builds too),
// with the project's toolchain file (a configure preset's, CubeMX's
// cmake/gcc-arm-none-eabi.cmake, or a *.cmake that sets CMAKE_SYSTEM_NAME
// and CMAKE_C_COMPILER), Ninja when it is installed, and Debug unless a
// preset says otherwise. The File API's codemodel gives the executable,
// its sources and compile groups, and the libraries it links; the
// generator's own link command gives the link (the File API leaves
// CMAKE_<LANG>_LINK_FLAGS out); the compile database cmake exports is the
// cross-check of every unit.

func init() {
	registerReader(Reader{System: SysCMake, Present: cmakePresent, Read: readCMake})
}

func cmakePresent(root string) string {
	if fi, err := os.Stat(filepath.Join(root, "CMakeLists.txt")); err == nil && fi.Mode().IsRegular() {
		return "CMakeLists.txt"
	}
	return ""
}

// cmakeConfigure is how lwipgen configures the project.
type cmakeConfigure struct {
	Preset    *cmakePreset
	Toolchain string // absolute; "" when none
	BuildType string
	Generator string // "" is cmake's default
	Args      []string
	Notes     []string
}

// toolchainRe: a toolchain file names the target system and the compiler.
var (
	toolchainSysRe = regexp.MustCompile(`(?m)^\s*set\s*\(\s*CMAKE_SYSTEM_NAME\b`)
	toolchainCCRe  = regexp.MustCompile(`(?m)^\s*set\s*\(\s*CMAKE_C_COMPILER\b`)
)

// findToolchain is the project's toolchain file when no preset names one:
// cmake/gcc-arm-none-eabi.cmake (CubeMX), else the first *.cmake at the
// root or in cmake/ that sets CMAKE_SYSTEM_NAME and CMAKE_C_COMPILER
// (lang-zou/GD32F450-EtherNet--100M-Mii-RMii-LwIP-UDP--FreeRTOS-ArmGcc-OpenOCD@8257a26
// cmake/toolchain.cmake, named only in a comment of its CMakeLists.txt).
func findToolchain(root string) string {
	cube := filepath.Join(root, "cmake", "gcc-arm-none-eabi.cmake")
	if _, err := os.Stat(cube); err == nil {
		return cube
	}
	var cands []string
	for _, pat := range []string{"*.cmake", "cmake/*.cmake"} {
		m, _ := filepath.Glob(filepath.Join(root, pat))
		sort.Strings(m)
		cands = append(cands, m...)
	}
	for _, c := range cands {
		b, err := fsutil.ReadText(c, fsutil.MaxInput)
		if err == nil && toolchainSysRe.Match(b) && toolchainCCRe.Match(b) {
			return c
		}
	}
	return ""
}

// planConfigure decides the cmake command line for root into bdir.
func planConfigure(root, bdir string, o Options) (*cmakeConfigure, error) {
	c := &cmakeConfigure{BuildType: "Debug"}
	presets, err := readPresets(root)
	if err != nil {
		return nil, err
	}
	c.Preset = choosePreset(presets, o.Config)
	if c.Preset != nil {
		c.Toolchain = c.Preset.ToolchainFile
		if bt := c.Preset.Cache["CMAKE_BUILD_TYPE"]; bt != "" {
			c.BuildType = bt
		}
		c.Notes = append(c.Notes, "configured as the CMakePresets.json configure preset "+fmt.Sprintf("%q", c.Preset.Name)+" describes, into "+ScratchRel+" (not its binaryDir)")
	} else if o.Config != "" {
		c.BuildType = o.Config
	}
	if c.Toolchain == "" {
		c.Toolchain = findToolchain(root)
	}
	if _, err := exec.LookPath("ninja"); err == nil {
		c.Generator = "Ninja"
	} else if c.Preset != nil && c.Preset.Generator != "" {
		c.Notes = append(c.Notes, "the preset's generator "+c.Preset.Generator+" is not used: ninja is not installed, cmake's default generator is")
	}
	c.Args = []string{"-S", root, "-B", bdir}
	if c.Generator != "" {
		c.Args = append(c.Args, "-G", c.Generator)
	}
	c.Args = append(c.Args, "-DCMAKE_BUILD_TYPE="+c.BuildType, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
	switch {
	case c.Toolchain != "":
		c.Args = append(c.Args, "-DCMAKE_TOOLCHAIN_FILE="+c.Toolchain)
		c.Notes = append(c.Notes, "toolchain file "+relOrAbs(root, c.Toolchain))
	case o.CC != "":
		// no toolchain file: a bare-metal cross build with lwipgen's compiler
		// (a host compiler would pass CMake's checks and compile nothing the
		// firmware does)
		c.Args = append(c.Args, "-DCMAKE_SYSTEM_NAME=Generic", "-DCMAKE_C_COMPILER="+o.CC, "-DCMAKE_ASM_COMPILER="+o.CC,
			"-DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY")
		if cxx := strings.TrimSuffix(o.CC, "gcc") + "g++"; cxx != o.CC+"g++" {
			if _, err := os.Stat(cxx); err == nil {
				c.Args = append(c.Args, "-DCMAKE_CXX_COMPILER="+cxx)
			}
		}
		c.Notes = append(c.Notes, "the project names no toolchain file: configured as a bare-metal cross build with "+o.CC)
	default:
		c.Notes = append(c.Notes, "the project names no toolchain file and lwipgen has no cross compiler: configured with cmake's default (host) compiler")
	}
	if c.Preset != nil {
		keys := make([]string, 0, len(c.Preset.Cache))
		for k := range c.Preset.Cache {
			if k != "CMAKE_BUILD_TYPE" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			c.Args = append(c.Args, "-D"+k+"="+c.Preset.Cache[k])
		}
	}
	return c, nil
}

// clearStaleCache removes the cache of an earlier configure of bdir that
// used another generator or toolchain file: cmake refuses the first and
// ignores the second.
func clearStaleCache(root, bdir string, c *cmakeConfigure) error {
	cache, err := fsutil.ReadFile(filepath.Join(bdir, "CMakeCache.txt"), fsutil.MaxInput)
	if err != nil {
		return nil
	}
	gen, tc := "", ""
	sc := bufio.NewScanner(bytes.NewReader(cache))
	for sc.Scan() {
		l := sc.Text()
		if v, ok := strings.CutPrefix(l, "CMAKE_GENERATOR:INTERNAL="); ok {
			gen = v
		}
		if _, v, ok := strings.Cut(l, "CMAKE_TOOLCHAIN_FILE:"); ok && strings.HasPrefix(l, "CMAKE_TOOLCHAIN_FILE:") {
			_, tc, _ = strings.Cut(v, "=")
		}
	}
	want := c.Generator
	if want == "" {
		want = "Unix Makefiles"
	}
	if gen == want && tc == c.Toolchain {
		return nil
	}
	if err := os.Remove(filepath.Join(bdir, "CMakeCache.txt")); err != nil && !os.IsNotExist(err) {
		return err
	}
	return os.RemoveAll(filepath.Join(bdir, "CMakeFiles"))
}

func readCMake(ctx context.Context, root, file string, o Options) (*Build, error) {
	if o.Offline {
		return nil, ErrOffline
	}
	cmakeBin, err := lookTool("cmake", "the CMake project "+file)
	if err != nil {
		return nil, err
	}
	bdir, err := scratchDir(root)
	if err != nil {
		return nil, err
	}
	c, err := planConfigure(root, bdir, o)
	if err != nil {
		return nil, err
	}
	if err := clearStaleCache(root, bdir, c); err != nil {
		return nil, err
	}
	if err := writeFileAPIQuery(bdir); err != nil {
		return nil, err
	}
	env := toolEnv(o.CC)
	if _, err := runTool(ctx, root, env, cmakeBin, c.Args...); err != nil {
		return nil, err
	}
	reply, err := readFileAPIReply(bdir)
	if err != nil {
		return nil, err
	}
	b := &Build{System: SysCMake, File: file, Config: c.BuildType, Exact: true, Notes: c.Notes}
	if c.Preset != nil {
		b.Config = c.Preset.Name
	}
	b.Tool = cmakeTool(reply)
	exes := reply.executables()
	if len(exes) == 0 {
		return nil, fmt.Errorf("%s: cmake configured no executable (add_executable) for lwipgen to read", file)
	}
	exe := exes[0]
	if ps := reply.Model.Configurations[0].Projects; len(ps) == 0 || ps[0].Name != exe.Name {
		b.Executable = exe.Name
	}
	for _, other := range exes[1:] {
		b.Notes = append(b.Notes, "the project also builds the executable "+other.Name+"; the model reads "+exe.Name)
	}
	db, dbNotes := scratchCompileDB(bdir, root)
	dirs := map[string]string{}
	for _, u := range db {
		dirs[u.File] = u.Dir
	}
	seen := map[string]bool{}
	for _, t := range reply.closure(exe) {
		for _, u := range reply.units(t, root, dirs) {
			if !seen[u.File] {
				seen[u.File] = true
				b.Units = append(b.Units, u)
			}
		}
	}
	b.Notes = append(b.Notes, dbNotes...)
	b.Notes = append(b.Notes, crossCheck(b.Units, db, root)...)
	b.Link = cmakeLink(ctx, env, reply, exe, bdir, root, b)
	checkLink(b, root)
	return b, nil
}

// writeFileAPIQuery writes lwipgen's File API query into the scratch
// directory bdir.
func writeFileAPIQuery(bdir string) error {
	q := filepath.Join(bdir, ".cmake", "api", "v1", "query", fileAPIClient, "query.json")
	if err := os.MkdirAll(filepath.Dir(q), 0o755); err != nil {
		return err
	}
	return os.WriteFile(q, []byte(fileAPIQuery), 0o644)
}

// scratchCompileDB reads the compile database cmake exported in bdir.
func scratchCompileDB(bdir, root string) (map[string]Unit, []string) {
	path := filepath.Join(bdir, "compile_commands.json")
	data, err := fsutil.ReadText(path, fsutil.MaxInput)
	if err != nil {
		return nil, []string{"cmake exported no compile database (its generator writes none): the units are not cross-checked"}
	}
	units, _, err := parseCompileDB(ScratchRel+"/compile_commands.json", data, bdir, root)
	if err != nil {
		return nil, []string{err.Error()}
	}
	m := map[string]Unit{}
	for _, u := range units {
		m[u.File] = u
	}
	return m, nil
}

// crossCheck compares each unit from the File API with the compile
// database's command for the same source: what a file means (include
// paths, definitions, forced includes, target flags) must agree.
func crossCheck(units []Unit, db map[string]Unit, root string) []string {
	if db == nil {
		return nil
	}
	var diff []string
	missing := 0
	for _, u := range units {
		d, ok := db[u.File]
		if !ok {
			missing++
			continue
		}
		for _, f := range []struct {
			name string
			a, b any
		}{{"include paths", u.Includes, d.Includes}, {"system include paths", u.System, d.System}, {"-iquote paths", u.Quote, d.Quote},
			{"definitions", u.Defines, d.Defines}, {"forced includes", u.Forced, d.Forced}, {"target flags", u.Target, d.Target}} {
			if !reflect.DeepEqual(f.a, f.b) {
				diff = append(diff, relOrAbs(root, u.File)+": "+f.name)
				break
			}
		}
	}
	var notes []string
	if missing > 0 {
		notes = append(notes, pluralf(missing, "%d unit is not in cmake's compile database", "%d units are not in cmake's compile database"))
	}
	if len(diff) > 0 {
		shown := diff
		if len(shown) > 3 {
			shown = append(shown[:3:3], "...")
		}
		notes = append(notes, fmt.Sprintf("cmake's File API and its compile database disagree on %d units (the File API's are kept): %s", len(diff), strings.Join(shown, "; ")))
	}
	return notes
}

// cmakeLink is the executable's link: the generator's link command
// (ninja -t commands, or the Makefile generator's link.txt), else the File
// API's fragments; a script one names and the other not is noted.
func cmakeLink(ctx context.Context, env []string, r *fileAPIReply, exe *apiTarget, bdir, root string, b *Build) *Link {
	frag := r.fragmentLink(exe)
	from := r.origin(exe, nil, root)
	real := generatorLink(ctx, env, r, exe, bdir)
	switch {
	case real != nil:
		real.From = from
		if frag != nil && !reflect.DeepEqual(frag.Scripts, real.Scripts) {
			b.Notes = append(b.Notes, fmt.Sprintf("the link command the generator wrote names the scripts %v, the File API's link fragments %v (CMAKE_<LANG>_LINK_FLAGS are not in them): the command's are kept", relsUnder(root, real.Scripts), relsUnder(root, frag.Scripts)))
		}
		return real
	case frag != nil:
		frag.From = from
		b.Notes = append(b.Notes, "the generator's link command was not read: the link is the File API's fragments, which leave out CMAKE_<LANG>_LINK_FLAGS")
		return frag
	}
	return nil
}

// generatorLink reads the link command the generator wrote for exe.
func generatorLink(ctx context.Context, env []string, r *fileAPIReply, exe *apiTarget, bdir string) *Link {
	out := r.artifact(exe)
	if out == "" {
		return nil
	}
	var log, dir string
	switch r.Generator {
	case "Ninja":
		ninja, err := exec.LookPath("ninja")
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(bdir, out)
		text, err := runTool(ctx, bdir, env, ninja, "-t", "commands", filepath.ToSlash(rel))
		if err != nil {
			return nil
		}
		log, dir = string(text), bdir
	case "Unix Makefiles":
		dir = abs(bdir, filepath.FromSlash(exe.Paths.Build))
		text, err := fsutil.ReadText(filepath.Join(dir, "CMakeFiles", exe.Name+".dir", "link.txt"), fsutil.MaxInput)
		if err != nil {
			return nil
		}
		log = string(text)
	default:
		return nil
	}
	var link *Link
	for _, c := range parseBuildLog(log, dir) {
		if !IsCompiler(c.Argv[0]) && !isLinker(c.Argv[0]) {
			continue
		}
		if l := ParseLink(expandResponse(c.Argv, c.Dir), c.Dir); l != nil && l.Output == out {
			link = l
		}
	}
	return link
}

func relsUnder(root string, ps []string) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, relOrAbs(root, p))
	}
	return out
}

// generatedByRe is a generator's signature comment in a CMakeLists.txt
// ("# STM32CubeMX generated symbols (macros)", Channuyoah/stm32-lwip@6d1fa1d
// SixAxisSTM32H723/cmake/stm32cubemx/CMakeLists.txt): a CamelCase or
// digit-bearing name followed by "generated".
var generatedByRe = regexp.MustCompile(`(?m)^#\s*([A-Z][A-Za-z]*[0-9A-Z][A-Za-z0-9]*) generated\b`)

// cmakeTool is what wrote the project's CMake files, where they say.
func cmakeTool(r *fileAPIReply) string {
	for _, f := range r.directorySources() {
		if b, err := fsutil.ReadText(f, fsutil.MaxInput); err == nil {
			if m := generatedByRe.FindSubmatch(b); m != nil {
				return string(m[1])
			}
		}
	}
	return ""
}

// CMakeConfigureArgs are the arguments with which lwipgen configures the
// CMake project in root into bdir (the configure preset, toolchain file,
// generator and build type the reader chose), so that build --project
// builds what the model read.
func CMakeConfigureArgs(root, bdir string, o Options) ([]string, error) {
	c, err := planConfigure(root, bdir, o)
	if err != nil {
		return nil, err
	}
	return c.Args, nil
}

// ToolEnv is the environment lwipgen runs a project's build tool in (the
// user's, without make's inherited flags, messages in English, lwipgen's
// cross compiler first on PATH).
func ToolEnv(cc string) []string { return toolEnv(cc) }
