package audit

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/auditreg"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// thirdPartyGlue are names that sit in real lwipopts.h files but are read
// by vendor code, not by lwIP: reported with the code that reads them. The
// flows register their vendors' names in internal/auditreg; these are
// third-party projects' without a flow of their own.
// A key ending in "*" is a prefix (a vendor's configuration namespace).
var thirdPartyGlue = map[string]string{
	"MICROPY_*":             "MicroPython (mpconfigport.h)",
	"CYW43_*":               "the cyw43 driver",
	"PICO_*":                "pico-sdk",
	"configUSE_*":           "FreeRTOS (FreeRTOSConfig.h)",
	"ETH_*":                 "the Ethernet driver",
	"ETH_RX_BUF_NUM":        "the Ethernet driver",
	"ETH_TX_BUF_NUM":        "the Ethernet driver",
	"ETH_DMA_BUFFER_SIZE":   "the Ethernet driver",
	"PHY_TYPE":              "the PHY driver",
	"PHY_SPEED":             "the PHY driver",
	"LWIP_PORT_INIT_IPADDR": "the port's init code",
	"CYW43_LWIP":            "the cyw43 Wi-Fi driver (pico-sdk)",
	"PICO_CYW43_ARCH_POLL":  "pico-sdk's cyw43_arch",
	"MICROPY_PY_LWIP":       "MicroPython's modlwip.c",
	// TivaWare's lwIP port (third_party/lwip-1.4.1/ports/tiva-tm4c129 and
	// utils/lwiplib.c, timothybrown/TivaWare_GCC@681a586d75)
	"EMAC_PHY_CONFIG":    "TivaWare's EMAC driver (ports/tiva-tm4c129/netif/tiva-tm4c129.c)",
	"PHY_PHYS_ADDR":      "TivaWare's EMAC driver (ports/tiva-tm4c129/netif/tiva-tm4c129.c)",
	"NUM_TX_DESCRIPTORS": "TivaWare's EMAC driver (ports/tiva-tm4c129/netif/tiva-tm4c129.c)",
	"NUM_RX_DESCRIPTORS": "TivaWare's EMAC driver (ports/tiva-tm4c129/netif/tiva-tm4c129.c)",
	"RTOS_FREERTOS":      "TivaWare's lwIP port (ports/tiva-tm4c129/include/arch/sys_arch.h)",
	"HOST_TMR_INTERVAL":  "TivaWare's utils/lwiplib.c (the application's host timer)",
	"LWIP_PTPD":          "TivaWare's utils/lwiplib.c (its IEEE 1588 PTP daemon)",
	// lwIP's own FreeRTOS port reads its LWIP_FREERTOS_* switches
	// (contrib/ports/freertos/sys_arch.c; Infineon's configs/lwipopts.h sets one)
	"LWIP_FREERTOS_*": "lwIP's contrib FreeRTOS port (contrib/ports/freertos/sys_arch.c)",
	// stm32duino/STM32Ethernet@d6f3a8e95f src/utility/ethernetif.cpp
	"ETHERNET_RMII_MODE_CONFIGURATION": "stm32duino STM32Ethernet's ethernetif.cpp (RMII vs MII pin set-up)",
}

func init() { auditreg.RegisterVendorGlue(thirdPartyGlue) }

// glueOwner names the code that reads a vendor macro (auditreg.GlueOwner).
var glueOwner = auditreg.GlueOwner

var (
	srcNamesOnce sync.Map // lwipDir -> map[string]bool
	reIdent      = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
)

// sourceNames is every identifier of the lwIP source tree: a name lwIP's
// sources never mention cannot be an lwIP option. nil without a tree.
func sourceNames(lwipDir string) map[string]bool {
	if lwipDir == "" {
		return nil
	}
	if m, ok := srcNamesOnce.Load(lwipDir); ok {
		return m.(map[string]bool)
	}
	names := scanSources(lwipDir, func(code string) []string { return reIdent.FindAllString(code, -1) })
	if len(names) == 0 {
		return nil
	}
	srcNamesOnce.Store(lwipDir, names)
	return names
}

var reDefaultGuard = regexp.MustCompile(`^\s*#\s*(?:ifndef\s+\w+|if\s+!\s*defined\s*(?:\(\s*\w+\s*\)|\s\w+))\s*$`)

var reCondLine = regexp.MustCompile(`(?m)^\s*#\s*(?:if|ifdef|ifndef|elif)\b.*$`)

// conditionalNames are the identifiers lwIP's sources test in #if, #ifdef,
// #ifndef and #elif: the names that configure it (a superset of the options;
// TCP_NODELAY, which lwIP only defines, is not among them).
func conditionalNames(lwipDir string) map[string]bool {
	return scanSources(lwipDir, func(code string) []string {
		return reIdent.FindAllString(strings.Join(reCondLine.FindAllString(code, -1), "\n"), -1)
	})
}

// scanSources collects what pick finds in the comment-free text of every .c
// and .h file below lwipDir/src.
func scanSources(lwipDir string, pick func(code string) []string) map[string]bool {
	names := map[string]bool{}
	filepath.WalkDir(filepath.Join(lwipDir, "src"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".c") || strings.HasSuffix(p, ".h")) {
			return nil
		}
		b, err := fsutil.ReadFile(p, fsutil.MaxInput)
		if err != nil {
			return nil
		}
		for _, id := range pick(cheader.StripComments(string(b))) {
			names[id] = true
		}
		return nil
	})
	return names
}

// isGuard says whether a definition is an include guard: an empty macro the
// line above tests with #ifndef, or named like one.
func (a *auditor) isGuard(d macroDef) bool {
	if d.Value != "" {
		return false
	}
	n := strings.ToUpper(d.Name)
	if strings.HasSuffix(n, "_H") || strings.HasSuffix(n, "_H_") || strings.HasSuffix(n, "_H__") || strings.HasSuffix(n, "_INCLUDED") || strings.HasPrefix(n, "LWIPOPTS") {
		return true
	}
	path := d.File
	if path == "" {
		path = a.o.File
	}
	b, err := fsutil.ReadFile(path, fsutil.MaxInput)
	if err != nil || d.Line < 2 {
		return false
	}
	lines := strings.Split(string(b), "\n")
	for _, l := range lines[:min(d.Line-1, len(lines))] {
		if reDirective.MatchString(l) && strings.Contains(l, "define") {
			return false // a guard is the file's first #define
		}
	}
	if d.Line-2 < len(lines) {
		f := strings.Fields(strings.Replace(lines[d.Line-2], "# ", "#", 1))
		return len(f) == 2 && f[0] == "#ifndef" && f[1] == d.Name
	}
	return false
}

// known says whether lwIP (this line or its sources) reads the name.
func (a *auditor) known(name string) bool {
	if lwip.Known(a.v, name) || a.names[name] {
		return true
	}
	if portKnobs[name] || strings.HasPrefix(name, "LWIP_HOOK_") {
		return true
	}
	return strings.HasSuffix(name, "_DEBUG") && a.names == nil
}

// portKnobs are names lwIP's headers and port files read that the option
// tables do not list (cc.h/arch.h knobs, compatibility switches).
var portKnobs = map[string]bool{"LWIP_NOASSERT": true, "LWIP_DEBUG": true, "LWIP_PLATFORM_DIAG": true, "LWIP_PLATFORM_ASSERT": true,
	"LWIP_RAND": true, "BYTE_ORDER": true, "LWIP_COMPAT_MUTEX_ALLOWED": true, "LWIP_DISABLE_MEMP_SANITY_CHECKS": true,
	"LWIP_DISABLE_TCP_SANITY_CHECKS": true, "FD_SETSIZE": true, "LWIP_PROVIDE_ERRNO": true, "LWIP_ERRNO_STDINCLUDE": true,
	"LWIP_ERRNO_INCLUDE": true, "LWIP_STATS_LARGE": true, "LWIP_NO_STDINT_H": true, "LWIP_NO_INTTYPES_H": true, "LWIP_NO_LIMITS_H": true,
	"LWIP_NO_CTYPE_H": true, "LWIP_NO_STDDEF_H": true, "LWIP_TIMEVAL_PRIVATE": true, "LWIP_DBG_TYPES_ON": true, "LWIP_DBG_MIN_LEVEL": true,
	"HTTPD_USE_CUSTOM_FSDATA": true, "LWIP_CHKSUM": true, "LWIP_CHKSUM_ALGORITHM": true, "LWIP_PLATFORM_BYTESWAP": true,
	"SNTP_SET_SYSTEM_TIME": true, "SNTP_GET_SYSTEM_TIME": true}

func (a *auditor) nameFindings() {
	for _, n := range a.tr.order {
		d := a.tr.final[n]
		if !inAudited(d.File) || d.Params != "" || a.isGuard(d) {
			continue
		}
		at := func(sev, id, msg, fix string) {
			a.add(Finding{File: d.File, Line: d.Line, Severity: sev, ID: id, Option: n, Message: msg, Fix: fix, Source: "rule"})
		}
		if truth, myth := lwip.MythFor(a.v, n); myth {
			at(SevWarning, "audit.not_an_option", fmt.Sprintf("%s is not an lwIP %s option: %s", n, a.v, truth), "remove the line")
			continue
		}
		if a.known(n) {
			continue
		}
		if owner, byName, ok := glueOwner(n); ok {
			msg := fmt.Sprintf("%s is not an lwIP option; it is read by %s", n, owner)
			if !byName {
				msg = fmt.Sprintf("%s is not an lwIP option; by its name it belongs to %s", n, owner)
			}
			at(SevInfo, "audit.vendor_glue", msg, "")
			continue
		}
		if lwip.Known(a.otherVersion(), n) {
			at(SevInfo, "audit.other_line_option", fmt.Sprintf("%s is an lwIP %s option, not one of %s: it has no effect on this line", n, a.otherVersion(), a.v), "")
			continue
		}
		if user := a.helperOf(n); user != "" {
			where := "the value of " + user
			if strings.HasPrefix(user, "an #if") {
				where = user
			}
			at(SevInfo, "audit.helper_macro", fmt.Sprintf("%s is not an lwIP option; the file uses it in %s, so it matters there", n, where), "")
			continue
		}
		hint := ""
		if short := strings.TrimPrefix(n, "LWIP_"); short != n && a.known(short) {
			hint = short
		} else if s := lwip.Suggest(a.v, n); s != "" {
			hint = s
		}
		msg := fmt.Sprintf("lwIP %s has no option %s and its sources never read it: the line has no effect", a.v, n)
		if a.names == nil {
			msg = fmt.Sprintf("lwIP %s has no option %s (per lwipgen's option tables): the line has no effect", a.v, n)
		}
		if last, old := lwip.Removed(n); old {
			msg += fmt.Sprintf(" (an lwIP %s option that later releases removed)", last)
		}
		fix := "remove the line, or check which code reads it"
		if hint != "" {
			fix = "did you mean " + hint + "?"
		}
		at(SevWarning, "audit.unknown_option", msg, fix)
	}
}

// redefFindings: the file defines a name twice with different bodies (the
// compiler warns "redefined"; the later value wins).
func (a *auditor) redefFindings() {
	verbatim := map[string]string{}
	if a.comp != nil {
		for _, d := range a.comp.redefs {
			if strings.HasSuffix(d.Text, "redefined") {
				verbatim[fmt.Sprintf("%s:%d", a.comp.rel(d.File), d.Line)] = d.Text
			}
		}
	}
	for _, r := range a.tr.redefs {
		if !inAudited(r.Next.File) && !inAudited(r.Prev.File) {
			continue
		}
		src, text := "evaluator", ""
		if t, ok := verbatim[fmt.Sprintf("%s:%d", r.Next.File, r.Next.Line)]; ok {
			src, text = "compiler", "gcc: warning: "+t+"; "
		}
		prev := fmt.Sprintf("line %d", r.Prev.Line)
		if r.Prev.File != r.Next.File {
			prev = fmt.Sprintf("%s:%d", or(r.Prev.File, filepath.Base(a.o.File)), r.Prev.Line)
		}
		a.add(Finding{File: r.Next.File, Line: r.Next.Line, Severity: SevWarning, ID: "audit.redefined", Option: r.Name, Source: src,
			Message: fmt.Sprintf("%s%s is defined again (first at %s as %q); the later value %q wins", text, r.Name, prev, r.Prev.Value, r.Next.Value),
			Fix:     "keep one definition (in CubeMX projects: change the value in the .ioc, not in a USER CODE block)"})
	}
}

// compileFindings turns the diagnostics of compiling lwIP with the file into
// findings; it returns the #error texts seen. Hard errors are grouped: one
// finding per undeclared identifier, and the errors that follow an #error
// (consequences of a configuration lwIP refuses) as one finding.
func (a *auditor) compileFindings(diags []compilerDiag) map[string]bool {
	seen := map[string]bool{}
	var order []string
	groups := map[string]*diagGroup{}
	for _, d := range diags {
		where := fmt.Sprintf("%s:%d", or(a.comp.rel(d.File), filepath.Base(a.o.File)), d.Line)
		switch {
		case d.Kind == "warning": // "X" redefined by an lwIP header
			a.lwipRedefinition(d, where)
		case strings.HasPrefix(d.Text, "#error"):
			a.errorDirective(d, where, seen)
		default:
			key := where + d.Text
			if id := undeclared(d.Text); id != "" {
				key = "undeclared " + id
			}
			if g, ok := groups[key]; ok {
				g.where = append(g.where, where)
				continue
			}
			groups[key] = &diagGroup{first: d, where: []string{where}}
			order = append(order, key)
		}
	}
	var followups, older []string
	olderRel, olderEv := a.olderRelease()
	for _, key := range order {
		followup, old := a.groupFinding(groups[key], seen, olderRel)
		if followup != "" {
			followups = append(followups, followup)
		}
		if old != "" {
			older = append(older, old)
		}
	}
	if len(older) > 0 {
		a.add(a.olderCompileFinding(olderRel, olderEv, older))
	}
	if len(followups) > 0 {
		a.add(Finding{Severity: SevError, ID: idFollowup, Source: "compiler",
			Message: fmt.Sprintf("%d more compile error(s) follow from the configuration lwIP refuses above; first: %s", len(followups), followups[0])})
	}
	return seen
}

// diagGroup is one compile error and every place it was reported.
type diagGroup struct {
	first compilerDiag
	where []string
}

// lwipRedefinition: lwIP's own header redefines an option the file sets.
func (a *auditor) lwipRedefinition(d compilerDiag, where string) {
	name := strings.Trim(strings.TrimSuffix(d.Text, " redefined"), "\"")
	prev := a.comp.rel(d.PrevFile)
	if !inAudited(prev) || inAudited(a.comp.rel(d.File)) {
		return // the file's own redefinitions are reported from the trace
	}
	msg := fmt.Sprintf("%s: warning: %s (the file's definition at line %d): lwIP's own definition replaces it", where, d.Text, d.PrevLine)
	if t, ok := lwip.MythFor(a.v, name); ok {
		msg += ". " + t
	}
	a.add(Finding{File: prev, Line: d.PrevLine, Severity: SevWarning, ID: "audit.redefined_by_lwip", Option: name, Source: "compiler", Message: msg, Fix: "remove the definition from lwipopts.h"})
}

// errorDirective: an #error of lwIP's (or the file's) fired.
func (a *auditor) errorDirective(d compilerDiag, where string, seen map[string]bool) {
	text := lwip.ErrorMessage(d.Text)
	if text == "" {
		text = strings.Trim(strings.TrimPrefix(d.Text, "#error "), "\"")
	}
	file, line, opt := a.blame(d.Text)
	if opt == "" {
		file, line, opt = a.blameApp(d.File)
	}
	if unk, why, fix := a.unknownOf(a.optionsIn(a.errorCondition(d))...); len(unk) > 0 {
		// the condition reads an option whose value is unknown here: it
		// names what a header that is not here defines (Infineon's
		// TCP_MSS (WHD_PAYLOAD_MTU) from whd_types.h; #if reads it as
		// 0), or an unread configuration header may set it
		a.add(Finding{File: file, Line: line, Severity: SevInfo, ID: a.ruleIDFor(text), Option: opt, Source: "compiler", Unknown: unk,
			Message: fmt.Sprintf("lwIP refuses to compile here, but the condition rests on what is unknown here (%s): %s: %s", why, where, d.Text),
			Fix:     fix})
		return
	}
	if rel, ev := a.olderRelease(); rel != "" && strings.HasPrefix(a.ruleIDFor(text), "lwip.") {
		a.add(Finding{File: file, Line: line, Severity: SevWarning, ID: a.ruleIDFor(text), Option: opt, Source: "compiler",
			Message: fmt.Sprintf("lwIP %s (the tree judged) refuses to compile this, but the file is written for lwIP %s (%s), which lwipgen does not model: %s: %s", a.judgedName(), rel, ev, where, d.Text),
			Fix:     fmt.Sprintf("judge it with the lwIP %s tree the project builds (--lwip DIR), or fix it before moving to %s", rel, a.judgedName())})
		return
	}
	if target, _ := a.targetLine(); target != "" && strings.HasPrefix(a.ruleIDFor(text), "lwip.") && a.ruleIDFor(text) != "lwip.compile.error" && !a.otherRefuses(target, a.ruleIDFor(text)) {
		// the tree judged is not the line the file is written for, and
		// that line's rules accept it (audit.lwip_version says so)
		a.add(Finding{File: file, Line: line, Severity: SevWarning, ID: a.ruleIDFor(text), Option: opt, Source: "compiler",
			Message: fmt.Sprintf("lwIP %s (the tree judged) refuses to compile this, but the file is written for lwIP %s, whose rules (lwipgen's tables) accept it: %s: %s", a.judged, lineName(target), where, d.Text)})
		return
	}
	seen[text] = true
	a.add(Finding{File: file, Line: line, Severity: SevError, ID: a.ruleIDFor(text), Option: opt, Source: "compiler",
		Message: fmt.Sprintf("lwIP refuses to compile: %s: %s", where, d.Text)})
}

// groupFinding reports one group of compile errors, or returns it as a
// follow-up of an #error seen, or as an error of an older lwIP release.
func (a *auditor) groupFinding(g *diagGroup, seen map[string]bool, olderRel string) (followup, older string) {
	d := g.first
	at := strings.Join(g.where, ", ")
	id := undeclared(d.Text)
	if a.settingFinding(d, at) {
		return "", ""
	}
	unresolved := id != "" && !a.known(id)
	if _, own := a.tr.final[id]; own {
		unresolved = false
	}
	if _, related := relatedOption[id]; len(seen) > 0 && !related && !unresolved {
		return fmt.Sprintf("%s: %s: %s", at, d.Kind, d.Text), ""
	}
	if unresolved {
		if _, own := a.tr.final[id]; !own {
			file, line, opt := a.blameUse(id)
			a.add(Finding{File: file, Line: line, Severity: SevWarning, ID: "audit.unresolved_identifier", Option: opt, Source: "compiler",
				Message: fmt.Sprintf("%s: %s: %s: %s is not defined by lwIP or this file; in the project it must come from a header the port includes (RTOS, HAL)", at, d.Kind, d.Text, id),
				Fix:     "pass the project's include paths (-I, --project) to check it"})
			return "", ""
		}
	}
	file, line, opt := a.blame(d.Text)
	if rel, ok := relatedOption[id]; ok && a.set(rel) {
		file, line, opt = a.files[rel], a.lines[rel], rel
	}
	if olderRel != "" && !inAudited(a.comp.rel(d.File)) {
		return "", fmt.Sprintf("%s: %s: %s", at, d.Kind, d.Text)
	}
	if miss := a.missingConfigHeaders(); len(miss) > 0 && !inAudited(a.comp.rel(d.File)) {
		// lwIP's sources do not compile with what is known here, and an
		// unread configuration header may set what they need (RT-Thread's
		// port lwipopts.h without rtconfig.h: sockets without LWIP_RAW)
		a.add(Finding{File: file, Line: line, Severity: SevInfo, ID: "lwip.compile.error", Option: opt, Source: "compiler", Unknown: []string{miss[0].Name},
			Message: fmt.Sprintf("lwIP does not compile with what is known here, but #include %q was not read and may set what this needs: %s: %s: %s", miss[0].Name, at, d.Kind, d.Text),
			Fix:     fmt.Sprintf("pass the include paths that hold %q (-I DIR), or --project DIR", miss[0].Name)})
		return "", ""
	}
	a.add(Finding{File: file, Line: line, Severity: SevError, ID: "lwip.compile.error", Option: opt, Source: "compiler",
		Message: fmt.Sprintf("lwIP does not compile: %s: %s: %s", at, d.Kind, d.Text)})

	return "", ""
}

// settingFinding reports a compile error that is about the audit's setting
// (a header not here, lwipgen's stand-in port, the project's compiler), not
// the configuration; false when it is none of those.
func (a *auditor) settingFinding(d compilerDiag, at string) bool {
	if t := unknownType(d.Text); t != "" && len(a.tr.missing) > 0 {
		// a type a header that is not here brings: the file's own C
		// declarations (MicroPython's `typedef uint32_t sys_prot_t`
		// relies on py/mpconfig.h having included stdint.h) or lwIP's
		// (altcp_tls.h's mbedtls_ssl_session from the stubbed mbedtls/ssl.h)
		file, line := a.comp.rel(d.File), d.Line
		if !inAudited(file) {
			file, line = "", 0
		}
		a.add(Finding{File: file, Line: line, Severity: SevWarning, ID: "audit.unresolved_identifier", Source: "compiler",
			Message: fmt.Sprintf("%s: %s: %s: the type comes from a header that is not found here (see the include findings)", at, d.Kind, d.Text),
			Fix:     "pass the project's include paths (-I, --project) to check it"})
		return true
	}
	if rel := a.comp.rel(d.File); strings.HasPrefix(rel, "<audit>/") {
		// in lwipgen's own minimal port, which the project's arch/cc.h
		// replaces: not a verdict on the file (MicroPython's lwipopts
		// typedefs sys_prot_t itself, over a uint32_t its missing
		// py/mpconfig.h would have declared)
		a.add(Finding{Severity: SevWarning, ID: "audit.port_conflict", Source: "compiler",
			Message: fmt.Sprintf("%s: %s: %s: the file clashes with lwipgen's minimal audit port (%s), which stands in for the project's; the project's port decides", at, d.Kind, d.Text, strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(rel, "<audit>/"), "port/"), "osport/")),
			Fix:     "pass the project's include paths (-I DIR holding arch/cc.h, or --project DIR)"})
		return true
	}
	if a.o.ProjectCompiler != "" && a.comp.projectCC != "" && strings.Contains(d.Text, "redefinition of 'struct timeval'") {
		// the port's cc.h was written for Keil/IAR, whose C libraries have no
		// struct timeval: lwIP's own (LWIP_TIMEVAL_PRIVATE 1) is right there,
		// and only gcc's newlib brings a second one (CubeMX F1 projects for
		// MDK-ARM and EWARM, Lexatagan/F103_FreeRTOS_lwIP, AnselPeng2019/LWIP_F107_Test)
		a.add(Finding{Severity: SevWarning, ID: "audit.port_compiler", Source: "compiler",
			Message: fmt.Sprintf("%s: %s: %s: the project builds with %s, and its %s has no branch for gcc; gcc's C library defines struct timeval too. With %s this compiles; with arm-none-eabi-gcc the port needs LWIP_TIMEVAL_PRIVATE 0 and <sys/time.h>", at, d.Kind, d.Text, a.o.ProjectCompiler, a.comp.projectCC, a.o.ProjectCompiler),
			Fix:     "if the project moves to gcc: #define LWIP_TIMEVAL_PRIVATE 0 and #include <sys/time.h> in cc.h's __GNUC__ branch"})
		return true
	}
	if rel := a.comp.rel(d.File); filepath.IsAbs(rel) && !inAudited(rel) && len(a.tr.missing) > 0 {
		// in a project header (not lwIP's, not the configuration) while
		// headers are missing here: NXP's fsl_common_arm.h after a stubbed
		// trace header left an implicit declaration behind
		a.add(Finding{Severity: SevWarning, ID: "audit.project_header", Source: "compiler",
			Message: fmt.Sprintf("%s: %s: %s: a project header does not compile in the audit's setting, where headers are missing (see the include findings); not a verdict on the lwIP configuration", at, d.Kind, d.Text),
			Fix:     "pass the include paths the build uses (-I), or check the header with the project's own build"})
		return true
	}
	if via, ids := a.lineFollowsUnresolved(d); via != "" {
		a.add(Finding{File: a.comp.rel(d.File), Line: d.Line, Severity: SevInfo, ID: "audit.unresolved_identifier", Option: via, Source: "compiler", Unknown: []string{via},
			Message: fmt.Sprintf("%s: %s: %s: only because %s undefined here (%s uses it; #if reads it as 0)", at, d.Kind, d.Text, isAre(ids), via),
			Fix:     "pass the project's include paths (-I, --project) to check it"})
		return true
	}
	return false
}

// relatedOption: an identifier lwIP leaves undefined because of an option
// the file sets (opt.h defines TCP_RCV_SCALE only without LWIP_WND_SCALE).
var relatedOption = map[string]string{"TCP_RCV_SCALE": "LWIP_WND_SCALE"}

var reUndeclared = regexp.MustCompile(`^'([A-Za-z_][A-Za-z0-9_]*)' undeclared`)

func undeclared(text string) string {
	if m := reUndeclared.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// blame finds the file's option that a message names first (ties and
// defaults resolved in file order, so the output is reproducible).
func (a *auditor) blame(text string) (string, int, string) {
	best, opt := len(text)+1, ""
	for _, name := range a.tr.order {
		if _, ok := a.lines[name]; !ok || !inAudited(a.files[name]) {
			continue
		}
		if i := wordIndex(text, name); i >= 0 && i < best {
			best, opt = i, name
		}
	}
	if opt == "" {
		// the message names defaults only: blame an option they derive from
		best = len(text) + 1
		for _, o := range lwip.Options(a.v) {
			i := wordIndex(text, o.Name)
			if i < 0 || i >= best {
				continue
			}
			for _, name := range a.tr.order {
				if _, ok := a.lines[name]; ok && inAudited(a.files[name]) && wordIndex(o.Default, name) >= 0 {
					best, opt = i, name
					break
				}
			}
		}
	}
	if opt == "" {
		return "", 0, ""
	}
	return a.files[opt], a.lines[opt], opt
}

// blameApp blames an lwIP app's #error on the file's option that made the
// audit compile that app.
func (a *auditor) blameApp(src string) (string, int, string) {
	rel := filepath.ToSlash(a.comp.rel(src))
	for _, app := range appSources {
		if !strings.HasSuffix(rel, app.src) {
			continue
		}
		for _, n := range a.tr.order {
			if strings.HasPrefix(n, app.prefix) && inAudited(a.files[n]) {
				return a.files[n], a.lines[n], n
			}
		}
	}
	return "", 0, ""
}

// blameUse finds the file's definition whose value uses id.
func (a *auditor) blameUse(id string) (string, int, string) {
	for _, n := range a.tr.order {
		d := a.tr.final[n]
		if inAudited(d.File) && wordIndex(d.Value, id) >= 0 {
			return d.File, d.Line, n
		}
	}
	return "", 0, ""
}

// ruleIDFor names a compiler #error by the lwIP rule that has its text.
func (a *auditor) ruleIDFor(text string) string {
	for _, c := range lwip.Checks(a.cfg) {
		if m := lwip.ErrorMessage(c.Detail); m != "" && m == text {
			return c.ID
		}
	}
	for _, id := range lwip.RuleIDsByMessage(a.v, text) {
		return id
	}
	// the tree's own line, when the rules are another's (--lwip-version 2.2
	// against a 2.1.3 tree): its #error texts name its rules
	for _, id := range lwip.RuleIDsByMessage(a.judged, text) {
		return id
	}
	return "lwip.compile.error"
}

// helperOf names the option whose value uses n, directly or through other
// helpers of the file (`#define SEGS 4` / `#define TCP_SND_BUF (SEGS)*(TCP_MSS)`):
// such a macro is not an option but not without effect either. "" = no
// option of the file uses it.
func (a *auditor) helperOf(n string) string {
	if a.condNames == nil {
		a.condNames = map[string]bool{}
		if b, err := fsutil.ReadFile(a.o.File, fsutil.MaxInput); err == nil {
			for _, l := range reCondLine.FindAllString(cheader.StripComments(string(b)), -1) {
				if reDefaultGuard.MatchString(l) {
					continue // `#ifndef X` before `#define X default`: X's own guard, not a use
				}
				for _, id := range reIdent.FindAllString(l, -1) {
					a.condNames[id] = true
				}
			}
		}
	}
	if a.condNames[n] {
		return "an #if of the file" // a switch the file itself tests (#if USE_DHCP ... #define LWIP_DHCP 1)
	}
	if a.usersOf == nil {
		// who uses each name, in the file's order: one pass over the
		// defines, so the search below is linear in the file, not quadratic
		a.usersOf = map[string][]string{}
		for _, m := range a.tr.order {
			seenID := map[string]bool{}
			for _, id := range reIdent.FindAllString(a.tr.final[m].Value, -1) {
				if !seenID[id] {
					seenID[id] = true
					a.usersOf[id] = append(a.usersOf[id], m)
				}
			}
		}
	}
	return a.userOf(n)
}

// userOf is the known option that uses n, directly (the first in the
// file's order) or through helpers (the first helper's answer). Answers are
// kept, so a chain of thousands of helpers costs one pass, not one per name;
// a name being worked out reads as no answer (a cycle of defines).
func (a *auditor) userOf(n string) string {
	if a.userMemo == nil {
		a.userMemo = map[string]string{}
	}
	if r, ok := a.userMemo[n]; ok {
		return r
	}
	a.userMemo[n] = ""
	for _, m := range a.usersOf[n] {
		helperSteps.Add(1)
		if m != n && a.known(m) {
			a.userMemo[n] = m
			return m
		}
	}
	for _, m := range a.usersOf[n] {
		helperSteps.Add(1)
		if r := a.userOf(m); m != n && r != "" {
			a.userMemo[n] = r
			return r
		}
	}
	return ""
}

// helperSteps counts the edges userOf followed (the audit's linearity test
// reads it).
var helperSteps atomic.Int64
