package vendorkit

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// A driver header lwipgen replaces (CubeMX's ethernetif.h, a demo's own)
// declared functions the project's other files may call. lwipgen's
// replacement keeps the names CubeMX's and GD's generated files call; a
// function only a hand-written driver exported (the GD32F450 firmware of
// lang-zou/GD32F450-EtherNet--100M-Mii-RMii-LwIP-UDP--FreeRTOS-ArmGcc-OpenOCD
// calls its ethernetif_input(&netif) from its main loop and hands it to
// netif_add) would leave the build failing on an undeclared name. Vendor
// refuses instead, naming the caller and the declaration.

var (
	cCommentRe = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	protoRe    = regexp.MustCompile(`(?m)^[ \t]*(?:extern[ \t]+)?[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)[ \t]*\([^;{)]*\)[ \t]*;`)
)

// declaredFuncs are the function names a header declares, with their lines.
func declaredFuncs(src string) map[string]int {
	out := map[string]int{}
	clean := cCommentRe.ReplaceAllStringFunc(src, func(c string) string { return strings.Repeat("\n", strings.Count(c, "\n")) })
	for _, m := range protoRe.FindAllStringSubmatchIndex(clean, -1) {
		name := clean[m[2]:m[3]]
		if _, seen := out[name]; !seen {
			out[name] = 1 + strings.Count(clean[:m[2]], "\n")
		}
	}
	return out
}

// checkDriverAPI refuses replacing header rel (old content cur) by content
// when a project file outside the driver and lwipgen's folder uses a
// function cur declared and content does not.
func (w *workspace) checkDriverAPI(p *Project, rel string, cur, content []byte) {
	old, now := declaredFuncs(string(cur)), declaredFuncs(string(content))
	var lost []string
	for name := range old {
		if _, ok := now[name]; !ok {
			lost = append(lost, name)
		}
	}
	if len(lost) == 0 {
		return
	}
	sort.Strings(lost)
	driverC := strings.TrimSuffix(rel, ".h") + ".c"
	uses := map[string][]string{} // function -> every file:line that names it
	for _, f := range find(p.Dir, regexp.MustCompile(`\.(c|cpp|cc|h|hpp)$`)) {
		if f == driverC || f == rel || strings.HasPrefix(f, p.OwnDir+"/") || strings.HasPrefix(f, StateDir+"/") {
			continue
		}
		b, ok := w.read(f)
		if !ok {
			continue
		}
		code := cCommentRe.ReplaceAllStringFunc(string(b), func(c string) string { return strings.Repeat("\n", strings.Count(c, "\n")) })
		for _, name := range lost {
			for _, loc := range regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+`\b`).FindAllStringIndex(code, -1) {
				uses[name] = append(uses[name], fmt.Sprintf("%s:%d", f, 1+strings.Count(code[:loc[0]], "\n")))
			}
		}
	}
	for _, name := range lost {
		if len(uses[name]) == 0 {
			continue
		}
		why := fmt.Sprintf("move that code to lwipgen's driver API (netif_add(..., ethernetif_init, ethernet_input or tcpip_input); lwipgen's glue drives RX itself, see %s/ethernetif.h) or keep your own driver", pathDir(rel))
		if w.lost[name] != "" {
			why = w.lost[name]
		}
		w.errs = append(w.errs, fmt.Errorf("%s uses %s, which %s declared (line %d) and lwipgen's driver does not provide: %s", strings.Join(uses[name], ", "), name, rel, old[name], why))
	}
}
