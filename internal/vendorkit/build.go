package vendorkit

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/spawn"
	"github.com/lwipgen/lwipgen/internal/toolchain"
	"github.com/lwipgen/lwipgen/internal/verify"
)

// BuildProject builds the vendored project with arm-none-eabi-gcc through
// its own build (its Makefile, or CMake; for STM32CubeIDE managed builds
// from the sources and flags in .cproject) and verifies the ELF against the
// plan and layout of g.
func BuildProject(ctx context.Context, projectDir string, g *flow.Generated, progress io.Writer) (string, *verify.Result, error) {
	// The build tools run inside the project (cmake -S DIR with its working
	// directory DIR): a relative --project would name DIR/DIR there.
	projectDir, err := filepath.Abs(projectDir)
	if err != nil {
		return "", nil, err
	}
	p, err := Detect(projectDir)
	if err != nil {
		return "", nil, err
	}
	if err := vendoredFor(projectDir, g.Board.Name); err != nil {
		return "", nil, err
	}
	tc, err := toolchain.Discover()
	if err != nil {
		return "", nil, err
	}
	if progress == nil {
		progress = io.Discard
	}
	var elfPath string
	switch p.Model.Build.System {
	case project.SysMake:
		elfPath, err = buildMake(ctx, p, tc, progress)
	case project.SysCMake:
		elfPath, err = buildCMake(ctx, p, tc, progress)
	case project.SysCDT:
		elfPath, err = buildCProject(ctx, p, tc, progress)
	default:
		err = fmt.Errorf("%s: no build files lwipgen can drive", projectDir)
	}
	if err != nil {
		return "", nil, explainOverflow(err, p.Dir, g, tc)
	}
	res, err := verify.ELF(elfPath, g.Layout, g.Plan)
	if c, ok := lwipVersionCheck(projectDir, p.Model, g); ok && res != nil {
		res.Checks = append(res.Checks, c)
	}
	return elfPath, res, err
}

// vendoredFor refuses a project lwipgen has not vendored, or vendored for
// another board: its ELF cannot hold this plan, and verifying it printed a
// failed check per lwIP object (a legacy-HAL F407 project vendor had refused).
// Buildable says, before anything is generated, whether build --project
// can build projectDir for the board: a project of a flow vendorkit builds,
// vendored for that board. It returns the project model it read, for the
// caller to plan with.
func Buildable(projectDir, boardName string) (*project.Model, error) {
	projectDir, err := filepath.Abs(projectDir)
	if err != nil {
		return nil, err
	}
	p, err := Detect(projectDir)
	if err != nil {
		return nil, err
	}
	if err := vendoredFor(projectDir, boardName); err != nil {
		return nil, err
	}
	return p.Model, nil
}

func vendoredFor(projectDir, boardName string) error {
	root, err := fsutil.OpenRoot(projectDir, false)
	if err != nil {
		return err
	}
	defer root.Close()
	m, err := loadManifest(root)
	if err != nil {
		return err
	}
	switch {
	case m.Board == "":
		return fmt.Errorf("%s is not vendored (no %s): run lwipgen vendor --board %s --project %s first; build --project verifies the firmware lwipgen's files went into", projectDir, manifestPath, boardName, projectDir)
	case m.Board != boardName:
		return fmt.Errorf("%s was vendored for board %q (%s), not %q: vendor it for this board first, or build with --board %s", projectDir, m.Board, manifestPath, boardName, m.Board)
	}
	return nil
}

func run(ctx context.Context, dir string, progress io.Writer, name string, args ...string) error {
	return runEnv(ctx, dir, nil, progress, name, args...)
}

// runEnv is run with the environment env (nil: lwipgen's own).
func runEnv(ctx context.Context, dir string, env []string, progress io.Writer, name string, args ...string) error {
	cmd, release := spawn.Tool(ctx, append([]string{name}, args...)...)
	defer release()
	cmd.Dir = dir
	cmd.Env = env
	var out strings.Builder
	cmd.Stdout = io.MultiWriter(progress, &out)
	cmd.Stderr = io.MultiWriter(progress, &out)
	if err := cmd.Run(); err != nil {
		tail := out.String()
		if len(tail) > 4000 {
			tail = "..." + tail[len(tail)-4000:]
		}
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, tail)
	}
	return nil
}

// buildMake runs the project's own Makefile with lwipgen's cross compiler
// (project.MakeToolchainArgs, what the model's dry run passed) and returns
// the ELF its link line writes (the model's Link.Output), else the newest
// under build/.
func buildMake(ctx context.Context, p *Project, tc *toolchain.Toolchain, progress io.Writer) (string, error) {
	if _, err := exec.LookPath("make"); err != nil {
		return "", fmt.Errorf("make not found: %v", err)
	}
	b, _ := fsutil.ReadText(filepath.Join(p.Dir, p.Makefile), fsutil.MaxInput)
	args := append([]string{"-j2"}, project.MakeToolchainArgs(string(b), tc.CC)...)
	if err := runEnv(ctx, p.Dir, project.ToolEnv(tc.CC), progress, "make", args...); err != nil {
		return "", err
	}
	if l := p.Model.Build.Link; l != nil && l.Output != "" && fileExists(l.Output) {
		return l.Output, nil
	}
	return newestELF(filepath.Join(p.Dir, "build"))
}

// buildCMake configures the project into build/lwipgen with the arguments
// the project model read it with (project.CMakeConfigureArgs) and builds
// it. A build or build/lwipgen that is a symbolic link, even one leading
// inside the project, is refused before cmake writes there: cmake writes
// without lwipgen's confinement.
func buildCMake(ctx context.Context, p *Project, tc *toolchain.Toolchain, progress io.Writer) (string, error) {
	if _, err := exec.LookPath("cmake"); err != nil {
		return "", fmt.Errorf("cmake not found: %v", err)
	}
	root, err := fsutil.OpenRoot(p.Dir, false)
	if err != nil {
		return "", err
	}
	err = root.MkdirNoLinks(project.ScratchRel)
	root.Close()
	if err != nil {
		return "", err
	}
	bdir := filepath.Join(p.Dir, filepath.FromSlash(project.ScratchRel))
	args, err := project.CMakeConfigureArgs(p.Dir, bdir, project.Options{CC: tc.CC})
	if err != nil {
		return "", err
	}
	env := project.ToolEnv(tc.CC)
	if err := runEnv(ctx, p.Dir, env, progress, "cmake", args...); err != nil {
		return "", err
	}
	if err := runEnv(ctx, p.Dir, env, progress, "cmake", cmakeBuildArgs(bdir, p.Model)...); err != nil {
		return "", err
	}
	return newestELF(bdir)
}

// cmakeBuildArgs builds the executable the project model read, alone when
// the project builds several (BestSens/gd32-cmake-example@59a0a62: about
// 90 demo executables, one with lwIP; building them all linked ADC demos
// against the vendored script and failed there).
func cmakeBuildArgs(bdir string, m *project.Model) []string {
	args := []string{"--build", bdir, "-j", "2"}
	if m != nil && m.Build != nil && m.Build.Executable != "" {
		args = append(args, "--target", m.Build.Executable)
	}
	return args
}

// objectPath is where buildCProject puts the object of a source: under
// out/obj by its path inside the project, and a source outside it (a linked
// folder, ../Common/x.c, or an absolute path) under out/obj-outside with
// each ".." spelled "up": no object of any source lands outside out, and
// none shares a name with an inside one.
func objectPath(out, rel, file string) string {
	p := path.Clean(filepath.ToSlash(rel))
	if rel == "" || p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
		src := p
		if rel == "" {
			src = path.Clean(filepath.ToSlash(file))
		}
		var parts []string
		for _, seg := range strings.Split(strings.TrimLeft(src, "/"), "/") {
			switch seg {
			case "..":
				parts = append(parts, "up")
			case ".", "":
			default:
				parts = append(parts, strings.TrimRight(seg, ":")) // a Windows drive letter
			}
		}
		p = path.Join(parts...)
		return filepath.Join(out, "obj-outside", filepath.FromSlash(strings.TrimSuffix(p, path.Ext(p)))+".o")
	}
	return filepath.Join(out, "obj", filepath.FromSlash(strings.TrimSuffix(p, path.Ext(p)))+".o")
}

// buildCProject compiles an Eclipse CDT managed project (STM32CubeIDE, GNU
// MCU Eclipse) the way its IDE would: every unit of the project model's
// build (the configuration read, its source folders minus their exclusions,
// each file with its own flags) into build/lwipgen/obj, then the link the
// configuration describes (its script, library paths, libraries and
// flags). Objects are named by the source's path inside the project
// (objectPath maps a source outside it), so none is written outside
// build/lwipgen.
func buildCProject(ctx context.Context, p *Project, tc *toolchain.Toolchain, progress io.Writer) (string, error) {
	b := p.Model.Build
	root, err := fsutil.OpenRoot(p.Dir, false)
	if err != nil {
		return "", err
	}
	err = root.MkdirNoLinks(project.ScratchRel)
	root.Close()
	if err != nil {
		return "", err
	}
	out := filepath.Join(p.Dir, filepath.FromSlash(project.ScratchRel))
	var units []toolchain.Unit
	var objs []string
	for _, u := range b.Units {
		obj := objectPath(out, u.Rel, u.File)
		flags := append([]string{}, u.Target...)
		switch u.Lang {
		case project.LangASM:
			flags = append(flags, "-x", "assembler-with-cpp")
		case project.LangC:
			if u.Std != "" {
				flags = append(flags, "-std="+u.Std)
			}
		case project.LangCXX:
			continue // C++ units need the g++ driver, which toolchain.Builder does not run
		}
		flags = append(flags, compileOnly(u.Other)...)
		flags = append(flags, (&project.Unit{Quote: u.Quote, Includes: u.Includes, System: u.System, Defines: u.Defines, Forced: u.Forced}).Args()...)
		units = append(units, toolchain.Unit{Src: u.File, Obj: obj, Flags: flags})
		objs = append(objs, obj)
	}
	if len(units) == 0 {
		return "", fmt.Errorf("%s: no sources in the configuration read (%s)", b.File, b.Config)
	}
	if b.Link == nil || len(b.Link.Scripts) == 0 {
		return "", fmt.Errorf("%s: the configuration %s names no linker script", b.File, b.Config)
	}
	bld := &toolchain.Builder{TC: tc, Jobs: 2, Progress: progress, Dir: out}
	if _, err := bld.Compile(ctx, units); err != nil {
		return "", err
	}
	ldflags := append([]string{}, b.Units[0].Target...)
	ldflags = append(ldflags, b.Link.Flags...)
	for _, l := range b.Link.LibDirs {
		ldflags = append(ldflags, "-L"+l)
	}
	objs = append(objs, b.Link.Libs...)
	elfPath := filepath.Join(out, strings.TrimSuffix(filepath.Base(p.Dir), "/")+".elf")
	if _, err := bld.Link(ctx, elfPath, ldflags, objs, b.Link.Scripts[0]); err != nil {
		return "", err
	}
	return elfPath, nil
}

// compileOnly drops the flags of a unit's command that name its outputs or
// dependency files (the IDE's makefile adds them; lwipgen's builder its own).
func compileOnly(other []string) []string {
	var out []string
	for _, f := range other {
		switch {
		case f == "-c", strings.HasPrefix(f, "-MF"), strings.HasPrefix(f, "-MT"), f == "-MMD", f == "-MP", strings.HasPrefix(f, "-fstack-usage"), strings.HasPrefix(f, "-fcyclomatic-complexity"):
			continue
		}
		out = append(out, f)
	}
	return out
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func newestELF(dir string) (string, error) {
	var best string
	var bestT int64
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".elf") {
			if fi, err := d.Info(); err == nil && fi.ModTime().UnixNano() > bestT {
				best, bestT = path, fi.ModTime().UnixNano()
			}
		}
		return nil
	})
	if best == "" {
		return "", fmt.Errorf("the build left no .elf under %s", dir)
	}
	return best, nil
}

var ldBackwardsRe = regexp.MustCompile(`lwip_sections\.ld:\d+:? cannot move location counter backwards`)

// explainOverflow turns the linker's "lwip_sections.ld:N cannot move
// location counter backwards" (an output section of lwipgen's fragment got
// more than its planned size) into the objects that compiled larger than
// planned, read with nm from the project's own object files.
// cxnaive/H743VGTx_lwip@da66a1e adds two fields to lwIP's struct pbuf
// (#ifdef LWIP_PTP in pbuf.h): every pbuf pool grew by 8 B an element and the
// link stopped with nothing but that line.
func explainOverflow(err error, dir string, g *flow.Generated, tc *toolchain.Toolchain) error {
	if err == nil || !ldBackwardsRe.MatchString(err.Error()) {
		return err
	}
	planned := map[string]int64{}
	for _, o := range g.Plan.Objects {
		if o.Symbol != "" {
			planned[o.Symbol] = o.Size
		}
	}
	var objs []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, e error) error {
		if e != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == ".lwipgen" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.HasSuffix(path, ".o") || strings.HasSuffix(path, ".obj")) {
			objs = append(objs, path)
		}
		return nil
	})
	compiled := map[string]int64{}
	for i := 0; i < len(objs); i += 200 {
		batch := objs[i:min(i+200, len(objs))]
		out, _ := spawn.Output(context.Background(), append([]string{tc.NM, "-S", "--defined-only"}, batch...)...)
		for _, l := range strings.Split(string(out), "\n") {
			f := strings.Fields(l)
			if len(f) != 4 {
				continue
			}
			if _, ok := planned[f[3]]; !ok {
				continue
			}
			if n, perr := strconv.ParseInt(f[1], 16, 64); perr == nil && n > compiled[f[3]] {
				compiled[f[3]] = n
			}
		}
	}
	var bigger []string
	for sym, n := range compiled {
		if n > planned[sym] {
			bigger = append(bigger, fmt.Sprintf("%s %d B (planned %d B)", sym, n, planned[sym]))
		}
	}
	if len(bigger) == 0 {
		return fmt.Errorf("%v\nlwipgen: an output section of lwip_sections.ld received more than its planned size; nm found no lwIP object larger than the plan in %s's object files", err, dir)
	}
	sort.Strings(bigger)
	return fmt.Errorf("%v\nlwipgen: the link stopped in lwip_sections.ld because lwIP's objects compiled larger than lwipgen planned for lwIP %s: %s. The project's lwIP is not the lwIP %s lwipgen models (a field added to one of its structs, e.g. struct pbuf, or an option set outside lwipopts.h): lwipgen sizes its sections from that model; build with an unmodified lwIP, or move the addition out of lwIP's structs", err, g.Plan.Version, strings.Join(bigger, ", "), g.Plan.Version)
}
