package pipeline

import (
	"context"
	"debug/elf"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/toolchain"
	"github.com/lwipgen/lwipgen/internal/verify"
)

// Built is the result of a full build.
type Built struct {
	*Generated
	ELF      string
	Compiled int // translation units compiled by this run (0 on a no-op rebuild)
	Linked   bool
	Verify   *verify.Result
	OK       bool
	Usage    *memusage.Usage // the size table of the ELF
	Checks   int             // every check of report.json (plan, ELF, objects): the number the terminal says
	LwIP     string          // which lwIP was compiled, beside the planned one (Compiled)
	Failed   int             // how many of them failed
}

// lwipSources are the lwIP files every build compiles: the core, IPv4 and
// the Ethernet layer, plus the sequential API when an RTOS runs lwIP.
func lwipSources(dir string, rtos bool) ([]string, error) {
	var srcs []string
	globs := []string{"src/core/*.c", "src/core/ipv4/*.c", "src/netif/ethernet.c"}
	if rtos {
		globs = append(globs, "src/api/*.c")
	}
	for _, g := range globs {
		m, err := filepath.Glob(filepath.Join(dir, g))
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, m...)
	}
	sort.Strings(srcs)
	if len(srcs) == 0 {
		return nil, fmt.Errorf("%s holds no lwIP sources", dir)
	}
	return srcs, nil
}

// Build runs the whole pipeline: generate, compile lwIP and the generated
// sources, archive, link, verify, report.
func Build(ctx context.Context, o Options) (*Built, hcl.Diagnostics) {
	// The lwIP tree first: one the board cannot be compiled with is refused
	// before anything is written.
	tree, diags := buildTree(ctx, &o)
	if diags.HasErrors() {
		return nil, diags
	}
	// the pre-link report first: a build that fails below leaves a report
	// of this plan saying "not verified", not the verified one of another
	g, _, diags := GenerateKeep(o)
	if diags.HasErrors() {
		return nil, diags
	}
	fail := func(summary string, err error) (*Built, hcl.Diagnostics) {
		return nil, append(diags, diag.At(g.Board.DeclRange, summary, "%v", err))
	}
	if tree == nil {
		return fail("lwIP source", fmt.Errorf("the board %s did not load twice alike", o.Board))
	}
	tc, err := toolchain.Discover()
	if err != nil {
		return fail("Toolchain", err)
	}
	out, _ := filepath.Abs(g.Out)
	gen := filepath.Join(out, "generated")
	b := &toolchain.Builder{TC: tc, Jobs: o.Jobs, Progress: o.Progress, Dir: out}
	script := filepath.Join(gen, g.Board.Name+".ld")
	if g.Rendered.Firmware {
		// A complete firmware brings its own port, start-up and link script.
		script = filepath.Join(gen, "firmware", "link.ld")
	}
	units, lwipObjs, genObjs, err := probeUnits(g, tree, out)
	if err != nil {
		return fail("lwIP source", err)
	}
	cc, err := b.CompileCommands(units)
	if err != nil {
		return fail("compile_commands.json", err)
	}
	if _, err := fsutil.WriteIfChanged(filepath.Join(out, "compile_commands.json"), cc, 0o644); err != nil {
		return fail("compile_commands.json", err)
	}
	n, err := b.Compile(ctx, units)
	if err != nil {
		return fail("Compile failed", err)
	}
	lib := filepath.Join(out, "liblwip.a")
	if _, err := b.Archive(ctx, lib, lwipObjs); err != nil {
		return fail("Archive failed", err)
	}
	elfPath := filepath.Join(out, g.Board.Name+".elf")
	ldflags := append(toolchain.CPUFlags(g.Board.Chip.Core), "-nostartfiles", "--specs=nano.specs", "--specs=nosys.specs",
		"-Wl,--gc-sections", "-L"+gen)
	linked, err := b.Link(ctx, elfPath, ldflags, append(append([]string{}, genObjs...), lib), script)
	if err != nil {
		return fail("Link failed", err)
	}
	v, err := verify.ELF(elfPath, g.Layout, g.Plan)
	if err != nil {
		return fail("Verify", err)
	}
	extra := []plan.Check{staticRAMCheck(g.Plan, lwipObjs), sourceVersionCheck(g.Board.LwIPVersion, tree)}
	linkStatic(g.Plan, v, lwipObjs)
	kind := "probe"
	if g.Rendered.Firmware {
		kind = "firmware"
	}
	el := &Linked{ELF: elfPath, Kind: kind, Objects: sizeObjects(out, lwipObjs, genObjs)}
	if _, err := writeReport(g, v, extra, el); err != nil {
		return fail("Report", err)
	}
	u, err := usage(g, el)
	if err != nil {
		return fail("Size", err)
	}
	res := &Built{Generated: g, ELF: elfPath, Compiled: n, Linked: linked, Verify: v, OK: v.OK() && extra[0].OK,
		Usage: u, Checks: len(g.Plan.Checks) + len(v.Checks) + len(extra), LwIP: Compiled(g.Board, tree)}
	return res, append(diags, res.tally(extra)...)
}

// buildTree resolves the lwIP tree the board is compiled with (o.LwIPDir,
// the board's lwip_dir, the project's own lwIP) and refuses one of another
// release line. It reads the project once into o.Model for Prepare. A board
// that does not load gives no tree and no error: Prepare reports it.
func buildTree(ctx context.Context, o *Options) (*lwipsrc.Tree, hcl.Diagnostics) {
	b, d := o.Source.Load(o.Board)
	if d.HasErrors() {
		return nil, nil
	}
	setting := o.LwIPDir
	if setting == "" {
		setting = b.LwIPDir
	}
	if o.Project != "" && o.Model == nil {
		// the project read once: its build's lwIP here, the same model in Prepare
		m, err := project.Open(ctx, o.Project, project.Options{})
		if err != nil {
			return nil, hcl.Diagnostics{diag.At(b.DeclRange, "Reading the project", "%v", err)}
		}
		o.Model = m
	}
	t, err := lwipsrc.Resolve(setting, o.Model.LwIPTree())
	if err != nil {
		return nil, hcl.Diagnostics{diag.At(b.RangeOf("lwip_dir"), "lwIP source", "%v", err)}
	}
	// The option tables, rules and RAM model are per release line: the source
	// must be the release the board declares (or, accepted, another of its line).
	if d := releaseMismatch(b, t); d != nil {
		return nil, hcl.Diagnostics{d}
	}
	return t, nil
}

// probeUnits are the probe (or firmware) build's compile units: every lwIP
// source and lwipgen's vendor-free generated sources, with the flags of the
// vendor's build (its port, its lwIP definitions), and their objects.
func probeUnits(g *Generated, tree *lwipsrc.Tree, out string) (units []toolchain.Unit, lwipObjs, genObjs []string, err error) {
	gen := filepath.Join(out, "generated")
	port := filepath.Join(gen, "port")
	if g.Rendered.Firmware {
		port = filepath.Join(gen, "firmware") // a complete firmware brings its own port
	}
	flags := append(toolchain.CPUFlags(g.Board.Chip.Core), "-Os", "-g", "-std=gnu11", "-Wall",
		"-ffunction-sections", "-fdata-sections",
		"-I"+gen, "-I"+port, "-I"+filepath.Join(tree.Dir, "src", "include"))
	for _, d := range g.Rendered.LwIPDefines { // what the vendor's build compiles lwIP with besides lwipopts.h
		flags = append(flags, "-D"+d)
	}
	lsrc, err := lwipSources(tree.Dir, g.Board.RTOS != "none")
	if err != nil {
		return nil, nil, nil, err
	}
	for _, s := range lsrc {
		rel, _ := filepath.Rel(tree.Dir, s)
		obj := filepath.Join(out, "obj", "lwip", strings.TrimSuffix(rel, ".c")+".o")
		units = append(units, toolchain.Unit{Src: s, Obj: obj, Flags: flags})
		lwipObjs = append(lwipObjs, obj)
	}
	for _, f := range g.Files {
		// The probe (or firmware) build compiles lwipgen's vendor-free sources:
		// the Ethernet glue (ethernetif.c, lwipgen_sys.c ...) and vitis/ need
		// the vendor's HAL/BSP headers and are built in the user's project.
		if !strings.HasSuffix(f.Path, ".c") || !f.Role.ProbeBuilt() {
			continue
		}
		src := filepath.Join(gen, f.Path)
		obj := filepath.Join(out, "obj", "gen", strings.TrimSuffix(f.Path, ".c")+".o")
		units = append(units, toolchain.Unit{Src: src, Obj: obj, Flags: flags})
		genObjs = append(genObjs, obj)
	}
	return units, lwipObjs, genObjs, nil
}

// tally counts the failed checks (the plan's, the ELF's and the build's
// extra) and returns a diagnostic for each failed ELF or build check of a
// build that is not OK.
func (res *Built) tally(extra []plan.Check) hcl.Diagnostics {
	v, g := res.Verify, res.Generated
	for _, c := range append(append(append([]plan.Check{}, g.Plan.Checks...), v.Checks...), extra...) {
		if !c.OK {
			res.Failed++
		}
	}
	var diags hcl.Diagnostics
	if !res.OK {
		for _, c := range append(v.Checks, extra...) {
			if !c.OK {
				diags = append(diags, diag.At(g.Board.DeclRange, "Check "+c.ID+" failed", "%s", c.Detail))
			}
		}
	}
	return diags
}

// sizeObjects names the build's objects for the size report: relative to
// the build's obj/ folder, in modules by folder (lwIP's src/core,
// src/core/ipv4, src/api, src/netif; lwipgen's generated sources).
func sizeObjects(out string, lwipObjs, genObjs []string) []memusage.Object {
	var objs []memusage.Object
	for _, set := range []struct {
		objs   []string
		root   string
		prefix string
	}{{lwipObjs, filepath.Join(out, "obj", "lwip", "src"), "lwIP "}, {genObjs, filepath.Join(out, "obj", "gen"), "lwipgen "}} {
		for _, o := range set.objs {
			rel, err := filepath.Rel(set.root, o)
			if err != nil {
				rel = filepath.Base(o)
			}
			rel = filepath.ToSlash(rel)
			mod := filepath.ToSlash(filepath.Dir(rel))
			if mod == "." {
				mod = "generated"
			}
			objs = append(objs, memusage.Object{Path: o, Name: rel, Module: set.prefix + mod})
		}
	}
	return objs
}

// objectsRAM is every writable data/bss object symbol of the compiled lwIP
// objects: their bytes by name and in all.
func objectsRAM(objs []string) (total int64, syms map[string]int64, err error) {
	syms = map[string]int64{}
	for _, o := range objs {
		ss, err := elfsym.Read(o)
		if err != nil {
			return 0, nil, fmt.Errorf("%s: %v", o, err)
		}
		for _, s := range ss {
			if s.Type != elf.STT_OBJECT || !s.Writable || s.Section == "COMMON" {
				continue
			}
			total += int64(s.Size)
			syms[s.Name] = int64(s.Size)
		}
	}
	return total, syms, nil
}

// linkStatic adds lwIP's static RAM (ARP table, PCB lists, netif and timer
// state: everything but the planned symbols) to the linked column, measured
// in the compiled lwIP objects, so that ram.linked has the "static" row the
// model predicts and a total that counts the same bytes as ram.predicted's.
func linkStatic(p *plan.Plan, v *verify.Result, objs []string) {
	total, syms, err := objectsRAM(objs)
	if err != nil {
		return // ram.objects_match_model says why
	}
	static := total
	for name := range p.RAM.Symbols {
		static -= syms[name]
	}
	v.Linked["static"] = static
	v.Linked["total"] += static
}

// staticRAMCheck compares the RAM model with the compiled lwIP objects: the
// bytes of every data/bss object symbol in them, pools and heap included.
func staticRAMCheck(p *plan.Plan, objs []string) plan.Check {
	total, syms, err := objectsRAM(objs)
	if err != nil {
		return plan.Check{ID: "ram.objects_match_model", OK: false, Detail: err.Error()}
	}
	var diffs []string
	for name, want := range p.RAM.Symbols {
		if got := syms[name]; got != want {
			diffs = append(diffs, fmt.Sprintf("%s: predicted %d, compiled %d", name, want, got))
		}
	}
	sort.Strings(diffs)
	// The big objects must match to the byte; the rest (static lists, ARP
	// table) is an estimate of the model for other module sets, reported only.
	return plan.Check{ID: "ram.objects_match_model", OK: len(diffs) == 0,
		Detail: fmt.Sprintf("%d lwIP RAM symbols compared with the compiled objects, differences: %v; all writable lwIP data in the objects %d B, model total %d B (its static part is an estimate)",
			len(p.RAM.Symbols), diffs, total, p.RAM.Total)}
}

// releaseMismatch refuses to compile an lwIP release other than the one the
// board plans: another line always (the option tables, rules and RAM model
// are per line), another point release of the same line (RT-Thread 4.0.3's
// 2.1.2 with the fetched 2.1.3) unless the board accepts it knowingly
// (accept = ["build.lwip_other_release"]); then the terminal and report.json
// name both.
func releaseMismatch(b *board.Board, tree *lwipsrc.Tree) *hcl.Diagnostic {
	const id = "build.lwip_other_release"
	fix := fmt.Sprintf("set lwip_dir, LWIP_DIR or --lwip to an lwIP %s tree", b.LwIPVersion)
	switch {
	case tree.Version == b.LwIPVersion:
		return nil
	case !sameLine(tree.Version, b.LwIPVersion):
	case b.Accepts(id):
		return nil
	default:
		fix += fmt.Sprintf(", or compile %s in its place knowingly with accept = [%q] in the board (the same line: option names, init.c rules and RAM-model structs are the line's)", tree.Version, id)
	}
	d := diag.At(b.RangeOf("lwip_version"), "lwIP version mismatch",
		"the board plans lwIP %s but the source found (%s, from %s) is lwIP %s; %s",
		b.LwIPVersion, tree.Dir, tree.From, tree.Version, fix)
	d.Extra = diag.WarningID(id)
	return d
}

// sourceVersionCheck says which lwIP release was compiled against the one
// the board plans (another point release only when the board accepts it,
// see releaseMismatch).
func sourceVersionCheck(declared string, tree *lwipsrc.Tree) plan.Check {
	if tree.Version == declared {
		return plan.Check{ID: "build.lwip_source_version", OK: true, Detail: fmt.Sprintf("compiled lwIP %s (%s, from %s), the version the board declares", tree.Version, tree.Dir, tree.From)}
	}
	return plan.Check{ID: "build.lwip_source_version", OK: true, Detail: fmt.Sprintf(
		"the board declares lwIP %s, this build compiled lwIP %s (%s, from %s), as the board accepts (build.lwip_other_release): the same release line, whose option names, init.c rules and RAM-model structs lwipgen checks; the project itself builds its own %s",
		declared, tree.Version, tree.Dir, tree.From, declared)}
}

// Compiled says which lwIP a build compiled, beside the one the board plans
// (the terminal's last lines and report.md).
func Compiled(b *board.Board, tree *lwipsrc.Tree) string {
	if tree.Version == b.LwIPVersion {
		return fmt.Sprintf("compiled lwIP %s (from %s), as planned", tree.Version, tree.From)
	}
	return fmt.Sprintf("compiled lwIP %s (from %s) in place of the planned %s (accepted: build.lwip_other_release)", tree.Version, tree.From, b.LwIPVersion)
}

// sameLine compares major.minor of two lwIP versions.
func sameLine(a, b string) bool {
	cut := func(v string) string {
		parts := strings.SplitN(v, ".", 3)
		if len(parts) < 2 {
			return v
		}
		return parts[0] + "." + parts[1]
	}
	return cut(a) == cut(b)
}
