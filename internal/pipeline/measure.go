package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// sizesProbe is the translation unit the size measurement compiles.
const sizesProbe = "probe/lwip_sizes.c.tmpl"

// MeasureLwIP compiles lwipgen's size probe (templates/probe/lwip_sizes.c.tmpl)
// with the cross compiler against the lwIP tree in dir, p's lwipopts.h and
// the flags the project's build compiles lwIP with (u, from the project
// model: target, include paths, -D/-U, -include; nil for none; the generated
// lwipopts.h is found first), and reads from the object's symbols what the RAM model
// needs and cannot know from the lwIP version: sizeof/alignment of struct pbuf
// and every enabled pool's element size as memp_std.h declares it. Nothing is
// linked or run; the scratch directory is removed.
func MeasureLwIP(ctx context.Context, b *board.Board, p *plan.Plan, dir string, u *project.Unit) (*lwip.Measured, error) {
	opts, err := render.LwipOpts(p)
	if err != nil {
		return nil, err
	}
	return MeasureTree(ctx, b.Chip.Core, b.Name, p.Config, dir, opts.Content, u)
}

// MeasureTree is MeasureLwIP for any lwipopts.h: lwipopts is the header's
// text (written first on the include path), or nil to compile with the one the
// include directories find (what audit --project judges: the project's own);
// cfg is that header's configuration (MEM_SIZE, MEM_ALIGNMENT for struct mem);
// core the chip's CPU core (its flags when u names no target); name says in
// the probe whose it is.
func MeasureTree(ctx context.Context, core board.Core, name string, cfg *lwip.Config, dir string, lwipopts []byte, u *project.Unit) (*lwip.Measured, error) {
	tc, err := toolchain.Discover()
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "lwipgen-sizes-")
	if err != nil {
		return nil, err
	}
	defer interrupt.Scratch(work)() // removed by a signal that ends the process too
	defer os.RemoveAll(work)
	src, err := render.Execute(sizesProbe, map[string]any{"Board": name})
	if err != nil {
		return nil, err
	}
	if lwipopts != nil {
		if err := os.WriteFile(filepath.Join(work, "lwipopts.h"), lwipopts, 0o644); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(work, "lwip_sizes.c"), src, 0o644); err != nil {
		return nil, err
	}
	args := []string{tc.CC}
	if u == nil {
		u = &project.Unit{}
	}
	if len(u.Target) > 0 {
		args = append(args, u.Target...)
	} else {
		args = append(args, toolchain.CPUFlags(core)...)
	}
	// the generated lwipopts.h first, then the project's search path as its
	// build has it, lwIP's own headers, the build's definitions and forced
	// includes (what lwIP's init.c is compiled with)
	args = append(args, "-std=gnu11", "-O0", "-c", "-I"+work)
	args = append(args, (&project.Unit{Quote: u.Quote, Includes: u.Includes, System: u.System}).Args()...)
	args = append(args, "-I"+filepath.Join(dir, "src", "include"))
	for _, d := range u.Defines {
		args = append(args, d.Arg())
	}
	for _, f := range u.Forced {
		args = append(args, "-include", f)
	}
	// mem.c keeps struct mem to itself: its ram_heap array, compiled the same
	// way, gives SIZEOF_STRUCT_MEM (lwip.Config.MemFromHeap).
	obj, memObj := filepath.Join(work, "lwip_sizes.o"), filepath.Join(work, "mem.o")
	for _, u := range [][2]string{{filepath.Join(work, "lwip_sizes.c"), obj}, {filepath.Join(dir, "src", "core", "mem.c"), memObj}} {
		if out, err := toolchain.Output(ctx, work, append(append([]string{}, args...), "-o", u[1], u[0])); err != nil {
			if ce, ok := err.(*toolchain.CommandError); ok {
				err = ce.Err // the command line is long; the first error says why
			}
			return nil, fmt.Errorf("%s did not compile against %s (%v)%s", filepath.Base(u[0]), dir, err, firstErrorLine(out))
		}
	}
	syms, err := elfsym.Read(obj)
	if err != nil {
		return nil, err
	}
	m := &lwip.Measured{Tree: dir, Pools: map[string]int64{}}
	for name, s := range syms {
		switch {
		case name == "lwipgen_sizeof_pbuf":
			m.Pbuf = int64(s.Size)
		case name == "lwipgen_alignof_pbuf":
			m.PbufAlign = int64(s.Size)
		case strings.HasPrefix(name, "lwipgen_memp_"):
			m.Pools[strings.TrimPrefix(name, "lwipgen_memp_")] = int64(s.Size)
		}
	}
	if ms, err := elfsym.Read(memObj); err != nil {
		return nil, err
	} else if h, ok := ms["ram_heap"]; ok {
		m.Mem = cfg.MemFromHeap(int64(h.Size))
	}
	if m.Pbuf == 0 {
		return nil, fmt.Errorf("the size probe's object has no lwipgen_sizeof_pbuf")
	}
	return m, nil
}

func firstErrorLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "error:") {
			return ": " + strings.TrimSpace(l)
		}
	}
	return ""
}

// ProjectLwIP is projectLwIP for the commands that read a project without
// generating into it (import --project): the same measurement vendor and
// build --project plan with.
func ProjectLwIP(ctx context.Context, b *board.Board, p *plan.Plan, m *project.Model) (*lwip.Measured, error) {
	return projectLwIP(ctx, b, p, b.LwIPDir, m)
}

// projectLwIP measures the lwIP a project's build compiles (the project
// model's lwIP tree, e.g. CubeMX's Middlewares/Third_Party/LwIP) with the
// flags its build compiles lwIP's core with. It returns nil when the build
// uses no project copy.
func projectLwIP(ctx context.Context, b *board.Board, p *plan.Plan, setting string, m *project.Model) (*lwip.Measured, error) {
	tree, err := lwipsrc.Resolve(setting, m.LwIPTree())
	if err != nil || tree.From != "project" {
		return nil, nil
	}
	if !sameLine(tree.Version, b.LwIPVersion) {
		return nil, &OtherLineError{Planned: b.LwIPVersion, Project: tree.Version, Where: versionWhere(m, tree.Dir)}
	}
	u := m.LwIPUnit()
	if u == nil {
		u = m.AppUnit()
	}
	meas, err := MeasureLwIP(ctx, b, p, tree.Dir, u)
	if meas != nil {
		// named inside the project: the finding (and report.json) does not
		// depend on where the project is checked out
		meas.Tree = m.Rel(tree.Dir)
	}
	return meas, err
}

// AuditTarget is what audit --project's sizing hook needs of the audited
// project and the audit's options (plain values, so pipeline does not import
// audit: audit is a command on top, wired by the CLI).
type AuditTarget struct {
	Root           string     // the project's root
	ProjectLwipDir string     // the project's own lwIP tree as detected ("" none)
	AuditedLwipDir string     // the lwIP tree the audit evaluates with
	Lwipopts       string     // the audited lwipopts.h
	IncludeDirs    []string   // the project's include paths (relative to Root or absolute)
	Defines        []string   // the project's definitions (NAME or NAME=VALUE, -D optional)
	Core           board.Core // the chip's core the tree is compiled for
}

// AuditMeasure is audit --project's sizing hook: when the audited lwIP is
// the project's own copy (CubeMX's Middlewares/Third_Party/LwIP), it is
// measured as vendor measures it (MeasureTree), compiled with the
// audited lwipopts.h and the project's include paths and definitions; nil
// otherwise (the fetch-lwip cache or --lwip is stock lwIP, as the model).
func AuditMeasure(a AuditTarget) func(*lwip.Config) (*lwip.Measured, error) {
	tree, err := lwipsrc.Resolve("", a.ProjectLwipDir)
	if err != nil || tree.From != "project" || a.AuditedLwipDir == "" {
		return nil
	}
	if x, y := filepath.Clean(tree.Dir), filepath.Clean(a.AuditedLwipDir); x != y {
		if aa, _ := filepath.Abs(x); aa != "" {
			if bb, _ := filepath.Abs(y); aa != bb {
				return nil
			}
		}
	}
	abs := func(d string) string {
		if filepath.IsAbs(d) {
			return d
		}
		return filepath.Join(a.Root, d)
	}
	u := &project.Unit{Includes: []string{filepath.Dir(a.Lwipopts)}}
	for _, d := range a.IncludeDirs {
		u.Includes = append(u.Includes, abs(d))
	}
	for _, d := range a.Defines {
		name, val, has := strings.Cut(strings.TrimPrefix(d, "-D"), "=")
		if !has {
			val = "1"
		}
		u.Defines = append(u.Defines, project.Define{Name: name, Value: val})
	}
	return func(cfg *lwip.Config) (*lwip.Measured, error) {
		m, err := MeasureTree(context.Background(), a.Core, filepath.Base(a.Root), cfg, tree.Dir, nil, u)
		if m != nil {
			// named inside the project, as vendor's finding is
			if root, _ := filepath.Abs(a.Root); root != "" {
				if t, _ := filepath.Abs(tree.Dir); t != "" {
					if rel, err := filepath.Rel(root, t); err == nil && !strings.HasPrefix(rel, "..") {
						m.Tree = filepath.ToSlash(rel)
					}
				}
			}
		}
		return m, err
	}
}

// OtherLineError: the project compiles an lwIP of another release line than
// the board plans (an RT-Thread 4.1 BSP's 2.0.3, an old Xilinx SDK BSP's
// lwip141). Struct sizes of one line say nothing about the other's model
// (pbuf, pcb and pool layouts change between lines), so nothing is measured.
type OtherLineError struct {
	Planned, Project string
	Where            string // the project's init.h:line, or its tree
}

func (e *OtherLineError) Error() string {
	return fmt.Sprintf("the board plans lwIP %s but the project compiles lwIP %s (%s), another release line: its struct sizes say nothing about %s's, so they were not measured",
		e.Planned, e.Project, e.Where, e.Planned)
}

// versionWhere names where the project's lwIP release was read: the model's
// lwip.version fact (init.h and its line) when it has one, else the tree.
func versionWhere(m *project.Model, dir string) string {
	if f, ok := m.Fact(project.KeyLwipVersion); ok && f.From.File != "" {
		return f.From.String()
	}
	return m.Rel(dir)
}
