// Package flow is what a vendor flow (CubeMX, GD32, RT-Thread, Vitis, the
// standalone QEMU firmware...) implements, and the registry the pipeline asks
// for a board's flow. The flows live in internal/flows/<name>; each registers
// itself in its init(), and internal/flows/all imports them all. Core packages
// may import this package, never a flow (docs/architecture.md).
package flow

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"sync"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/render"
)

// Flow is one vendor flow: what a board with vendor = Name() gets on top of
// the core stages.
type Flow interface {
	// Name is the board's vendor value ("cubemx", "rtthread", ...).
	Name() string
	// Plan is what the flow contributes to the board's plan before it is
	// final: rules, vendor constraints, checks, the driver's input sections.
	Plan(b *board.Board) plan.Hooks
	// Render returns the flow's files: driver glue, BSP fragments, firmware,
	// with the compile definitions they need.
	Render(p *plan.Plan, l *layout.Layout) (*Rendered, error)
}

// Rendered is what a flow renders for a board (render.Rendered: the one
// type the core renders around).
type Rendered = render.Rendered

// Vendorer is a flow that writes the generated files into a user's project.
type Vendorer interface {
	Vendor(g *Generated, o VendorOptions) (*VendorResult, error)
}

// Applier is a flow that writes into no project itself and says how its
// generated files reach the user's (Vitis: BSP settings applied in the
// tool). HowToApply is one sentence; board is the board's name or path as
// the user gave it, for the command line it names.
type Applier interface {
	HowToApply(board string) string
}

// NotVendored is what vendor says about a flow that does not vendor.
func NotVendored(f Flow, board string) string {
	msg := fmt.Sprintf("the %s flow does not vendor into a project", f.Name())
	if a, ok := f.(Applier); ok {
		msg += ": " + a.HowToApply(board)
	}
	return msg
}

// VendorOptions select how a project is vendored.
type VendorOptions struct {
	Project         string
	DryRun          bool      // print the diff, write nothing
	RemoveConflicts bool      // remove hand-written placements of lwIP/ETH sections
	Force           bool      // overwrite edited lwipgen-owned content (backed up first)
	Log             io.Writer // the diff and progress
}

// VendorResult is what vendoring did, for the command line.
type VendorResult struct {
	Summary  string   // one line: what changed where
	Warnings []string // things the user must look at
	// Buildable: the project builds with its own Makefile/CMake/.cproject
	// (vendorkit.BuildProject) and its ELF can be verified.
	Buildable bool
}

// Generated is the result of the stages before the compiler.
type Generated struct {
	Board  *board.Board
	Plan   *plan.Plan
	Layout *layout.Layout
	Files  []render.File // relative to Out/generated
	Out    string
	// Firmware: Files hold a complete firmware (Rendered.Firmware).
	Firmware bool
	// LwIPDefines: Rendered.LwIPDefines, for the probe build.
	LwIPDefines []string
	// Project is the user's project as its build sees it (the project model,
	// read once by the command), nil without --project.
	Project *project.Model
}

// Write puts the generated files under Out/generated, atomically and only
// where the content changed. It returns the paths it changed.
func (g *Generated) Write() ([]string, error) {
	var changed []string
	for _, f := range g.Files {
		path := filepath.Join(g.Out, "generated", f.Path)
		// confined to the output directory: a name that escaped it is refused
		c, err := fsutil.WriteUnder(g.Out, filepath.Join("generated", f.Path), f.Content, 0o644)
		if err != nil {
			return changed, fmt.Errorf("writing %s: %v", path, err)
		}
		if c {
			changed = append(changed, path)
		}
	}
	return changed, nil
}

var (
	mu    sync.RWMutex
	flows = map[string]Flow{}
	glues = map[string]Glue{}
	// rxModels are the RX designs of the MAC families' drivers (glue.go)
	rxModels = map[string]plan.RxModel{}
)

// Register adds a flow; a flow calls it once, in its init().
func Register(f Flow) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := flows[f.Name()]; dup {
		panic("flow: " + f.Name() + " registered twice")
	}
	flows[f.Name()] = f
}

// Lookup returns the flow of a board's vendor value.
func Lookup(name string) (Flow, bool) {
	mu.RLock()
	defer mu.RUnlock()
	f, ok := flows[name]
	return f, ok
}

// All returns every registered flow, by name.
func All() []Flow {
	mu.RLock()
	defer mu.RUnlock()
	var out []Flow
	for _, f := range flows {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// Of returns the flow of the board, or an error naming what is missing.
func Of(b *board.Board) (Flow, error) {
	f, ok := Lookup(b.Vendor)
	if !ok {
		return nil, fmt.Errorf("no flow registered for vendor %q (a program must import internal/flows/all)", b.Vendor)
	}
	return f, nil
}

// Plan sizes the board with its flow's hooks.
func Plan(b *board.Board) (*plan.Plan, error) {
	f, err := Of(b)
	if err != nil {
		return nil, err
	}
	return plan.Build(b, f.Plan(b))
}

// Auditor is a flow whose project, not only lwipopts.h, decides what lwIP
// compiles with (RT-Thread: rtconfig.h and rtconfig_project.h around the
// port's lwipopts.h). context is the path of the project file that carries
// that context; the flow reads what it includes.
type Auditor interface {
	AuditProject(header []byte, headerPath, context string, v lwip.Version, b *board.Board) ([]audit.Finding, error)
}

// ToolReleaser is a flow that can read the vendor tool release from a
// user's project (Vitis: the LIBRARY_VER its system.mss records); "" when
// the project names none, an error when what it names is no release lwipgen
// writes for.
type ToolReleaser interface {
	ToolRelease(project string) (string, error)
}
