package rtthread

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
)

// Result is what Apply did (or would do).
type Result struct {
	Changed  []string // BSP-relative paths that change
	Warnings []string // what the user must know: values lowered, files lwipgen does not touch
	Backup   string   // the backup of what the run replaced ("" for a dry run or no change)
}

// versionDirs maps the lwIP version choice of RT-Thread 4.0.x's Kconfig to
// the components/net folder it builds.
var versionDirs = map[string]string{"RT_USING_LWIP141": "lwip-1.4.1", "RT_USING_LWIP202": "lwip-2.0.2", "RT_USING_LWIP212": "lwip-2.1.2"}

// lwipDir is the folder lwipgen's board builds (lwip_version 2.1.2).
const lwipDir = "lwip-2.1.2"

// loweredWarnings names every value the BSP already had that lwipgen's
// entries lower (a smaller number, or a feature switched off), with lwipgen's
// reason: the BSP's own code (webnet, telnet ...) may rely on it.
func loweredWarnings(bspCfg map[string]string, entries []port.Entry) []string {
	var out []string
	for _, e := range entries {
		old, ok := bspCfg[e.Symbol]
		if !ok || old == e.Value || versionDirs[e.Symbol] != "" || e.Symbol == "RT_USING_LWIP203" || e.Symbol == "RT_USING_LWIP213" || e.Symbol == "RT_USING_LWIP_LATEST" {
			continue
		}
		a, okA := port.IntValue(old)
		b, okB := port.IntValue(e.Value)
		if strings.HasSuffix(e.Symbol, "_PRIORITY") && okA && okB {
			// a thread priority is no amount: any change moves the BSP's threads relative to each other
			out = append(out, fmt.Sprintf("CONFIG_%s changed from %s (the BSP's value) to %s (RT-Thread: a lower number is a higher priority): %s", e.Symbol, old, e.Value, e.Why))
			continue
		}
		lowered := okA && okB && b < a || old == "y" && e.Value == "n"
		if !lowered {
			continue
		}
		out = append(out, fmt.Sprintf("CONFIG_%s lowered from %s (the BSP's value) to %s: %s. If the BSP's own code needs the old value (web server, telnet, more sockets), describe it in the board (workload, or options {}) and vendor again", e.Symbol, old, e.Value, e.Why))
	}
	return out
}

// selectFixes returns the .config entries Kconfig's select statements force
// on the merged configuration (the BSP's symbols outside lwIP's menu, such as
// NETDEV_USING_PING): menuconfig would set them on its next save, so lwipgen
// writes them now and the BSP's .config survives load/save unchanged.
func selectFixes(merged map[string]string) ([]port.Entry, []string) {
	var es []port.Entry
	var warn []string
	forced := port.Model403().Forced(merged)
	for _, sym := range port.SortedKeys(forced) {
		es = append(es, port.Entry{Symbol: sym, Value: "y", Why: "selected by " + forced[sym]})
		warn = append(warn, fmt.Sprintf("CONFIG_%s set to y: RT-Thread's Kconfig selects it with %s (menuconfig would set it on its next save)", sym, forced[sym]))
	}
	return es, warn
}

// cprojectLwIP points an RT-Thread Studio .cproject from the lwIP folder the
// BSP used to build (from) to lwipgen's (to): include paths name the new
// folder, and the source exclusions swap (the old folder is excluded as a
// whole, the new folder's sub-exclusions are the old folder's). Studio
// regenerates the file from the SConscripts when the RT-Thread settings are
// saved; until then it builds what .cproject says.
func cprojectLwIP(src, from, to string) string {
	if from == to || !strings.Contains(src, "/"+from) {
		return src
	}
	const hold = "\x00lwipgen-old\x00"
	wholeTo := regexp.MustCompile(`(//[^|"]*components/net/)` + regexp.QuoteMeta(to) + `([|"])`)
	s := wholeTo.ReplaceAllString(src, "${1}"+hold+"${2}")
	s = strings.ReplaceAll(s, "/"+from+"/", "/"+to+"/")
	s = strings.ReplaceAll(s, "/"+from+"}", "/"+to+"}")
	s = strings.ReplaceAll(s, "/"+from+"&quot;", "/"+to+"&quot;")
	s = strings.ReplaceAll(s, hold, from)
	return s
}

// ideProjects are the IDE project files of an RT-Thread BSP that lwipgen does
// not edit (scons --target=mdk5/iar regenerates them), with what the user does.
var ideProjects = []struct{ file, what string }{
	{"project.uvprojx", "Keil MDK"},
	{"project.uvproj", "Keil MDK"},
	{"project.ewp", "IAR EWARM"},
}

// ideWarnings names the Keil/IAR project files lwipgen leaves alone.
func (t *tree) ideWarnings() []string {
	var out []string
	for _, p := range ideProjects {
		if _, ok := t.read(p.file); ok {
			out = append(out, fmt.Sprintf("%s (%s) is not changed: run `scons --target=%s` to regenerate it with lwipgen/ and %s, and place lwIP's memory as docs/rtthread.md says (scatter file / .icf: lwipgen's GCC linker block does not apply)",
				p.file, p.what, map[string]string{"Keil MDK": "mdk5", "IAR EWARM": "iar"}[p.what], lwipDir))
		}
	}
	return out
}

// linkerBlock is lwipgen's block inside the BSP's link.lds: the fragment
// itself, not an INCLUDE, because ld resolves INCLUDE against its working
// directory and the -L paths - the BSP root under scons, Debug/ under
// RT-Thread Studio - so only inline text works for both.
func linkerBlock(fragment []byte) string {
	const begin, end = "/* lwipgen:begin (written by lwipgen vendor; lwIP and Ethernet DMA placement, see lwipgen/) */", "/* lwipgen:end */"
	return begin + "\n" + strings.TrimRight(string(fragment), "\n") + "\n" + end + "\n"
}

// replaceLinkerBlock puts block into link.lds: over a previous lwipgen block
// (also the older INCLUDE form), else first thing inside SECTIONS {.
func replaceLinkerBlock(s, block string) (string, bool) {
	begin := regexp.MustCompile(`/\* lwipgen:begin \(written by lwipgen vendor[^*]*\*/`)
	const end = "/* lwipgen:end */"
	if loc := begin.FindStringIndex(s); loc != nil {
		if j := strings.Index(s[loc[0]:], end); j >= 0 {
			k := loc[0] + j + len(end)
			if k < len(s) && s[k] == '\n' {
				k++
			}
			return s[:loc[0]] + block + s[k:], true
		}
	}
	if loc := regexp.MustCompile(`(?m)^\s*SECTIONS\s*\n?\s*\{[ \t]*\n`).FindStringIndex(s); loc != nil {
		return s[:loc[1]] + block + s[loc[1]:], true
	}
	return s, false
}
