package rtthread

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// stateKind names an RT-Thread BSP in lwipgen's manifest.
const stateKind vendorkit.Kind = "rtthread-bsp"

// owned sets a whole lwipgen-owned file (lwipgen/...): an existing file
// lwipgen did not write, or one edited since, is a conflict unless --force
// (a user's edit of lwipgen/lwipgen_rtthread.c was overwritten silently).
func (t *tree) owned(rel string, next []byte) {
	cur, existed := t.read(rel)
	if err := t.st.Owned(rel, cur, existed, next, t.force); err != nil {
		t.errs = append(t.errs, err)
		return
	}
	t.set(rel, next)
}

// checkValue records one value lwipgen writes into a BSP file (a .config
// line, a patched #define, the INCLUDE block) and refuses one changed by
// hand since lwipgen wrote it.
func (t *tree) checkValue(rel, id, cur, next string) {
	if err := t.st.Block(rel, id, true, cur, next, t.force); err != nil {
		t.errs = append(t.errs, err)
	}
}

// checkKconfig: every .config line lwipgen sets that menuconfig (or a hand)
// changed since lwipgen wrote it is named, not silently reset.
func (t *tree) checkKconfig(cfg string, entries []port.Entry) {
	cur := map[string]string{}
	for _, l := range strings.Split(cfg, "\n") {
		if s, ok := strings.CutPrefix(l, "CONFIG_"); ok {
			sym, _, _ := strings.Cut(s, "=")
			cur[sym] = l
		} else if s, ok := strings.CutPrefix(l, "# CONFIG_"); ok && strings.HasSuffix(s, " is not set") {
			cur[strings.TrimSuffix(s, " is not set")] = l
		}
	}
	for _, e := range entries {
		line, found := cur[e.Symbol]
		if err := t.st.Block(".config", "CONFIG_"+e.Symbol, found, line, e.ConfigLine(), t.force); err != nil {
			t.errs = append(t.errs, fmt.Errorf("%v (menuconfig? set it in the board file instead)", err))
		}
	}
}

// sideBlock puts lwipgen's block into rtconfig_project.h. A block whose end
// marker is lost is refused (taking the next end marker, or the file's end,
// deleted the user's lines after it); an edited block is a conflict.
func (t *tree) sideBlock(old, rendered string, had bool) (string, error) {
	const begin, end = "/* lwipgen:begin lwIP side options */", "/* lwipgen:end */"
	bi, ei := strings.Index(rendered, begin), strings.Index(rendered, end)
	block := rendered[bi : ei+len(end)]
	found := false
	if had {
		if i := strings.Index(old, begin); i >= 0 {
			found = true
			j := strings.Index(old[i:], end)
			if j < 0 || strings.Contains(old[i+len(begin):i+j], begin) {
				return "", fmt.Errorf("rtthread vendor: rtconfig_project.h: lwipgen's block has lost its end marker %s; restore it below lwipgen's #defines (or remove the block) and run again - lwipgen will not guess where your lines start", end)
			}
			t.checkValue("rtconfig_project.h", "side-options", old[i:i+j+len(end)], block)
		}
	}
	if !found {
		t.st.Block("rtconfig_project.h", "side-options", false, "", block, t.force) // recorded for the next run
	}
	return replaceBlock(old, rendered, had), nil
}

// checkLinkerBlock: lwipgen's block in link.lds must still have its end
// marker (else the text after it would be taken as lwipgen's), and its
// content must be what lwipgen wrote.
func (t *tree) checkLinkerBlock(rel, s, block string) error {
	const end = "/* lwipgen:end */"
	loc := linkerBegin.FindStringIndex(s)
	if loc == nil {
		t.st.Block(rel, "linker", false, "", block, t.force) // recorded for the next run
		return nil
	}
	j := strings.Index(s[loc[0]:], end)
	if j < 0 {
		return fmt.Errorf("rtthread vendor: %s: lwipgen's block has lost its end marker %s; restore it (or remove the block) and run again", rel, end)
	}
	k := loc[0] + j + len(end)
	if k < len(s) && s[k] == '\n' {
		k++
	}
	t.checkValue(rel, "linker", s[loc[0]:k], block)
	return nil
}

var linkerBegin = regexp.MustCompile(`/\* lwipgen:begin \(written by lwipgen vendor[^*]*\*/`)
