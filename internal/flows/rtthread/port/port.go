// Package port models how RT-Thread 4.0.x configures lwIP 2.1.2: the Kconfig
// symbols menuconfig writes to .config and rtconfig.h, the port's own
// lwipopts.h (components/net/lwip-2.1.2/src/lwipopts.h), which maps those
// symbols to lwIP options and hard-codes others, and rtconfig_project.h, the
// side header rtconfig.h includes last. Sources: shared/reference/rtthread.md
// sections 1 and 2.
//
// The port header is modelled as an ordered list of Lines that the
// preprocessor would evaluate after `#include <rtconfig.h>`; Effective runs
// them over the macros rtconfig.h (and the side header) defines, and
// RenderPort turns them back into a header of the same shape (lwipgen's own
// text, not RT-Thread's).
package port

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"sort"
	"strconv"
	"strings"
)

// Kind says how a port lwipopts.h line produces its option.
type Kind int

const (
	// Fixed: `#define OPT EXPR` unconditionally. Only a patch of the port
	// header changes it; a definition in rtconfig.h or the side header is
	// redefined (the compiler warns, the port value wins).
	Fixed Kind = iota
	// FromInt: `#ifdef SYM / #define OPT SYM / [#else / #define OPT ELSE] / #endif`.
	FromInt
	// FromBool: `#ifdef SYM / #define OPT ON / #else / #define OPT OFF / #endif`.
	FromBool
	// Ifndef: `#ifndef OPT / #define OPT EXPR / #endif`: rtconfig.h or the
	// side header may set it first.
	Ifndef
	// Group: several options set together by one bool symbol (HW checksum,
	// statistics, reassembly); Opts/On/Off hold them.
	Group
)

// Line is one option-producing construct of the port lwipopts.h.
type Line struct {
	Kind    Kind
	Option  string
	Expr    string // Fixed/Ifndef: the value; FromInt: fallback ("" = none); FromBool: value when set
	Off     string // FromBool: value when not set
	Symbol  string // FromInt/FromBool/Group: the Kconfig symbol tested
	Comment string
	// Group members (in order): option, value when the symbol is set, value
	// when it is not ("" = not defined then).
	Members [][3]string
	// Guard: the line sits inside `#ifdef Guard` (the tcpip-thread group).
	Guard string
}

// Version403 names the modelled port: RT-Thread 4.0.3, lwIP 2.1.2.
const Version403 = "4.0.3"

// Port403 is the lwIP-relevant content of RT-Thread 4.0.3's
// components/net/lwip-2.1.2/src/lwipopts.h, in file order. Lines that only
// name RT-Thread functions or debug switches (MEMCPY = rt_memcpy, the
// LWIP_HOOK_IP4_ROUTE_SRC hook, *_DEBUG, LWIP_ERRNO_STDINCLUDE, LWIP_RAND)
// are left out: they change no size and no lwIP rule.
var Port403 = []Line{
	{Kind: Fixed, Option: "LWIP_TIMEVAL_PRIVATE", Expr: "0", Comment: "set by the port's arch/cc.h with RT_USING_LIBC (newlib's struct timeval)"},
	{Kind: Fixed, Option: "LWIP_IPV4", Expr: "1"},
	{Kind: FromBool, Option: "LWIP_IPV6", Symbol: "RT_USING_LWIP_IPV6", Expr: "1", Off: "0"},
	{Kind: Fixed, Option: "NO_SYS", Expr: "0"},
	{Kind: Fixed, Option: "LWIP_SOCKET", Expr: "1"},
	{Kind: Fixed, Option: "LWIP_NETCONN", Expr: "1"},
	{Kind: FromBool, Option: "LWIP_IGMP", Symbol: "RT_LWIP_IGMP", Expr: "1", Off: "0"},
	{Kind: FromBool, Option: "LWIP_ICMP", Symbol: "RT_LWIP_ICMP", Expr: "1", Off: "0"},
	{Kind: FromBool, Option: "LWIP_SNMP", Symbol: "RT_LWIP_SNMP", Expr: "1", Off: "0"},
	{Kind: FromBool, Option: "LWIP_DNS", Symbol: "RT_LWIP_DNS", Expr: "1", Off: "0"},
	{Kind: Fixed, Option: "LWIP_HAVE_LOOPIF", Expr: "0"},
	{Kind: Fixed, Option: "LWIP_PLATFORM_BYTESWAP", Expr: "0"},
	{Kind: Fixed, Option: "MEM_ALIGNMENT", Expr: "4", Comment: "4.0.3 has no RT_LWIP_MEM_ALIGNMENT symbol (4.1+ does)"},
	{Kind: Fixed, Option: "MEMP_OVERFLOW_CHECK", Expr: "1", Comment: "a debugging aid left on: 12+16+16 B more per pool element"},
	{Kind: Fixed, Option: "LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT", Expr: "1"},
	{Kind: Fixed, Option: "MEMP_MEM_MALLOC", Expr: "0", Comment: "MEM_SIZE is commented out here: lwIP's default 1600 applies unless rtconfig_project.h sets it"},
	{Kind: Fixed, Option: "MEMP_NUM_PBUF", Expr: "32"},
	{Kind: FromInt, Option: "MEMP_NUM_NETCONN", Symbol: "RT_MEMP_NUM_NETCONN"},
	{Kind: FromInt, Option: "MEMP_NUM_RAW_PCB", Symbol: "RT_LWIP_RAW_PCB_NUM"},
	{Kind: FromInt, Option: "MEMP_NUM_UDP_PCB", Symbol: "RT_LWIP_UDP_PCB_NUM"},
	{Kind: FromInt, Option: "MEMP_NUM_TCP_PCB", Symbol: "RT_LWIP_TCP_PCB_NUM"},
	{Kind: FromInt, Option: "MEMP_NUM_TCP_SEG", Symbol: "RT_LWIP_TCP_SEG_NUM", Expr: "TCP_SND_QUEUELEN"},
	{Kind: FromInt, Option: "PBUF_POOL_SIZE", Symbol: "RT_LWIP_PBUF_NUM"},
	{Kind: FromInt, Option: "PBUF_POOL_BUFSIZE", Symbol: "RT_LWIP_PBUF_POOL_BUFSIZE", Comment: "no Kconfig symbol: only a header can define RT_LWIP_PBUF_POOL_BUFSIZE"},
	{Kind: Fixed, Option: "PBUF_LINK_HLEN", Expr: "16"},
	{Kind: FromInt, Option: "ETH_PAD_SIZE", Symbol: "RT_LWIP_ETH_PAD_SIZE", Comment: "no Kconfig symbol: only a header can define RT_LWIP_ETH_PAD_SIZE"},
	{Kind: Fixed, Option: "SYS_LIGHTWEIGHT_PROT", Expr: "(NO_SYS==0)"},
	{Kind: FromBool, Option: "LWIP_TCP", Symbol: "RT_LWIP_TCP", Expr: "1", Off: "0"},
	{Kind: Fixed, Option: "TCP_TTL", Expr: "255"},
	{Kind: Fixed, Option: "TCP_QUEUE_OOSEQ", Expr: "1"},
	{Kind: Fixed, Option: "TCP_MSS", Expr: "1460"},
	{Kind: FromInt, Option: "TCP_SND_BUF", Symbol: "RT_LWIP_TCP_SND_BUF", Expr: "(TCP_MSS * 2)"},
	{Kind: Fixed, Option: "TCP_SND_QUEUELEN", Expr: "(4 * TCP_SND_BUF/TCP_MSS)", Comment: "derived from RT_LWIP_TCP_SND_BUF; must stay <= MEMP_NUM_TCP_SEG (init.c #error)"},
	{Kind: Fixed, Option: "TCP_SNDLOWAT", Expr: "(TCP_SND_BUF/2)"},
	{Kind: Fixed, Option: "TCP_SNDQUEUELOWAT", Expr: "TCP_SND_QUEUELEN/2"},
	{Kind: FromInt, Option: "TCP_WND", Symbol: "RT_LWIP_TCP_WND", Expr: "(TCP_MSS * 2)"},
	{Kind: Fixed, Option: "TCP_MAXRTX", Expr: "12"},
	{Kind: Fixed, Option: "TCP_SYNMAXRTX", Expr: "4"},
	{Kind: FromInt, Option: "TCPIP_MBOX_SIZE", Symbol: "RT_LWIP_TCPTHREAD_MBOX_SIZE", Expr: "8", Guard: "RT_LWIP_TCPTHREAD_PRIORITY"},
	{Kind: FromInt, Option: "TCPIP_THREAD_PRIO", Symbol: "RT_LWIP_TCPTHREAD_PRIORITY", Expr: "128", Guard: "RT_LWIP_TCPTHREAD_PRIORITY"},
	{Kind: FromInt, Option: "TCPIP_THREAD_STACKSIZE", Symbol: "RT_LWIP_TCPTHREAD_STACKSIZE", Expr: "4096", Guard: "RT_LWIP_TCPTHREAD_PRIORITY"},
	// after the tcpip-thread #ifdef block, unconditionally: without it lwIP's
	// "tcpip_thread" is cut to RT_NAME_MAX (8) bytes, "tcpip_th", in `list_thread`
	{Kind: Fixed, Option: "TCPIP_THREAD_NAME", Expr: `"tcpip"`, Comment: "RT-Thread's own name: 5 characters fit RT_NAME_MAX (8 by default) whole"},
	{Kind: Fixed, Option: "DEFAULT_TCP_RECVMBOX_SIZE", Expr: "10"},
	{Kind: Fixed, Option: "LWIP_ARP", Expr: "1"},
	{Kind: Fixed, Option: "ARP_TABLE_SIZE", Expr: "10"},
	{Kind: Fixed, Option: "ARP_QUEUEING", Expr: "1"},
	{Kind: Group, Symbol: "RT_LWIP_USING_HW_CHECKSUM", Members: [][3]string{
		{"CHECKSUM_GEN_IP", "0", ""}, {"CHECKSUM_GEN_UDP", "0", ""}, {"CHECKSUM_GEN_TCP", "0", ""}, {"CHECKSUM_GEN_ICMP", "0", ""},
		{"CHECKSUM_CHECK_IP", "0", ""}, {"CHECKSUM_CHECK_UDP", "0", ""}, {"CHECKSUM_CHECK_TCP", "0", ""}, {"CHECKSUM_CHECK_ICMP", "0", ""}}},
	{Kind: Fixed, Option: "IP_FORWARD", Expr: "0"},
	{Kind: Group, Symbol: "RT_LWIP_REASSEMBLY_FRAG", Members: [][3]string{
		{"IP_REASSEMBLY", "1", "0"}, {"IP_FRAG", "1", "0"}, {"IP_REASS_MAX_PBUFS", "10", ""}, {"MEMP_NUM_REASSDATA", "10", ""}}},
	{Kind: Fixed, Option: "ICMP_TTL", Expr: "255"},
	{Kind: FromBool, Option: "LWIP_DHCP", Symbol: "RT_LWIP_DHCP", Expr: "1", Off: "0"},
	{Kind: Fixed, Option: "DHCP_DOES_ARP_CHECK", Expr: "(LWIP_DHCP)"},
	{Kind: Fixed, Option: "LWIP_AUTOIP", Expr: "0"},
	{Kind: Fixed, Option: "LWIP_DHCP_AUTOIP_COOP", Expr: "(LWIP_DHCP && LWIP_AUTOIP)"},
	{Kind: FromBool, Option: "LWIP_UDP", Symbol: "RT_LWIP_UDP", Expr: "1", Off: "0"},
	{Kind: Fixed, Option: "LWIP_UDPLITE", Expr: "0"},
	{Kind: Fixed, Option: "UDP_TTL", Expr: "255"},
	{Kind: Fixed, Option: "DEFAULT_UDP_RECVMBOX_SIZE", Expr: "1"},
	{Kind: FromBool, Option: "LWIP_RAW", Symbol: "RT_LWIP_RAW", Expr: "1", Off: "0"},
	{Kind: Fixed, Option: "DEFAULT_RAW_RECVMBOX_SIZE", Expr: "1"},
	{Kind: Fixed, Option: "DEFAULT_ACCEPTMBOX_SIZE", Expr: "10"},
	{Kind: Group, Symbol: "RT_LWIP_STATS", Members: [][3]string{
		{"LWIP_STATS", "1", "0"}, {"LWIP_STATS_DISPLAY", "1", ""},
		{"LINK_STATS", "1", ""}, {"IP_STATS", "1", ""}, {"ICMP_STATS", "1", ""}, {"IGMP_STATS", "1", ""}, {"IPFRAG_STATS", "1", ""},
		{"UDP_STATS", "1", ""}, {"TCP_STATS", "1", ""}, {"MEM_STATS", "1", ""}, {"MEMP_STATS", "1", ""}, {"PBUF_STATS", "1", ""},
		{"SYS_STATS", "1", ""}, {"MIB2_STATS", "1", ""}}},
	{Kind: FromBool, Option: "PPP_SUPPORT", Symbol: "RT_LWIP_PPP", Expr: "1", Off: "0"},
	{Kind: Ifndef, Option: "LWIP_POSIX_SOCKETS_IO_NAMES", Expr: "0"},
	{Kind: Ifndef, Option: "LWIP_TCP_KEEPALIVE", Expr: "1"},
	{Kind: Ifndef, Option: "LWIP_NETIF_HOSTNAME", Expr: "1"},
	{Kind: Ifndef, Option: "LWIP_NETIF_API", Expr: "1"},
	{Kind: Ifndef, Option: "LWIP_COMPAT_SOCKETS", Expr: "1"},
	{Kind: Ifndef, Option: "LWIP_SO_SNDTIMEO", Expr: "1"},
	{Kind: Ifndef, Option: "LWIP_SO_RCVTIMEO", Expr: "1"},
	{Kind: Ifndef, Option: "LWIP_SO_RCVBUF", Expr: "1"},
	{Kind: Ifndef, Option: "RECV_BUFSIZE_DEFAULT", Expr: "8192"},
	{Kind: Ifndef, Option: "SO_REUSE", Expr: "0"},
}

// Origin says where an effective option value comes from.
type Origin string

const (
	FromKconfig Origin = "kconfig" // a Kconfig symbol through the port mapping (.config -> rtconfig.h)
	FromPort    Origin = "port"    // hard-coded (or fallback) in the port lwipopts.h
	FromSide    Origin = "side"    // rtconfig.h / rtconfig_project.h defines the lwIP option itself
	FromPatch   Origin = "patch"   // a patched port line
)

// Value is one effective option.
type Value struct {
	Expr   string
	Origin Origin
	Symbol string // Kconfig symbol behind it (FromKconfig)
	// Ignored is set when rtconfig.h or the side header defines the option
	// but the port redefines it unconditionally: that value has no effect.
	Ignored string
}

// Effective evaluates the port lines over macros (everything rtconfig.h
// defines, rtconfig_project.h included; a bool symbol is present with value
// "" or "1") and returns the options lwIP sees before its own opt.h
// defaults. patches replace Fixed port values (option -> new expression).
func Effective(lines []Line, macros map[string]string, patches map[string]string) map[string]Value {
	out := map[string]Value{}
	has := func(s string) bool { _, ok := macros[s]; return ok }
	seen := map[string]bool{}
	for _, l := range lines {
		seen[l.Option] = true
		switch l.Kind {
		case Fixed:
			v := Value{Expr: l.Expr, Origin: FromPort}
			if p, ok := patches[l.Option]; ok {
				v = Value{Expr: p, Origin: FromPatch}
			}
			if side, ok := macros[l.Option]; ok && side != v.Expr {
				v.Ignored = side
			}
			out[l.Option] = v
		case FromInt:
			if l.Guard != "" && !has(l.Guard) {
				out[l.Option] = Value{Expr: l.Expr, Origin: FromPort}
				continue
			}
			if v, ok := macros[l.Symbol]; ok {
				out[l.Option] = Value{Expr: v, Origin: FromKconfig, Symbol: l.Symbol}
			} else if l.Expr != "" {
				out[l.Option] = Value{Expr: l.Expr, Origin: FromPort}
			} else if side, ok := macros[l.Option]; ok {
				out[l.Option] = Value{Expr: side, Origin: FromSide}
			}
		case FromBool:
			v := Value{Expr: l.Off, Origin: FromKconfig, Symbol: l.Symbol}
			if has(l.Symbol) {
				v.Expr = l.Expr
			}
			if side, ok := macros[l.Option]; ok && side != v.Expr {
				v.Ignored = side
			}
			out[l.Option] = v
		case Ifndef:
			if side, ok := macros[l.Option]; ok {
				out[l.Option] = Value{Expr: side, Origin: FromSide}
			} else {
				out[l.Option] = Value{Expr: l.Expr, Origin: FromPort}
			}
		case Group:
			on := has(l.Symbol)
			for _, m := range l.Members {
				seen[m[0]] = true
				e := m[2]
				if on {
					e = m[1]
				}
				if e == "" {
					if side, ok := macros[m[0]]; ok {
						out[m[0]] = Value{Expr: side, Origin: FromSide}
					}
					continue
				}
				v := Value{Expr: e, Origin: FromKconfig, Symbol: l.Symbol}
				if side, ok := macros[m[0]]; ok && side != e {
					v.Ignored = side
				}
				out[m[0]] = v
			}
		}
	}
	// Options the port does not mention: rtconfig.h / the side header define
	// them directly (MEM_SIZE, TCP_TMR_INTERVAL, the Kconfig symbols named
	// like lwIP options such as LWIP_NETIF_LINK_CALLBACK).
	for name, v := range macros {
		if !seen[name] && !strings.HasPrefix(name, "RT_") && !strings.HasPrefix(name, "CONFIG_") {
			out[name] = Value{Expr: v, Origin: FromSide}
		}
	}
	return out
}

// LineFor returns the port line that produces option (Group members included).
func LineFor(lines []Line, option string) (Line, bool) {
	for _, l := range lines {
		if l.Option == option {
			return l, true
		}
		for _, m := range l.Members {
			if m[0] == option {
				return l, true
			}
		}
	}
	return Line{}, false
}

// HardCoded reports whether the port defines option unconditionally (only a
// patch of the port lwipopts.h changes it).
func HardCoded(lines []Line, option string) bool {
	l, ok := LineFor(lines, option)
	return ok && l.Kind == Fixed
}

// SymbolFor returns the Kconfig int symbol that sets option, if any.
func SymbolFor(lines []Line, option string) (string, bool) {
	l, ok := LineFor(lines, option)
	if ok && l.Kind == FromInt {
		if _, kc := Kconfig[l.Symbol]; kc {
			return l.Symbol, true
		}
	}
	return "", false
}

// Sym is a Kconfig symbol of RT-Thread's lwIP menu.
type Sym struct {
	Type    string // bool | int | string
	Default string // Kconfig default ("y"/"n" for bools)
	Prompt  string
}

// Kconfig lists the symbols of the 4.0.3 "light weight TCP/IP stack" menu
// that lwipgen reads or writes (shared/reference/rtthread.md 1b). Symbols
// not listed here (RT_LWIP_MEM_SIZE, RT_LWIP_PBUF_POOL_BUFSIZE ...) do not
// exist: menuconfig drops them from .config on the next save.
var Kconfig = map[string]Sym{
	"RT_USING_LWIP":               {"bool", "n", "Enable lwIP stack"},
	"RT_USING_LWIP212":            {"bool", "n", "lwIP v2.1.2 (choice)"},
	"RT_MEMP_NUM_NETCONN":         {"int", "8", "the number of struct netconns"},
	"RT_LWIP_PBUF_NUM":            {"int", "16", "the number of PBUF"},
	"RT_LWIP_RAW_PCB_NUM":         {"int", "4", "the number of raw connection"},
	"RT_LWIP_UDP_PCB_NUM":         {"int", "4", "the number of UDP socket"},
	"RT_LWIP_TCP_PCB_NUM":         {"int", "4", "the number of TCP socket"},
	"RT_LWIP_TCP_SEG_NUM":         {"int", "40", "the number of TCP segment"},
	"RT_LWIP_TCP_SND_BUF":         {"int", "8196", "the size of send buffer"},
	"RT_LWIP_TCP_WND":             {"int", "8196", "the size of TCP send window"},
	"RT_LWIP_TCPTHREAD_PRIORITY":  {"int", "10", "the priority level value of lwIP thread"},
	"RT_LWIP_TCPTHREAD_MBOX_SIZE": {"int", "8", "the number of mail in the lwIP thread mailbox"},
	"RT_LWIP_TCPTHREAD_STACKSIZE": {"int", "1024", "the stack size of lwIP thread"},
	"LWIP_NO_RX_THREAD":           {"bool", "n", "Not use Rx thread"},
	"LWIP_NO_TX_THREAD":           {"bool", "n", "Not use Tx thread"},
	"RT_LWIP_ETHTHREAD_PRIORITY":  {"int", "12", "the priority level value of ethernet thread"},
	"RT_LWIP_ETHTHREAD_STACKSIZE": {"int", "1024", "the stack size of ethernet thread"},
	"RT_LWIP_ETHTHREAD_MBOX_SIZE": {"int", "8", "the number of mail in the ethernet thread mailbox"},
	"RT_LWIP_USING_HW_CHECKSUM":   {"bool", "n", "Enable hardware checksum"},
	"RT_LWIP_STATS":               {"bool", "n", "Enable lwIP statistics"},
	"RT_LWIP_REASSEMBLY_FRAG":     {"bool", "n", "Enable IP reassembly and frag"},
	"RT_LWIP_IGMP":                {"bool", "y", "IGMP protocol"},
	"RT_LWIP_ICMP":                {"bool", "y", "ICMP protocol"},
	"RT_LWIP_SNMP":                {"bool", "n", "SNMP protocol"},
	"RT_LWIP_DNS":                 {"bool", "y", "Enble DNS for name resolution"},
	"RT_LWIP_DHCP":                {"bool", "y", "Enable alloc ip address through DHCP"},
	"RT_LWIP_UDP":                 {"bool", "y", "UDP protocol"},
	"RT_LWIP_TCP":                 {"bool", "y", "TCP protocol"},
	"RT_LWIP_RAW":                 {"bool", "n", "RAW protocol"},
	"RT_LWIP_PPP":                 {"bool", "n", "PPP protocol"},
	"RT_USING_LWIP_IPV6":          {"bool", "n", "IPV6 protocol"},
	"RT_LWIP_USING_PING":          {"bool", "y", "Enable ping features"},
	"LWIP_NETIF_STATUS_CALLBACK":  {"int", "1", "netif status callback"},
	"LWIP_NETIF_LINK_CALLBACK":    {"int", "1", "netif link status callback"},
	"SO_REUSE":                    {"int", "1", "SO_REUSEADDR option"},
	"LWIP_SO_RCVTIMEO":            {"int", "1", "receive timeout"},
	"LWIP_SO_SNDTIMEO":            {"int", "1", "send timeout"},
	"LWIP_SO_RCVBUF":              {"int", "1", "SO_RCVBUF"},
	"LWIP_SO_LINGER":              {"int", "0", "SO_LINGER"},
	"IP_SOF_BROADCAST":            {"int", "1", "broadcast filter on send"},
	"IP_SOF_BROADCAST_RECV":       {"int", "1", "broadcast filter on receive"},
}

// Entry is one Kconfig symbol assignment.
type Entry struct {
	Symbol string
	Value  string // "y", "n" (not set), an integer, or a quoted string
	Why    string
}

// ConfigLine is the .config line of an entry.
func (e Entry) ConfigLine() string {
	switch e.Value {
	case "n":
		return "# CONFIG_" + e.Symbol + " is not set"
	}
	return "CONFIG_" + e.Symbol + "=" + e.Value
}

// RtconfigLine is the rtconfig.h line mk_rtconfig() writes for the entry
// ("" for a bool that is not set).
func (e Entry) RtconfigLine() string {
	switch e.Value {
	case "n":
		return ""
	case "y":
		return "#define " + e.Symbol
	}
	return "#define " + e.Symbol + " " + e.Value
}

// Macros turns entries into the macro set rtconfig.h defines.
func Macros(es []Entry) map[string]string {
	m := map[string]string{}
	for _, e := range es {
		switch e.Value {
		case "n":
		case "y":
			m[e.Symbol] = ""
		default:
			m[e.Symbol] = e.Value
		}
	}
	return m
}

// ParseDotConfig reads a .config: symbol (without CONFIG_) -> value, "n"
// for "# CONFIG_X is not set".
func ParseDotConfig(src string) map[string]string {
	out := map[string]string{}
	for _, l := range strings.Split(src, "\n") {
		l = strings.TrimSpace(strings.TrimSuffix(l, "\r"))
		if s, ok := strings.CutPrefix(l, "# CONFIG_"); ok && strings.HasSuffix(s, " is not set") {
			out[strings.TrimSuffix(s, " is not set")] = "n"
			continue
		}
		if s, ok := strings.CutPrefix(l, "CONFIG_"); ok {
			if k, v, ok := strings.Cut(s, "="); ok {
				out[k] = v
			}
		}
	}
	return out
}

// ParseRtconfig reads the object-like #defines of an rtconfig.h (or any
// header) in file order, ignoring conditionals like a reviewer does; a bare
// `#define X` has value "".
func ParseRtconfig(src string) (map[string]string, []string) {
	m := map[string]string{}
	var order []string
	for _, l := range strings.Split(cheader.StripComments(src), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && (f[0] == "#define" || f[0] == "#" && len(f) >= 3 && f[1] == "define") {
			if f[0] == "#" {
				f = f[1:]
			}
			name := f[1]
			if strings.Contains(name, "(") {
				continue
			}
			if _, dup := m[name]; !dup {
				order = append(order, name)
			}
			m[name] = strings.TrimSpace(strings.Join(f[2:], " "))
		}
	}
	return m, order
}

// MkRtconfig converts a .config into rtconfig.h the way RT-Thread's
// mk_rtconfig() does (tools/menuconfig.py): CONFIG_X=y -> #define X,
// CONFIG_X=v -> #define X v, "is not set" dropped, other comments become
// C comments, CONFIG_PKG_*_PATH/_VER skipped, and rtconfig_project.h
// included last when the BSP has one.
func MkRtconfig(dotConfig string, haveProjectHeader bool) string {
	var b strings.Builder
	b.WriteString("#ifndef RT_CONFIG_H__\n#define RT_CONFIG_H__\n\n")
	empty := true
	for _, l := range strings.Split(dotConfig, "\n") {
		l = strings.TrimRight(l, "\r ")
		if l == "" {
			if !empty {
				b.WriteString("\n")
				empty = true
			}
			continue
		}
		empty = false
		if strings.HasPrefix(l, "#") {
			c := strings.TrimSpace(strings.TrimPrefix(l, "#"))
			if strings.HasPrefix(c, "CONFIG_") && strings.HasSuffix(c, " is not set") {
				empty = true
				continue
			}
			if c == "" {
				continue
			}
			b.WriteString("/* " + c + " */\n")
			continue
		}
		s, ok := strings.CutPrefix(l, "CONFIG_")
		if !ok {
			continue
		}
		k, v, _ := strings.Cut(s, "=")
		if strings.HasPrefix(k, "PKG_") && (strings.HasSuffix(k, "_PATH") || strings.HasSuffix(k, "_VER")) {
			continue
		}
		if v == "y" {
			b.WriteString("#define " + k + "\n")
		} else {
			b.WriteString("#define " + k + " " + v + "\n")
		}
	}
	if haveProjectHeader {
		b.WriteString("#include \"rtconfig_project.h\"\n")
	}
	b.WriteString("\n#endif\n")
	return b.String()
}

// IntValue parses an integer Kconfig value (decimal or 0x hex).
func IntValue(s string) (int64, bool) {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 0, 64)
	return v, err == nil
}

// SortedKeys returns the keys of m in order.
func SortedKeys[V any](m map[string]V) []string {
	k := make([]string, 0, len(m))
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}

// Describe is a one-line human description of where v comes from.
func (v Value) Describe(option string) string {
	switch v.Origin {
	case FromKconfig:
		return fmt.Sprintf("Kconfig %s through the port lwipopts.h", v.Symbol)
	case FromPort:
		return "hard-coded in the port lwipopts.h"
	case FromPatch:
		return "the port lwipopts.h, patched by lwipgen"
	}
	return "rtconfig.h / rtconfig_project.h defines " + option
}
