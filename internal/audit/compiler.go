package audit

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/spawn"
)

// The compiler is the judge: a real gcc preprocesses the file with lwIP's
// headers and the project's include paths, the effective value of every
// option is read back from it, and lwIP's sources are compiled with it.

// portCC and portSysArch are the minimal port the audit compiles against
// (written for lwipgen; no lwIP or vendor code). They stay out of the way of
// what a lwipopts.h may define itself.
const portCC = `/* audit port written by lwipgen */
#ifndef LWIPGEN_AUDIT_CC_H
#define LWIPGEN_AUDIT_CC_H
#include <stdint.h>
#include <stddef.h>
typedef uint32_t sys_prot_t;
#ifndef LWIP_PLATFORM_DIAG
#define LWIP_PLATFORM_DIAG(x) do { } while (0)
#endif
#ifndef LWIP_PLATFORM_ASSERT
#define LWIP_PLATFORM_ASSERT(x) do { } while (0)
#endif
#ifndef LWIP_RAND
#define LWIP_RAND() ((u32_t)0x2545F491u)
#endif
#if !defined(LWIP_TIMEVAL_PRIVATE)
/* as the GCC ports do (CubeMX's and ST's cc.h, lwIP's unix port): newlib and
   glibc define struct timeval themselves, so lwIP's private one is off */
#define LWIP_TIMEVAL_PRIVATE 0
#include <sys/time.h>
#elif !LWIP_TIMEVAL_PRIVATE
#include <sys/time.h> /* a port that turns lwIP's struct timeval off brings the libc's */
#endif
#if !defined(LWIP_PROVIDE_ERRNO) && !defined(LWIP_ERRNO_INCLUDE) && !defined(LWIP_ERRNO_STDINCLUDE)
#define LWIP_ERRNO_STDINCLUDE 1
#endif
#endif
`

const portSysArch = `/* audit OS port written by lwipgen */
#ifndef LWIPGEN_AUDIT_SYS_ARCH_H
#define LWIPGEN_AUDIT_SYS_ARCH_H
typedef void *sys_sem_t;
typedef void *sys_mutex_t;
typedef void *sys_mbox_t;
typedef void *sys_thread_t;
#define sys_sem_valid(s) (*(s) != NULL)
#define sys_sem_set_invalid(s) do { *(s) = NULL; } while (0)
#define sys_mutex_valid(m) (*(m) != NULL)
#define sys_mutex_set_invalid(m) do { *(m) = NULL; } while (0)
#define sys_mbox_valid(m) (*(m) != NULL)
#define sys_mbox_set_invalid(m) do { *(m) = NULL; } while (0)
#endif
`

// portPerf is the measuring hooks def.h expects with LWIP_PERF 1, as no-ops.
const portPerf = `/* audit port written by lwipgen */
#ifndef LWIPGEN_AUDIT_PERF_H
#define LWIPGEN_AUDIT_PERF_H
#define PERF_START do { } while (0)
#define PERF_STOP(x) do { } while (0)
#endif
`

// compiler runs one gcc over one audited file.
type compiler struct {
	ctx        context.Context // nil: Background; cancelled on SIGINT/SIGTERM by the command
	cc         string
	flags      []string // CPU flags
	incDirs    []string
	defines    []string // NAME or NAME=VALUE
	forced     []string // -include FILE, ahead of every source
	lwipDir    string   // holds src/include/lwip/opt.h
	file       string   // absolute path of the audited file
	work       string
	unregister func()   // drops work from interrupt's scratch list
	stubs      []string // headers that were not found and are empty stubs
	redefs     []compilerDiag
	late       []missingInclude // headers only compiling lwIP's sources met (stubbed)
	// projectCC is the project's arch/cc.h (found in incDirs), which the
	// values and the lwIP compile use instead of the audit's own: it may set
	// options (LWIP_TIMEVAL_PRIVATE, LWIP_PROVIDE_ERRNO) and the types lwIP
	// compiles with. "" = the audit's minimal port. The OS port
	// (arch/sys_arch.h) stays the audit's stubs: a project's pulls in its
	// RTOS, which only a full project build has.
	projectCC string
	// projectSysArch: the project's cc.h includes its own sys_arch.h, so the
	// audit's OS type stubs stay out
	projectSysArch bool
}

// reDeclaresSysProt finds a typedef of sys_prot_t (comments stripped).
var reDeclaresSysProt = regexp.MustCompile(`typedef[^;{}]*\bsys_prot_t\s*;`)

var reCComment = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)

func stripCComments(b []byte) []byte { return reCComment.ReplaceAll(b, nil) }

// portSysArchWith is the audit's OS stand-in, with sys_prot_t when the
// project's cc.h does not declare it (lwIP's sys.h needs it whatever
// SYS_LIGHTWEIGHT_PROT is).
func portSysArchWith(sysProt bool) string {
	if !sysProt {
		return portSysArch
	}
	return strings.Replace(portSysArch, "typedef void *sys_sem_t;", "#include <stdint.h>\ntypedef uint32_t sys_prot_t;\ntypedef void *sys_sem_t;", 1)
}

var reIncludesSysArch = regexp.MustCompile(`(?m)^\s*#\s*include\s*["<](?:arch/)?sys_arch\.h[">]`)

// projectCC finds the first arch/cc.h in the include directories (the
// order gcc searches them).
func findProjectCC(incDirs []string) string {
	for _, d := range incDirs {
		p := filepath.Join(d, "arch", "cc.h")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

type compilerDiag struct {
	File string
	Line int
	Kind string // error | warning | fatal error
	Text string
	// for "redefined": where the earlier definition is
	PrevFile string
	PrevLine int
}

func newCompiler(cc string, flags, incDirs, defines []string, lwipDir, file string, ownPort bool) (*compiler, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "lwipgen-audit-")
	if err != nil {
		return nil, err
	}
	unregister := interrupt.Scratch(work) // removed by a signal that ends the process too
	ok := false
	defer func() {
		if !ok { // every error return below leaves no scratch directory
			os.RemoveAll(work)
			unregister()
		}
	}()
	var absInc []string
	for _, d := range incDirs {
		if a, err := filepath.Abs(d); err == nil {
			absInc = append(absInc, a)
		}
	}
	c := &compiler{cc: cc, flags: flags, incDirs: absInc, defines: defines, lwipDir: lwipDir, file: abs, work: work, unregister: unregister}
	osSysProt := false
	if !ownPort {
		c.projectCC = findProjectCC(absInc)
		if c.projectCC != "" {
			// NXP's lwip/port/arch/cc.h includes its own "sys_arch.h" (the
			// FreeRTOS types): the audit's stand-in would clash with it
			if b, err := fsutil.ReadFile(c.projectCC, fsutil.MaxInput); err == nil && reIncludesSysArch.Match(b) {
				c.projectSysArch = true
			} else if err == nil && !reDeclaresSysProt.Match(stripCComments(b)) {
				// a port whose cc.h leaves sys_prot_t to its sys_arch.h
				// (yulee1982/stm32f767_freertos_lwip's lwip-2.2.2/system/arch:
				// cc.h has it commented out, sys_arch.h typedefs it under
				// SYS_LIGHTWEIGHT_PROT): the audit's OS stand-in takes its place
				osSysProt = true
			}
		}
	}
	files := map[string]string{
		"cfg/lwipopts.h":         fmt.Sprintf("#include %q\n", abs),
		"port/arch/cc.h":         portCC,
		"osport/arch/sys_arch.h": portSysArchWith(osSysProt),
		// headers lwIP's own headers include on an option's say, which a
		// project's port directory holds: def.h takes arch/perf.h with
		// LWIP_PERF 1 (an STM32CubeMX F1 project's lwIP 2.0 file sets it),
		// PACK_STRUCT_USE_INCLUDES takes arch/bpstruct.h and arch/epstruct.h
		"port/arch/perf.h":     portPerf,
		"port/arch/bpstruct.h": "/* audit port written by lwipgen: no packing pragma needed with gcc */\n",
		"port/arch/epstruct.h": "/* audit port written by lwipgen: no packing pragma needed with gcc */\n",
		// as inside lwip/opt.h, which sets its guard and then includes
		// lwipopts.h: a file that includes lwip/debug.h or lwip/opt.h itself
		// (lwIP's unix port lwipopts.h) must not get opt.h's defaults ahead
		// of its own definitions, which would read as redefinitions
		"trace.c": "#define LWIP_HDR_OPT_H\n#include \"lwipopts.h\"\n",
	}
	for name, body := range files {
		p := filepath.Join(work, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(work, "stubs"), 0o755); err != nil {
		return nil, err
	}
	ok = true
	return c, nil
}

func (c *compiler) close() {
	os.RemoveAll(c.work)
	c.unregister()
}

func (c *compiler) args(extra ...string) []string {
	a := append([]string{}, c.flags...)
	for _, d := range c.defines {
		a = append(a, "-D"+d)
	}
	for _, f := range c.forced {
		if abs, err := filepath.Abs(f); err == nil {
			a = append(a, "-include", abs)
		}
	}
	a = append(a, "-fdiagnostics-plain-output", "-I", filepath.Join(c.work, "cfg"))
	if !c.projectSysArch {
		a = append(a, "-I", filepath.Join(c.work, "osport"))
	}
	if c.projectCC == "" {
		a = append(a, "-I", filepath.Join(c.work, "port"))
	}
	if c.lwipDir != "" {
		// the audited tree's headers before the project's paths: a project
		// that keeps another lwIP copy (--lwip given, or an unsupported 1.x
		// copy) must not mix its opt.h with these sources
		a = append(a, "-I", filepath.Join(c.lwipDir, "src", "include"))
	}
	for _, d := range c.incDirs {
		a = append(a, "-I", d)
	}
	// the audited file's own folder, which every build has on its include
	// path (opt.h includes "lwipopts.h" through it): the headers lwIP
	// includes beside it by name are found there (memp_std.h's "lwippools.h"
	// with MEMP_USE_CUSTOM_POOLS, the LWIP_HOOK_FILENAME header)
	a = append(a, "-I", filepath.Dir(c.file))
	if c.projectCC != "" {
		a = append(a, "-I", filepath.Join(c.work, "port")) // behind the project's arch/cc.h
	}
	a = append(a, "-I", filepath.Join(c.work, "stubs"))
	return append(a, extra...)
}

func (c *compiler) run(args ...string) (stdout, stderr []byte, err error) {
	ctx := c.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	// under the tool limits: a file that includes /dev/zero or a FIFO is
	// stopped, and the caller's defer removes the scratch directory
	cmd, cancel := spawn.Tool(ctx, append([]string{c.cc}, c.args(args...)...)...)
	defer cancel()
	cmd.Dir = c.work
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.Bytes(), e.Bytes(), err
}

var (
	reDiagLine = regexp.MustCompile(`^(.*?):(\d+)(?::\d+)?: (error|warning|fatal error|note): (.*)$`)
	reNotFound = regexp.MustCompile(`^(.*?):(\d+)(?::\d+)?: fatal error: (.+?): No such file or directory`)
	reMarker   = regexp.MustCompile(`^# (\d+) "((?:[^"\\]|\\.)*)"(.*)$`)
)

// trace preprocesses lwipopts.h alone (-E -dD) and records every #define
// with the file and line it came from. A header that cannot be found becomes
// an empty stub (and is reported), so one missing main.h does not hide the
// rest of the file.
func (c *compiler) trace() (*trace, error) {
	t := newTrace()
	var out, errb []byte
	for tries := 0; ; tries++ {
		var err error
		out, errb, err = c.run("-E", "-dD", "trace.c")
		if err == nil {
			break
		}
		if tries > 32 {
			return nil, fmt.Errorf("%s -E: %s", c.cc, strings.TrimSpace(string(errb)))
		}
		if mi, ok := c.computedInclude(errb); ok {
			// `#include STM32_HAL_H` (MicroPython's stm32 port) with the macro
			// set by the build: read as an empty header, like one not found
			t.missing = append(t.missing, mi)
			continue
		}
		m := reNotFound.FindSubmatch(firstFatal(errb))
		if m == nil {
			if e := reHeaderError.FindSubmatch(errb); e != nil && c.rel(string(e[1])) != "" {
				// a HAL/device header the file includes refuses without the
				// build's defines (stm32f1xx.h: "Please select first the target
				// STM32F1xx device"): say what is missing, not only gcc's dump
				return nil, fmt.Errorf("%s:%s: %s: a header the file includes refuses to preprocess without the project's defines; pass them (-D, e.g. the device define the build sets) or --project DIR with its build files\n%s -E: %s",
					e[1], e[2], e[3], c.cc, strings.TrimSpace(string(errb)))
			}
			return nil, fmt.Errorf("%s -E: %s", c.cc, strings.TrimSpace(string(errb)))
		}
		name := string(m[3])
		line, _ := strconv.Atoi(string(m[2]))
		// where gcc looks for it through -I stubs ("../Inc/main.h" lands
		// next to stubs/), never outside the scratch directory
		stub := filepath.Join(c.work, "stubs", name)
		if !strings.HasPrefix(stub, c.work+string(filepath.Separator)) {
			stub = filepath.Join(c.work, "stubs", filepath.Clean("/"+name))
		}
		if _, err := os.Stat(stub); err == nil {
			return nil, fmt.Errorf("%s -E: %s", c.cc, strings.TrimSpace(string(errb)))
		}
		if err := os.MkdirAll(filepath.Dir(stub), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(stub, []byte("/* not found: empty stub written by lwipgen audit */\n"), 0o644); err != nil {
			return nil, err
		}
		c.stubs = append(c.stubs, name)
		t.missing = append(t.missing, missingInclude{Name: name, File: c.rel(string(m[1])), Line: line})
	}
	file, line, sys := "", 0, false
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		l := sc.Text()
		if m := reMarker.FindStringSubmatch(l); m != nil {
			line, _ = strconv.Atoi(m[1])
			file = m[2]
			sys = strings.Contains(m[3], " 3")
			continue
		}
		skip := sys || strings.HasPrefix(file, "<") || file == filepath.Join(c.work, "trace.c") || strings.HasPrefix(file, filepath.Join(c.work, "port")) || strings.HasPrefix(file, filepath.Join(c.work, "osport"))
		if !skip {
			if rest, ok := strings.CutPrefix(l, "#define "); ok {
				if d := reDefine.FindStringSubmatch(rest); d != nil {
					t.define(macroDef{Name: d[1], Params: d[2], Value: strings.TrimSpace(d[3]), File: c.rel(file), Line: line})
				}
			} else if rest, ok := strings.CutPrefix(l, "#undef "); ok {
				t.undef(macroDef{Name: strings.TrimSpace(rest), File: c.rel(file), Line: line})
			}
		}
		line++
	}
	// the preprocessor's own "redefined" warnings, verbatim
	c.redefs = parseDiags(errb)
	return t, nil
}

var reHeaderError = regexp.MustCompile(`(?m)^(.*?):(\d+):\d+: error: (#error .*)$`)

var reComputedInclude = regexp.MustCompile(`(?m)^(.*?):(\d+)(?::\d+)?: error: #include expects "FILENAME" or <FILENAME>`)
var reIncludeMacro = regexp.MustCompile(`^\s*#\s*include\s+([A-Za-z_][A-Za-z0-9_]*)\s*$`)

// computedInclude handles gcc's "#include expects FILENAME" for an
// `#include MACRO` whose macro nothing defines here: the macro is defined to
// an empty stub header for every later run (the values, the compile), and
// the include is reported like one that was not found.
func (c *compiler) computedInclude(stderr []byte) (missingInclude, bool) {
	m := reComputedInclude.FindSubmatch(stderr)
	if m == nil {
		return missingInclude{}, false
	}
	file := string(m[1])
	line, _ := strconv.Atoi(string(m[2]))
	b, err := fsutil.ReadFile(file, fsutil.MaxInput)
	if err != nil {
		return missingInclude{}, false
	}
	lines := strings.Split(string(b), "\n")
	if line < 1 || line > len(lines) {
		return missingInclude{}, false
	}
	mm := reIncludeMacro.FindStringSubmatch(strings.TrimRight(lines[line-1], "\r"))
	if mm == nil {
		return missingInclude{}, false
	}
	name := mm[1]
	stub := "lwipgen_undefined_" + name + ".h"
	for _, d := range c.defines {
		if strings.HasPrefix(d, name+"=") {
			return missingInclude{}, false // already tried: another cause
		}
	}
	if err := os.WriteFile(filepath.Join(c.work, "stubs", stub), []byte("/* the include macro is undefined here: empty stub written by lwipgen audit */\n"), 0o644); err != nil {
		return missingInclude{}, false
	}
	c.defines = append(c.defines, fmt.Sprintf("%s=%q", name, stub))
	return missingInclude{Name: name, File: c.rel(file), Line: line, Macro: true}, true
}

// stub writes an empty header where gcc looks through -I stubs; false when
// one is already there (the error has another cause).
func (c *compiler) stub(name string) bool {
	p := filepath.Join(c.work, "stubs", filepath.Clean("/"+name))
	if _, err := os.Stat(p); err == nil {
		return false
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return false
	}
	return os.WriteFile(p, []byte("/* not found: empty stub written by lwipgen audit */\n"), 0o644) == nil
}

func firstFatal(stderr []byte) []byte {
	for _, l := range bytes.Split(stderr, []byte("\n")) {
		if bytes.Contains(l, []byte("fatal error:")) {
			return l
		}
	}
	return nil
}

// rel names a file as the report shows it: "" for the audited file, lwIP's
// files relative to the lwIP tree, others as they are.
func (c *compiler) rel(f string) string {
	if f == c.file {
		return ""
	}
	if c.lwipDir != "" {
		if r, err := filepath.Rel(c.lwipDir, f); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	if r, err := filepath.Rel(c.work, f); err == nil && !strings.HasPrefix(r, "..") {
		return "<audit>/" + r
	}
	return f
}

// parseDiags reads gcc's plain diagnostics; a "redefined" warning takes the
// location of the previous definition from the note after it.
func parseDiags(stderr []byte) []compilerDiag {
	var out []compilerDiag
	for _, l := range strings.Split(string(stderr), "\n") {
		m := reDiagLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		if m[3] == "note" {
			if k := len(out); k > 0 && strings.HasPrefix(m[4], "this is the location of the previous definition") && out[k-1].PrevFile == "" {
				out[k-1].PrevFile, out[k-1].PrevLine = m[1], n
			}
			continue
		}
		out = append(out, compilerDiag{File: m[1], Line: n, Kind: m[3], Text: m[4]})
	}
	return out
}

// values reads the effective value of every name (lwIP's defaults and
// derived values included) after opt.h and the headers that derive more.
// Values are the preprocessor's expansion; numeric ones are evaluated.
func (c *compiler) values(names []string) (map[string]string, error) {
	var b strings.Builder
	// tcp_priv.h is lwip/tcp_impl.h in a 1.4 tree (a CubeMX F1 project's copy)
	b.WriteString("#include \"lwip/opt.h\"\n#include \"lwip/init.h\"\n#include \"lwip/pbuf.h\"\n#if LWIP_TCP && __has_include(\"lwip/priv/tcp_priv.h\")\n#include \"lwip/priv/tcp_priv.h\"\n#elif LWIP_TCP && __has_include(\"lwip/tcp_impl.h\")\n#include \"lwip/tcp_impl.h\"\n#endif\n")
	for _, n := range names {
		fmt.Fprintf(&b, "#ifdef %s\n@lwipgen \"%s\" = %s ;\n#endif\n", n, n, n)
	}
	if err := os.WriteFile(filepath.Join(c.work, "values.c"), []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	var out, errb []byte
	var err error
	for tries := 0; ; tries++ {
		out, errb, err = c.run("-E", "-P", "values.c")
		// a header lwIP includes on an option's say that is not here
		// (memp_std.h's "lwippools.h" with MEMP_USE_CUSTOM_POOLS): an empty
		// stub, reported like any include not found
		// (only lwIP's own headers: a project port header that includes another
		// compiler's headers is the project's cc.h failing, which Run handles)
		m := reNotFound.FindSubmatch(firstFatal(errb))
		if err == nil || m == nil || tries > 8 || c.lwipDir == "" || !strings.HasPrefix(string(m[1]), filepath.Join(c.lwipDir, "src")+string(filepath.Separator)) || !c.stub(string(m[3])) {
			break
		}
		line, _ := strconv.Atoi(string(m[2]))
		c.late = append(c.late, missingInclude{Name: string(m[3]), File: c.rel(string(m[1])), Line: line})
	}
	if err != nil && (len(out) == 0 || bytes.Contains(errb, []byte("fatal error:"))) { // a fatal error leaves the output cut short
		return nil, fmt.Errorf("%s -E: %s", c.cc, strings.TrimSpace(string(errb)))
	}
	vals := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		rest, ok := strings.CutPrefix(l, "@lwipgen \"")
		if !ok {
			continue
		}
		name, expr, ok := strings.Cut(rest, "\" = ")
		if !ok {
			continue
		}
		expr = strings.TrimSpace(strings.TrimSuffix(expr, ";"))
		if v, unk, err := lwip.EvalCond(expr, nil); err == nil && len(unk) == 0 && expr != "" {
			vals[name] = strconv.FormatInt(v, 10)
		} else {
			vals[name] = expr
		}
	}
	return vals, nil
}

// appSources are lwIP's apps the audit also compiles when the file
// configures them (their own #errors and sizes then count too).
var appSources = []struct{ prefix, src string }{
	{"MQTT_", "apps/mqtt/mqtt.c"}, {"SNTP_", "apps/sntp/sntp.c"}, {"LWIP_MDNS_RESPONDER", "apps/mdns/mdns.c"},
	{"MDNS_", "apps/mdns/mdns.c"}, {"HTTPD_", "apps/http/httpd.c"}, {"LWIP_HTTPD_", "apps/http/httpd.c"},
	// PPP (PPP_SUPPORT, PPPOS_SUPPORT, PPPOE_SUPPORT ...): its sources carry
	// their own #errors (ppp_opts.h checks, pppos.c/pppoe.c requirements)
	{"PPP", "netif/ppp/*.c"}, {"LWIP_HAVE_SLIPIF", "netif/slipif.c"}, {"SLIP_", "netif/slipif.c"},
	{"LWIP_SNMP", "apps/snmp/*.c"}, {"SNMP_", "apps/snmp/*.c"}, {"LWIPERF_", "apps/lwiperf/lwiperf.c"},
}

// compileSources lists lwIP's sources the audit compiles: the core, both IP
// versions, the sequential APIs, the Ethernet layer, and the apps the file
// configures (names: the file's definitions).
func compileSources(lwipDir string, names []string) []string {
	var out []string
	for _, pat := range []string{"core/*.c", "core/ipv4/*.c", "core/ipv6/*.c", "api/*.c", "netif/ethernet.c"} {
		m, _ := filepath.Glob(filepath.Join(lwipDir, "src", pat))
		sort.Strings(m)
		out = append(out, m...)
	}
	seen := map[string]bool{}
	for _, a := range appSources {
		for _, n := range names {
			if !strings.HasPrefix(n, a.prefix) {
				continue
			}
			m, _ := filepath.Glob(filepath.Join(lwipDir, "src", a.src))
			sort.Strings(m)
			for _, p := range m {
				if !seen[p] {
					seen[p] = true
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// compile runs gcc -fsyntax-only over lwIP's sources with the file, in one
// process, and returns its diagnostics (errors and "redefined" warnings).
func (c *compiler) compile(names []string) ([]compilerDiag, error) {
	srcs := compileSources(c.lwipDir, names)
	if len(srcs) == 0 {
		return nil, fmt.Errorf("no lwIP sources under %s/src", c.lwipDir)
	}
	var errb []byte
	var err error
	for tries := 0; ; tries++ {
		_, errb, err = c.run(append([]string{"-fsyntax-only", "-std=gnu11"}, srcs...)...)
		// a header only lwIP's sources pull in through the file's options
		// (LWIP_HOOK_FILENAME, QNEthernet's "qnethernet/lwip_hooks.h"),
		// which the trace of the file alone did not meet: an empty stub, as there
		m := reNotFound.FindSubmatch(firstFatal(errb))
		if m == nil || tries > 8 || !c.stub(string(m[3])) {
			break
		}
		line, _ := strconv.Atoi(string(m[2]))
		c.late = append(c.late, missingInclude{Name: string(m[3]), File: c.rel(string(m[1])), Line: line})
	}
	ds := parseDiags(errb)
	if err != nil && len(ds) == 0 {
		return nil, fmt.Errorf("%s: %v: %s", c.cc, err, strings.TrimSpace(string(errb)))
	}
	var out []compilerDiag
	seen := map[string]bool{}
	for _, d := range ds {
		if d.Kind == "warning" && !strings.HasSuffix(d.Text, "redefined") {
			continue
		}
		k := fmt.Sprintf("%s:%d:%s", d.File, d.Line, d.Text)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, d)
	}
	return out, nil
}

// compilerVersion is the first line of `cc --version`.
func compilerVersion(cc string) string {
	out, err := spawn.Output(context.Background(), cc, "--version")
	if err != nil {
		return cc
	}
	l, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(l)
}
