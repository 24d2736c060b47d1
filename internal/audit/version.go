package audit

import (
	"fmt"
	"strings"

	"github.com/lwipgen/lwipgen/internal/lwip"
)

// Which lwIP a file is written for. Most lwipopts.h files do not say; the
// names they set do: LWIP_DHCP_DOES_ACD_CHECK or LWIP_ACD exist only in
// 2.2, DHCP_DOES_ARP_CHECK only up to 2.1, LWIP_DHCP_CHECK_LINK_UP only up
// to 2.0 (pico-examples set both of the first two, for either line). The
// compiler can only judge with the tree it has; the audit says which that
// was, and when the file is written for another line, what it cannot judge.

// lineEvidence is one name that ties the file to a line.
type lineEvidence struct {
	name, file string
	line       int
}

func (e lineEvidence) String() string {
	if e.file != "" {
		return fmt.Sprintf("%s at %s:%d", e.name, e.file, e.line)
	}
	return fmt.Sprintf("%s at line %d", e.name, e.line)
}

// fileLines collects the names the audited configuration sets that only
// lwIP 2.2.x knows, only 2.1.x knows, or that an older release removed.
func (a *auditor) fileLines() (only22, only21, older []lineEvidence, olderLine string) {
	for _, n := range a.tr.order {
		d := a.tr.final[n]
		if !inAudited(d.File) || d.Params != "" || a.isGuard(d) {
			continue
		}
		ev := lineEvidence{n, d.File, d.Line}
		k22, k21 := lwip.Known(lwip.V22x, n), lwip.Known(lwip.V213, n) || lwip.Known(lwip.V212, n)
		if _, ignored := lwip.MythFor(lwip.V22x, n); ignored {
			k22 = false // DHCP_DOES_ARP_CHECK: 2.2's tables list it as ignored
		}
		switch {
		case k22 && !k21:
			only22 = append(only22, ev)
		case k21 && !k22:
			only21 = append(only21, ev)
		}
		if last, ok := lwip.Removed(n); ok && !a.names[n] {
			older = append(older, ev)
			if olderLine == "" || last < olderLine {
				olderLine = last
			}
		}
	}
	return
}

// targetLine is the lwIP line the file is written for when that differs
// from the line the audit judged it with ("" = the same, both, or unknown),
// with the evidence.
func (a *auditor) targetLine() (lwip.Version, []lineEvidence) {
	if a.target != nil {
		return a.target.v, a.target.ev
	}
	a.target = &struct {
		v  lwip.Version
		ev []lineEvidence
	}{}
	judged := a.judged
	if a.o.Version != "" && !lwip.SameLine(a.o.Version, judged) {
		a.target.v = a.o.Version // said by --lwip-version or the board
		return a.target.v, nil
	}
	only22, only21, older, _ := a.fileLines()
	switch {
	case len(only22) > 0 && len(only21) == 0 && len(older) == 0 && !lwip.SameLine(judged, lwip.V22x):
		a.target.v, a.target.ev = lwip.V22x, only22
	case len(only21) > 0 && len(only22) == 0 && lwip.SameLine(judged, lwip.V22x):
		a.target.v, a.target.ev = lwip.V213, only21
	}
	return a.target.v, a.target.ev
}

// versionFindings say which lwIP judged the file and, when the file is
// written for another one, what that means for the findings.
func (a *auditor) versionFindings() {
	only22, _, older, olderLine := a.fileLines()
	judged, judgedFrom := string(a.judged), a.versionFrom
	if a.treeVersion != "" {
		judged, judgedFrom = a.treeVersion, "the version in the tree's src/include/lwip/init.h"
	}
	if target, ev := a.targetLine(); target != "" {
		why := "--lwip-version (or the board's lwip_version) says so"
		if len(ev) > 0 {
			var s []string
			for _, e := range ev[:min(3, len(ev))] {
				s = append(s, e.String())
			}
			why = fmt.Sprintf("it sets names only lwIP %s has (%s)", lineName(target), strings.Join(s, ", "))
		}
		opt := ""
		if len(ev) > 0 {
			opt = ev[0].name
		}
		a.add(Finding{File: firstFile(ev), Line: firstLine0(ev), Severity: SevInfo, ID: "audit.lwip_version", Option: opt, Source: "rule",
			Message: fmt.Sprintf("the file is written for lwIP %s: %s. It was judged against lwIP %s (%s): the compiler's verdicts are %s's; what only %s refuses or ignores is checked by lwipgen's %s rules (other_line.* warnings), and an #error only %s raises is a warning",
				lineName(target), why, judged, judgedFrom, judged, lineName(target), lineName(target), judged),
			Fix: fmt.Sprintf("audit against a lwIP %s tree (--lwip DIR) for the compiler's verdict on that line", lineName(target))})
	}
	if len(older) > 0 && len(only22) > 0 {
		// MicroPython's lwipopts_common.h keeps 2.0's LWIP_DHCP_CHECK_LINK_UP
		// beside 2.2's LWIP_DHCP_DOES_ACD_CHECK: it builds with either
		a.add(Finding{File: older[0].file, Line: older[0].line, Severity: SevInfo, ID: "audit.lwip_version", Option: older[0].name, Source: "rule",
			Message: fmt.Sprintf("the file sets names of several lwIP releases (%s, of lwIP %s; %s, of lwIP 2.2): it is written to build with more than one; it was judged against lwIP %s (%s), and the names the other releases read have no effect there", older[0].String(), olderLine, only22[0].String(), judged, judgedFrom),
			Fix:     "audit against the lwIP tree the project builds with (--lwip DIR, or --project)"})
	} else if len(older) > 0 {
		a.add(Finding{File: older[0].file, Line: older[0].line, Severity: SevInfo, ID: "audit.lwip_version", Option: older[0].name, Source: "rule",
			Message: fmt.Sprintf("the file sets options of lwIP %s that later releases removed (%s): it was written for (or carried over from) lwIP %s, which lwipgen does not model; the findings say what the file means on lwIP %s (%s)", olderLine, older[0].String(), olderLine, judged, judgedFrom),
			Fix:     "audit against the project's own lwIP tree (--lwip DIR, or --project) to see what it compiles with today"})
	}
}

// otherRefuses says whether lwipgen's rules for line v refuse the file with
// rule id (the same config read on that line's defaults).
func (a *auditor) otherRefuses(v lwip.Version, id string) bool {
	oc, err := resolveSet(v, a.fileSet())
	if err != nil {
		return true // cannot tell: keep the compiler's verdict
	}
	for _, c := range lwip.Checks(oc) {
		if !c.OK && c.Fatal && c.ID == id {
			return true
		}
	}
	return false
}

// fileSet is the file's definitions, numeric where the compiler evaluated them.
func (a *auditor) fileSet() map[string]string {
	set := map[string]string{}
	for n, d := range a.tr.final {
		if d.File == "<command-line>" {
			continue
		}
		if v, ok := a.values[n]; ok && d.Params == "" && isNumber(v) {
			set[n] = v
		} else {
			set[n+d.Params] = d.Value
		}
	}
	return set
}

func lineName(v lwip.Version) string {
	if v == lwip.V22x {
		return "2.2"
	}
	return "2.1"
}

func firstFile(ev []lineEvidence) string {
	if len(ev) == 0 {
		return ""
	}
	return ev[0].file
}

func firstLine0(ev []lineEvidence) int {
	if len(ev) == 0 {
		return 0
	}
	return ev[0].line
}
