package cubemx

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/layout"
)

// A file-scope USER CODE block of CubeMX's ethernetif.c may give an object
// lwipgen places a section of its own: CubeMX's F7/F4 zero-copy driver
// documents `__attribute__((section(".RxPoolSection"))) extern u8_t
// memp_memory_RX_POOL_base[];` in block 0 (as in
// Alexandr-Gusev/udp_echo_server_STM32F767ZI, LWIP/Target/ethernetif.c). In
// lwipgen's file that block is compiled before lwipgen's own declaration, and
// GCC keeps the first section attribute, so the pool misses lwip_sections.ld
// and the link stops on lwipgen's placement ASSERT. Such a line is kept in the
// block, inside an #if 0 lwipgen writes, and named in a warning.

// placedObjectMarker opens the #if 0 around a superseded placement line.
const placedObjectMarker = "#if 0 /* lwipgen: "

var placementAttrRe = regexp.MustCompile(`__attribute__\s*\(\(\s*(section|at)\s*\(|#pragma\s+location|\bAT_NONCACHEABLE|\bSECTION\s*\(`)

// placedSymbols are the objects lwipgen's layout places (heap, pools, DMA
// descriptors and buffers).
func placedSymbols(l *layout.Layout) []string {
	var out []string
	for _, s := range l.Sections {
		for _, o := range s.Objects {
			if o.Symbol != "" {
				out = append(out, o.Symbol)
			}
		}
	}
	sort.Strings(out)
	return out
}

// supersedePlacements wraps each line of body that gives one of syms a
// section (or address) of its own in an #if 0 lwipgen writes; it returns the
// body and the symbols it found. A line already wrapped is left as it is, so
// a second vendor run changes nothing.
func supersedePlacements(body string, syms []string) (string, []string) {
	lines := strings.Split(body, "\n")
	var out []string
	var found []string
	for i, l := range lines {
		sym := placedSymbolIn(l, syms)
		already := i > 0 && strings.HasPrefix(strings.TrimSpace(lines[i-1]), placedObjectMarker)
		if sym == "" || !placementAttrRe.MatchString(l) || already {
			out = append(out, l)
			continue
		}
		found = append(found, sym)
		out = append(out, fmt.Sprintf("%slwip_sections.ld places %s; this placement would override it */", placedObjectMarker, sym), l, "#endif /* lwipgen */")
	}
	return strings.Join(out, "\n"), found
}

func placedSymbolIn(line string, syms []string) string {
	for _, s := range syms {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(s) + `\b`).MatchString(line) {
			return s
		}
	}
	return ""
}
