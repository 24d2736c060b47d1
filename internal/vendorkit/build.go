package vendorkit

import (
	"context"
	"fmt"
	"html"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/project"
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
		elfPath, err = buildCMake(ctx, p, progress)
	case project.SysCDT:
		elfPath, err = buildCProject(ctx, p, g, tc, progress)
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
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
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

var mkVarRe = func(name string) *regexp.Regexp { return regexp.MustCompile(`(?m)^` + name + `\s*[:?]?=\s*(\S+)\s*$`) }

func buildMake(ctx context.Context, p *Project, tc *toolchain.Toolchain, progress io.Writer) (string, error) {
	if _, err := exec.LookPath("make"); err != nil {
		return "", fmt.Errorf("make not found: %v", err)
	}
	b, _ := fsutil.ReadText(filepath.Join(p.Dir, p.Makefile), fsutil.MaxInput)
	if err := run(ctx, p.Dir, progress, "make", makeArgs(string(b), tc)...); err != nil {
		return "", err
	}
	target, buildDir := "", "build"
	if m := mkVarRe("TARGET").FindSubmatch(b); m != nil {
		target = string(m[1])
	}
	if m := mkVarRe("BUILD_DIR").FindSubmatch(b); m != nil {
		buildDir = string(m[1])
	}
	if target != "" {
		if e := filepath.Join(p.Dir, buildDir, target+".elf"); fileExists(e) {
			return e, nil
		}
	}
	return newestELF(filepath.Join(p.Dir, buildDir))
}

// prefixRe is a Makefile's toolchain prefix: CubeMX writes PREFIX =
// arm-none-eabi- and CC = $(GCC_PATH)/$(PREFIX)gcc.
var prefixRe = regexp.MustCompile(`(?m)^PREFIX[ \t]*[:?]?=[ \t]*(\S*-)[ \t\r]*$`)

// makeArgs are make's arguments for the project's Makefile: lwipgen's
// toolchain through CubeMX's GCC_PATH and, when the Makefile names a
// toolchain prefix, that prefix too. A prefix the user edited into a path of
// their own machine (atk-sheep/XIP_EXTRAM_LWIP@2fe92b4's Makefile:186,
// PREFIX = /home/.../arm-gnu-toolchain-13.2.Rel1-x86_64-arm-none-eabi/bin/arm-none-eabi-)
// made CC $(GCC_PATH)//home/.../arm-none-eabi-gcc: not found. That line
// ends in CRLF, the rest of the file in LF.
func makeArgs(makefile string, tc *toolchain.Toolchain) []string {
	args := []string{"-j2", "GCC_PATH=" + filepath.Dir(tc.CC)}
	if prefixRe.MatchString(makefile) {
		args = append(args, "PREFIX="+strings.TrimSuffix(filepath.Base(tc.CC), "gcc"))
	}
	return args
}

func buildCMake(ctx context.Context, p *Project, progress io.Writer) (string, error) {
	if _, err := exec.LookPath("cmake"); err != nil {
		return "", fmt.Errorf("cmake not found: %v", err)
	}
	bdir := filepath.Join(p.Dir, "build", "lwipgen")
	args := []string{"-S", p.Dir, "-B", bdir, "-DCMAKE_BUILD_TYPE=Debug"}
	if fileExists(filepath.Join(p.Dir, "cmake", "gcc-arm-none-eabi.cmake")) {
		args = append(args, "-DCMAKE_TOOLCHAIN_FILE="+filepath.Join(p.Dir, "cmake", "gcc-arm-none-eabi.cmake"))
	}
	if _, err := exec.LookPath("ninja"); err == nil {
		args = append(args, "-G", "Ninja")
	}
	if err := run(ctx, p.Dir, progress, "cmake", args...); err != nil {
		return "", err
	}
	if err := run(ctx, p.Dir, progress, "cmake", "--build", bdir, "-j", "2"); err != nil {
		return "", err
	}
	return newestELF(bdir)
}

var (
	listValueRe = regexp.MustCompile(`<listOptionValue\b[^>]*value="([^"]*)"`)
	entryRe     = regexp.MustCompile(`<entry\b[^>]*kind="sourcePath"[^>]*name="([^"]*)"`)
)

// buildCProject compiles an STM32CubeIDE managed project from its first
// configuration: every .c/.s under its source folders, its defined symbols
// and include paths, its linker script and library paths.
func buildCProject(ctx context.Context, p *Project, g *flow.Generated, tc *toolchain.Toolchain, progress io.Writer) (string, error) {
	b, err := fsutil.ReadText(filepath.Join(p.Dir, p.CProject), fsutil.MaxInput)
	if err != nil {
		return "", err
	}
	text := string(b)
	if i := strings.Index(text, "</cconfiguration>"); i >= 0 {
		text = text[:i] // first configuration only
	}
	optVals := func(suffix string) []string {
		var out []string
		for _, m := range optionRe.FindAllStringSubmatch(text, -1) {
			if strings.HasSuffix(m[1], suffix) {
				for _, v := range listValueRe.FindAllStringSubmatch(m[0], -1) {
					out = append(out, v[1])
				}
			}
		}
		return out
	}
	// paths in .cproject are relative to the build folder (Debug/), one below the project
	abs := func(v string) string {
		v = strings.NewReplacer(`"`, "", "${workspace_loc:/${ProjName}/", "", "}", "").Replace(v)
		if filepath.IsAbs(v) {
			return v
		}
		if strings.HasPrefix(v, "../") {
			return filepath.Join(p.Dir, filepath.FromSlash(v[3:]))
		}
		return filepath.Join(p.Dir, filepath.FromSlash(v))
	}
	cpu := cprojectCPUFlags(text, toolchain.CPUFlags(g.Board.Chip.Core))
	flags := append(append([]string{}, cpu...), "-Os", "-g", "-std=gnu11", "-Wall", "-ffunction-sections", "-fdata-sections")
	for _, d := range optVals(".c.compiler.option.definedsymbols") {
		flags = append(flags, "-D"+d)
	}
	for _, i := range optVals(".c.compiler.option.includepaths") {
		flags = append(flags, "-I"+abs(i))
	}
	out := filepath.Join(p.Dir, "build", "lwipgen")
	var units []toolchain.Unit
	var objs []string
	for _, e := range entryRe.FindAllStringSubmatch(text, -1) {
		root := filepath.Join(p.Dir, filepath.FromSlash(e[1]))
		excluded := cprojectExcluded(e[0])
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if rel, _ := filepath.Rel(root, path); excluded(filepath.ToSlash(rel)) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			ext := filepath.Ext(path)
			if ext != ".c" && ext != ".s" && ext != ".S" {
				return nil
			}
			rel, _ := filepath.Rel(p.Dir, path)
			obj := filepath.Join(out, "obj", strings.TrimSuffix(rel, ext)+".o")
			f := flags
			if ext != ".c" {
				f = append(append([]string{}, cpu...), "-x", "assembler-with-cpp")
			}
			units = append(units, toolchain.Unit{Src: path, Obj: obj, Flags: f})
			objs = append(objs, obj)
			return nil
		})
	}
	if len(units) == 0 {
		return "", fmt.Errorf("%s: no sources under its source folders", p.CProject)
	}
	bld := &toolchain.Builder{TC: tc, Jobs: 2, Progress: progress, Dir: out}
	if _, err := bld.Compile(ctx, units); err != nil {
		return "", err
	}
	ldflags := append(append([]string{}, cpu...), "--specs=nano.specs", "--specs=nosys.specs", "-Wl,--gc-sections")
	for _, l := range optVals(".c.linker.option.directories") {
		ldflags = append(ldflags, "-L"+abs(l))
	}
	script := filepath.Join(p.Dir, filepath.FromSlash(p.LinkerScript))
	elfPath := filepath.Join(out, strings.TrimSuffix(filepath.Base(p.Dir), "/")+".elf")
	if _, err := bld.Link(ctx, elfPath, ldflags, objs, script); err != nil {
		return "", err
	}
	return elfPath, nil
}

var cprojectFPRe = regexp.MustCompile(`superClass="com\.st\.stm32cube\.ide\.mcu\.gnu\.managedbuild\.option\.(fpu|floatabi)"[^>]*?value="[^"]*\.value\.([A-Za-z0-9-]+)"`)

// cprojectCPUFlags are the board's CPU flags with the floating-point unit
// and ABI the .cproject's configuration (text) sets, as STM32CubeIDE passes
// them: its MCU GCC toolchain options "Floating-point unit" and
// "Floating-point ABI" (value ...option.fpu.value.fpv4-sp-d16,
// ...option.floatabi.value.hard), as in
// krzysiubera/lwip-stm32@743a216's tcp_echo_server/.cproject. A project built
// with another ABI than the board's (softfp, to link a library built so) did
// not link; one without the options keeps the board's.
func cprojectCPUFlags(text string, board []string) []string {
	set := map[string]string{}
	for _, m := range cprojectFPRe.FindAllStringSubmatch(text, -1) {
		if _, ok := set[m[1]]; !ok {
			set[m[1]] = m[2]
		}
	}
	var out []string
	for _, f := range board {
		switch {
		case strings.HasPrefix(f, "-mfpu=") && set["fpu"] != "":
			continue
		case strings.HasPrefix(f, "-mfloat-abi=") && set["floatabi"] != "":
			continue
		}
		out = append(out, f)
	}
	if v := set["fpu"]; v != "" && v != "no" && v != "none" {
		out = append(out, "-mfpu="+v)
	}
	if v := set["floatabi"]; v != "" {
		out = append(out, "-mfloat-abi="+v)
	}
	return out
}

var excludingRe = regexp.MustCompile(`\bexcluding="([^"]*)"`)

// cprojectExcluded reads a source entry's excluding="a|b/|c*" list: paths
// relative to the entry, a folder excluding everything under it, CDT's * and
// ** wildcards. STM32CubeIDE excludes lwIP's fsdata.c this way (httpd's fs.c
// #includes it; compiled alone it does not build), as in
// GunterO/nucleo-h743zi2-lwip_http_server_example's .cproject.
func cprojectExcluded(entry string) func(rel string) bool {
	m := excludingRe.FindStringSubmatch(entry)
	if m == nil || m[1] == "" {
		return func(string) bool { return false }
	}
	var pats []string
	for _, p := range strings.Split(html.UnescapeString(m[1]), "|") {
		if p = strings.TrimSuffix(strings.TrimSpace(p), "/"); p != "" {
			pats = append(pats, p)
		}
	}
	return func(rel string) bool {
		for _, p := range pats {
			if rel == p || strings.HasPrefix(rel, p+"/") {
				return true
			}
			if strings.Contains(p, "*") {
				re := "^" + strings.ReplaceAll(strings.ReplaceAll(regexp.QuoteMeta(p), `\*\*`, ".*"), `\*`, "[^/]*") + "(/.*)?$"
				if ok, _ := regexp.MatchString(re, rel); ok {
					return true
				}
			}
		}
		return false
	}
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
		out, _ := exec.Command(tc.NM, append([]string{"-S", "--defined-only"}, batch...)...).Output()
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
