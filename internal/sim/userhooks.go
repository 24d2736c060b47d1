package sim

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
)

// A user's lwipopts.h may map lwIP's hook macros to functions its project
// defines in its own code (stm32-hotspot/STM32H7-LwIP-Examples@b4bcc6cffa
// STM32H743_Nucleo_ETH/LWIP/Target/lwipopts.h: `#define LOCK_TCPIP_CORE
// sys_lock_tcpip_core`, the body in the project's ethernetif.c). The
// simulator compiles the file, not that code: for the hooks whose meaning
// lwIP defines, it provides a stand-in that does what lwIP's own default
// does; any other function the file's macros need is named by the link
// (undefinedSymbols).

// hookStandIn is the body the simulator gives a function a hook macro maps
// to: the C statements of lwIP's own meaning of that macro.
type hookStandIn struct {
	body string // compiled inside #if !NO_SYS && LWIP_TCPIP_CORE_LOCKING when core says so
	core bool
	why  string
}

var hookStandIns = map[string]hookStandIn{
	"LOCK_TCPIP_CORE":   {"sys_mutex_lock(&lock_tcpip_core);", true, "takes lwIP's core lock, as tcpip.h's default LOCK_TCPIP_CORE() does"},
	"UNLOCK_TCPIP_CORE": {"sys_mutex_unlock(&lock_tcpip_core);", true, "releases lwIP's core lock, as tcpip.h's default UNLOCK_TCPIP_CORE() does"},
	// the simulator's own core-locking check replaces these two macros
	// (coreLockHeader, rtosCoreLockHeader); the functions only have to exist
	"LWIP_ASSERT_CORE_LOCKED": {"", false, "empty: the simulator's own core-locking check replaces the macro"},
	"LWIP_MARK_TCPIP_THREAD":  {"", false, "empty: the simulator's own core-locking check replaces the macro"},
}

// userHook is one hook macro of the file mapped to a function.
type userHook struct {
	Macro, Func string
}

var reBareIdent = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(?:\s*\(\s*\))?$`)

// userHooks are the file's object-like definitions of a macro lwIP calls
// as a statement, mapped to a bare function name (hooks with a stand-in
// only; the others are left to the link to name).
func userHooks(src []byte) []userHook {
	var out []userHook
	for _, d := range cheader.Defines(src) {
		if _, ok := hookStandIns[d.Name]; !ok {
			continue
		}
		if m := reBareIdent.FindStringSubmatch(d.Value); m != nil {
			out = append(out, userHook{Macro: d.Name, Func: m[1]})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Func < out[j].Func })
	return out
}

// hooksSource is the C file of the stand-ins, compiled with the device.
func hooksSource(hooks []userHook) []byte {
	var b strings.Builder
	b.WriteString("/* stand-ins written by lwipgen's simulator for functions the configuration's hook macros name;\n * the project defines them in its own code, which the simulator does not compile */\n")
	b.WriteString("#include \"lwip/opt.h\"\n#include \"lwip/sys.h\"\n#include \"lwip/tcpip.h\"\n")
	for _, h := range hooks {
		s := hookStandIns[h.Macro]
		fmt.Fprintf(&b, "\nvoid %s(void); /* %s: %s */\nvoid %s(void)\n{\n", h.Func, h.Macro, s.why, h.Func)
		if s.core {
			fmt.Fprintf(&b, "#if !NO_SYS && LWIP_TCPIP_CORE_LOCKING\n    %s\n#endif\n", s.body)
		}
		b.WriteString("}\n")
	}
	return []byte(b.String())
}

// hooksAdded says what the stand-ins are, for the configuration's "added" list.
func hooksAdded(hooks []userHook) string {
	var s []string
	for _, h := range hooks {
		s = append(s, fmt.Sprintf("%s() for %s (%s)", h.Func, h.Macro, hookStandIns[h.Macro].why))
	}
	return "the simulator's stand-ins for functions the file's hook macros name, which the project defines in its own code: " + strings.Join(s, ", ")
}

var reUndefinedRef = regexp.MustCompile("(?m)^(?:.*?: )?(?:([^\\s:]+?)\\.o)?(?:[^\\n]*?)undefined reference to [`']([^'`]+)'")

// undefinedSymbols reads the linker's "undefined reference to `X'" lines:
// each missing symbol once, in the order met, with the objects that need it.
func undefinedSymbols(linkOut string) (syms []string, from map[string][]string) {
	from = map[string][]string{}
	obj := ""
	reObj := regexp.MustCompile(`([A-Za-z0-9_.+-]+)\.o(?:\)|:| )`)
	for _, l := range strings.Split(linkOut, "\n") {
		if m := reObj.FindStringSubmatch(l); m != nil {
			obj = objSource(m[1])
		}
		m := reUndefinedRef.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		sym := m[2]
		if _, seen := from[sym]; !seen {
			syms = append(syms, sym)
			from[sym] = nil
		}
		if obj != "" && !slices.Contains(from[sym], obj) {
			from[sym] = append(from[sym], obj)
		}
	}
	return syms, from
}

// objSource turns the build's object name (004_ethernetif) into its source's (ethernetif.c).
func objSource(o string) string {
	if i := strings.IndexByte(o, '_'); i == 3 && strings.Trim(o[:3], "0123456789") == "" {
		o = o[4:]
	}
	return o + ".c"
}

// linkError is the link's failure said as what is missing: the first line
// names every undefined symbol (the table shows it), and for a symbol a
// macro of the configuration names, which macro and what to do.
func linkError(out string, exit error, header []byte) error {
	syms, from := undefinedSymbols(out)
	if len(syms) == 0 {
		return fmt.Errorf("linking the simulator: %v\n%s", exit, firstLines(out, 20))
	}
	macros := map[string]string{}
	for _, d := range cheader.Defines(header) {
		if m := reBareIdent.FindStringSubmatch(d.Value); m != nil {
			macros[m[1]] = d.Name
		}
	}
	var parts, hints []string
	for _, s := range syms {
		parts = append(parts, fmt.Sprintf("%s (needed by %s)", s, strings.Join(from[s], ", ")))
		if m, ok := macros[s]; ok {
			hints = append(hints, fmt.Sprintf("the configuration's %s names %s(), a function of its project that the simulator does not have: define it in a file of your own, or remove the mapping to simulate lwIP's default %s", m, s, m))
		}
	}
	msg := "linking the simulator: undefined reference to " + strings.Join(parts, "; ")
	if len(hints) > 0 {
		msg += "\n" + strings.Join(hints, "\n")
	}
	return fmt.Errorf("%s\n%s", msg, firstLines(out, 20))
}

// with is the device code plus one more C file of the simulator's, compiled
// with it (the generated files stay the flow's).
func (dc *deviceCode) with(name string, src []byte) *deviceCode {
	n := *dc
	n.Files = make(map[string][]byte, len(dc.Files)+1)
	for k, v := range dc.Files {
		n.Files[k] = v
	}
	n.Files[name] = src
	n.Sources = append(append([]string{}, dc.Sources...), name)
	return &n
}
