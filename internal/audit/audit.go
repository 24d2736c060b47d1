// Package audit lints an existing lwipopts.h: options that do not exist (the
// myths of the seed articles among them), lwIP #error rules the file would
// hit, and values that break the board's hardware limits. It is a command
// (lwipgen audit) on top of the shared readers: the #define reader is
// internal/cheader (Defines), so packages that only read a header do not
// import audit.
package audit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// File audits the defines of one lwipopts.h for lwIP version v; b may be nil.
func File(defs []cheader.Define, v lwip.Version, b *board.Board) []Finding {
	var fs []Finding
	add := func(line int, sev, id, opt, format string, args ...any) {
		fs = append(fs, Finding{Line: line, Severity: sev, ID: id, Option: opt, Message: fmt.Sprintf(format, args...)})
	}
	set := map[string]string{}
	lines := map[string]int{}
	for _, d := range defs {
		if prev, dup := lines[d.Name]; dup && set[d.Name] != d.Value {
			add(d.Line, "warning", "audit.redefined", d.Name, "%s is defined again (first at line %d with %q); the later value wins and the compiler warns", d.Name, prev, set[d.Name])
		}
		lines[d.Name] = d.Line
		switch {
		case d.Name == "TCP_NODELAY":
			add(d.Line, "error", "audit.not_an_option", d.Name, "TCP_NODELAY is only the socket-option constant (0x01) in sockets.h; defining it here clashes with it. Disable Nagle per connection: tcp_nagle_disable(pcb) or setsockopt(TCP_NODELAY)")
			continue
		case d.Name == "PBUF_POOL_IS_EMPTY":
			add(d.Line, "error", "audit.not_an_option", d.Name, "PBUF_POOL_IS_EMPTY is an internal macro of pbuf.c, not a switch; there is no way to \"disable PBUF_RAM\" with it")
			continue
		}
		if lwip.Known(v, d.Name) {
			set[d.Name] = d.Value
			continue
		}
		if truth, myth := lwip.MythFor(v, d.Name); myth {
			add(d.Line, "error", "audit.not_an_option", d.Name, "%s does not exist in lwIP %s: %s", d.Name, v, truth)
			continue
		}
		if owner, _, ok := glueOwner(d.Name); ok {
			add(d.Line, "warning", "audit.driver_macro", d.Name, "%s is not an lwIP option; lwIP ignores it (it belongs to %s, which must see the same value)", d.Name, owner)
			continue
		}
		if strings.HasPrefix(d.Name, "LWIPOPTS_") || strings.HasSuffix(d.Name, "_H") || strings.HasSuffix(d.Name, "_H_") {
			continue // include guard
		}
		hint := ""
		if short := strings.TrimPrefix(d.Name, "LWIP_"); short != d.Name && lwip.Known(v, short) {
			hint = fmt.Sprintf(" Did you mean %s?", short) // seeds 003/004 add a LWIP_ prefix to real names
		} else if s := lwip.Suggest(v, d.Name); s != "" {
			hint = fmt.Sprintf(" Did you mean %s?", s)
		}
		add(d.Line, "error", "audit.unknown_option", d.Name, "lwIP %s has no option %s; it has no effect.%s", v, d.Name, hint)
	}
	cfg, err := lwip.Resolve(v, set)
	if err != nil {
		add(0, "error", "audit.resolve", "", "cannot evaluate the options: %v", err)
		return sortFindings(fs)
	}
	for _, c := range lwip.Checks(cfg) {
		if c.OK {
			continue
		}
		// Blame the file's option that the rule's text names first.
		line, opt, best := 0, "", len(c.Detail)+1
		for _, name := range sortedKeys(lines) {
			if i := wordIndex(c.Detail, name); i >= 0 && i < best {
				line, opt, best = lines[name], name, i
			}
		}
		if opt == "" {
			// The rule names only defaults; blame the file's option they derive
			// from (TCP_SND_QUEUELEN's default is computed from TCP_SND_BUF).
			line, opt = blameDefaults(v, c.Detail, lines)
		}
		add(line, "error", c.ID, opt, "%s", c.Detail)
	}
	fs = append(fs, timerFindings(cfg, lines)...)
	if b != nil {
		fs = append(fs, hardwareFindings(cfg, lines, b)...)
	}
	return sortFindings(fs)
}

// wordIndex finds name in s as a whole identifier.
func wordIndex(s, name string) int {
	for off := 0; ; {
		i := strings.Index(s[off:], name)
		if i < 0 {
			return -1
		}
		i += off
		before := i == 0 || !isIdent(s[i-1])
		after := i+len(name) == len(s) || !isIdent(s[i+len(name)])
		if before && after {
			return i
		}
		off = i + 1
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// blameDefaults looks through the default expressions of the options a rule
// names for an option the file sets.
func blameDefaults(v lwip.Version, detail string, lines map[string]int) (int, string) {
	best, line, opt := len(detail)+1, 0, ""
	for _, o := range lwip.Options(v) {
		i := wordIndex(detail, o.Name)
		if i < 0 || i >= best {
			continue
		}
		for _, name := range sortedKeys(lines) {
			if wordIndex(o.Default, name) >= 0 {
				best, line, opt = i, lines[name], name
				break
			}
		}
	}
	return line, opt
}

func sortedKeys(m map[string]int) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
