// Package rtthread applies a board's generated RT-Thread configuration to an
// RT-Thread BSP tree: the lwIP lines of .config, the rtconfig.h lines
// mk_rtconfig() makes of them (so regeneration reproduces them), the
// lwipgen block of rtconfig_project.h, a patch of the port lwipopts.h only
// where the plan needs one, and the lwipgen/ folder (linker fragment, MPU
// and clock init, SConscript) INCLUDEd from the BSP's link.lds.
package rtthread

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// lwIP version choice members of RT-Thread's Kconfig (one is selected).
var versionChoice = []string{"RT_USING_LWIP141", "RT_USING_LWIP202", "RT_USING_LWIP203", "RT_USING_LWIP212", "RT_USING_LWIP213", "RT_USING_LWIP_LATEST"}

// Vendor writes g into the BSP at bspDir (idempotent; one transaction). With
// dryRun it writes nothing and prints a unified diff of every change to out.
// It returns the BSP-relative paths that change (would change).
func Vendor(g *flow.Generated, bspDir string, dryRun bool, out io.Writer) (changed []string, err error) {
	r, err := Apply(g, bspDir, dryRun, out)
	return r.Changed, err
}

// Apply is Vendor with the warnings: every BSP value lwipgen lowers, every
// select it had to follow, the IDE project files it does not touch.
func Apply(g *flow.Generated, bspDir string, dryRun bool, out io.Writer) (res Result, err error) {
	return applyBSP(g, flow.VendorOptions{Project: bspDir, DryRun: dryRun, Log: out})
}

// applyBSP is Apply with the options of every flow: the BSP gets the same
// lock, manifest, edit detection, backup, transaction and --undo as the
// CubeMX and GD32 projects (vendorkit.State).
func applyBSP(g *flow.Generated, o flow.VendorOptions) (res Result, err error) {
	bspDir, dryRun, out := o.Project, o.DryRun, o.Log
	if g == nil || g.Plan == nil || ConfigOf(g.Plan) == nil {
		return res, fmt.Errorf("rtthread vendor: the board is not an RT-Thread board")
	}
	rt := ConfigOf(g.Plan)
	if len(rt.Unroutable) > 0 {
		return res, fmt.Errorf("rtthread vendor: %s", strings.Join(rt.Unroutable, "; "))
	}
	m := g.Project
	if m == nil || !sameFolder(m.Root, bspDir) {
		if m, err = project.Open(context.Background(), bspDir, project.Options{}); err != nil {
			return res, fmt.Errorf("rtthread vendor: %v", err)
		}
	}
	if err := checkRelease(m); err != nil {
		return res, err
	}
	gen := map[string][]byte{}
	for _, f := range g.Files {
		gen[f.Path] = f.Content
	}
	st, err := vendorkit.OpenState(bspDir, g.Board.Name, stateKind, dryRun)
	if err != nil {
		return res, fmt.Errorf("rtthread vendor: %v", err)
	}
	defer st.Close()
	w := &tree{dir: bspDir, st: st, force: o.Force, files: map[string][]byte{}, orig: map[string][]byte{}, existed: map[string]bool{}}
	defer func() {
		if err == nil && len(w.errs) > 0 {
			res, err = Result{}, errors.Join(w.errs...)
		}
	}()
	bspCfg, warnings, err := w.editConfig(g, rt, bspDir)
	res.Warnings = append(res.Warnings, warnings...)
	if err != nil {
		return res, err
	}
	// port lwipopts.h: only the patched #define lines
	if len(rt.Patches) > 0 {
		if err := w.patchPort(rt.Patches, bspDir, gen["rtthread/lwipopts.patch"]); err != nil {
			return res, err
		}
	}
	// lwipgen/ folder
	for src, dst := range map[string]string{
		"rtthread/lwipgen_rtthread.c": "lwipgen/lwipgen_rtthread.c",
		"rtthread/SConscript":         "lwipgen/SConscript", "lwipgen_mpu.c": "lwipgen/lwipgen_mpu.c", "lwipgen_mpu.h": "lwipgen/lwipgen_mpu.h",
	} {
		if c, ok := gen[src]; ok {
			w.owned(dst, c)
		}
	}
	if err := w.placeLinker(gen["rtthread/lwip_sections.ld"]); err != nil {
		return res, err
	}
	// RT-Thread Studio: the .cproject builds the lwIP folder of the old choice
	if cp, ok := w.read(".cproject"); ok {
		for sym, dir := range versionDirs {
			if bspCfg[sym] == "y" {
				w.set(".cproject", []byte(cprojectLwIP(string(cp), dir, lwipDir)))
			}
		}
	}
	if len(w.errs) > 0 {
		return res, errors.Join(w.errs...)
	}
	res.Changed, res.Backup, err = w.commit(dryRun, out)
	return res, err
}

// editConfig sets the plan's Kconfig entries in .config and rtconfig.h (the
// other lwIP version choices off, the selections the BSP then needs) and
// includes lwipgen's rtconfig_project.h from rtconfig.h, as mk_rtconfig
// does. It returns the BSP's .config as it was, and the warnings.
func (w *tree) editConfig(g *flow.Generated, rt *Config, bspDir string) (map[string]string, []string, error) {
	var warnings []string
	cfg, ok := w.read(".config")
	if !ok {
		return nil, nil, fmt.Errorf("rtthread vendor: %s has no .config (not an RT-Thread BSP root)", bspDir)
	}
	rtc, ok := w.read("rtconfig.h")
	if !ok {
		return nil, nil, fmt.Errorf("rtthread vendor: %s has no rtconfig.h", bspDir)
	}
	entries := append([]port.Entry{}, rt.Kconfig...)
	for _, c := range versionChoice {
		if c != "RT_USING_LWIP212" && hasSymbol(cfg, c) {
			entries = append(entries, port.Entry{Symbol: c, Value: "n"})
		}
	}
	bspCfg := port.ParseDotConfig(string(cfg))
	warnings = append(warnings, loweredWarnings(bspCfg, entries)...)
	w.checkKconfig(string(cfg), entries)
	cfgS, rtcS := editKconfig(string(cfg), string(rtc), entries)
	if fixes, warn := selectFixes(port.ParseDotConfig(cfgS)); len(fixes) > 0 {
		cfgS, rtcS = editKconfig(cfgS, rtcS, fixes)
		warnings = append(warnings, warn...)
	}
	if unmet := port.Model403().Unmet(port.ParseDotConfig(cfgS)); len(unmet) > 0 {
		return nil, warnings, fmt.Errorf("rtthread vendor: the BSP would not compile: %s", strings.Join(unmet, "; "))
	}
	warnings = append(warnings, w.ideWarnings()...)
	// rtconfig_project.h: lwipgen's block; rtconfig.h includes it as mk_rtconfig does.
	side, _ := render.ExecuteFS(templatesFS, "templates/rtconfig_project.h.tmpl", mustData(g))
	proj, had := w.read("rtconfig_project.h")
	newProj, err := w.sideBlock(string(proj), string(side), had)
	if err != nil {
		return nil, warnings, err
	}
	w.set("rtconfig_project.h", []byte(newProj))
	if !strings.Contains(rtcS, `#include "rtconfig_project.h"`) {
		i := strings.LastIndex(rtcS, "\n#endif")
		if i < 0 {
			return nil, warnings, fmt.Errorf("rtthread vendor: rtconfig.h has no final #endif")
		}
		rtcS = rtcS[:i+1] + "#include \"rtconfig_project.h\"\n" + rtcS[i+1:] // where mk_rtconfig writes it
	}
	w.set(".config", []byte(cfgS))
	w.set("rtconfig.h", []byte(rtcS))
	return bspCfg, warnings, nil
}

// patchPort changes only the patched #define lines of the port lwipopts.h
// (inside the BSP: one outside it is refused, naming the values to set
// there) and writes the patch itself beside lwipgen's files.
func (w *tree) patchPort(patches []Patch, bspDir string, patch []byte) error {
	rel, src, ok := w.findPort()
	if !ok {
		for _, up := range []string{"..", "../..", "../../.."} {
			outside := filepath.Join(bspDir, up, "components/net/lwip-2.1.2/src/lwipopts.h")
			if _, err := os.Stat(outside); err == nil {
				var want []string
				for _, p := range patches {
					want = append(want, "#define "+p.Option+" "+p.To)
				}
				return fmt.Errorf("rtthread vendor: the plan patches the port lwipopts.h, which is %s, outside the BSP: lwipgen edits only files inside --project. Set %s there yourself (lwipgen generate writes the patch as rtthread/lwipopts.patch), or copy RT-Thread into the BSP (rt-thread/), then run again", outside, strings.Join(want, ", "))
			}
		}
		return fmt.Errorf("rtthread vendor: the plan patches the port lwipopts.h (%s) but components/net/lwip-2.1.2/src/lwipopts.h was not found in %s", patches[0].Option, bspDir)
	}

	s := string(src)
	for _, p := range patches {
		re := regexp.MustCompile(`(?m)^([ \t]*#[ \t]*define[ \t]+` + p.Option + `[ \t]+)(.*)$`)
		want := p.To + " /* lwipgen patch (was " + p.From + "): see lwipgen/lwipopts.patch */"
		if !re.MatchString(s) {
			return fmt.Errorf("rtthread vendor: %s: no #define %s to patch", rel, p.Option)
		}
		if sm := re.FindStringSubmatch(s); sm != nil {
			w.checkValue(rel, p.Option, strings.TrimSpace(sm[2]), want)
		}
		s = re.ReplaceAllStringFunc(s, func(m string) string {
			sm := re.FindStringSubmatch(m)
			if strings.TrimSpace(sm[2]) == want {
				return m
			}
			return sm[1] + want
		})
	}
	w.set(rel, []byte(s))
	w.set("lwipgen/lwipopts.patch", patch)
	return nil
}

// placeLinker puts the linker fragment inline, first thing in SECTIONS, of
// the BSP's linker script (when it has one).
func (w *tree) placeLinker(fragment []byte) error {
	rel, src, ok := w.findLinker()
	if !ok {
		return nil
	}
	block := linkerBlock(fragment)
	if err := w.checkLinkerBlock(rel, string(src), block); err != nil {
		return err
	}
	s, ok := replaceLinkerBlock(string(src), block)
	if !ok {
		return fmt.Errorf("rtthread vendor: %s has no SECTIONS { block", rel)
	}
	w.set(rel, []byte(s))
	return nil
}

func mustData(g *flow.Generated) *Data {
	d, _ := NewData(g.Plan, g.Layout, true)
	return d
}

// hasSymbol: .config sets sym, or says it is not set (so a second run
// makes the same entries as the first, and records the same values).
func hasSymbol(cfg []byte, sym string) bool {
	return regexp.MustCompile(`(?m)^(CONFIG_` + sym + `=|# CONFIG_` + sym + ` is not set$)`).Match(cfg)
}

// editKconfig sets every entry in .config and makes the same change to
// rtconfig.h that mk_rtconfig() would make on regeneration: a changed value
// changes its #define in place, "not set" removes it, a new symbol is
// inserted after the #define of the .config line it follows.
func editKconfig(cfg, rtc string, entries []port.Entry) (string, string) {
	cl := strings.Split(cfg, "\n")
	rl := strings.Split(rtc, "\n")
	cfgIdx := func(sym string) int {
		for i, l := range cl {
			if strings.HasPrefix(l, "CONFIG_"+sym+"=") || l == "# CONFIG_"+sym+" is not set" {
				return i
			}
		}
		return -1
	}
	defIdx := func(sym string) int {
		for i, l := range rl {
			f := strings.Fields(l)
			if len(f) >= 2 && f[0] == "#define" && f[1] == sym {
				return i
			}
		}
		return -1
	}
	// where new lines go: after the last existing lwIP-menu line
	anchor := -1
	for i, l := range cl {
		if strings.HasPrefix(l, "CONFIG_RT_USING_LWIP") || strings.HasPrefix(l, "CONFIG_RT_LWIP_") || strings.HasPrefix(l, "# CONFIG_RT_LWIP_") || strings.HasPrefix(l, "CONFIG_RT_MEMP_") {
			anchor = i
		}
	}
	for _, e := range entries {
		line := e.ConfigLine()
		def := e.RtconfigLine()
		if i := cfgIdx(e.Symbol); i >= 0 {
			cl[i] = line
			if j := defIdx(e.Symbol); j >= 0 {
				if def == "" {
					rl = append(rl[:j], rl[j+1:]...)
				} else {
					rl[j] = def
				}
			} else if def != "" {
				rl = insertDefine(cl, rl, i, def)
			}
			continue
		}
		at := anchor + 1
		if anchor < 0 {
			at = len(cl)
			for at > 0 && cl[at-1] == "" {
				at--
			}
		}
		cl = append(cl[:at], append([]string{line}, cl[at:]...)...)
		anchor = at
		if def != "" {
			rl = insertDefine(cl, rl, at, def)
		}
	}
	return strings.Join(cl, "\n"), strings.Join(rl, "\n")
}

// insertDefine puts def into rtconfig.h after the #define of the nearest
// earlier .config line that produces one (else before the include/#endif).
func insertDefine(cl, rl []string, at int, def string) []string {
	// one pass over rtconfig.h, then lookups: scanning it again for every
	// earlier .config line made a 40,000-line .config take minutes
	defAt := map[string]int{}
	for j, l := range rl {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "#define" {
			if _, dup := defAt[f[1]]; !dup {
				defAt[f[1]] = j
			}
		}
	}
	for k := at - 1; k >= 0; k-- {
		s, ok := strings.CutPrefix(cl[k], "CONFIG_")
		if !ok {
			continue
		}
		sym, _, _ := strings.Cut(s, "=")
		if j, found := defAt[sym]; found {
			return append(rl[:j+1], append([]string{def}, rl[j+1:]...)...)
		}
	}
	j := len(rl) - 1
	for j > 0 && !strings.HasPrefix(rl[j], "#endif") {
		j--
	}
	for j > 0 && (rl[j-1] == "" || strings.HasPrefix(rl[j-1], "#include \"rtconfig_project.h\"")) {
		j--
	}
	return append(rl[:j], append([]string{def}, rl[j:]...)...)
}

// replaceBlock puts lwipgen's block of the rendered side header into an
// existing rtconfig_project.h (or returns the rendered file when there is none).
func replaceBlock(old, rendered string, had bool) string {
	const begin, end = "/* lwipgen:begin lwIP side options */", "/* lwipgen:end */"
	if !had {
		return rendered
	}
	bi, ei := strings.Index(rendered, begin), strings.Index(rendered, end)
	block := rendered[bi : ei+len(end)]
	if i := strings.Index(old, begin); i >= 0 {
		if j := strings.Index(old[i:], end); j >= 0 {
			return old[:i] + block + old[i+j+len(end):]
		}
	}
	if i := strings.LastIndex(old, "#endif"); i >= 0 {
		return old[:i] + block + "\n\n" + old[i:]
	}
	return old + "\n" + block + "\n"
}

// tree is the BSP with pending changes.
type tree struct {
	dir         string
	st          *vendorkit.State // reads are confined to the BSP and bounded
	force       bool
	files, orig map[string][]byte
	existed     map[string]bool
	errs        []error
}

func (t *tree) read(rel string) ([]byte, bool) {
	if c, ok := t.files[rel]; ok {
		return c, true
	}
	c, ok, err := t.st.Read(rel)
	if err != nil {
		t.errs = append(t.errs, err)
		return nil, false
	}
	if !ok {
		return nil, false
	}
	t.orig[rel], t.existed[rel] = c, true
	return c, true
}

func (t *tree) set(rel string, c []byte) {
	if _, ok := t.orig[rel]; !ok {
		t.read(rel)
	}
	t.files[rel] = c
}

func (t *tree) findPort() (string, []byte, bool) {
	// inside the BSP only: lwipgen edits no file outside --project (portOutside says what to do)
	for _, cand := range []string{"rt-thread/components/net/lwip-2.1.2/src/lwipopts.h", "components/net/lwip-2.1.2/src/lwipopts.h"} {
		if c, ok := t.read(cand); ok {
			return cand, c, true
		}
	}
	return "", nil, false
}

func (t *tree) findLinker() (string, []byte, bool) {
	var found []string
	filepath.WalkDir(filepath.Join(t.dir, "board"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lds") {
			rel, _ := filepath.Rel(t.dir, p)
			found = append(found, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(found)
	for _, f := range found {
		if c, ok := t.read(f); ok {
			return f, c, true
		}
	}
	return "", nil, false
}

func (t *tree) commit(dryRun bool, out io.Writer) ([]string, string, error) {
	var changes []vendorkit.FileChange
	for _, rel := range port.SortedKeys(t.files) {
		t.st.Edited(rel)
		if string(t.files[rel]) == string(t.orig[rel]) && t.existed[rel] {
			continue
		}
		changes = append(changes, vendorkit.FileChange{Path: rel, Existed: t.existed[rel], Before: t.orig[rel], After: t.files[rel]})
	}
	all, backup, err := t.st.Commit(t.st.Board(), changes, nil)
	if err != nil {
		return nil, "", fmt.Errorf("rtthread vendor: %v", err)
	}
	var changed []string
	for _, c := range all {
		changed = append(changed, c.Path)
		if dryRun && out != nil {
			a := "a/" + c.Path
			if !c.Existed {
				a = "/dev/null"
			}
			io.WriteString(out, udiff.Unified(a, "b/"+c.Path, string(c.Before), string(c.After)))
		}
	}
	return changed, backup, nil
}

// sameFolder says whether a and b name the same folder.
func sameFolder(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
