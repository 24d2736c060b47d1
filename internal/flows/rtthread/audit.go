package rtthread

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"regexp"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/finding"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// AuditInput is an RT-Thread pair: the port's lwipopts.h and the BSP's
// rtconfig.h, plus rtconfig_project.h when rtconfig.h includes one.
type AuditInput struct {
	Port, Rtconfig, Project []byte
	// Rules are the lwipopts.h rules run on the effective options (the
	// audit command's audit.File); nil runs only the port's own checks.
	Rules flow.OptionRules
	// Names for messages (default lwipopts.h, rtconfig.h, rtconfig_project.h).
	PortName, RtconfigName, ProjectName string
}

type origin struct {
	file string
	line int
}

// RTThread audits what lwIP really gets on RT-Thread: rtconfig.h (and
// rtconfig_project.h) are included at the top of the port lwipopts.h, whose
// #ifdef/#ifndef/#else/#endif are evaluated over their macros. It reports
// options the side headers set that the port overrides, RT_LWIP_* symbols
// that no Kconfig menu has and the port never reads, and then the usual
// findings on the effective configuration.
func Audit(in AuditInput, v lwip.Version, b *board.Board) []finding.Finding {
	a := &rtAudit{
		in: in, v: v,
		pn: or(in.PortName, "lwipopts.h"), rn: or(in.RtconfigName, "rtconfig.h"), jn: or(in.ProjectName, "rtconfig_project.h"),
		sideVals: map[string]string{}, from: map[string]origin{},
		eff: map[string]string{}, effFrom: map[string]origin{}, read: map[string]bool{},
	}
	a.readSideHeaders()
	a.runPort()
	a.checkUnknownSymbols()
	if in.Rules == nil {
		return finding.Sort(a.fs)
	}
	a.runRules(b)
	return finding.Sort(a.fs)
}

// rtAudit is one RT-Thread audit: the side headers' macros, the port
// header evaluated over them, and the findings so far.
type rtAudit struct {
	in         AuditInput
	v          lwip.Version
	pn, rn, jn string // file names for messages: port, rtconfig.h, rtconfig_project.h

	sideVals map[string]string // what rtconfig.h / rtconfig_project.h define
	from     map[string]origin // where the side headers define it
	eff      map[string]string // what lwIP sees after the port header
	effFrom  map[string]origin // where that value comes from
	read     map[string]bool   // macros the port header reads (tests or uses)
	fs       []finding.Finding
}

func (a *rtAudit) add(line int, sev, id, opt, format string, args ...any) {
	a.fs = append(a.fs, finding.Finding{Line: line, Severity: sev, ID: id, Option: opt, Message: fmt.Sprintf(format, args...)})
}

// readSideHeaders collects rtconfig.h's macros, then rtconfig_project.h's
// (included last, so its values win); include guards are no options.
func (a *rtAudit) readSideHeaders() {
	side := func(src []byte, name string) {
		for _, d := range cheader.Defines(src) {
			if d.Name == "RT_CONFIG_H__" || strings.HasSuffix(d.Name, "_H__") || strings.HasSuffix(d.Name, "_H_") {
				continue
			}
			a.sideVals[d.Name] = d.Value
			a.from[d.Name] = origin{name, d.Line}
		}
	}
	side(a.in.Rtconfig, a.rn)
	if a.in.Project != nil {
		side(a.in.Project, a.jn)
	}
	for k, val := range a.sideVals {
		a.eff[k], a.effFrom[k] = val, a.from[k]
	}
}

// ppFrame is one open #if/#ifdef/#ifndef: whether its current branch is
// active and whether any branch was taken (for #else).
type ppFrame struct{ active, taken bool }

// runPort evaluates the port lwipopts.h's conditionals over the side
// headers' macros and records every #define that takes effect.
func (a *rtAudit) runPort() {
	var stack []ppFrame
	for i, raw := range strings.Split(cheader.StripComments(string(a.in.Port)), "\n") {
		f := strings.Fields(strings.Replace(strings.TrimSpace(raw), "# ", "#", 1))
		if len(f) == 0 || !strings.HasPrefix(f[0], "#") {
			continue
		}
		arg := ""
		if len(f) > 1 {
			arg = f[1]
			a.read[arg] = true
		}
		switch f[0] {
		case "#ifdef":
			_, ok := a.eff[arg]
			stack = append(stack, ppFrame{ok, ok})
		case "#ifndef":
			_, ok := a.eff[arg]
			stack = append(stack, ppFrame{!ok, !ok})
		case "#if":
			t := a.truthy(strings.Join(f[1:], " "))
			stack = append(stack, ppFrame{t, t})
		case "#else":
			if n := len(stack); n > 0 {
				stack[n-1].active = !stack[n-1].taken
			}
		case "#endif":
			if n := len(stack); n > 0 {
				stack = stack[:n-1]
			}
		case "#define":
			if !allActive(stack) || len(f) < 2 || strings.Contains(arg, "(") {
				continue
			}
			a.define(arg, strings.TrimSpace(strings.Join(f[2:], " ")), i+1)
		}
	}
}

func allActive(stack []ppFrame) bool {
	for _, f := range stack {
		if !f.active {
			return false
		}
	}
	return true
}

// truthy evaluates the #if expressions the port uses: `defined X`, a macro
// or a number.
func (a *rtAudit) truthy(expr string) bool {
	expr = strings.TrimSpace(expr)
	if n, ok := strings.CutPrefix(expr, "defined"); ok {
		_, def := a.eff[strings.Trim(strings.TrimSpace(n), "()")]
		return def
	}
	if val, ok := a.eff[expr]; ok {
		expr = val
	}
	n, err := strconv.ParseInt(strings.Trim(expr, "()"), 0, 64)
	return err == nil && n != 0
}

// define records an active port #define at line; it warns when it replaces
// an lwIP option a side header set, since that side-header line is ignored.
func (a *rtAudit) define(arg, val string, line int) {
	for _, tok := range strings.FieldsFunc(val, func(r rune) bool { return !isIdent(byte(r)) }) {
		a.read[tok] = true
	}
	if old, ok := a.sideVals[arg]; ok && old != val && lwip.Known(a.v, arg) {
		o := a.from[arg]
		a.add(o.line, "warning", "audit.rtthread.overridden", arg,
			"%s:%d sets %s %s, but %s:%d redefines it to %s after including rtconfig.h: RT-Thread ignores this line%s",
			o.file, o.line, arg, old, a.pn, line, val, kconfigHint(arg))
	}
	a.eff[arg], a.effFrom[arg] = val, origin{a.pn, line}
}

// checkUnknownSymbols reports RT_LWIP_*/RT_MEMP_* macros no Kconfig menu has
// and the port never reads: they have no effect.
func (a *rtAudit) checkUnknownSymbols() {
	for name, o := range a.from {
		isSym := strings.HasPrefix(name, "RT_LWIP_") || strings.HasPrefix(name, "RT_MEMP_")
		if _, known := port.Kconfig[name]; isSym && !known && !a.read[name] && !strings.HasSuffix(name, "_DEBUG") &&
			!strings.HasSuffix(name, "ADDR") && !strings.HasPrefix(name, "RT_LWIP_USING_") {
			a.add(o.line, "error", "audit.rtthread.no_such_symbol", name,
				"%s:%d: %s is no Kconfig symbol of RT-Thread's lwIP menu and the port lwipopts.h never reads it: it has no effect (menuconfig also drops it from .config)", o.file, o.line, name)
		}
	}
}

// effectiveDefines is what lwIP sees, for the usual audit: the side
// headers' own lines (with their line numbers) and the port's values for
// the rest.
func (a *rtAudit) effectiveDefines() []cheader.Define {
	var defs []cheader.Define
	for _, name := range port.SortedKeys(a.eff) {
		o := a.effFrom[name]
		if strings.HasPrefix(name, "RT_") || strings.HasPrefix(name, "CONFIG_") || strings.HasPrefix(name, "__") {
			continue
		}
		if (o.file == a.pn || o.file == a.rn) && !lwip.Known(a.v, name) {
			// port-internal macros (LWIP_PLATFORM_BYTESWAP ...) and the Kconfig
			// symbols of other menus (SAL_*, NETDEV_*, BSP_*) are no lwIP options
			continue
		}
		line := o.line
		if o.file == a.pn {
			line = 0
		}
		defs = append(defs, cheader.Define{Name: name, Value: expandRT(a.eff[name], a.eff, a.v), Line: line})
	}
	return defs
}

// runRules runs the lwipopts.h rules on the effective options; a finding on
// a side-header line names that file.
func (a *rtAudit) runRules(b *board.Board) {
	for _, f := range a.in.Rules(a.effectiveDefines(), a.v, b) {
		if f.Line > 0 {
			if o, ok := a.from[f.Option]; ok && a.eff[f.Option] == a.sideVals[f.Option] {
				f.Message = o.file + ": " + f.Message
			}
		}
		a.fs = append(a.fs, f)
	}
}

func kconfigHint(opt string) string {
	for _, l := range port.Port403 {
		if l.Option == opt && l.Symbol != "" {
			if _, ok := port.Kconfig[l.Symbol]; ok {
				return fmt.Sprintf(" (set CONFIG_%s in .config / menuconfig instead)", l.Symbol)
			}
		}
		if l.Option == opt && l.Kind == port.Fixed {
			return " (hard-coded in the port; only a patch of the port lwipopts.h changes it)"
		}
	}
	return ""
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// expandRT replaces the Kconfig macros in a value (`#define MEMP_NUM_TCP_PCB
// RT_LWIP_TCP_PCB_NUM`) by what rtconfig.h defines them to, as the
// preprocessor will: lwIP's own option names stay for the evaluator.
func expandRT(val string, eff map[string]string, v lwip.Version) string {
	for depth := 0; depth < 8; depth++ {
		changed := false
		out := regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`).ReplaceAllStringFunc(val, func(id string) string {
			if r, ok := eff[id]; ok && !lwip.Known(v, id) && r != "" && r != id {
				changed = true
				return "(" + r + ")"
			}
			return id
		})
		val = out
		if !changed {
			break
		}
	}
	return val
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
