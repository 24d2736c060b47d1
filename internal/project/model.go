package project

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// Fact is one thing lwipgen knows about the project, with where it came
// from: the file (and line) the build or a vendor file states it in, and how
// it was derived when that is not plain.
type Fact struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	From  Pos    `json:"from"`
	Why   string `json:"why,omitempty"`
}

// Model is the project as its own build sees it.
type Model struct {
	Root  string `json:"root"`           // absolute
	Flow  string `json:"flow,omitempty"` // the vendor flow that recognised the project ("" when none did)
	Build *Build `json:"build,omitempty"`
	// BuildErr is why the build could not be read (cmake failed to
	// configure, make is missing ...); Build is nil then. Commands that need
	// the build return it; inspect shows it.
	BuildErr   error    `json:"-"`
	BuildError string   `json:"build_error,omitempty"` // BuildErr's text, for --json
	Facts      []Fact   `json:"facts"`
	Notes      []string `json:"notes,omitempty"`
	Files      *Files   `json:"-"`
}

// Fact returns the fact with key.
func (m *Model) Fact(key string) (Fact, bool) {
	for _, f := range m.Facts {
		if f.Key == key {
			return f, true
		}
	}
	return Fact{}, false
}

// Value is the value of the fact with key, "" when the model has none.
func (m *Model) Value(key string) string {
	f, _ := m.Fact(key)
	return f.Value
}

// set adds a fact or replaces the one with the same key.
func (m *Model) set(f Fact) {
	for i := range m.Facts {
		if m.Facts[i].Key == f.Key {
			m.Facts[i] = f
			return
		}
	}
	m.Facts = append(m.Facts, f)
}

// Abs is a project-relative path as an absolute one.
func (m *Model) Abs(rel string) string {
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(m.Root, filepath.FromSlash(rel))
}

// Rel is an absolute path relative to the project root (slash-separated),
// or the path itself when it is outside the project.
func (m *Model) Rel(p string) string {
	if r := relTo(m.Root, p); r != "" {
		return r
	}
	return p
}

// Units returns the build's units, none when the build was not read.
func (m *Model) Units() []Unit {
	if m.Build == nil {
		return nil
	}
	return m.Build.Units
}

// Detector is what a vendor flow tells the model (registered from the
// flow's init with RegisterDetector).
type Detector interface {
	// Flow is the flow's name (the board's vendor value).
	Flow() string
	// Claim says whether the project is one of this flow's, from its files
	// alone, with the fact that shows it; strength orders two flows that
	// both claim a project (an RT-Thread BSP carries a CubeMX .ioc of its
	// board: RT-Thread's claim is the stronger).
	Claim(root string, files *Files) (f Fact, strength int, ok bool)
	// Prefer names the build the project really uses when it has several
	// (a CubeMX .ioc names its toolchain), "" to let the model choose.
	Prefer(root string, files *Files) (System, Fact)
	// Facts adds what the flow knows once the build is read and the core
	// facts are derived (the HAL version, the RT-Thread release and the lwIP
	// it selects, the Vitis BSP's library). A fact with the key of a core
	// fact replaces it: the flow knows its vendor's layout better.
	Facts(m *Model) []Fact
}

var (
	detMu     sync.RWMutex
	detectors []Detector
)

// RegisterDetector adds a flow's detector.
func RegisterDetector(d Detector) {
	detMu.Lock()
	defer detMu.Unlock()
	detectors = append(detectors, d)
	sort.SliceStable(detectors, func(i, j int) bool { return detectors[i].Flow() < detectors[j].Flow() })
}

// Load reads the project in dir: its files, the flow that recognises it,
// its build (the one its flow says it uses, else the first of the
// precedence list it has) and the facts derived from them. An error is
// returned only when dir is no readable project folder; a build that cannot
// be read is Model.BuildErr.
func Load(ctx context.Context, dir string, o Options) (*Model, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("project %s: %v", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("project %s is not a directory", dir)
	}
	files, err := indexFiles(root)
	if err != nil {
		return nil, fmt.Errorf("project %s: %v", dir, err)
	}
	m := &Model{Root: root, Files: files}
	det := claim(m)
	if err := readBuild(ctx, m, det, o); err != nil {
		return nil, err
	}
	if m.BuildErr != nil {
		m.BuildError = m.BuildErr.Error()
	}
	coreFacts(m)
	if det != nil {
		for _, f := range det.Facts(m) {
			m.set(f)
		}
	}
	sort.SliceStable(m.Facts, func(i, j int) bool { return m.Facts[i].Key < m.Facts[j].Key })
	return m, nil
}

// readBuild reads the build chooseBuild picks into m.Build, or says in
// m.BuildErr why there is none. When the project has several builds and
// neither the caller nor the flow named one, a build whose tool fails on it
// (a CMakeLists.txt that does not configure beside a Makefile that works) is
// passed over for the next, with a note.
func readBuild(ctx context.Context, m *Model, det Detector, o Options) error {
	sys, why := chooseBuild(m, det, o)
	if sys == "" {
		m.BuildErr = errNoBuild
		m.Notes = append(m.Notes, "no build lwipgen can read (CMakeLists.txt, Makefile, .cproject, compile_commands.json, Keil or IAR project)")
		if sub := subProjects(m.Files); len(sub) > 0 {
			// an Eclipse workspace (Xilinx SDK: applications beside their
			// BSPs): the builds are the projects one level down
			m.Notes = append(m.Notes, fmt.Sprintf("an Eclipse workspace? %d Eclipse project(s) one level down: %s; lwipgen reads one project's build, so give the application's folder as --project", len(sub), firstFew(sub, 4)))
		}
		return nil
	}
	r, ok := readers[sys]
	if !ok {
		return fmt.Errorf("no reader for the build system %q (lwipgen reads %s)", sys, systemNames())
	}
	file := r.Present(m.Root)
	if file == "" {
		m.BuildErr = missingBuild{sys}
		m.Notes = append(m.Notes, m.BuildErr.Error())
		return nil
	}
	b, err := r.Read(ctx, m.Root, file, o)
	if err != nil && o.System == "" && m.Value(KeyBuildExpected) == "" {
		for _, next := range precedence[indexOf(precedence, sys)+1:] {
			nr, ok := readers[next]
			if !ok || nr.Present(m.Root) == "" || errors.Is(err, ErrOffline) {
				continue
			}
			nb, nerr := nr.Read(ctx, m.Root, nr.Present(m.Root), o)
			if nerr == nil && nb != nil {
				m.Notes = append(m.Notes, fmt.Sprintf("the %s build (%s) could not be read (%v); the project's %s build (%s) is read instead", sys, file, firstLine(err), next, nr.Present(m.Root)))
				b, err, sys, why = nb, nil, next, "the first build of the project whose tool reads it"
			}
			break
		}
	}
	switch {
	case err != nil:
		m.BuildErr = err
		m.Notes = append(m.Notes, fmt.Sprintf("the %s build (%s) could not be read: %v", sys, file, err))
	case b == nil:
		m.BuildErr = fmt.Errorf("%s: no %s build found", file, sys)
	default:
		m.Build = b
		m.set(Fact{Key: KeyBuild, Value: string(b.System), From: Pos{File: b.File}, Why: why})
	}
	return nil
}

func indexOf(s []System, v System) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return len(s) - 1
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

var errNoBuild = errors.New("the project has no build lwipgen can read")

// missingBuild is Model.BuildErr when the build the caller or the flow
// named (the .ioc's toolchain) is not in the project.
type missingBuild struct{ sys System }

func (e missingBuild) Error() string { return fmt.Sprintf("the project has no %s build", e.sys) }

// NoBuild says whether err is Model.BuildErr of a project without a build
// description lwipgen reads (none at all, or not the one named), as opposed
// to a build that is there but whose tool failed on it.
func NoBuild(err error) bool {
	var mb missingBuild
	return errors.Is(err, errNoBuild) || errors.As(err, &mb)
}

// claim asks every detector and keeps the strongest claim.
func claim(m *Model) Detector {
	detMu.RLock()
	defer detMu.RUnlock()
	var best Detector
	bestS := 0
	for _, d := range detectors {
		f, s, ok := d.Claim(m.Root, m.Files)
		if ok && (best == nil || s > bestS) {
			best, bestS = d, s
			f.Key = KeyFlow
			if f.Value == "" {
				f.Value = d.Flow()
			}
			m.set(f)
		}
	}
	if best != nil {
		m.Flow = best.Flow()
	}
	return best
}

// chooseBuild picks the build to read: the one the flow names, else the
// first the project has in precedence order.
func chooseBuild(m *Model, det Detector, o Options) (System, string) {
	if o.System != "" {
		return o.System, "asked for (--build " + string(o.System) + ")"
	}
	if det != nil {
		if sys, f := det.Prefer(m.Root, m.Files); sys != "" {
			f.Key, f.Value = KeyBuildExpected, string(sys)
			m.set(f)
			if r, ok := readers[sys]; ok && r.Present(m.Root) != "" {
				return sys, strings.TrimSpace(f.Why + " " + f.From.String())
			}
		}
	}
	var have []string
	var first System
	for _, sys := range precedence {
		r, ok := readers[sys]
		if !ok {
			continue
		}
		if file := r.Present(m.Root); file != "" {
			if first == "" {
				first = sys
			}
			have = append(have, file)
		}
	}
	if first == "" {
		return "", ""
	}
	why := "the project's build"
	if len(have) > 1 {
		why = fmt.Sprintf("the first of %s in lwipgen's order (a build lwipgen runs before one it reads)", strings.Join(have, ", "))
	}
	return first, why
}

// systemNames lists the build systems lwipgen reads, in precedence order.
func systemNames() string {
	var n []string
	for _, s := range precedence {
		if _, ok := readers[s]; ok {
			n = append(n, string(s))
		}
	}
	return strings.Join(n, ", ")
}

// Open is Load with lwipgen's cross compiler (toolchain.Discover) for the
// readers that run the build's tool: what every command calls.
func Open(ctx context.Context, dir string, o Options) (*Model, error) {
	if o.CC == "" {
		if tc, err := toolchain.Discover(); err == nil {
			o.CC = tc.CC
		}
	}
	return Load(ctx, dir, o)
}

// LwIPTree is the lwIP tree the build compiles, as an absolute path; ""
// when the project brings none (or none was found).
func (m *Model) LwIPTree() string {
	if m == nil {
		return ""
	}
	if d := m.Value(KeyLwipDir); d != "" {
		return m.Abs(d)
	}
	return ""
}

// subProjects lists the Eclipse projects one folder below the root
// ("echo_server/.cproject"), in the index's order.
func subProjects(f *Files) []string {
	var out []string
	for _, p := range f.Named(".cproject") {
		if strings.Count(p, "/") == 1 {
			out = append(out, p)
		}
	}
	return out
}
