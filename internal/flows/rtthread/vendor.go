// Package rtthread applies a board's generated RT-Thread configuration to an
// RT-Thread BSP tree: the lwIP lines of .config, the rtconfig.h lines
// mk_rtconfig() makes of them (so regeneration reproduces them), the
// lwipgen block of rtconfig_project.h, a patch of the port lwipopts.h only
// where the plan needs one, and the lwipgen/ folder (linker fragment, MPU
// and clock init, SConscript) INCLUDEd from the BSP's link.lds.
package rtthread

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/textdiff"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// lwIP version choice members of RT-Thread's Kconfig (one is selected).
var versionChoice = []string{"RT_USING_LWIP141", "RT_USING_LWIP202", "RT_USING_LWIP203", "RT_USING_LWIP212", "RT_USING_LWIP213", "RT_USING_LWIP_LATEST"}

// Vendor writes g into the BSP at bspDir (idempotent; atomic per file). With
// dryRun it writes nothing and prints a unified diff of every change to out.
// It returns the BSP-relative paths that change (would change).
func Vendor(g *flow.Generated, bspDir string, dryRun bool, out io.Writer) (changed []string, err error) {
	r, err := Apply(g, bspDir, dryRun, out)
	return r.Changed, err
}

// Apply is Vendor with the warnings: every BSP value lwipgen lowers, every
// select it had to follow, the IDE project files it does not touch.
func Apply(g *flow.Generated, bspDir string, dryRun bool, out io.Writer) (res Result, err error) {
	if g == nil || g.Plan == nil || ConfigOf(g.Plan) == nil {
		return res, fmt.Errorf("rtthread vendor: the board is not an RT-Thread board")
	}
	rt := ConfigOf(g.Plan)
	if len(rt.Unroutable) > 0 {
		return res, fmt.Errorf("rtthread vendor: %s", strings.Join(rt.Unroutable, "; "))
	}
	gen := map[string][]byte{}
	for _, f := range g.Files {
		gen[f.Path] = f.Content
	}
	w := &tree{dir: bspDir, files: map[string][]byte{}, orig: map[string][]byte{}, existed: map[string]bool{}}
	cfg, ok := w.read(".config")
	if !ok {
		return res, fmt.Errorf("rtthread vendor: %s has no .config (not an RT-Thread BSP root)", bspDir)
	}
	rtc, ok := w.read("rtconfig.h")
	if !ok {
		return res, fmt.Errorf("rtthread vendor: %s has no rtconfig.h", bspDir)
	}
	entries := append([]port.Entry{}, rt.Kconfig...)
	for _, c := range versionChoice {
		if c != "RT_USING_LWIP212" && hasSymbol(cfg, c) {
			entries = append(entries, port.Entry{Symbol: c, Value: "n"})
		}
	}
	bspCfg := port.ParseDotConfig(string(cfg))
	res.Warnings = append(res.Warnings, loweredWarnings(bspCfg, entries)...)
	cfgS, rtcS := editKconfig(string(cfg), string(rtc), entries)
	if fixes, warn := selectFixes(port.ParseDotConfig(cfgS)); len(fixes) > 0 {
		cfgS, rtcS = editKconfig(cfgS, rtcS, fixes)
		res.Warnings = append(res.Warnings, warn...)
	}
	if unmet := port.Model403().Unmet(port.ParseDotConfig(cfgS)); len(unmet) > 0 {
		return res, fmt.Errorf("rtthread vendor: the BSP would not compile: %s", strings.Join(unmet, "; "))
	}
	res.Warnings = append(res.Warnings, w.ideWarnings()...)
	// rtconfig_project.h: lwipgen's block; rtconfig.h includes it as mk_rtconfig does.
	side, _ := render.ExecuteFS(templatesFS, "templates/rtconfig_project.h.tmpl", mustData(g))
	proj, had := w.read("rtconfig_project.h")
	w.set("rtconfig_project.h", []byte(replaceBlock(string(proj), string(side), had)))
	if !strings.Contains(rtcS, `#include "rtconfig_project.h"`) {
		i := strings.LastIndex(rtcS, "\n#endif")
		if i < 0 {
			return res, fmt.Errorf("rtthread vendor: rtconfig.h has no final #endif")
		}
		rtcS = rtcS[:i+1] + "#include \"rtconfig_project.h\"\n" + rtcS[i+1:] // where mk_rtconfig writes it
	}
	w.set(".config", []byte(cfgS))
	w.set("rtconfig.h", []byte(rtcS))
	// port lwipopts.h: only the patched #define lines
	if len(rt.Patches) > 0 {
		rel, src, ok := w.findPort()
		if !ok {
			return res, fmt.Errorf("rtthread vendor: the plan patches the port lwipopts.h (%s) but components/net/lwip-2.1.2/src/lwipopts.h was not found under %s or its parents", rt.Patches[0].Option, bspDir)
		}
		s := string(src)
		for _, p := range rt.Patches {
			re := regexp.MustCompile(`(?m)^([ \t]*#[ \t]*define[ \t]+` + p.Option + `[ \t]+)(.*)$`)
			want := p.To + " /* lwipgen patch (was " + p.From + "): see lwipgen/lwipopts.patch */"
			if !re.MatchString(s) {
				return res, fmt.Errorf("rtthread vendor: %s: no #define %s to patch", rel, p.Option)
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
		w.set("lwipgen/lwipopts.patch", gen["rtthread/lwipopts.patch"])
	}
	// lwipgen/ folder
	for src, dst := range map[string]string{
		"rtthread/lwipgen_rtthread.c": "lwipgen/lwipgen_rtthread.c",
		"rtthread/SConscript":         "lwipgen/SConscript", "lwipgen_mpu.c": "lwipgen/lwipgen_mpu.c", "lwipgen_mpu.h": "lwipgen/lwipgen_mpu.h",
	} {
		if c, ok := gen[src]; ok {
			w.set(dst, c)
		}
	}
	// linker script: the fragment inline, first thing in SECTIONS
	if rel, src, ok := w.findLinker(); ok {
		s, ok := replaceLinkerBlock(string(src), linkerBlock(gen["rtthread/lwip_sections.ld"]))
		if !ok {
			return res, fmt.Errorf("rtthread vendor: %s has no SECTIONS { block", rel)
		}
		w.set(rel, []byte(s))
	}
	// RT-Thread Studio: the .cproject builds the lwIP folder of the old choice
	if cp, ok := w.read(".cproject"); ok {
		for sym, dir := range versionDirs {
			if bspCfg[sym] == "y" {
				w.set(".cproject", []byte(cprojectLwIP(string(cp), dir, lwipDir)))
			}
		}
	}
	res.Changed, err = w.commit(dryRun, out)
	return res, err
}

func mustData(g *flow.Generated) *Data {
	d, _ := NewData(g.Plan, g.Layout, true)
	return d
}

func hasSymbol(cfg []byte, sym string) bool {
	return regexp.MustCompile(`(?m)^CONFIG_` + sym + `=`).Match(cfg)
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
	for k := at - 1; k >= 0; k-- {
		s, ok := strings.CutPrefix(cl[k], "CONFIG_")
		if !ok {
			continue
		}
		sym, _, _ := strings.Cut(s, "=")
		for j, l := range rl {
			f := strings.Fields(l)
			if len(f) >= 2 && f[0] == "#define" && f[1] == sym {
				return append(rl[:j+1], append([]string{def}, rl[j+1:]...)...)
			}
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
	files, orig map[string][]byte
	existed     map[string]bool
}

func (t *tree) read(rel string) ([]byte, bool) {
	if c, ok := t.files[rel]; ok {
		return c, true
	}
	c, err := os.ReadFile(filepath.Join(t.dir, rel))
	if err != nil {
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
	for _, cand := range []string{"rt-thread/components/net/lwip-2.1.2/src/lwipopts.h", "components/net/lwip-2.1.2/src/lwipopts.h",
		"../components/net/lwip-2.1.2/src/lwipopts.h", "../../components/net/lwip-2.1.2/src/lwipopts.h", "../../../components/net/lwip-2.1.2/src/lwipopts.h"} {
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

func (t *tree) commit(dryRun bool, out io.Writer) ([]string, error) {
	var changed []string
	for _, rel := range port.SortedKeys(t.files) {
		if string(t.files[rel]) == string(t.orig[rel]) && t.existed[rel] {
			continue
		}
		changed = append(changed, rel)
		if dryRun {
			if out != nil {
				a := "a/" + rel
				if !t.existed[rel] {
					a = "/dev/null"
				}
				io.WriteString(out, textdiff.Unified(a, "b/"+rel, t.orig[rel], t.files[rel]))
			}
			continue
		}
		if _, err := fsutil.WriteIfChanged(filepath.Join(t.dir, rel), t.files[rel], 0o644); err != nil {
			return changed, fmt.Errorf("rtthread vendor: %v", err)
		}
	}
	return changed, nil
}
