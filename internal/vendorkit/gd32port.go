package vendorkit

import (
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// GD32 firmware-library demos keep their own lwIP port driver
// (lwip-2.1.x/port/GD32F4xx/{FreeRTOS,Basic}/ethernetif.c, listed in the
// demo's build) and an ENET_IRQHandler in src/gd32f4xx_it.c that feeds that
// driver (the FreeRTOS port's g_rx_semaphore). lwipgen's glue takes the
// driver's place: ethernetif.c/.h are replaced in place, so the project's
// own build list stays right, and the demo's interrupt handler is turned
// into a call of the glue's ethernetif_irq() inside an lwipgen block (the
// glue's own ENET_IRQHandler is then compiled out). The previous content
// is in the backup.

// walkProject lists the project's files (relative, sorted) that keep
// accepts, outside lwipgen's folder, hidden folders and build output.
func walkProject(p *Project, keep func(rel, name string) bool) []string {
	var out []string
	filepath.WalkDir(p.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(p.Dir, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (rel == p.OwnDir || strings.HasPrefix(d.Name(), ".") || skipDirs[d.Name()]) {
			return filepath.SkipDir
		}
		if !d.IsDir() && keep(rel, d.Name()) {
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// gd32PortDriver returns the project's own ethernetif.c (outside lwipgen's
// folder), or "" when there is none or more than one.
func gd32PortDriver(p *Project) string {
	found := walkProject(p, func(_, name string) bool { return name == "ethernetif.c" })
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

var enetIRQRe = regexp.MustCompile(`(?m)^void\s+ENET_IRQHandler\s*\(\s*void\s*\)\s*\{`)

// gd32ProjectIRQ returns the project's C file (outside lwipgen's folder and
// the replaced driver) that defines ENET_IRQHandler, or "".
func gd32ProjectIRQ(p *Project) string {
	files := walkProject(p, func(rel, _ string) bool { return strings.HasSuffix(rel, ".c") && rel != p.PortDriver })
	for _, rel := range files {
		if b, err := fsutil.ReadFile(filepath.Join(p.Dir, filepath.FromSlash(rel)), fsutil.MaxInput); err == nil && enetIRQRe.MatchString(cheader.CodeOnly(string(b))) {
			return rel
		}
	}
	return ""
}

// editGD32IRQ makes the project's ENET_IRQHandler call the glue's
// ethernetif_irq() and returns the compile definition that compiles the
// glue's own handler out ("" when the project has none).
func editGD32IRQ(w *workspace, p *Project) string {
	rel := gd32ProjectIRQ(p)
	if rel == "" {
		return ""
	}
	body := "/* lwipgen: the ENET interrupt belongs to lwipgen's driver in " + p.PortDriver + "; the demo's body is in the backup */\nextern void ethernetif_irq(void);\nethernetif_irq();\n"
	w.block(rel, cStyle, "enet-irq", "    ", body, func(t string) (int, int, error) {
		s, ok := funcBody(t, "ENET_IRQHandler")
		if !ok {
			return 0, 0, errNoIRQBody
		}
		start := s.Start // the whole body between the braces, from the line after '{'
		if start < len(t) && t[start] == '\n' {
			start++
		}
		return start, s.End, nil
	})
	w.warnf("%s: ENET_IRQHandler now calls lwipgen's ethernetif_irq() (the demo's body is in the backup)", rel)
	return "LWIPGEN_ENET_IRQHANDLER=0"
}

type irqErr string

func (e irqErr) Error() string { return string(e) }

const errNoIRQBody = irqErr("ENET_IRQHandler(void) { ... } not found")
