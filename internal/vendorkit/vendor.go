// Package vendorkit is the vendoring machinery the CubeMX and GD32 flows share
// (their Vendor hooks call Run): it writes lwipgen's generated files into an existing CubeMX
// (STM32CubeIDE, Makefile or CMake toolchain) or GD32 firmware-library
// project, so that they survive the vendor tool regenerating its code:
// lwipgen's content goes into lwipgen-owned files (LWIP/lwipgen/ for CubeMX)
// and into marked blocks inside USER CODE sections; build files get a marked
// block (or, for .cproject, the entries lwipgen needs). Every run is
// idempotent, a dry run only prints the diff, and every write is backed up
// under .lwipgen/backup/<id>/ for `lwipgen vendor --undo`.
package vendorkit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/txn"
)

// Options control one vendor run.
type Options struct {
	Project         string // the project directory
	DryRun          bool   // compute and print the diff, write nothing
	RemoveConflicts bool   // remove hand-written placements of lwIP/ETH sections from the linker script
	Force           bool   // overwrite lwipgen-owned content the user edited (it is backed up first)
	// Glue is the board's driver glue (from its flow): files the pipeline
	// did not already include are vendored with the rest.
	Glue []render.File
	// Defines are the compile definitions (e.g. ETH_RX_DESC_CNT=8U) the
	// project's build must pass to every translation unit.
	Defines []string
	// HALConfDescCount: the vendor's generated HAL configuration defines the
	// descriptor counts itself (CubeMX H7 hal_conf), so they are checked there.
	HALConfDescCount bool
	// Prepare, when set, runs once the project is detected and before anything is written: the
	// flow reads what the project expects of its glue and renders it for that project (Glue,
	// Defines), with warnings; an error refuses the project and nothing is written.
	Prepare func(p *Project) (*Prepared, error)
	Log     io.Writer // progress and, for dry runs, the diff; nil = quiet
}

// Prepared is the glue a flow rendered for one project (Options.Prepare).
type Prepared struct {
	Glue     []render.File
	Defines  []string
	Warnings []string
	// UserCode, when set, rewrites the body of USER CODE block name carried
	// from the project's file rel into lwipgen's replacement (a line the flow
	// must not compile there); it must leave a body it already rewrote as is.
	UserCode func(rel, name, body string) string
	// Lost says, per function the replaced driver header declared that
	// lwipgen's cannot keep, why and what to do instead: vendor refuses
	// every use of it in the project with that reason.
	Lost map[string]string
}

// FileChange is one file the run writes (or, for a dry run, would write).
type FileChange struct {
	Path    string // relative to the project, forward slashes
	Existed bool
	Before  []byte
	After   []byte
}

// Result is what a run did.
type Result struct {
	Project  *Project
	Changes  []FileChange // changed files only, sorted by path
	Warnings []string
	Diff     string // unified diff of all changes
	Backup   string // .lwipgen/backup/<id> holding the previous content ("" when nothing was written)
	Defines  []string
}

// ConflictError is returned when a file or block that lwipgen owns was
// edited by someone else: lwipgen never overwrites such edits silently.
type ConflictError struct {
	Path   string
	Detail string
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s: %s; lwipgen will not overwrite it. Move the change into the board file (or a USER CODE block outside lwipgen's markers), or rerun with --force (the current content is saved under %s/backup/)", e.Path, e.Detail, StateDir)
}

// workspace holds the project's files as this run will leave them.
type workspace struct {
	dir    string
	root   *fsutil.Root // every read is confined to the project
	opts   Options
	man    *manifest
	next   *manifest
	orig   map[string][]byte // content before the run (nil entry: absent)
	cur    map[string][]byte // content being edited, LF line ends
	crlf   map[string]bool   // files whose every line ends in CRLF
	warn   []string
	errs   []error
	ownSrc []string // .c files in lwipgen's folder, for the build
	// replace are vendor files lwipgen takes over in place (a GD32 demo's port driver)
	replace map[string]bool
	// userCode is the flow's Prepared.UserCode (nil: bodies carried unchanged)
	userCode func(rel, name, body string) string
	// lost is the flow's Prepared.Lost
	lost map[string]string
}

func (w *workspace) read(rel string) ([]byte, bool) {
	if b, ok := w.cur[rel]; ok {
		return b, b != nil
	}
	b, err := readProject(w.root, rel)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.errs = append(w.errs, err)
		}
		w.orig[rel], w.cur[rel] = nil, nil
		return nil, false
	}
	if err := checkUserCode(rel, b); err != nil {
		w.errs = append(w.errs, err)
	}
	w.orig[rel], w.cur[rel] = b, b
	if AllCRLF(b) {
		// edited as LF text (blocks, markers and hashes alike) and written
		// back with CRLF, so inserted lines match the file's own
		w.crlf[rel] = true
		w.cur[rel] = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	}
	return w.cur[rel], true
}

// AllCRLF: b has line ends and every one is CRLF (a file with mixed ends is
// left as it is). Vendor edits such a file as LF text and writes it back
// with ToCRLF, so the lines it inserts end like the file's own.
func AllCRLF(b []byte) bool {
	n := bytes.Count(b, []byte("\n"))
	return n > 0 && bytes.Count(b, []byte("\r\n")) == n
}

// written is rel's content as it goes to disk: CRLF again for a CRLF file.
func (w *workspace) written(rel string) []byte {
	b := w.cur[rel]
	if b != nil && w.crlf[rel] {
		return ToCRLF(b)
	}
	return b
}

// ToCRLF turns LF text back into CRLF text.
func ToCRLF(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")) }

func (w *workspace) set(rel string, b []byte) {
	w.read(rel)
	w.cur[rel] = b
}

func (w *workspace) warnf(format string, args ...any) {
	w.warn = append(w.warn, fmt.Sprintf(format, args...))
}

// owned writes a whole lwipgen-owned file. replaceable says the file may be
// a vendor-generated one that lwipgen takes over (CubeMX's ethernetif.c):
// its USER CODE bodies are carried over.
func (w *workspace) owned(rel string, content []byte, replaceable bool) {
	cur, ok := w.read(rel)
	if ok {
		var filter func(name, body string) string
		if w.userCode != nil {
			filter = func(name, body string) string { return w.userCode(rel, name, body) }
		}
		content = transplantUserCode(content, cur, filter)
	}
	w.next.Files[rel] = sum(content)
	switch {
	case !ok || bytes.Equal(cur, content):
	case w.man.Files[rel] == sum(cur):
	case w.replace[rel] && !bytes.Contains(cur, []byte("Generated by lwipgen")):
		w.warnf("%s: the demo's own driver file is replaced by lwipgen's (the previous file is in the backup)", rel)
	case replaceable && bytes.Contains(cur, []byte("USER CODE BEGIN")) && !bytes.Contains(cur, []byte("Generated by lwipgen")):
		w.warnf("%s: CubeMX's file is replaced by lwipgen's (its USER CODE blocks are kept where lwipgen's file has the same blocks; the previous file is in the backup). CubeMX writes it again on every code generation: run lwipgen vendor after generating code", rel)
	case w.opts.Force:
		w.warnf("%s: your edits are overwritten (--force); the previous content is in the backup", rel)
	default:
		why := "was changed since lwipgen wrote it"
		if _, known := w.man.Files[rel]; !known {
			why = "exists and was not written by lwipgen"
		}
		w.errs = append(w.errs, &ConflictError{Path: rel, Detail: why})
		return
	}
	w.set(rel, content)
}

// block writes lwipgen's block id into rel (which must exist), at the
// position at() returns when the block is not there yet.
func (w *workspace) block(rel string, st style, id, indent, body string, at func(string) (int, int, error)) bool {
	cur, ok := w.read(rel)
	if !ok {
		w.errs = append(w.errs, fmt.Errorf("%s: missing", rel))
		return false
	}
	text, old, found, err := upsertBlock(string(cur), st, id, indent, body, at)
	if err != nil {
		w.errs = append(w.errs, fmt.Errorf("%s: %v", rel, err))
		return false
	}
	key := rel + "#" + id
	want := blockBody(indent, body)
	if found && old != want {
		if rec, known := w.man.Blocks[key]; known && rec != sum([]byte(old)) {
			if !w.opts.Force {
				w.errs = append(w.errs, &ConflictError{Path: rel, Detail: fmt.Sprintf("lwipgen's block %q was edited by hand", id)})
				return false
			}
			w.warnf("%s: your edits inside lwipgen's block %q are overwritten (--force)", rel, id)
		}
	}
	w.next.Blocks[key] = sum([]byte(want))
	w.set(rel, []byte(text))
	return true
}

// Vendor writes g into the project o.Project.
func Vendor(g *flow.Generated, o Options) (*Result, error) {
	proj, err := txn.Open(o.Project, StateDir, o.DryRun) // the lock, and an interrupted run completed
	if err != nil {
		return nil, err
	}
	defer proj.Close()
	if proj.Recovered != "" && o.Log != nil {
		fmt.Fprintf(o.Log, "  %s\n", proj.Recovered)
	}
	p, err := projectOf(g, o, proj.Recovered != "")
	if err != nil {
		return nil, err
	}
	man, err := loadManifest(proj.Root)
	if err != nil {
		return nil, err
	}
	w := &workspace{dir: p.Dir, root: proj.Root, opts: o, man: man, orig: map[string][]byte{}, cur: map[string][]byte{}, crlf: map[string]bool{},
		next: &manifest{Board: g.Board.Name, Kind: p.Kind, Files: map[string]string{}, Blocks: map[string]string{}, Backup: man.Backup}}
	files := append([]render.File{}, g.Files...)
	defines := o.Defines
	if o.Prepare != nil {
		pr, err := o.Prepare(p)
		if err != nil {
			return nil, err
		}
		o.Glue, defines = pr.Glue, pr.Defines
		w.opts = o
		w.warn = append(w.warn, pr.Warnings...)
		w.userCode = pr.UserCode
		w.lost = pr.Lost
	}
	files = render.Merge(files, asGlue(o.Glue)) // the glue was rendered for this project: it replaces the pipeline's file of its name
	if adapt := p.Layout.AdaptPortDriver; adapt != nil {
		if d := adapt(&PortEdit{w: w, p: p}); len(d) > 0 {
			defines = append(append([]string{}, defines...), d...)
		}
	}
	preserveMSP(w, p)
	warnOtherDrivers(w, p)
	genOpts := w.placeFiles(p, files)
	if genOpts == nil {
		return nil, errors.New("the generated files hold no lwipopts.h")
	}
	editLwipopts(w, p, g, genOpts)
	if len(g.Layout.MPU) > 0 {
		editMain(w, p, g)
	}
	editLinker(w, p, g)
	editBuild(w, p, g, defines)
	checkHALConf(w, p, g)
	// A real run stops at the first problem; a dry run still shows the diff
	// of everything else, then returns the problems (conflicts) after it.
	if len(w.errs) > 0 && !o.DryRun {
		return nil, errors.Join(w.errs...)
	}
	return w.finish(proj, &Result{Project: p, Warnings: w.warn, Defines: defines}, man, g.Board.Name)
}

// finish turns the workspace into the change set: nothing when the project
// already holds it, else the diff (a dry run stops there, returning the
// problems after it) and, for a real run, the backup and the commit.
func (w *workspace) finish(proj *txn.Project, res *Result, man *manifest, board string) (*Result, error) {
	o := w.opts
	res.Changes = w.changes()
	if len(res.Changes) == 0 && manifestEqual(man, w.next) {
		if len(w.errs) > 0 {
			return res, errors.Join(w.errs...)
		}
		return res, nil
	}
	// the manifest is part of the change set (undo restores it too)
	var bk string
	if !o.DryRun {
		bk = backupID(res.Changes)
		w.next.Backup = StateDir + "/backup/" + bk
	}
	w.set(manifestPath, w.next.encode())
	res.Changes = w.changes()
	var d strings.Builder
	for _, c := range res.Changes {
		d.WriteString(unifiedDiff(c.Path, c.Before, c.After, c.Existed))
	}
	res.Diff = d.String()
	if o.DryRun {
		if o.Log != nil {
			io.WriteString(o.Log, res.Diff)
		}
		if len(w.errs) > 0 {
			return res, errors.Join(w.errs...)
		}
		return res, nil
	}
	var backup []FileChange
	res.Backup, backup = backupFiles(proj.Root, board, res.Changes, bk)
	if err := commit(proj, res.Changes, backup, o.Log); err != nil {
		return nil, err
	}
	return res, nil
}

// projectOf is the project to vendor into: the model the command read,
// unless the lock's recovery has just changed the project under it
// (recovered), or the model is of another folder.
func projectOf(g *flow.Generated, o Options, recovered bool) (*Project, error) {
	if m := g.Project; m != nil && !recovered && sameDir(m.Root, o.Project) {
		return FromModel(o.Project, m)
	}
	return Detect(o.Project)
}

// placeFiles writes the generated files where the project keeps them
// (lwipgen-owned content) and returns the generated lwipopts.h, which is
// merged into the project's own instead (editLwipopts); nil without one.
func (w *workspace) placeFiles(p *Project, files []render.File) (genOpts []byte) {
	for _, f := range files {
		if f.Path == "lwipopts.h" {
			genOpts = f.Content
			continue
		}
		rel, ok := placement(p, f)
		if !ok {
			continue
		}
		replaceable := p.Layout.Generated && strings.HasPrefix(path.Base(rel), "ethernetif.")
		prev, had := w.read(rel)
		w.owned(rel, f.Content, replaceable)
		if had && strings.HasSuffix(rel, ".h") && (replaceable || w.replace[rel]) && !bytes.Contains(prev, []byte("Generated by lwipgen")) {
			w.checkDriverAPI(p, rel, prev, w.cur[rel])
		}
		if strings.HasSuffix(rel, ".c") && strings.HasPrefix(rel, p.OwnDir+"/") {
			w.ownSrc = append(w.ownSrc, rel)
		}
	}
	return genOpts
}

// changes are the files whose content the run changed (created, edited or
// removed), by path.
func (w *workspace) changes() []FileChange {
	var names []string
	for rel := range w.cur {
		names = append(names, rel)
	}
	sort.Strings(names)
	var out []FileChange
	for _, rel := range names {
		after := w.written(rel) // CRLF again for a CRLF file
		if !bytes.Equal(w.orig[rel], after) || (w.orig[rel] == nil) != (after == nil) {
			out = append(out, FileChange{Path: rel, Existed: w.orig[rel] != nil, Before: w.orig[rel], After: after})
		}
	}
	return out
}

func manifestEqual(a, b *manifest) bool {
	x, y := *a, *b
	x.Backup, y.Backup = "", ""
	return bytes.Equal(x.encode(), y.encode())
}

// asGlue marks the files rendered for the project as its driver glue
// (placement puts them by role).
func asGlue(fs []render.File) []render.File {
	out := make([]render.File, len(fs))
	for i, f := range fs {
		f.Role = render.RoleGlue
		out[i] = f
	}
	return out
}

// placement is where a generated file goes in the project; false for files
// that belong to lwipgen's standalone build only (probe firmware, its own
// port and link script) or to a vendor's own tools (BSP fragments): decided
// by the file's render.Role, never by a flow's folder name.
func placement(p *Project, f render.File) (string, bool) {
	switch f.Role {
	case render.RoleConfig, render.RoleMPU, render.RoleGlue:
	default:
		return "", false
	}
	gen := f.Path
	base := path.Base(gen)
	if strings.HasSuffix(base, ".ld") && base != "lwip_sections.ld" {
		return "", false
	}
	if !strings.HasSuffix(base, ".c") && !strings.HasSuffix(base, ".h") && !strings.HasSuffix(base, ".ld") {
		return "", false
	}
	if f.Role == render.RoleGlue && (base == "ethernetif.c" || base == "ethernetif.h") && (p.Layout.Generated || p.PortDriver != "") {
		return p.TargetDir + "/" + base, true
	}
	return p.OwnDir + "/" + gen, true
}

// rel returns the path of target relative to the directory of from (both
// project-relative), for #include "...".
func relTo(from, target string) string {
	r, err := filepath.Rel(filepath.FromSlash(pathDir(from)+"/."), filepath.FromSlash(target))
	if err != nil {
		return target
	}
	return filepath.ToSlash(r)
}

// sameDir says whether a and b name the same folder.
func sameDir(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
