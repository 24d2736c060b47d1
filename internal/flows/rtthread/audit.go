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
	pn, rn, jn := or(in.PortName, "lwipopts.h"), or(in.RtconfigName, "rtconfig.h"), or(in.ProjectName, "rtconfig_project.h")
	var fs []finding.Finding
	add := func(line int, sev, id, opt, format string, args ...any) {
		fs = append(fs, finding.Finding{Line: line, Severity: sev, ID: id, Option: opt, Message: fmt.Sprintf(format, args...)})
	}
	macros := map[string]string{}
	from := map[string]origin{}
	side := func(src []byte, name string) {
		for _, d := range cheader.Defines(src) {
			if d.Name == "RT_CONFIG_H__" || strings.HasSuffix(d.Name, "_H__") || strings.HasSuffix(d.Name, "_H_") {
				continue
			}
			macros[d.Name] = d.Value
			from[d.Name] = origin{name, d.Line}
		}
	}
	side(in.Rtconfig, rn)
	if in.Project != nil {
		side(in.Project, jn)
	}
	sideVals := map[string]string{}
	for k, val := range macros {
		sideVals[k] = val
	}
	// run the port header
	eff := map[string]string{}
	effFrom := map[string]origin{}
	for k, val := range macros {
		eff[k], effFrom[k] = val, from[k]
	}
	type frame struct{ active, taken bool }
	var stack []frame
	active := func() bool {
		for _, f := range stack {
			if !f.active {
				return false
			}
		}
		return true
	}
	truthy := func(expr string) bool {
		expr = strings.TrimSpace(expr)
		if n, ok := strings.CutPrefix(expr, "defined"); ok {
			_, def := eff[strings.Trim(strings.TrimSpace(n), "()")]
			return def
		}
		if val, ok := eff[expr]; ok {
			expr = val
		}
		n, err := strconv.ParseInt(strings.Trim(expr, "()"), 0, 64)
		return err == nil && n != 0
	}
	read := map[string]bool{}
	for i, raw := range strings.Split(cheader.StripComments(string(in.Port)), "\n") {
		f := strings.Fields(strings.Replace(strings.TrimSpace(raw), "# ", "#", 1))
		if len(f) == 0 || !strings.HasPrefix(f[0], "#") {
			continue
		}
		arg := ""
		if len(f) > 1 {
			arg = f[1]
			read[arg] = true
		}
		switch f[0] {
		case "#ifdef":
			_, ok := eff[arg]
			stack = append(stack, frame{ok, ok})
		case "#ifndef":
			_, ok := eff[arg]
			stack = append(stack, frame{!ok, !ok})
		case "#if":
			t := truthy(strings.Join(f[1:], " "))
			stack = append(stack, frame{t, t})
		case "#else":
			if n := len(stack); n > 0 {
				stack[n-1].active = !stack[n-1].taken
			}
		case "#endif":
			if n := len(stack); n > 0 {
				stack = stack[:n-1]
			}
		case "#define":
			if !active() || len(f) < 2 || strings.Contains(arg, "(") {
				continue
			}
			val := strings.TrimSpace(strings.Join(f[2:], " "))
			for _, tok := range strings.FieldsFunc(val, func(r rune) bool { return !isIdent(byte(r)) }) {
				read[tok] = true
			}
			if old, ok := sideVals[arg]; ok && old != val && lwip.Known(v, arg) {
				o := from[arg]
				add(o.line, "warning", "audit.rtthread.overridden", arg,
					"%s:%d sets %s %s, but %s:%d redefines it to %s after including rtconfig.h: RT-Thread ignores this line%s",
					o.file, o.line, arg, old, pn, i+1, val, kconfigHint(arg))
			}
			eff[arg], effFrom[arg] = val, origin{pn, i + 1}
		}
	}
	for name, o := range from {
		isSym := strings.HasPrefix(name, "RT_LWIP_") || strings.HasPrefix(name, "RT_MEMP_")
		if _, known := port.Kconfig[name]; isSym && !known && !read[name] && !strings.HasSuffix(name, "_DEBUG") &&
			!strings.HasSuffix(name, "ADDR") && !strings.HasPrefix(name, "RT_LWIP_USING_") {
			add(o.line, "error", "audit.rtthread.no_such_symbol", name,
				"%s:%d: %s is no Kconfig symbol of RT-Thread's lwIP menu and the port lwipopts.h never reads it: it has no effect (menuconfig also drops it from .config)", o.file, o.line, name)
		}
	}
	// the usual audit on what lwIP sees: the side headers' own lines (with
	// their line numbers) and the port's values for the rest
	var defs []cheader.Define
	for _, name := range port.SortedKeys(eff) {
		o := effFrom[name]
		if strings.HasPrefix(name, "RT_") || strings.HasPrefix(name, "CONFIG_") || strings.HasPrefix(name, "__") {
			continue
		}
		if (o.file == pn || o.file == rn) && !lwip.Known(v, name) {
			// port-internal macros (LWIP_PLATFORM_BYTESWAP ...) and the Kconfig
			// symbols of other menus (SAL_*, NETDEV_*, BSP_*) are no lwIP options
			continue
		}
		line := o.line
		if o.file == pn {
			line = 0
		}
		defs = append(defs, cheader.Define{Name: name, Value: expandRT(eff[name], eff, v), Line: line})
	}
	if in.Rules == nil {
		return finding.Sort(fs)
	}
	for _, f := range in.Rules(defs, v, b) {
		if f.Line > 0 {
			if o, ok := from[f.Option]; ok && eff[f.Option] == sideVals[f.Option] {
				f.Message = o.file + ": " + f.Message
			}
		}
		fs = append(fs, f)
	}
	return finding.Sort(fs)
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
