// Package flow is what a vendor flow (CubeMX, GD32, RT-Thread, Vitis, the
// standalone QEMU firmware...) implements, and the registry the pipeline asks
// for a board's flow. The flows live in internal/flows/<name>; each registers
// itself in its init(), and internal/flows/all imports them all. Core packages
// may import this package, never a flow (docs/architecture.md).
package flow

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/finding"
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
	// Files are the files written: the core's merged with the flow's,
	// relative to Out/generated.
	Files []render.File
	Out   string
	// Rendered is what the board's flow rendered, held once: whether Files
	// are a complete firmware (Rendered.Firmware), the definitions the
	// vendor's build compiles lwIP with (Rendered.LwIPDefines), its checks.
	// Its own Files are already merged into Files above.
	Rendered Rendered
	// Project is the user's project as its build sees it (the project model,
	// read once by the command), nil without --project.
	Project *project.Model
}

// Write puts the generated files under Out/generated as one swap: they
// are written into a sibling staging folder, which then takes the place of
// generated/ whole, so a failure or a full disk leaves the previous tree
// (never two boards' files mixed) and a file the plan no longer has goes.
// Files whose bytes did not change keep their time (a build recompiles
// nothing); when nothing changed nothing is touched. It returns the paths
// whose content changed.
func (g *Generated) Write() ([]string, error) {
	root, err := fsutil.OpenRoot(g.Out, true)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	sweepStaging(root)
	old := map[string]bool{}
	root.Walk("generated", func(p string, d fs.DirEntry) error {
		if !d.IsDir() {
			old[p] = true
		}
		return nil
	})
	var changed []string
	same := map[string]bool{}
	for _, f := range g.Files {
		rel := "generated/" + filepath.ToSlash(f.Path)
		if cur, err := root.ReadFile(rel, fsutil.MaxArtefact); err == nil && bytes.Equal(cur, f.Content) {
			same[f.Path] = true
			continue
		}
		changed = append(changed, filepath.Join(g.Out, "generated", f.Path))
	}
	if len(changed) == 0 && len(old) == len(g.Files) {
		return nil, nil
	}
	stage := stagingPrefix + "stage-" + randomTag()
	done := false
	defer func() {
		if !done {
			root.RemoveAll(stage)
		}
	}()
	for i, f := range g.Files {
		if FailStagedWrite > 0 && i+1 == FailStagedWrite {
			return nil, fmt.Errorf("writing %s: injected failure (test)", f.Path)
		}
		// confined to the output directory: a name that escaped it is refused
		if _, err := root.WriteFile(stage+"/"+filepath.ToSlash(f.Path), f.Content, 0o644); err != nil {
			return nil, fmt.Errorf("writing %s: %v", filepath.Join(g.Out, "generated", f.Path), err)
		}
		if same[f.Path] {
			if fi, err := root.Stat("generated/" + filepath.ToSlash(f.Path)); err == nil {
				os.Chtimes(filepath.Join(g.Out, stage, f.Path), fi.ModTime(), fi.ModTime())
			}
		}
	}
	retired := stagingPrefix + "old-" + randomTag()
	hadTree := false
	if _, err := root.Stat("generated"); err == nil {
		if err := root.Rename("generated", retired); err != nil {
			return nil, fmt.Errorf("replacing %s: %v", filepath.Join(g.Out, "generated"), err)
		}
		hadTree = true
	}
	if err := root.Rename(stage, "generated"); err != nil {
		if hadTree {
			root.Rename(retired, "generated") // the previous tree back
		}
		return nil, fmt.Errorf("replacing %s: %v", filepath.Join(g.Out, "generated"), err)
	}
	done = true
	if hadTree {
		root.RemoveAll(retired)
	}
	return changed, nil
}

// stagingPrefix names Write's staging and retired folders inside Out.
const stagingPrefix = ".generated."

// FailStagedWrite, when n > 0, makes Write fail before its n-th file (tests
// of the all-or-nothing swap).
var FailStagedWrite int

// sweepStaging removes what an interrupted Write left (a staging folder, or
// the previous tree it had moved aside).
func sweepStaging(root *fsutil.Root) {
	entries, _ := root.ReadDir(".")
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), stagingPrefix) {
			root.RemoveAll(e.Name())
		}
	}
}

func randomTag() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
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
// that context; the flow reads what it includes. rules are the lwipopts.h
// rules (the audit command passes audit.File) the flow runs on the
// effective options, so a flow needs no import of the audit engine.
type Auditor interface {
	AuditProject(header []byte, headerPath, context string, v lwip.Version, b *board.Board, rules OptionRules) ([]finding.Finding, error)
}

// OptionRules audits the effective #defines of an lwipopts.h for lwIP v on
// board b (b may be nil).
type OptionRules func(defs []cheader.Define, v lwip.Version, b *board.Board) []finding.Finding

// ProjectChecker is a flow that can refuse a user's project before
// anything is generated or measured for it (RT-Thread: a BSP of a release
// lwipgen does not model), so vendor's refusal comes first and alone, not
// after the warnings of a plan that would never be written. project is the
// folder given as --project; the error says why, with the file and line.
type ProjectChecker interface {
	CheckProject(project string) error
}

// ProjectFilesAuditor is a flow whose project holds files that must agree
// with each other beyond the audited lwipopts.h (Vitis: the BSP's two
// lwipopts.h copies, the processor's include/ one the application compiles
// with and the library's libsrc/ one liblwip4.a is built with). root is the
// project folder; the findings name their files relative to it.
type ProjectFilesAuditor interface {
	AuditProjectFiles(root string) []finding.Finding
}

// ToolReleaser is a flow that can read the vendor tool release from a
// user's project (Vitis: the LIBRARY_VER its system.mss records); "" when
// the project names none, an error when what it names is no release lwipgen
// writes for.
type ToolReleaser interface {
	ToolRelease(project string) (string, error)
}
