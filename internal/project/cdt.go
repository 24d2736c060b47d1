package project

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// The Eclipse CDT managed-build reader: a .cproject (and the .project
// beside it) read as XML, one configuration chosen, and for every file
// that configuration compiles the command line CDT's generated makefile
// would run, parsed by ParseCompile; the link line likewise by ParseLink.
//
// Which configuration: CDT keeps the active configuration as a persistent
// property of the project in the workspace's metadata
// (CProjectDescription.ACTIVE_CFG_PROPERTY, .metadata/.plugins/
// org.eclipse.core.resources/.projects/<name>/), not in the project, and
// when none is recorded it takes the first configuration of the .cproject
// (CfgIdPair.getId -> getFirstCfgId; eclipse-cdt/cdt@5c1a981
// CProjectDescription.java). A project tree on its own therefore builds
// its first configuration, which is what this reader reads unless
// Options.Config names another.

func init() {
	registerReader(Reader{System: SysCDT, Present: cdtPresent, Read: readCDT})
}

// cdtPresent: a project with a .cproject at its root.
func cdtPresent(root string) string {
	if fi, err := os.Lstat(filepath.Join(root, ".cproject")); err == nil && fi.Mode().IsRegular() {
		return ".cproject"
	}
	return ""
}

var sdkCommentRe = regexp.MustCompile(`Created by (SDK|Vitis) v(\d[\w.]*\w)`)

// rttStudioNature marks a project RT-Thread Studio created (its tool chain
// is GNU MCU Eclipse's).
const rttStudioNature = "org.rt-thread.studio.rttnature"

func readCDT(ctx context.Context, root, file string, o Options) (*Build, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	r, err := fsutil.OpenRoot(abs, false)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	shown := filepath.Join(root, file)
	doc, src, err := readCProject(r, file, shown)
	if err != nil {
		return nil, err
	}
	var notes []string
	proj, projNote, err := readEclipseProject(r, root, file)
	if err != nil {
		return nil, err
	}
	if projNote != "" {
		notes = append(notes, projNote)
	}
	name := filepath.Base(abs)
	if proj != nil && proj.Name != "" {
		name = proj.Name
	}
	configs := readConfigs(doc, src, name)
	if len(configs) == 0 {
		return nil, fmt.Errorf("%s: no managed-build configuration (a <configuration> in a cdtBuildSystem storage module): the IDE builds this project with a makefile of its own", shown)
	}
	cfg, why, err := chooseConfig(configs, o.Config, shown)
	if err != nil {
		return nil, err
	}
	notes = append(notes, why)
	d := dialectOf(cfg.Chain)
	b := &Build{System: SysCDT, Tool: toolName(d, cfg.Chain, proj), File: filepath.ToSlash(file), Config: cfg.Name}
	paths := newCDTPaths(abs, name, proj)
	paths.config = cfg.Name
	paths.buildDir = filepath.Join(abs, cfg.Name)
	rd := &cdtReader{d: d, chain: cfg.Chain, paths: paths, notes: map[string]bool{}}
	if !cfg.Managed {
		rd.note(".cproject:%d: configuration %s has managed build off: the IDE runs the project's own makefile, and these units are the .cproject's settings, not necessarily what that makefile compiles", cfg.Line, cfg.Name)
	}
	if d == genericDialect {
		rd.note(".cproject:%d: tool chain %s is not one lwipgen knows the options of: only include paths, defined symbols, -include files and libraries are read", cfg.Line, cfg.Chain)
	}
	files, err := rd.sources(ctx, r, cfg, configs)
	if err != nil {
		return nil, err
	}
	from := Pos{File: b.File, Line: cfg.Line}
	partsFor := rd.partsCache(cfg)
	b.Units = rd.units(files, cfg, partsFor, abs, from)
	root0 := partsFor("", kindC)
	if root0.device != "" {
		b.Device = root0.device
		b.DeviceFrom = &Pos{File: b.File, Line: rd.devLine}
	}
	if len(files) == 0 {
		rd.note(".cproject:%d: configuration %s compiles no C, C++ or assembler file inside the project", cfg.Line, cfg.Name)
	}
	if cfg.Library {
		rd.note(".cproject:%d: configuration %s builds a library, not a program: no link", cfg.Line, cfg.Name)
	} else {
		b.Link = rd.link(r, cfg, proj, from)
	}
	rd.checkPaths(r, b)
	b.Notes = append(notes, rd.sortedNotes()...)
	return b, nil
}

// readCProject reads and parses the .cproject (shown is its path as the
// user named it); its root element must be <cproject>.
func readCProject(r *fsutil.Root, file, shown string) (*xmlNode, []byte, error) {
	src, err := r.ReadFile(file, fsutil.MaxInput)
	if err == nil {
		err = fsutil.CheckText(shown, src)
	}
	if err != nil {
		return nil, nil, err
	}
	doc, err := parseXML(shown, src)
	if err != nil {
		return nil, nil, err
	}
	if doc.Name != "cproject" {
		l, c := fsutil.Position(src, int(doc.Off))
		return nil, nil, &xmlError{File: shown, Line: l, Col: c, Msg: fmt.Sprintf("<%s> is not an Eclipse CDT project description (<cproject>)", doc.Name)}
	}
	return doc, src, nil
}

// partsCache returns the command parts of a resource's tool of kind k in
// cfg, computed once per option scope (the configuration, a folder or file
// with its own settings) and kind.
func (rd *cdtReader) partsCache(cfg *cdtConfig) func(res string, k toolKind) *cmdParts {
	type key struct {
		scope string
		kind  toolKind
	}
	cache := map[key]*cmdParts{}
	return func(res string, k toolKind) *cmdParts {
		kk := key{cfg.scopeKey(res), k}
		if p, ok := cache[kk]; ok {
			return p
		}
		tc, tool := cfg.effective(res, k)
		p := rd.parts(tc, tool, k)
		cache[kk] = p
		return p
	}
}

// units are the compile units of the files cfg compiles, each from the
// command line its tool's options form, sorted by path.
func (rd *cdtReader) units(files []srcFile, cfg *cdtConfig, partsFor func(string, toolKind) *cmdParts, abs string, from Pos) []Unit {
	var units []Unit
	for _, f := range files {
		p := partsFor(f.Res, f.Kind)
		u := ParseCompile(p.compileArgv(f.Kind, rd.d.FPUFirst, f.Abs), rd.paths.buildDir, abs)
		if u == nil {
			rd.note(".cproject:%d: %s: its compile line could not be formed; left out", cfg.Line, f.Res)
			continue
		}
		u.Lang = kindLang(f.Kind)
		u.From = from
		units = append(units, *u)
	}
	sort.SliceStable(units, func(i, j int) bool {
		if units[i].Rel != units[j].Rel {
			return units[i].Rel < units[j].Rel
		}
		return units[i].File < units[j].File
	})
	return units
}

// sortedNotes are the reader's notes, with the .cproject's unknown variables
// and other machines' absolute paths, sorted.
func (rd *cdtReader) sortedNotes() []string {
	for v := range rd.paths.unknown {
		rd.note("${%s} in the .cproject is a variable lwipgen does not know: left as written", v)
	}
	for v := range rd.paths.foreign {
		rd.note("%s is an absolute path of another machine: left as written", v)
	}
	rest := make([]string, 0, len(rd.notes))
	for n := range rd.notes {
		rest = append(rest, n)
	}
	sort.Strings(rest)
	return rest
}

// readEclipseProject reads the .project beside the .cproject; a missing
// one is a note (the project is named after its folder).
func readEclipseProject(r *fsutil.Root, root, file string) (*eclipseProject, string, error) {
	rel := filepath.Join(filepath.Dir(file), ".project")
	src, err := r.ReadFile(rel, fsutil.MaxInput)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "no .project beside the .cproject: the project is named after its folder and has no linked resources", nil
	}
	shown := filepath.Join(root, rel)
	if err == nil {
		err = fsutil.CheckText(shown, src)
	}
	if err != nil {
		return nil, "", err
	}
	p, err := parseEclipseProject(shown, src)
	return p, "", err
}

// chooseConfig picks the configuration to read: the one named, else the
// first (CDT's choice when the workspace records none), and says why.
func chooseConfig(configs []*cdtConfig, want, shown string) (*cdtConfig, string, error) {
	names := make([]string, len(configs))
	for i, c := range configs {
		names[i] = c.Name
	}
	if want != "" {
		for _, c := range configs {
			if c.Name == want {
				return c, fmt.Sprintf("configuration %s: chosen by name (.cproject:%d)", c.Name, c.Line), nil
			}
		}
		for _, c := range configs {
			if strings.EqualFold(c.Name, want) {
				return c, fmt.Sprintf("configuration %s: chosen by name (.cproject:%d)", c.Name, c.Line), nil
			}
		}
		return nil, "", fmt.Errorf("%s: no configuration %q; the project has %s", shown, want, strings.Join(names, ", "))
	}
	c := configs[0]
	if len(configs) == 1 {
		return c, fmt.Sprintf("configuration %s: the project's only one (.cproject:%d)", c.Name, c.Line), nil
	}
	return c, fmt.Sprintf("configuration %s: the first of %s (.cproject:%d); Eclipse keeps the active configuration in the workspace's metadata, outside the project, and builds the first when none is recorded; another is read by naming it", c.Name, strings.Join(names, ", "), c.Line), nil
}

// toolName is what wrote the project: the IDE of its tool chain,
// RT-Thread Studio by its project nature, the Xilinx SDK release from the
// .project comment it writes ("Created by SDK v2019.1").
func toolName(d *cdtDialect, chain string, proj *eclipseProject) string {
	if proj != nil {
		for _, n := range proj.Natures {
			if n == rttStudioNature {
				return "RT-Thread Studio"
			}
		}
		if m := sdkCommentRe.FindStringSubmatch(proj.Comment); m != nil && d.Tool == "Xilinx SDK" {
			if m[1] == "Vitis" {
				return "Xilinx Vitis " + m[2]
			}
			return "Xilinx SDK " + m[2]
		}
	}
	if d == genericDialect && chain != "" {
		return "Eclipse CDT (" + chain + ")"
	}
	return d.Tool
}

// link is the configuration's link line: the C++ linker in a C++ project
// (.project nature ccnature), else the C linker; the output
// <root>/<configuration>/<artifact>.<extension>.
func (rd *cdtReader) link(r *fsutil.Root, cfg *cdtConfig, proj *eclipseProject, from Pos) *Link {
	k := kindLinkC
	if proj != nil {
		for _, n := range proj.Natures {
			if n == "org.eclipse.cdt.core.ccnature" {
				k = kindLinkCXX
			}
		}
	}
	tc, tool := cfg.effective("", k)
	p := rd.parts(tc, tool, k)
	name := cfg.ArtifactName
	if name == "" {
		name = "${ProjName}"
	}
	name = rd.paths.expand(name)
	ext := cfg.ArtifactExt
	if ext == "" {
		ext = "elf" // the executable extension of every ARM tool chain here
	}
	out := filepath.Join(rd.paths.buildDir, name+"."+ext)
	if len(p.scripts) == 0 && p.defaultScript != "" {
		p.scripts = []string{p.defaultScript}
		rd.note(".cproject:%d: configuration %s: the linker tool names no script; the one of STM32CubeIDE's Defaults string is used", cfg.Line, cfg.Name)
	}
	l := ParseLink(p.linkArgv(k, rd.d.FPUFirst, out), rd.paths.buildDir)
	if l == nil {
		return nil
	}
	exists := func(abs string) bool {
		rel := relTo(rd.paths.root, abs)
		if rel == "" {
			return false
		}
		fi, err := r.Stat(rel)
		return err == nil && fi.Mode().IsRegular()
	}
	for i, s := range l.Scripts {
		l.Scripts[i] = findScript(s, l.LibDirs, exists)
	}
	if len(l.Scripts) == 0 {
		rd.note(".cproject:%d: configuration %s names no linker script", cfg.Line, cfg.Name)
	}
	l.From = from
	return l
}

func xilinxPrefix(chain string) string {
	for _, x := range xilinxPrefixes {
		if strings.HasPrefix(chain, x.chain) {
			return x.prefix
		}
	}
	return ""
}

// checkPaths notes the include folders and forced includes the units name
// that are missing from the project, and those outside it (a Xilinx SDK
// application includes its BSP's folder beside it).
func (rd *cdtReader) checkPaths(r *fsutil.Root, b *Build) {
	seen := map[string]bool{}
	var missing, outside, linked []string
	check := func(p string, dir bool) {
		if seen[p] {
			return
		}
		seen[p] = true
		rel := relTo(rd.paths.root, p)
		if rel == "" {
			outside = append(outside, p)
			return
		}
		if fi, err := r.Stat(rel); err != nil || fi.IsDir() != dir {
			// there, but only through a symbolic link leading out of the
			// project (the ART-Pi SDK's mklinks.bat links rt-thread/ and
			// libraries/ in): not read, and not missing either
			if fi, err := os.Stat(p); err == nil && fi.IsDir() == dir {
				linked = append(linked, rel)
				return
			}
			missing = append(missing, rel)
		}
	}
	for _, u := range b.Units {
		for _, d := range u.Includes {
			check(d, true)
		}
		for _, d := range u.System {
			check(d, true)
		}
		for _, f := range u.Forced {
			check(f, false)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		rd.note("%d include folder(s) or file(s) the build names are missing from the project: %s", len(missing), firstFew(missing, 4))
	}
	if len(outside) > 0 {
		sort.Strings(outside)
		rd.note("%d include folder(s) or file(s) the build names lie outside the project: %s", len(outside), firstFew(outside, 4))
	}
	if len(linked) > 0 {
		sort.Strings(linked)
		rd.note("%d include folder(s) or file(s) the build names are reached through a symbolic link leading out of the project and are not read (lwipgen reads only inside the project; copy the linked folders in to have them read): %s", len(linked), firstFew(linked, 4))
	}
}
