package lwip

import (
	"fmt"
	"sort"
	"strings"
)

// Check is the outcome of one rule. Fatal checks that are not OK make the
// build fail (lwIP #error) or are traps we refuse to generate.
type Check struct {
	ID     string
	OK     bool
	Detail string
	Fatal  bool
}

// Checks evaluates every init.c rule, the header #errors, and our own checks
// for traps lwIP does not catch, in that order. For a failing lwIP rule the
// Detail starts with the exact `#error "..."` line, then the values involved.
func Checks(c *Config) []Check {
	var out []Check
	for _, r := range initRules {
		if r.ver != "" && r.ver != c.Version.line() || r.since != "" && c.Version.before(r.since) {
			continue
		}
		out = append(out, c.runRule("lwip.init.", r, "init.c #"+r.num))
	}
	for _, r := range headerRules {
		out = append(out, c.runRule("lwip.header.", r, r.file))
	}
	out = append(out, c.trapChecks()...)
	out = append(out, c.nameChecks()...)
	return out
}

// Errors returns the failing fatal checks of cs, in order.
func Errors(cs []Check) []Check {
	var out []Check
	for _, c := range cs {
		if !c.OK && c.Fatal {
			out = append(out, c)
		}
	}
	return out
}

// ErrorMessage extracts the quoted #error text from a Detail ("" if none).
func ErrorMessage(detail string) string {
	const p = "#error \""
	i := strings.Index(detail, p)
	if i < 0 {
		return ""
	}
	rest := detail[i+len(p):]
	j := strings.Index(rest, "\" (")
	if j < 0 {
		j = strings.LastIndex(rest, "\"")
	}
	if j < 0 {
		return rest
	}
	return rest[:j]
}

func (c *Config) runRule(prefix string, r rule, where string) Check {
	ch := Check{ID: prefix + r.id, OK: true, Fatal: true}
	vals := c.describe(r.gate + " " + r.cond)
	if r.userSet != "" && !c.IsSet(r.userSet) {
		ch.Detail = fmt.Sprintf("not compiled: %s is not defined in lwipopts.h (%s)", r.userSet, where)
		return ch
	}
	if r.gate != "" {
		g, err := c.Eval(r.gate)
		if err != nil {
			ch.OK = false
			ch.Detail = fmt.Sprintf("%s: cannot evaluate #if %s: %v", where, r.gate, err)
			return ch
		}
		if g == 0 {
			ch.Detail = fmt.Sprintf("not compiled: #if %s is false (%s)%s", r.gate, where, vals)
			return ch
		}
	}
	v, err := c.Eval(r.cond)
	if err != nil {
		ch.OK = false
		ch.Detail = fmt.Sprintf("%s: #if %s: %v", where, r.cond, err)
		return ch
	}
	if v != 0 {
		ch.OK = false
		ch.Detail = fmt.Sprintf("#error \"%s\" (%s: #if %s)%s", r.msg, where, r.cond, vals)
		return ch
	}
	ch.Detail = "ok (" + where + ")" + vals
	return ch
}

// describe lists "NAME=value" for the option identifiers of an expression.
func (c *Config) describe(expr string) string {
	toks, err := lex(expr)
	if err != nil {
		return ""
	}
	seen := map[string]bool{}
	var parts []string
	for i, t := range toks {
		if t.kind != tIdent || seen[t.text] || t.text == "defined" {
			continue
		}
		seen[t.text] = true
		if i > 0 && toks[i-1].text == "defined" || i > 1 && toks[i-2].text == "defined" {
			parts = append(parts, fmt.Sprintf("defined %s=%v", t.text, c.Defined(t.text)))
			continue
		}
		if v, err := c.Value(t.text); err == nil {
			parts = append(parts, fmt.Sprintf("%s=%d", t.text, v))
		} else if !c.Defined(t.text) {
			parts = append(parts, t.text+"=undefined(0)")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

// trapChecks are dangerous configurations lwIP compiles (or fails late, in
// tcp_in.c) without a clear #error. IDs: lwip.trap.*.
func (c *Config) trapChecks() []Check {
	var out []Check
	add := func(id string, bad bool, fatal bool, badMsg, okMsg string) {
		ch := Check{ID: "lwip.trap." + id, OK: !bad, Fatal: fatal, Detail: okMsg}
		if bad {
			ch.Detail = badMsg
		}
		out = append(out, ch)
	}
	tcp := c.mustInt("LWIP_TCP") != 0
	ws := c.mustInt("LWIP_WND_SCALE") != 0
	sb := c.mustInt("TCP_SND_BUF")
	// tcpwnd_size_t is u16_t without LWIP_WND_SCALE (tcp.h): only -Woverflow in tcp.c
	add("tcp_snd_buf_u16", tcp && !ws && sb > 0xFFFF, true,
		fmt.Sprintf("TCP_SND_BUF=%d does not fit tcpwnd_size_t (u16_t) without LWIP_WND_SCALE: lwIP silently truncates it to %d (only a -Woverflow warning in tcp.c)", sb, sb&0xFFFF),
		fmt.Sprintf("ok; TCP_SND_BUF=%d, LWIP_WND_SCALE=%v", sb, ws))
	// opt.h defines TCP_RCV_SCALE only in the `#if !defined LWIP_WND_SCALE` block
	miss := tcp && ws && c.IsSet("LWIP_WND_SCALE") && !c.Defined("TCP_RCV_SCALE")
	add("wnd_scale_without_rcv_scale", miss, true,
		"'TCP_RCV_SCALE' undeclared (first use in this function) (tcp_in.c/tcp_out.c): LWIP_WND_SCALE is defined in lwipopts.h, so opt.h does not define TCP_RCV_SCALE; define it (0..14) too",
		"ok")
	// memp_desc.size and .num are u16_t (memp_priv.h): only -Woverflow in memp.c
	pools, _ := c.PoolsOf()
	var bad []string
	for _, p := range pools {
		if p.ElemSize >= 65536 || p.Num > 65535 || (p.ElemSize > 0 && align(p.ElemSize, c.mustInt("MEM_ALIGNMENT")) >= 65536) {
			bad = append(bad, fmt.Sprintf("%s (num=%d, element=%d B)", p.Name, p.Num, p.ElemSize))
		}
	}
	add("memp_desc_u16", len(bad) > 0 && c.mustInt("MEMP_MEM_MALLOC") == 0, true,
		"pool does not fit memp_desc (u16_t size and num; silently truncated, only -Woverflow in memp.c): "+strings.Join(bad, ", "),
		"ok; every pool element < 65536 B and count <= 65535")
	add("tcp_nodelay_defined", c.IsSet("TCP_NODELAY"), true,
		"TCP_NODELAY is defined in lwipopts.h: it is the socket option constant of sockets.h (0x01), giving \"TCP_NODELAY\" redefined; use tcp_nagle_disable()/setsockopt instead",
		"ok")
	nosysAPI := c.mustInt("NO_SYS") == 1 && (c.mustInt("LWIP_NETCONN") != 0 || c.mustInt("LWIP_SOCKET") != 0)
	add("nosys_sequential_api", nosysAPI, true,
		fmt.Sprintf("NO_SYS=1 needs LWIP_NETCONN=0 and LWIP_SOCKET=0 (both default to 1); LWIP_NETCONN=%d LWIP_SOCKET=%d", c.mustInt("LWIP_NETCONN"), c.mustInt("LWIP_SOCKET")),
		"ok")
	if c.Version.is22() {
		add("dhcp_does_arp_check_renamed", c.IsSet("DHCP_DOES_ARP_CHECK"), true,
			myths22["DHCP_DOES_ARP_CHECK"]+" Use LWIP_DHCP_DOES_ACD_CHECK.", "ok")
	}
	if c.mustInt("MEM_SIZE") > 64000 {
		out = append(out, Check{ID: "lwip.note.mem_size_u32", OK: true, Detail: fmt.Sprintf("MEM_SIZE=%d > 64000: mem_size_t becomes u32_t (struct mem 8 -> 12 B per allocation)", c.mustInt("MEM_SIZE"))})
	}
	return out
}

// nameChecks report lwipopts.h names lwIP does not know (myths, typos) and
// identifiers that evaluate as 0 because nothing defines them. Not fatal:
// the compiler ignores them, but they are almost always a mistake.
func (c *Config) nameChecks() []Check {
	var out []Check
	for _, n := range c.SetNames() {
		if n == "TCP_NODELAY" {
			continue // fatal trap above
		}
		if t, ok := MythFor(c.Version, n); ok {
			out = append(out, Check{ID: "lwip.name.myth", Detail: n + ": " + t})
			continue
		}
		if !Known(c.Version, n) && !strings.HasPrefix(n, "LWIP_HOOK_") && !strings.HasSuffix(n, "_DEBUG") && !deprecatedNames[n] && !portNames[n] {
			d := n + " is not an lwIP " + string(c.Version) + " option"
			if s := Suggest(c.Version, n); s != "" {
				d += "; did you mean " + s + "?"
			}
			out = append(out, Check{ID: "lwip.name.unknown", Detail: d})
		}
	}
	unk := c.Unknown()
	sort.Strings(unk)
	if len(unk) > 0 {
		out = append(out, Check{ID: "lwip.name.undefined_identifier", Detail: "evaluated as 0 because nothing defines them (as #if does): " + strings.Join(unk, ", ")})
	}
	return out
}

var deprecatedNames = map[string]bool{"MEMP_NUM_TCPIP_MSG": true, "TCP_REXMIT_DEBUG": true, "RAW_STATS": true, "ETHARP_QUEUE_FIRST": true, "ETHARP_ALWAYS_INSERT": true}

// portNames are macros a port legitimately defines (cc.h/sys_arch) that may
// also appear in lwipopts.h.
var portNames = map[string]bool{"LWIP_NOASSERT": true, "LWIP_DEBUG": true, "LWIP_PLATFORM_DIAG": true, "LWIP_PLATFORM_ASSERT": true, "LWIP_RAND": true, "BYTE_ORDER": true, "LWIP_COMPAT_MUTEX_ALLOWED": true, "LWIP_DISABLE_MEMP_SANITY_CHECKS": true, "FD_SETSIZE": true, "LWIP_PROVIDE_ERRNO": true, "LWIP_ERRNO_STDINCLUDE": true, "LWIP_ERRNO_INCLUDE": true, "LWIP_STATS_LARGE": true}
