package project

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// CMakePresets.json (CubeMX 6.11+ writes one: a hidden "default" preset
// with the generator, binaryDir ${sourceDir}/build/${presetName} and
// toolchainFile ${sourceDir}/cmake/gcc-arm-none-eabi.cmake, and Debug /
// Release presets inheriting it that set CMAKE_BUILD_TYPE, as in
// Channuyoah/stm32-lwip@6d1fa1d SixAxisSTM32H723/CMakePresets.json and
// cxnaive/H743VGTx_lwip@da66a1e). lwipgen reads the configure preset's
// toolchain, build type and cache variables and configures into its own
// scratch directory; the preset's binaryDir is where the project's own
// compile database may be.

// cmakePreset is a configure preset after inheritance.
type cmakePreset struct {
	Name          string
	Generator     string
	BinaryDir     string            // expanded, absolute
	ToolchainFile string            // expanded, absolute; "" when none
	Cache         map[string]string // cache variables, as -D values
}

type rawPreset struct {
	Name          string                     `json:"name"`
	Hidden        bool                       `json:"hidden"`
	Inherits      json.RawMessage            `json:"inherits"`
	Generator     string                     `json:"generator"`
	BinaryDir     string                     `json:"binaryDir"`
	ToolchainFile string                     `json:"toolchainFile"`
	Cache         map[string]json.RawMessage `json:"cacheVariables"`
}

type rawPresets struct {
	Configure []rawPreset `json:"configurePresets"`
}

// readPresets reads CMakePresets.json and CMakeUserPresets.json at root:
// the non-hidden configure presets in file order, resolved. No file is no
// presets and no error.
func readPresets(root string) ([]cmakePreset, error) {
	var all []rawPreset
	for _, n := range []string{"CMakePresets.json", "CMakeUserPresets.json"} {
		data, err := fsutil.ReadText(filepath.Join(root, n), fsutil.MaxInput)
		if os.IsNotExist(err) {
			continue
		} else if err != nil {
			return nil, err
		}
		var f rawPresets
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, jsonError(n, data, err)
		}
		all = append(all, f.Configure...)
	}
	byName := map[string]*rawPreset{}
	for i := range all {
		byName[all[i].Name] = &all[i]
	}
	var out []cmakePreset
	for _, p := range all {
		if p.Hidden {
			continue
		}
		r := cmakePreset{Name: p.Name, Cache: map[string]string{}}
		resolvePreset(&r, &p, byName, 0)
		r.BinaryDir = expandPreset(r.BinaryDir, root, p.Name, r.Generator)
		r.ToolchainFile = expandPreset(r.ToolchainFile, root, p.Name, r.Generator)
		for k, v := range r.Cache {
			r.Cache[k] = expandPreset(v, root, p.Name, r.Generator)
		}
		if r.ToolchainFile == "" && r.Cache["CMAKE_TOOLCHAIN_FILE"] != "" {
			r.ToolchainFile = r.Cache["CMAKE_TOOLCHAIN_FILE"]
		}
		delete(r.Cache, "CMAKE_TOOLCHAIN_FILE")
		for _, f := range []*string{&r.BinaryDir, &r.ToolchainFile} {
			if *f != "" {
				*f = abs(root, filepath.FromSlash(*f))
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// resolvePreset fills r from p, then from the presets p inherits (the
// first one that sets a field wins, as in CMake).
func resolvePreset(r *cmakePreset, p *rawPreset, byName map[string]*rawPreset, depth int) {
	if depth > 16 {
		return
	}
	if r.Generator == "" {
		r.Generator = p.Generator
	}
	if r.BinaryDir == "" {
		r.BinaryDir = p.BinaryDir
	}
	if r.ToolchainFile == "" {
		r.ToolchainFile = p.ToolchainFile
	}
	for k, raw := range p.Cache {
		if _, ok := r.Cache[k]; ok {
			continue
		}
		var s string
		var b bool
		var typed struct {
			Value json.RawMessage `json:"value"`
		}
		switch {
		case json.Unmarshal(raw, &s) == nil:
		case json.Unmarshal(raw, &b) == nil:
			s = map[bool]string{true: "ON", false: "OFF"}[b]
		case json.Unmarshal(raw, &typed) == nil && typed.Value != nil:
			if json.Unmarshal(typed.Value, &s) != nil && json.Unmarshal(typed.Value, &b) == nil {
				s = map[bool]string{true: "ON", false: "OFF"}[b]
			}
		default:
			continue // null: unset
		}
		r.Cache[k] = s
	}
	var parents []string
	if json.Unmarshal(p.Inherits, &parents) != nil {
		var one string
		if json.Unmarshal(p.Inherits, &one) == nil && one != "" {
			parents = []string{one}
		}
	}
	for _, name := range parents {
		if q := byName[name]; q != nil {
			resolvePreset(r, q, byName, depth+1)
		}
	}
}

// expandPreset expands the macros CMake presets allow in these fields.
func expandPreset(s, root, preset, generator string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	r := strings.NewReplacer(
		"${sourceDir}", root,
		"${sourceParentDir}", filepath.Dir(root),
		"${sourceDirName}", filepath.Base(root),
		"${presetName}", preset,
		"${generator}", generator,
		"${hostSystemName}", map[string]string{"linux": "Linux", "darwin": "Darwin", "windows": "Windows"}[runtime.GOOS],
		"${fileDir}", root,
		"${pathListSep}", string(os.PathListSeparator),
		"${dollar}", "$",
	)
	s = r.Replace(s)
	for _, p := range []string{"$env{", "$penv{"} {
		for {
			i := strings.Index(s, p)
			if i < 0 {
				break
			}
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				break
			}
			s = s[:i] + os.Getenv(s[i+len(p):i+j]) + s[i+j+1:]
		}
	}
	return s
}

// choosePreset picks the configure preset to read: the one named config,
// else the one whose CMAKE_BUILD_TYPE is config, else (config "") the
// first. nil when the project has none, or none matches config (which is
// then taken as a build type).
func choosePreset(presets []cmakePreset, config string) *cmakePreset {
	if len(presets) == 0 {
		return nil
	}
	if config == "" {
		return &presets[0]
	}
	for i := range presets {
		if presets[i].Name == config {
			return &presets[i]
		}
	}
	for i := range presets {
		if strings.EqualFold(presets[i].Cache["CMAKE_BUILD_TYPE"], config) {
			return &presets[i]
		}
	}
	return nil
}

// presetBinaryDirs are the presets' binary directories inside root,
// project-relative, sorted.
func presetBinaryDirs(root string) []string {
	ps, err := readPresets(root)
	if err != nil {
		return nil
	}
	var out []string
	for _, p := range ps {
		if r := relTo(root, p.BinaryDir); r != "" && r != "." {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}

// presetNames lists the presets' names for an error.
func presetNames(ps []cmakePreset) string {
	var n []string
	for _, p := range ps {
		n = append(n, p.Name)
	}
	return fmt.Sprintf("%q", n)
}
