package audit

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// What a header that is not here would have defined. A file audited alone
// (without the project's include paths) names macros and types that the
// project's headers bring; #if reads an undefined macro as 0, so lwIP's
// #errors over such an option are consequences of the missing header, not
// verdicts on the file.

var reUnknownType = regexp.MustCompile(`^unknown type name '([A-Za-z_][A-Za-z0-9_]*)'`)

func unknownType(text string) string {
	if m := reUnknownType.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// errorFollowsUnresolved says whether an #error of lwIP's sources follows
// only from an option whose value names an identifier nothing here defines:
// the #if above the #error reads (directly or through lwIP's defaults) such
// an option. via names that option, ids the identifiers.
func (a *auditor) errorFollowsUnresolved(d compilerDiag) (via string, ids []string) {
	if a.values == nil {
		return "", nil
	}
	tainted := a.taintedOptions()
	if len(tainted) == 0 {
		return "", nil
	}
	for _, id := range reIdent.FindAllString(a.errorCondition(d), -1) {
		if unk, ok := tainted[id]; ok {
			return id, unk
		}
	}
	return "", nil
}

// errorCondition is the #if (or #elif) above an #error of lwIP's sources,
// with the lines up to the #error ("" when it cannot be read).
func (a *auditor) errorCondition(d compilerDiag) string {
	b, err := fsutil.ReadFile(d.File, fsutil.MaxInput)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	if d.Line < 2 || d.Line > len(lines) {
		return ""
	}
	cond := ""
	for i := d.Line - 2; i >= 0 && i >= d.Line-12; i-- {
		t := strings.TrimSpace(lines[i])
		cond = t + " " + cond
		if strings.HasPrefix(strings.ReplaceAll(t, " ", ""), "#if") || strings.HasPrefix(strings.ReplaceAll(t, " ", ""), "#elif") {
			break
		}
	}
	return cond
}

// taintedOptions maps every option whose effective value names something
// nothing here defines (directly, or through lwIP's defaults: TCP_OVERSIZE
// from TCP_MSS, TCP_SNDQUEUELOWAT from TCP_SND_QUEUELEN) to those names.
func (a *auditor) taintedOptions() map[string][]string {
	if a.tainted != nil {
		return a.tainted
	}
	a.tainted = map[string][]string{}
	declared := a.declaredInFile()
	values := a.values
	if values == nil {
		// the built-in evaluator: the file's own definitions as written
		// (`TCP_MSS (WHD_PAYLOAD_MTU)`), which it cannot expand further either
		values = map[string]string{}
		for n, d := range a.tr.final {
			if d.Params == "" && d.File != "<command-line>" {
				values[n] = d.Value
			}
		}
	}
	for n, v := range values {
		if isNumber(v) || strings.ContainsAny(v, "\"'{") {
			continue
		}
		var unk []string
		seen := map[string]bool{}
		for _, id := range reIdent.FindAllString(reNumberLit.ReplaceAllString(v, " "), -1) {
			if _, defined := a.tr.final[id]; !defined && !declared[id] && !cTypeNames[id] && !a.known(id) && !seen[id] {
				seen[id] = true
				unk = append(unk, id)
			}
		}
		if len(unk) > 0 {
			a.tainted[n] = unk
		}
	}
	for changed := len(a.tainted) > 0; changed; {
		changed = false
		for _, o := range lwip.Options(a.v) {
			if _, ok := a.tainted[o.Name]; ok || a.set(o.Name) {
				continue
			}
			for _, id := range reIdent.FindAllString(o.Default, -1) {
				if unk, ok := a.tainted[id]; ok {
					a.tainted[o.Name] = unk
					changed = true
					break
				}
			}
		}
		if a.values != nil {
			continue // the compiler's values are expanded: a file value over a tainted one names its identifiers itself
		}
		// the evaluator's values are as written: TCP_SND_QUEUELEN (4*TCP_SND_BUF/TCP_MSS) over TCP_MSS (WHD_PAYLOAD_MTU)
		for n, v := range values {
			if _, ok := a.tainted[n]; ok {
				continue
			}
			for _, id := range reIdent.FindAllString(v, -1) {
				if unk, ok := a.tainted[id]; ok {
					a.tainted[n] = unk
					changed = true
					break
				}
			}
		}
	}
	return a.tainted
}

// lineFollowsUnresolved: a hard error gcc places at the file's definition
// of an option whose value names what nothing here defines ("division by
// zero in #if" at TCP_MSS (WHD_PAYLOAD_MTU), read as 0).
func (a *auditor) lineFollowsUnresolved(d compilerDiag) (via string, ids []string) {
	file := a.comp.rel(d.File)
	if !inAudited(file) || a.values == nil || undeclared(d.Text) != "" || !strings.Contains(d.Text, "#if") {
		// an undeclared identifier in C code is reported as such; this is
		// for what #if made of it (a division by zero)
		return "", nil
	}
	tainted := a.taintedOptions()
	for n, def := range a.tr.final {
		if def.File == file && def.Line == d.Line {
			if unk, ok := tainted[n]; ok {
				return n, unk
			}
		}
	}
	return "", nil
}

// isAre is "X is" or "X, Y are".
func isAre(ids []string) string {
	if len(ids) == 1 {
		return ids[0] + " is"
	}
	return strings.Join(ids, ", ") + " are"
}

var reIfLine = regexp.MustCompile(`^\s*#\s*(?:if|elif)\b(.*)$`)

// undefinedSwitches: names the audited file tests in #if/#elif that nothing
// defines here. #if reads them as 0, so the branch judged may not be the one
// the build takes (NXP's lwipopts.h picks NO_SYS and the APIs by `#if
// USE_RTOS`, which the SDK's build passes with -D): an info naming the
// -D to pass. lwIP's options (opt.h gives them defaults later) and the
// compiler's own macros are left out.
func (a *auditor) undefinedSwitches() {
	b, err := fsutil.ReadFile(a.o.File, fsutil.MaxInput)
	if err != nil {
		return
	}
	defined := map[string]bool{}
	for _, d := range a.o.Defines {
		name, _, _ := strings.Cut(d, "=")
		defined[name] = true
	}
	seen := map[string]bool{}
	for i, l := range strings.Split(cheader.StripComments(string(b)), "\n") {
		m := reIfLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		guarded := map[string]bool{} // `defined(X) && X > 0` tests X's existence first
		for _, g := range reDefinedOp.FindAllString(m[1], -1) {
			for _, id := range reIdent.FindAllString(strings.TrimPrefix(g, "defined"), -1) {
				guarded[id] = true
			}
		}
		expr := reNumberLit.ReplaceAllString(reDefinedOp.ReplaceAllString(m[1], ""), " ") // 0x20000 holds no name x20000
		for _, id := range reIdent.FindAllString(expr, -1) {
			if guarded[id] {
				continue
			}
			if seen[id] || defined[id] || a.known(id) || strings.HasPrefix(id, "__") || id[0] >= '0' && id[0] <= '9' {
				continue
			}
			if _, ok := a.tr.final[id]; ok {
				continue
			}
			seen[id] = true
			a.add(Finding{Line: i + 1, Severity: SevInfo, ID: "audit.undefined_switch", Option: id, Source: "rule",
				Message: fmt.Sprintf("the file tests %s, which nothing defines here: #if reads it as 0, so the options of that branch are the ones judged", id),
				Fix:     fmt.Sprintf("if the build defines it, pass it: -D %s=1 (or --project DIR)", id)})
		}
	}
}

// reDefinedOp matches defined(X) / defined X: a test of existence, not of a value.
// (and __has_include("x.h"), string and character literals: no names)
var reNumberLit = regexp.MustCompile(`\b(?:0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*\b`)

var reDefinedOp = regexp.MustCompile(`defined\s*\(\s*\w+\s*\)|defined\s+\w+|__has_include(?:_next)?\s*\([^)]*\)|"[^"]*"|'[^']*'`)
