package project

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// The CMake File API (cmake-file-api(7)): lwipgen asks, as client
// "lwipgen", for the codemodel (targets, their compile groups with
// includes, defines and flag fragments, their sources, their link
// fragments and artifacts) and the toolchains (the compiler of each
// language), and reads the reply cmake writes while configuring.

const fileAPIClient = "client-lwipgen"

// fileAPIQuery is the stateful query lwipgen writes before configuring.
const fileAPIQuery = `{"requests":[{"kind":"codemodel","version":2},{"kind":"toolchains","version":1}]}` + "\n"

type apiIndex struct {
	Reply map[string]map[string]struct {
		Responses []struct {
			Kind     string `json:"kind"`
			JSONFile string `json:"jsonFile"`
			Error    string `json:"error"`
		} `json:"responses"`
		Error string `json:"error"`
	} `json:"reply"`
	CMake struct {
		Generator struct {
			Name string `json:"name"`
		} `json:"generator"`
	} `json:"cmake"`
}

type apiCodemodel struct {
	Paths          struct{ Source, Build string } `json:"paths"`
	Configurations []struct {
		Name     string `json:"name"`
		Projects []struct {
			Name string `json:"name"`
		} `json:"projects"`
		Directories []struct {
			Source string `json:"source"`
		} `json:"directories"`
		Targets []struct {
			Name     string `json:"name"`
			ID       string `json:"id"`
			JSONFile string `json:"jsonFile"`
		} `json:"targets"`
	} `json:"configurations"`
}

type apiFragment struct {
	Fragment string `json:"fragment"`
	Role     string `json:"role"`
}

type apiTarget struct {
	Name       string `json:"name"`
	ID         string `json:"id"`
	Type       string `json:"type"`
	NameOnDisk string `json:"nameOnDisk"`
	Artifacts  []struct {
		Path string `json:"path"`
	} `json:"artifacts"`
	Paths        struct{ Source, Build string } `json:"paths"`
	Dependencies []struct {
		ID string `json:"id"`
	} `json:"dependencies"`
	Link *struct {
		Language         string        `json:"language"`
		CommandFragments []apiFragment `json:"commandFragments"`
	} `json:"link"`
	CompileGroups []struct {
		Language         string        `json:"language"`
		CompileFragments []apiFragment `json:"compileCommandFragments"`
		Includes         []struct {
			Path     string `json:"path"`
			IsSystem bool   `json:"isSystem"`
		} `json:"includes"`
		Defines []struct {
			Define string `json:"define"`
		} `json:"defines"`
		Sysroot *struct {
			Path string `json:"path"`
		} `json:"sysroot"`
	} `json:"compileGroups"`
	Sources []struct {
		Path              string `json:"path"`
		CompileGroupIndex *int   `json:"compileGroupIndex"`
		Backtrace         *int   `json:"backtrace"`
	} `json:"sources"`
	BacktraceGraph struct {
		Nodes []struct {
			File   int  `json:"file"`
			Line   int  `json:"line"`
			Parent *int `json:"parent"`
		} `json:"nodes"`
		Files []string `json:"files"`
	} `json:"backtraceGraph"`
}

type apiToolchains struct {
	Toolchains []struct {
		Language string `json:"language"`
		Compiler struct {
			Path string `json:"path"`
		} `json:"compiler"`
	} `json:"toolchains"`
}

// fileAPIReply is what one configure answered lwipgen's query.
type fileAPIReply struct {
	Generator string
	Model     apiCodemodel
	Targets   []apiTarget
	Compilers map[string]string // language -> compiler path
}

// readFileAPIReply reads the newest reply index in bdir and the objects
// it lists for lwipgen's query.
func readFileAPIReply(bdir string) (*fileAPIReply, error) {
	dir := filepath.Join(bdir, ".cmake", "api", "v1", "reply")
	idx, _ := filepath.Glob(filepath.Join(dir, "index-*.json"))
	if len(idx) == 0 {
		return nil, fmt.Errorf("cmake wrote no File API reply in %s (CMake 3.14 or later answers it)", dir)
	}
	sort.Strings(idx) // the newest index has the greatest name
	var index apiIndex
	if err := readJSON(idx[len(idx)-1], &index); err != nil {
		return nil, err
	}
	q, ok := index.Reply[fileAPIClient]["query.json"]
	if !ok {
		return nil, fmt.Errorf("%s: no answer to lwipgen's query", idx[len(idx)-1])
	}
	if q.Error != "" {
		return nil, fmt.Errorf("cmake's File API: %s", q.Error)
	}
	r := &fileAPIReply{Generator: index.CMake.Generator.Name, Compilers: map[string]string{}}
	for _, resp := range q.Responses {
		if resp.Error != "" {
			return nil, fmt.Errorf("cmake's File API, %s: %s", resp.Kind, resp.Error)
		}
		switch resp.Kind {
		case "codemodel":
			if err := readJSON(filepath.Join(dir, resp.JSONFile), &r.Model); err != nil {
				return nil, err
			}
		case "toolchains":
			var tc apiToolchains
			if err := readJSON(filepath.Join(dir, resp.JSONFile), &tc); err != nil {
				return nil, err
			}
			for _, t := range tc.Toolchains {
				r.Compilers[t.Language] = t.Compiler.Path
			}
		}
	}
	if len(r.Model.Configurations) == 0 {
		return nil, fmt.Errorf("cmake's codemodel in %s has no configuration", dir)
	}
	for _, t := range r.Model.Configurations[0].Targets {
		var tg apiTarget
		if err := readJSON(filepath.Join(dir, t.JSONFile), &tg); err != nil {
			return nil, err
		}
		r.Targets = append(r.Targets, tg)
	}
	return r, nil
}

func readJSON(path string, v any) error {
	data, err := fsutil.ReadText(path, fsutil.MaxInput)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return jsonError(path, data, err)
	}
	return nil
}

// executables are the targets that link an ELF: every EXECUTABLE, the one
// named as the top project (CubeMX's add_executable(${CMAKE_PROJECT_NAME}))
// first, then those whose artifact is an .elf.
func (r *fileAPIReply) executables() []*apiTarget {
	var out []*apiTarget
	for i := range r.Targets {
		if r.Targets[i].Type == "EXECUTABLE" {
			out = append(out, &r.Targets[i])
		}
	}
	top := ""
	if ps := r.Model.Configurations[0].Projects; len(ps) > 0 {
		top = ps[0].Name
	}
	rank := func(t *apiTarget) int {
		switch {
		case t.Name == top:
			return 0
		case r.compilesLwIP(t):
			// a tree of many examples (BestSens/gd32-cmake-example@59a0a62:
			// ~90 executables, Telnet the one with lwIP): lwipgen's project
			// is the one that compiles lwIP
			return 1
		case len(t.Artifacts) > 0 && strings.EqualFold(filepath.Ext(t.Artifacts[0].Path), ".elf"):
			return 2
		}
		return 3
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}

// compilesLwIP says whether t, with the libraries it links, compiles
// lwIP's core (a source ending in core/init.c beside core/tcp.c's tree).
func (r *fileAPIReply) compilesLwIP(t *apiTarget) bool {
	for _, c := range r.closure(t) {
		for _, src := range c.Sources {
			if strings.HasSuffix(filepath.ToSlash(src.Path), "/core/init.c") && strings.Contains(filepath.ToSlash(src.Path), "src/core/") {
				return true
			}
		}
	}
	return false
}

// closure is t and the libraries it depends on, transitively, that
// compile sources (OBJECT and STATIC libraries: CubeMX 6.12+ compiles its
// HAL, FreeRTOS and lwIP as OBJECT libraries linked into the executable,
// Channuyoah/stm32-lwip@6d1fa1d cmake/stm32cubemx/CMakeLists.txt).
func (r *fileAPIReply) closure(t *apiTarget) []*apiTarget {
	byID := map[string]*apiTarget{}
	for i := range r.Targets {
		byID[r.Targets[i].ID] = &r.Targets[i]
	}
	seen := map[string]bool{}
	var out []*apiTarget
	var walk func(t *apiTarget)
	walk = func(t *apiTarget) {
		if seen[t.ID] {
			return
		}
		seen[t.ID] = true
		if len(t.CompileGroups) > 0 {
			out = append(out, t)
		}
		for _, d := range t.Dependencies {
			if dt := byID[d.ID]; dt != nil && (dt.Type == "OBJECT_LIBRARY" || dt.Type == "STATIC_LIBRARY") {
				walk(dt)
			}
		}
	}
	walk(t)
	return out
}

// units are the translation units of t as the generator compiles them:
// CMake's command order (<DEFINES> <INCLUDES> <FLAGS> -c <source>) through
// ParseCompile. dirs gives the compiler's directory per source (the
// compile database's), fallback the target's build directory.
func (r *fileAPIReply) units(t *apiTarget, root string, dirs map[string]string) []Unit {
	src, bld := r.Model.Paths.Source, r.Model.Paths.Build
	var out []Unit
	for _, s := range t.Sources {
		if s.CompileGroupIndex == nil || *s.CompileGroupIndex >= len(t.CompileGroups) {
			continue
		}
		g := t.CompileGroups[*s.CompileGroupIndex]
		file := abs(src, filepath.FromSlash(s.Path))
		argv := []string{r.Compilers[g.Language]}
		if argv[0] == "" {
			argv[0] = "cc"
		}
		for _, d := range g.Defines {
			argv = append(argv, "-D"+d.Define)
		}
		if g.Sysroot != nil && g.Sysroot.Path != "" {
			argv = append(argv, "--sysroot="+g.Sysroot.Path)
		}
		for _, inc := range g.Includes {
			if inc.IsSystem {
				argv = append(argv, "-isystem", inc.Path)
			} else {
				argv = append(argv, "-I"+inc.Path)
			}
		}
		for _, f := range g.CompileFragments {
			if words, err := SplitCommand(f.Fragment); err == nil {
				argv = append(argv, words...)
			}
		}
		argv = append(argv, "-c", file)
		dir := dirs[file]
		if dir == "" {
			dir = abs(bld, filepath.FromSlash(t.Paths.Build))
		}
		u := ParseCompile(argv, dir, root)
		if u == nil {
			continue
		}
		u.From = r.origin(t, s.Backtrace, root)
		out = append(out, *u)
	}
	return out
}

// origin is where the CMake code adding a source is (the innermost frame of
// its backtrace: the target_sources or add_executable line).
func (r *fileAPIReply) origin(t *apiTarget, bt *int, root string) Pos {
	g := t.BacktraceGraph
	if bt == nil || *bt < 0 || *bt >= len(g.Nodes) {
		return Pos{File: relOrAbs(root, abs(r.Model.Paths.Source, filepath.Join(filepath.FromSlash(t.Paths.Source), "CMakeLists.txt")))}
	}
	n := g.Nodes[*bt]
	if n.File < 0 || n.File >= len(g.Files) {
		return Pos{}
	}
	return Pos{File: relOrAbs(root, abs(r.Model.Paths.Source, filepath.FromSlash(g.Files[n.File]))), Line: n.Line}
}

// fragmentLink is t's link as the File API gives it: the link language's
// compiler, the fragments in order, -o the artifact. CMake leaves
// CMAKE_<LANG>_LINK_FLAGS out of the fragments (cxnaive/H743VGTx_lwip@da66a1e
// passes -T there): the generator's own link command is read too.
func (r *fileAPIReply) fragmentLink(t *apiTarget) *Link {
	if t.Link == nil || len(t.Artifacts) == 0 {
		return nil
	}
	argv := []string{r.Compilers[t.Link.Language]}
	for _, f := range t.Link.CommandFragments {
		if words, err := SplitCommand(f.Fragment); err == nil {
			argv = append(argv, words...)
		}
	}
	bld := r.Model.Paths.Build
	argv = append(argv, "-o", abs(bld, filepath.FromSlash(t.Artifacts[0].Path)))
	return ParseLink(argv, abs(bld, filepath.FromSlash(t.Paths.Build)))
}

// artifact is t's first artifact, absolute.
func (r *fileAPIReply) artifact(t *apiTarget) string {
	if len(t.Artifacts) == 0 {
		return ""
	}
	return abs(r.Model.Paths.Build, filepath.FromSlash(t.Artifacts[0].Path))
}

// directorySources are the CMakeLists.txt files cmake read, absolute.
func (r *fileAPIReply) directorySources() []string {
	var out []string
	for _, d := range r.Model.Configurations[0].Directories {
		p := filepath.Join(abs(r.Model.Paths.Source, filepath.FromSlash(d.Source)), "CMakeLists.txt")
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}
