package vendorkit

import (
	"bytes"
	"regexp"
	"strings"
)

// CubeMX generates HAL_ETH_MspInit/MspDeInit (the Ethernet pins, clocks and
// NVIC set-up from the .ioc) inside LWIP/Target/ethernetif.c, outside any USER
// CODE block. lwipgen replaces that file with its own driver glue, so before
// it does, the MSP functions are moved into a file of lwipgen's,
// <OwnDir>/ethernetif_msp.c. CubeMX writes them back into ethernetif.c at every
// code generation; the next vendor run moves them again (same content: no
// change), and keeps the last copy when ethernetif.c is already lwipgen's.

var mspFunc = regexp.MustCompile(`(?m)^void\s+HAL_ETH_Msp(De)?Init\s*\(\s*ETH_HandleTypeDef\s*\*\s*\w+\s*\)\s*\{`)

// extractMSP returns the include lines and the MSP function definitions of a
// CubeMX ethernetif.c, or nil when it has none.
func extractMSP(src []byte) []byte {
	text := string(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")))
	locs := mspFunc.FindAllStringIndex(text, -1)
	if len(locs) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("/*\n * ethernetif_msp.c - the Ethernet MSP functions CubeMX generated for this project (pins, clocks, NVIC),\n")
	b.WriteString(" * moved here by lwipgen vendor from CubeMX's LWIP/Target/ethernetif.c, which lwipgen's driver glue\n")
	b.WriteString(" * replaces. Change them in CubeMX (.ioc), regenerate, and run lwipgen vendor again.\n */\n")
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#include") && !strings.Contains(l, "lwip") && !strings.Contains(l, "ethernetif") {
			b.WriteString(strings.TrimSpace(l) + "\n")
		}
	}
	for _, loc := range locs {
		end := matchBrace(text, loc[1]-1)
		if end < 0 {
			return nil
		}
		b.WriteString("\n" + text[loc[0]:end+1] + "\n")
	}
	return []byte(b.String())
}

// matchBrace returns the index of the brace closing the one at open,
// skipping comments and string/char literals.
func matchBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return -1
			}
			i += j + 3
		case s[i] == '"' || s[i] == '\'':
			q := s[i]
			for i++; i < len(s) && s[i] != q; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case s[i] == '{':
			depth++
		case s[i] == '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// preserveMSP moves CubeMX's MSP functions into lwipgen's own file before
// ethernetif.c is replaced.
func preserveMSP(w *workspace, p *Project) {
	if !p.Layout.Generated {
		return
	}
	dst := p.OwnDir + "/ethernetif_msp.c"
	if cur, ok := w.read(p.TargetDir + "/ethernetif.c"); ok {
		if msp := extractMSP(cur); msp != nil {
			w.owned(dst, msp, false)
			w.ownSrc = append(w.ownSrc, dst)
			return
		}
	}
	if prev, ok := w.read(dst); ok {
		w.owned(dst, prev, false) // ethernetif.c is already lwipgen's: keep the copy
		w.ownSrc = append(w.ownSrc, dst)
	}
}

// warnOtherDrivers names Ethernet port drivers of the project's own (a GD32
// demo's ethernetif.c, say) that are still in the tree: built together with
// lwipgen's glue they define ethernetif_init and the ENET callbacks twice.
func warnOtherDrivers(w *workspace, p *Project) {
	if p.Layout.AdaptPortDriver == nil {
		return // a generated ethernetif.c (CubeMX's) is the one lwipgen takes over
	}
	for _, rel := range walkProject(p, func(rel, name string) bool { return name == "ethernetif.c" && rel != p.PortDriver }) {
		w.warnf("%s: the project's own Ethernet port driver; lwipgen's %s/ethernetif.c replaces it - take it out of the build, or the link fails with ethernetif_init defined twice", rel, p.OwnDir)
	}
}
