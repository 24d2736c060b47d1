package project

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// The compile_commands.json reader: a compile database the project
// carries (CMake's CMAKE_EXPORT_COMPILE_COMMANDS, Bear, compiledb, an IDE's
// export), in the format clang documents: an array of {directory, file,
// command | arguments, output}. Every entry goes through ParseCompile. The
// database is a copy of what a build once did: it is taken as exact only
// when it is newer than every build file.

func init() {
	registerReader(Reader{System: SysCompileDB, Present: compileDBPresent, Read: readCompileDB})
}

// compileDBPlaces are where projects keep their database, in the order
// looked at; CMake presets' binary directories (build/Debug ...) follow.
var compileDBPlaces = []string{"compile_commands.json", "build/compile_commands.json", "Debug/compile_commands.json"}

func compileDBPresent(root string) string {
	places := append([]string{}, compileDBPlaces...)
	for _, d := range presetBinaryDirs(root) {
		places = append(places, d+"/compile_commands.json")
	}
	for _, p := range places {
		if p == ScratchRel+"/compile_commands.json" { // lwipgen's own configure: the CMake reader's, not the project's
			continue
		}
		if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// compileEntry is one entry of a compile database.
type compileEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Command   string   `json:"command"`
	Arguments []string `json:"arguments"`
	Output    string   `json:"output"`
}

// parseCompileDB reads a compile database's text into units; name is the
// file for messages and base the directory its relative paths are taken
// from (the database's own). A JSON error is name:line:col.
func parseCompileDB(name string, data []byte, base, root string) ([]Unit, []string, error) {
	var entries []compileEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, nil, jsonError(name, data, err)
	}
	var units []Unit
	var notes []string
	seen := map[string]bool{}
	skipped := 0
	for i, e := range entries {
		argv := e.Arguments
		if len(argv) == 0 {
			var err error
			if argv, err = SplitCommand(e.Command); err != nil {
				notes = append(notes, fmt.Sprintf("%s: entry %d: %v", name, i+1, err))
				continue
			}
		}
		dir := base
		if e.Directory != "" {
			dir = abs(base, filepath.FromSlash(e.Directory))
		}
		if len(argv) == 0 || !IsCompiler(argv[0]) {
			skipped++
			continue
		}
		u := ParseCompile(expandResponse(argv, dir), dir, root)
		if u == nil || seen[u.File] {
			skipped++
			continue
		}
		seen[u.File] = true
		u.From = Pos{File: relOrAbs(root, filepath.Join(base, filepath.Base(name)))}
		units = append(units, *u)
	}
	if skipped > 0 {
		notes = append(notes, pluralf(skipped, "%d entry is not a compile lwipgen reads (another compiler, no -c, a source already listed)", "%d entries are not compiles lwipgen reads (another compiler, no -c, a source already listed)"))
	}
	return units, notes, nil
}

// jsonError places a JSON decoding error at its line and column.
func jsonError(name string, data []byte, err error) error {
	off := int64(-1)
	switch e := err.(type) {
	case *json.SyntaxError:
		off = e.Offset
	case *json.UnmarshalTypeError:
		off = e.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return fmt.Errorf("%s: %v", name, err)
	}
	line := bytes.Count(data[:off], []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Errorf("%s:%d:%d: %v", name, line, col, err)
}

func readCompileDB(ctx context.Context, root, file string, o Options) (*Build, error) {
	path := filepath.Join(root, filepath.FromSlash(file))
	data, err := fsutil.ReadText(path, fsutil.MaxInput)
	if err != nil {
		return nil, err
	}
	units, notes, err := parseCompileDB(file, data, filepath.Dir(path), root)
	if err != nil {
		return nil, err
	}
	b := &Build{System: SysCompileDB, File: file, Units: units, Notes: notes}
	b.Exact, b.Notes = freshness(root, path, b.Notes)
	b.Notes = append(b.Notes, "a compile database holds no link step: the ELF and the linker script are not read from it")
	return b, nil
}

// freshness says whether the database at path is newer than every build
// file of the project (Makefiles, CMakeLists.txt, *.cmake, CMakePresets.json
// outside build directories), and notes which way it is.
func freshness(root, path string, notes []string) (bool, []string) {
	fi, err := os.Stat(path)
	if err != nil {
		return false, notes
	}
	newest, newestAt := "", time.Time{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "build" || d.Name() == "Debug" || d.Name() == "Release" || strings.Count(rel, string(filepath.Separator)) >= 4) {
				return filepath.SkipDir
			}
			return nil
		}
		n := d.Name()
		if n == "CMakeLists.txt" || n == "CMakePresets.json" || strings.HasSuffix(n, ".cmake") || n == "Makefile" || n == "makefile" || n == "GNUmakefile" || strings.HasSuffix(n, ".mk") {
			if i, err := d.Info(); err == nil && i.ModTime().After(newestAt) {
				newest, newestAt = filepath.ToSlash(rel), i.ModTime()
			}
		}
		return nil
	})
	switch {
	case newest == "":
		return true, append(notes, "the project has no build file the database could be older than: its commands are taken as the build's")
	case fi.ModTime().After(newestAt):
		return true, append(notes, "the database is newer than every build file (newest: "+newest+"): its commands are taken as the build's")
	}
	return false, append(notes, "the database is older than "+newest+": the build may no longer compile what it says")
}
