package lwip

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/cheader"
)

// Config is a fully resolved lwIP configuration: what the preprocessor sees
// after lwipopts.h, opt.h (and the few other headers init.c includes) are
// processed, for one lwIP version.
type Config struct {
	Version Version
	// Measured, when set, are the compiler's sizes for the lwIP tree the
	// project compiles (a patched struct pbuf); nil = the stock model.
	Measured *Measured

	user    map[string]string // as given to Resolve
	macros  map[string]*macro // final macro table (user + defaults + forced)
	cache   map[string]evalResult
	unknown map[string]bool // identifiers that evaluated as 0
}

type evalResult struct {
	v   int64
	err error
}

// builtinFuncs are the function-like helper macros of lwIP (def.h, arch.h)
// plus MIN/MAX, which many vendor lwipopts.h use (their cc.h defines them).
var builtinFuncs = map[string]*macro{
	"LWIP_MIN":              newFuncMacro([]string{"x", "y"}, "(((x) < (y)) ? (x) : (y))"),
	"LWIP_MAX":              newFuncMacro([]string{"x", "y"}, "(((x) > (y)) ? (x) : (y))"),
	"MIN":                   newFuncMacro([]string{"x", "y"}, "(((x) < (y)) ? (x) : (y))"),
	"MAX":                   newFuncMacro([]string{"x", "y"}, "(((x) > (y)) ? (x) : (y))"),
	"LWIP_MEM_ALIGN_SIZE":   newFuncMacro([]string{"size"}, "(((size) + MEM_ALIGNMENT - 1U) & ~(MEM_ALIGNMENT-1U))"),
	"LWIP_MEM_ALIGN_BUFFER": newFuncMacro([]string{"size"}, "(((size) + MEM_ALIGNMENT - 1U))"),
}

// forcedDefs are unconditional #defines in lwIP headers: a lwipopts.h value
// for them is overridden (with a "redefined" warning).
func forcedDefs(v Version) map[string]string {
	m := map[string]string{
		// pbuf.h
		"PBUF_TRANSPORT_HLEN": "20",
		"PBUF_IP_HLEN":        "(LWIP_IPV6 ? 40 : 20)",
		// api.h / tcp.h flag values compared by init.c check #48
		"NETCONN_COPY": "0x01", "NETCONN_MORE": "0x02",
		"TCP_WRITE_FLAG_COPY": "0x01", "TCP_WRITE_FLAG_MORE": "0x02",
		// ppp_opts.h: PPP_NUM_TIMEOUTS is (PPP_SUPPORT * PER_PCB * NUM_PCB) inside #if PPP_SUPPORT, else 0
		"PPP_NUM_TIMEOUTS": "(PPP_SUPPORT ? (PPP_SUPPORT * PPP_NUM_TIMEOUTS_PER_PCB * MEMP_NUM_PPP_PCB) : 0)",
		// debug.h constants used by debug option defaults
		"LWIP_DBG_ON": "0x80U", "LWIP_DBG_OFF": "0x00U",
		"LWIP_DBG_LEVEL_ALL": "0x00", "LWIP_DBG_LEVEL_WARNING": "0x01", "LWIP_DBG_LEVEL_SERIOUS": "0x02", "LWIP_DBG_LEVEL_SEVERE": "0x03",
		"LWIP_DBG_TRACE": "0x40U", "LWIP_DBG_STATE": "0x20U", "LWIP_DBG_FRESH": "0x10U", "LWIP_DBG_HALT": "0x08U",
		// netif.h: the index type of ARP/ND6 entries (checked by etharp.c)
		"NETIF_ADDR_IDX_MAX": "(((LWIP_IPV4 && LWIP_ARP && (ARP_TABLE_SIZE > 0x7f)) || (LWIP_IPV6 && (LWIP_ND6_NUM_DESTINATIONS > 0x7f))) ? 0x7FFF : 0x7F)",
		// dns.h
		"LWIP_DNS_SECURE_RAND_XID": "1", "LWIP_DNS_SECURE_NO_MULTIPLE_OUTSTANDING": "2", "LWIP_DNS_SECURE_RAND_SRC_PORT": "4",
		// arch.h
		"LITTLE_ENDIAN": "1234", "BIG_ENDIAN": "4321",
	}
	// opt.h: not overridable (no #ifndef guard)
	if v.is22() {
		m["LWIP_NUM_SYS_TIMEOUT_INTERNAL"] = "(LWIP_TCP + IP_REASSEMBLY + LWIP_ARP + (2*LWIP_DHCP) + LWIP_ACD + LWIP_IGMP + LWIP_DNS + PPP_NUM_TIMEOUTS + (LWIP_IPV6 * (1 + LWIP_IPV6_REASS + LWIP_IPV6_MLD + LWIP_IPV6_DHCP6)))"
	} else {
		m["LWIP_NUM_SYS_TIMEOUT_INTERNAL"] = "(LWIP_TCP + IP_REASSEMBLY + LWIP_ARP + (2*LWIP_DHCP) + LWIP_AUTOIP + LWIP_IGMP + LWIP_DNS + PPP_NUM_TIMEOUTS + (LWIP_IPV6 * (1 + LWIP_IPV6_REASS + LWIP_IPV6_MLD)))"
	}
	return m
}

// defaultOverrides replace table defaults that are conditional in opt.h and
// so cannot be written as one expression in the TSV.
func defaultOverrides(v Version) map[string]string {
	m := map[string]string{
		"BYTE_ORDER": "LITTLE_ENDIAN", // arch.h default
		// opt.h: LWIP_TIMERS honours the legacy NO_SYS_NO_TIMERS
		"LWIP_TIMERS":    "(defined NO_SYS_NO_TIMERS ? (!NO_SYS || (NO_SYS && !NO_SYS_NO_TIMERS)) : 1)",
		"PBUF_LINK_HLEN": "((defined LWIP_HOOK_VLAN_SET) ? (18 + ETH_PAD_SIZE) : (14 + ETH_PAD_SIZE))",
	}
	if v.is22() {
		m["PBUF_LINK_HLEN"] = "((defined LWIP_HOOK_VLAN_SET || LWIP_VLAN_PCP) ? (18 + ETH_PAD_SIZE) : (14 + ETH_PAD_SIZE))"
	}
	return m
}

// noDefault are table rows that describe something lwIP does NOT define by
// default (so `defined NAME` must be false unless the user defines it).
var noDefault = map[string]bool{
	"LWIP_RAM_HEAP_POINTER": true, // mem.c: only `#ifndef` to point at ram_heap
	"TCP_RCV_SCALE":         true, // handled with LWIP_WND_SCALE below
	"LWIP_EVENT_API":        true, // handled below
	"LWIP_CALLBACK_API":     true,
}

var statsForcedOff = []string{"LINK_STATS", "ETHARP_STATS", "IP_STATS", "IPFRAG_STATS", "ICMP_STATS", "IGMP_STATS", "UDP_STATS", "TCP_STATS", "MEM_STATS", "MEMP_STATS", "SYS_STATS", "LWIP_STATS_DISPLAY", "IP6_STATS", "ICMP6_STATS", "IP6_FRAG_STATS", "MLD6_STATS", "ND6_STATS", "MIB2_STATS"}

var reNote = regexp.MustCompile(`\s*(\[[^\]]*\]|\((only|defined only|if |when |else|undefined|not defined)[^)]*\)?.*)$`)

// cleanDefault turns a table default into a macro body, or ok=false when the
// table says lwIP leaves the name undefined / it is a function-like macro.
func cleanDefault(d string) (string, bool) {
	d = strings.TrimSpace(cheader.StripComments(d))
	switch {
	case d == "", strings.HasPrefix(d, "(undefined"), strings.HasPrefix(d, "(not defined"),
		strings.HasPrefix(d, "macro("):
		return "", false
	case strings.HasPrefix(d, "(empty"):
		return "", true
	}
	if i := strings.Index(d, "; "); i > 0 { // "A; B if ..." alternatives: first one
		d = d[:i]
	}
	for {
		if _, err := lex(d); err == nil && balanced(d) {
			if _, perr := syntaxCheck(d); perr == nil {
				return d, true
			}
		}
		loc := reNote.FindStringIndex(d)
		if loc == nil || loc[0] == 0 {
			// "0 (1 when MEM_LIBC_MALLOC=1)": keep the leading expression
			i := strings.LastIndex(d, " (")
			if i <= 0 {
				break
			}
			loc = []int{i}
		}
		d = strings.TrimSpace(d[:loc[0]])
	}
	// keep whatever is there (strings like "tcpip_thread", types like u8_t)
	return d, true
}

// cleanedDefaults memoizes cleanDefault: it is a pure function of the
// option table's text, and Resolve runs it for every option of the table on
// every call (the plan's fit search resolves hundreds of times).
var cleanedDefaults sync.Map // string -> cleaned

type cleaned struct {
	body string
	ok   bool
}

func cleanDefaultCached(d string) (string, bool) {
	if v, ok := cleanedDefaults.Load(d); ok {
		c := v.(cleaned)
		return c.body, c.ok
	}
	body, ok := cleanDefault(d)
	cleanedDefaults.Store(d, cleaned{body, ok})
	return body, ok
}

func balanced(s string) bool { return strings.Count(s, "(") == strings.Count(s, ")") }

func syntaxCheck(s string) (cval, error) {
	toks, err := lex(s)
	if err != nil {
		return cval{}, err
	}
	e := &expander{env: funcEnv{}}
	exp, err := e.expand(toks, map[string]bool{})
	if err != nil {
		return cval{}, err
	}
	return cval{}, parseOnly(exp)
}

// funcEnv knows only the built-in function-like macros (for syntax checks).
type funcEnv struct{}

func (funcEnv) lookupMacro(name string) (*macro, bool) {
	m, ok := builtinFuncs[name]
	return m, ok
}

// Resolve evaluates a lwipopts.h for version v. set maps a macro name to its
// replacement text as written in lwipopts.h ("(16*TCP_MSS)", "1460", "" for a
// bare #define). Function-like macros are given as "NAME(a,b)" keys.
// Unknown names are kept (they may be used by other user macros); Check
// reports them.
func Resolve(v Version, set map[string]string) (*Config, error) {
	if v != V212 && v != V213 && v != V22x {
		return nil, fmt.Errorf("lwip: unknown version %q", v)
	}
	c := &Config{Version: v, user: map[string]string{}, macros: map[string]*macro{}, cache: map[string]evalResult{}, unknown: map[string]bool{}}
	// 1. defaults from the option tables
	for _, o := range Options(v) {
		if noDefault[o.Name] {
			continue
		}
		body, ok := cleanDefaultCached(o.Default)
		if !ok {
			continue
		}
		m, err := newMacro(body)
		if err != nil {
			continue // non-expression default (never evaluated numerically)
		}
		c.macros[o.Name] = m
	}
	for k, b := range defaultOverrides(v) {
		c.macros[k] = mustMacro(b)
	}
	// 2. user definitions (lwipopts.h is included before the defaults, so it wins)
	for k, val := range set {
		name, params, fn, err := splitMacroName(k)
		if err != nil {
			return nil, err
		}
		m, err := newMacro(val)
		if err != nil {
			return nil, fmt.Errorf("lwip: %s: %v", name, err)
		}
		if fn {
			m.fn, m.params = true, params
		}
		c.user[name] = val
		c.macros[name] = m
	}
	// 3. opt.h blocks that depend on what the user defined
	// LWIP_WND_SCALE and TCP_RCV_SCALE share one #if !defined LWIP_WND_SCALE block
	if !c.IsSet("LWIP_WND_SCALE") && !c.IsSet("TCP_RCV_SCALE") {
		c.macros["TCP_RCV_SCALE"] = mustMacro("0")
	}
	// LWIP_EVENT_API / LWIP_CALLBACK_API: 0/1 if neither defined, else missing ones are 0
	if !c.IsSet("LWIP_EVENT_API") && !c.IsSet("LWIP_CALLBACK_API") {
		c.macros["LWIP_EVENT_API"] = mustMacro("0")
		c.macros["LWIP_CALLBACK_API"] = mustMacro("1")
	} else {
		for _, n := range []string{"LWIP_EVENT_API", "LWIP_CALLBACK_API"} {
			if !c.IsSet(n) {
				c.macros[n] = mustMacro("0")
			}
		}
	}
	// 2.2.1 opt.h: `#elif MEM_LIBC_MALLOC` defines the custom allocator to libc
	if v.is22() && c.IsSet("MEM_LIBC_MALLOC") && c.truth("MEM_LIBC_MALLOC") {
		c.macros["MEM_CUSTOM_ALLOCATOR"] = mustMacro("1")
		c.macros["MEM_CUSTOM_FREE"] = mustMacro("free")
		c.macros["MEM_CUSTOM_MALLOC"] = mustMacro("malloc")
		c.macros["MEM_CUSTOM_CALLOC"] = mustMacro("calloc")
	}
	// 4. unconditional lwIP definitions
	for k, b := range forcedDefs(v) {
		c.macros[k] = mustMacro(b)
	}
	for k, m := range builtinFuncs {
		if _, user := c.macros[k]; !user || !c.IsSet(k) {
			c.macros[k] = m
		}
	}
	// opt.h: `#if !LWIP_IPV4` forces the IPv4 extensions off
	if !c.truth("LWIP_IPV4") {
		off := []string{"IP_FORWARD", "IP_REASSEMBLY", "IP_FRAG", "LWIP_DHCP", "LWIP_AUTOIP", "LWIP_IGMP"}
		if v.is22() {
			off = append(off, "LWIP_ACD")
		}
		for _, n := range off {
			c.macros[n] = mustMacro("0")
		}
	}
	// opt.h: `#if LWIP_STATS ... #else` defines every *_STATS to 0
	if !c.truth("LWIP_STATS") {
		for _, n := range statsForcedOff {
			c.macros[n] = mustMacro("0")
		}
	}
	c.cache = map[string]evalResult{}
	// evaluate every user-set option once so unknown identifiers are recorded
	for n := range c.user {
		if m := c.macros[n]; m != nil && !m.fn {
			c.Int(n)
		}
	}
	return c, nil
}

func mustMacro(body string) *macro {
	m, err := newMacro(body)
	if err != nil {
		panic(err)
	}
	return m
}

var reMacroName = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(?:\(([^)]*)\))?$`)

func splitMacroName(k string) (name string, params []string, fn bool, err error) {
	m := reMacroName.FindStringSubmatch(strings.ReplaceAll(k, " ", ""))
	if m == nil {
		return "", nil, false, fmt.Errorf("lwip: invalid macro name %q", k)
	}
	if strings.Contains(k, "(") {
		fn = true
		if m[2] != "" {
			params = strings.Split(m[2], ",")
		}
	}
	return m[1], params, fn, nil
}

func (c *Config) lookupMacro(name string) (*macro, bool) {
	m, ok := c.macros[name]
	return m, ok
}

func (c *Config) truth(name string) bool {
	v, _ := c.Int(name)
	return v != 0
}

// IsSet reports whether lwipopts.h defines name (as opposed to a default).
func (c *Config) IsSet(name string) bool {
	_, ok := c.user[name]
	return ok
}

// Defined reports whether name is a macro after all headers (`defined NAME`).
func (c *Config) Defined(name string) bool {
	_, ok := c.macros[name]
	return ok
}

// SetNames lists the names lwipopts.h defines, sorted.
func (c *Config) SetNames() []string {
	out := make([]string, 0, len(c.user))
	for k := range c.user {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// UserValue returns the text lwipopts.h gave for name.
func (c *Config) UserValue(name string) (string, bool) {
	v, ok := c.user[name]
	return v, ok
}

// Expr returns the replacement text of macro name (user or default).
func (c *Config) Expr(name string) (string, bool) {
	m, ok := c.macros[name]
	if !ok {
		return "", false
	}
	var b strings.Builder
	for i, t := range m.body {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String(), true
}

// Int evaluates option name the way `#if NAME` would. ok is false when name
// is not defined or does not evaluate to an integer (strings, types, empty).
func (c *Config) Int(name string) (int64, bool) {
	v, err := c.Value(name)
	return v, err == nil
}

// Value is Int with the reason when there is no integer value.
func (c *Config) Value(name string) (int64, error) {
	if r, ok := c.cache[name]; ok {
		return r.v, r.err
	}
	var r evalResult
	if _, ok := c.macros[name]; !ok {
		r.err = fmt.Errorf("%s is not defined", name)
	} else {
		r.v, r.err = c.eval([]tok{{kind: tIdent, text: name}}, true)
		if r.err != nil {
			r.err = fmt.Errorf("%s: %v", name, r.err)
		}
	}
	c.cache[name] = r
	return r.v, r.err
}

// Eval evaluates a C constant expression in the context of this
// configuration with `#if` semantics (unknown identifiers are 0 and are
// recorded in Unknown).
func (c *Config) Eval(expr string) (int64, error) {
	toks, err := lex(expr)
	if err != nil {
		return 0, err
	}
	return c.eval(toks, true)
}

// EvalQuiet is Eval without recording unknown identifiers.
func (c *Config) EvalQuiet(expr string) (int64, error) {
	toks, err := lex(expr)
	if err != nil {
		return 0, err
	}
	return c.eval(toks, false)
}

func (c *Config) eval(toks []tok, record bool) (int64, error) {
	e := &expander{env: c}
	exp, err := e.expand(toks, map[string]bool{})
	if err != nil {
		return 0, err
	}
	for _, t := range exp {
		if t.kind == tString {
			return 0, fmt.Errorf("not an integer expression (string %s)", t.text)
		}
	}
	var unk func(string)
	if record {
		unk = func(n string) {
			if _, isType := castTypes[n]; !isType {
				c.unknown[n] = true
			}
		}
	}
	v, _, err := evalTokens(exp, unk)
	return v.int64(), err
}

// Unknown lists identifiers that were evaluated as 0 because nothing defines
// them (as `#if` does), sorted.
func (c *Config) Unknown() []string {
	out := make([]string, 0, len(c.unknown))
	for k := range c.unknown {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// mustInt is Int for options that always have a numeric default.
func (c *Config) mustInt(name string) int64 {
	v, _ := c.Int(name)
	return v
}
