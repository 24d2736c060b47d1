package audit

import (
	"context"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/finding"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// Options say what to audit and with which context. Only File is required.
type Options struct {
	File        string
	IncludeDirs []string // -I (a project's include paths)
	Defines     []string // -D NAME[=VALUE]
	// ForcedIncludes are headers the build includes ahead of every source
	// (gcc -include FILE; a project model's compile command carries them)
	ForcedIncludes []string
	// Build is what the project's build compiles and calls (evidence.go);
	// nil = not known
	Build *Build
	// Version is the lwIP line the file is for; "" = the lwIP tree's version,
	// else 2.1.3. The other line (2.1.x / 2.2.x) is checked too; what only it
	// refuses is reported as a warning.
	Version lwip.Version
	LwipDir string // the lwIP source tree (opt.h and the sources to compile); "" = none
	// CC is the C compiler; "" = arm-none-eabi-gcc, else the host gcc; "none"
	// uses the built-in evaluator.
	CC       string
	CPUFlags []string // e.g. -mcpu=cortex-m7 -mthumb
	CPU      string   // e.g. cortex-m7 (for the alignment rule)
	Chip     *board.Chip
	// Board brings a workload; workload checks run only with one.
	Board        *board.Board
	LinkerScript string // checks LWIP_RAM_HEAP_POINTER against the script's memories and sections
	ELF          string // checks it against the sections of the linked firmware
	// NoCompile reads the values only (preprocessor), without compiling lwIP's sources.
	NoCompile bool
	// ProjectCompiler is the project's own toolchain when it is not gcc
	// ("keil", "iar"; Project.Compiler): what only gcc's C library makes of
	// the project's port is then not a verdict on the file
	ProjectCompiler string
	// Measure, when set, measures the lwIP tree's struct pbuf, pool elements
	// and struct mem with the cross compiler for the configuration the file
	// resolves to (audit --project on a project that brings its own lwIP: the
	// measurement vendor plans with). Where they differ from lwipgen's model
	// of stock lwIP the audit says so (info audit.project_struct_sizes) and
	// its RAM checks use the measured sizes.
	Measure func(cfg *lwip.Config) (*lwip.Measured, error)
	// Context stops the compiler runs (the command cancels it on SIGINT or
	// SIGTERM, so Run returns and removes its scratch directory); nil =
	// Background.
	Context context.Context
}

// Report is the outcome of Run.
type Report struct {
	File        string `json:"file"`
	Engine      string `json:"engine"` // what judged the file
	LwipVersion string `json:"lwip_version"`
	// LwipVersionFrom says where LwipVersion came from (the tree's init.h,
	// --lwip-version, lwipgen's default)
	LwipVersionFrom string   `json:"lwip_version_from,omitempty"`
	LwipDir         string   `json:"lwip_dir,omitempty"`
	Compiled        bool     `json:"compiled"` // lwIP's sources were compiled with the file
	CPUFlags        []string `json:"cpu_flags,omitempty"`
	// Diagnostics are the compiler's errors and "redefined" warnings from
	// compiling lwIP with the file, verbatim (lwIP files relative to its tree).
	Diagnostics []string `json:"compiler_diagnostics,omitempty"`
	// Port is the arch/cc.h lwIP was preprocessed and compiled with: the
	// project's (found in the include paths) or the audit's minimal one.
	Port     string    `json:"port,omitempty"`
	Findings []Finding `json:"findings"`
	Errors   int       `json:"errors"`
	Warnings int       `json:"warnings"`
}

// FindCompiler picks the compiler: the requested one, arm-none-eabi-gcc, the
// host gcc; "" when there is none.
func FindCompiler(want string) string {
	if want == "none" {
		return ""
	}
	cands := []string{"arm-none-eabi-gcc", "gcc", "cc"}
	if want != "" {
		cands = []string{want}
	}
	for _, c := range cands {
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	return ""
}

// Run audits one lwipopts.h.
func Run(o Options) (*Report, error) {
	src, err := cheader.ReadHeader(o.File) // regular, bounded, text, comments closed
	if err != nil {
		return nil, err
	}
	if o.LwipDir != "" {
		// init.h there but not a regular file (a FIFO): say so, before a
		// compiler that would wait on it or a version read that skips it
		initH := filepath.Join(o.LwipDir, "src", "include", "lwip", "init.h")
		if st, err := os.Stat(initH); err == nil && !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file (%s); lwipgen reads only regular files", initH, fsutil.KindOf(st.Mode()))
		}
	}
	ver := versionOf(o)
	v := ver.rules
	rep := &Report{File: o.File, LwipVersion: string(v), LwipDir: o.LwipDir, LwipVersionFrom: ver.from}
	cc := FindCompiler(o.CC)
	if cc != "" && len(o.CPUFlags) == 0 && strings.Contains(filepath.Base(cc), "arm-none-eabi") {
		o.CPUFlags = cpuFlags(o)
	}
	rep.CPUFlags = o.CPUFlags
	var e *engine
	if cc != "" {
		var closeAll func()
		e, closeAll, err = compileEngine(o, cc, v, rep)
		defer closeAll()
		if err != nil {
			return nil, err
		}
	} else {
		e = &engine{tr: builtinEngine(o, src)}
		rep.Engine = "built-in evaluator (no C compiler found; values from lwipgen's option tables, lwIP not compiled)"
	}
	a := &auditor{o: o, v: v, tr: e.tr, values: e.values, names: sourceNames(o.LwipDir), comp: e.comp, compiled: rep.Compiled,
		judged: ver.judged, treeVersion: ver.tree, versionFrom: ver.from}
	fs, err := a.run(e.diags)
	if err != nil {
		return nil, err
	}
	if ver.tree != "" && !lwip.SameLine(ver.judged, v) {
		// --lwip-version names another line than the tree's: the rules are
		// that line's, the compiler's verdicts the tree's
		rep.LwipVersion += " rules (the tree compiled is lwIP " + ver.tree + ")"
	}
	if ver.unsupported != nil {
		fs = append(fs, *ver.unsupported)
		rep.LwipVersion += " rules (the tree is lwIP " + rawTreeVersion(o.LwipDir) + ")"
	}
	rep.Findings = sortFindings(fs)
	rep.Errors, rep.Warnings = finding.Count(rep.Findings, SevError), finding.Count(rep.Findings, SevWarning)
	return rep, nil
}

// auditVersion is which lwIP the audit judges by: the rules' version and
// where it came from, the version of the tree the compiler compiles, and a
// warning for a tree lwipgen does not model.
type auditVersion struct {
	rules, judged lwip.Version
	tree, from    string
	unsupported   *Finding
}

func versionOf(o Options) auditVersion {
	v := o.Version
	av := auditVersion{from: "--lwip-version or the board's lwip_version", judged: v}
	if o.LwipDir != "" {
		if tv, err := treeVersion(o.LwipDir); err == nil {
			av.judged, av.tree = tv, rawTreeVersion(o.LwipDir)
		}
	}
	if v == "" {
		v = lwip.V213
		av.from = "lwipgen's default: no lwIP tree"
		if o.LwipDir != "" {
			if tv, err := treeVersion(o.LwipDir); err == nil {
				v = tv
				av.from = "the version in the tree's src/include/lwip/init.h"
			} else if raw := rawTreeVersion(o.LwipDir); raw != "" {
				av.from = "lwipgen's default for a tree it does not model"
				// a project on lwIP 1.x / 2.0: its opt.h and sources are compiled, lwipgen's
				// rules and tables are 2.1.x/2.2.x ones; say so instead of passing it off as 2.1.3
				av.unsupported = &Finding{Severity: SevWarning, ID: "audit.lwip_unsupported", Source: "rule",
					Message: fmt.Sprintf("the lwIP tree %s is lwIP %s; lwipgen knows lwIP 2.1.x and 2.2.x, so the findings apply lwIP %s's rules and option tables to that tree's opt.h and sources (defaults differ: e.g. lwIP 1.x has SYS_LIGHTWEIGHT_PROT 0)", o.LwipDir, raw, v),
					Fix:     "audit against a 2.1 tree (--lwip DIR, or the fetch-lwip cache) to see what upgrading changes"}
			}
		}
	}
	if av.judged == "" {
		av.judged = v
	}
	av.rules = v
	return av
}

// engine is what judged the file: the macro trace, and with a compiler the
// compiler, the values it resolved and its diagnostics from compiling lwIP.
type engine struct {
	tr     *trace
	comp   *compiler
	values map[string]string
	diags  []compilerDiag
}

// compileEngine preprocesses (and with an lwIP tree compiles) lwIP with the
// file: with the project's port first, the audit's own when the project's
// does not preprocess here. closeAll closes every compiler it opened; call
// it after the audit, also on an error.
func compileEngine(o Options, cc string, v lwip.Version, rep *Report) (e *engine, closeAll func(), err error) {
	var opened []*compiler
	closeAll = func() {
		for i := len(opened) - 1; i >= 0; i-- {
			opened[i].close()
		}
	}
	e = &engine{}
	var fallback string
	for own := false; ; own = true {
		e.comp, err = newCompiler(cc, o.CPUFlags, o.IncludeDirs, o.Defines, o.LwipDir, o.File, own)
		if err != nil {
			return nil, closeAll, err
		}
		e.comp.forced = o.ForcedIncludes
		e.comp.ctx = o.Context
		opened = append(opened, e.comp)
		e.tr, err = e.comp.trace()
		if err != nil {
			return nil, closeAll, err
		}
		if o.LwipDir == "" {
			break
		}
		e.values, err = e.comp.values(probeNames(v, e.tr))
		if err == nil {
			break
		}
		if e.comp.projectCC == "" {
			return nil, closeAll, err
		}
		// the project's cc.h does not preprocess here (another compiler's
		// port): judge with the audit's own, and say so
		fallback = fmt.Sprintf(" (the project's %s failed: %v)", e.comp.projectCC, firstLine(err.Error()))
	}
	comp, tr := e.comp, e.tr
	rep.Port = "lwipgen's minimal audit port (arch/cc.h: stdint types, no-op diagnostics, the C library's struct timeval)" + fallback
	if comp.projectCC != "" {
		rep.Port = "the project's " + comp.projectCC + " (arch/sys_arch.h: lwipgen's type stubs)"
		if comp.projectSysArch {
			rep.Port = "the project's " + comp.projectCC + " and the sys_arch.h it includes"
		}
	}
	rep.Engine = "compiler: " + compilerVersion(cc)
	tr.missing = append(tr.missing, comp.late...) // headers only the values' lwIP headers met
	valuesLate := len(comp.late)
	if o.LwipDir == "" {
		rep.Engine += " (no lwIP source tree: lwIP's defaults come from lwipgen's option tables)"
		return e, closeAll, nil
	}
	if o.NoCompile {
		return e, closeAll, nil
	}
	e.diags, err = comp.compile(tr.order)
	if err != nil {
		return nil, closeAll, err
	}
	rep.Compiled = true
	tr.missing = append(tr.missing, comp.late[valuesLate:]...)
	for _, d := range e.diags {
		rep.Diagnostics = append(rep.Diagnostics, fmt.Sprintf("%s:%d: %s: %s", or(comp.rel(d.File), filepath.Base(o.File)), d.Line, d.Kind, d.Text))
	}
	return e, closeAll, nil
}

// builtinEngine evaluates the file without a compiler (the -D definitions
// as predefined macros); the file's own definitions carry no file name.
func builtinEngine(o Options, src []byte) *trace {
	preds := map[string]string{}
	for _, d := range o.Defines {
		k, val, ok := strings.Cut(d, "=")
		if !ok {
			val = "1"
		}
		preds[k] = val
	}
	abs, _ := filepath.Abs(o.File)
	tr := evaluate(abs, src, o.IncludeDirs, preds)
	for n, d := range tr.final {
		if d.File == abs {
			d.File = ""
		}
		tr.final[n] = d
	}
	for i := range tr.redefs {
		for _, d := range []*macroDef{&tr.redefs[i].Prev, &tr.redefs[i].Next} {
			if d.File == abs {
				d.File = ""
			}
		}
	}
	for i := range tr.errors {
		if tr.errors[i].File == abs {
			tr.errors[i].File = ""
		}
	}
	return tr
}

func treeVersion(dir string) (lwip.Version, error) {
	b, err := fsutil.ReadFile(filepath.Join(dir, "src", "include", "lwip", "init.h"), fsutil.MaxInput)
	if err != nil {
		return "", err
	}
	parts := map[string]string{}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && f[0] == "#define" && strings.HasPrefix(f[1], "LWIP_VERSION_") {
			parts[strings.TrimPrefix(f[1], "LWIP_VERSION_")] = f[2]
		}
	}
	return lwip.ParseVersion(parts["MAJOR"] + "." + parts["MINOR"] + "." + parts["REVISION"])
}

// rawTreeVersion is the tree's LWIP_VERSION_* as written ("1.5.0"), "" when unreadable.
func rawTreeVersion(dir string) string {
	b, err := fsutil.ReadFile(filepath.Join(dir, "src", "include", "lwip", "init.h"), fsutil.MaxInput)
	if err != nil {
		return ""
	}
	parts := map[string]string{}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && f[0] == "#define" && strings.HasPrefix(f[1], "LWIP_VERSION_") {
			parts[strings.TrimPrefix(f[1], "LWIP_VERSION_")] = strings.TrimRight(f[2], "UuLl")
		}
	}
	if parts["MAJOR"] == "" || parts["MINOR"] == "" || parts["REVISION"] == "" {
		return ""
	}
	return parts["MAJOR"] + "." + parts["MINOR"] + "." + parts["REVISION"]
}

// cpuFlags are the cross compiler's code-generation flags for the chip's
// core (or the --cpu given).
func cpuFlags(o Options) []string {
	chip := o.Chip
	if o.Board != nil && chip == nil {
		chip = o.Board.Chip
	}
	switch {
	case chip != nil:
		return toolchain.CPUFlags(chip.Core)
	case strings.HasPrefix(o.CPU, "cortex-m"):
		return []string{"-mcpu=" + o.CPU, "-mthumb"}
	case o.CPU != "":
		return []string{"-mcpu=" + o.CPU}
	}
	return nil
}

// probeNames are the names whose effective values are read back.
func probeNames(v lwip.Version, tr *trace) []string {
	set := map[string]bool{}
	for _, o := range lwip.Options(v) {
		set[o.Name] = true
	}
	for n, d := range tr.final {
		if d.Params == "" {
			set[n] = true
		}
	}
	for _, n := range []string{"TCP_FAST_INTERVAL", "TCP_SLOW_INTERVAL", "LWIP_NUM_SYS_TIMEOUT_INTERNAL", "LWIP_VERSION_MAJOR", "LWIP_VERSION_MINOR", "LWIP_VERSION_REVISION", "PBUF_POOL_BUFSIZE_ALIGNED"} {
		set[n] = true
	}
	out := make([]string, 0, len(set))
	for n := range set {
		if isIdentName(n) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

func isIdentName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) {
			return false
		}
	}
	return true
}

// auditor holds one audit's state.
type auditor struct {
	o        Options
	v        lwip.Version
	tr       *trace
	values   map[string]string // from the compiler; nil with the evaluator
	names    map[string]bool   // identifiers of the lwIP source tree (nil: none)
	comp     *compiler
	compiled bool
	cfg      *lwip.Config
	lines    map[string]int    // option -> line of its effective #define
	files    map[string]string // option -> file ("" = the audited file)
	fs       []Finding
	// condNames are the identifiers the audited file tests in #if/#ifdef/#elif
	condNames map[string]bool
	// usersOf: for each identifier, the defines whose value names it (in
	// the file's order), built once by helperOf; userMemo: userOf's answers
	usersOf  map[string][]string
	userMemo map[string]string
	// tainted: options whose value names what nothing here defines (lazily)
	tainted map[string][]string
	// judged is the line the compiler's tree (or, without one, the tables)
	// judged with; treeVersion its init.h version ("" = no tree); versionFrom
	// says where the audit's version came from
	judged      lwip.Version
	treeVersion string
	versionFrom string
	target      *struct {
		v  lwip.Version
		ev []lineEvidence
	}
}

func (a *auditor) add(f Finding) { a.fs = append(a.fs, f) }

// at returns the location of the file's definition of opt.
func (a *auditor) at(opt string) (string, int) {
	if l, ok := a.lines[opt]; ok {
		return a.files[opt], l
	}
	return "", 0
}

func (a *auditor) run(diags []compilerDiag) ([]Finding, error) {
	a.lines, a.files = map[string]int{}, map[string]string{}
	set := map[string]string{}
	needed := a.neededDefinitions()
	for _, n := range a.tr.order {
		d := a.tr.final[n]
		if d.File == "<command-line>" || !needed[n] {
			continue
		}
		a.lines[n], a.files[n] = d.Line, d.File
		set[n+d.Params] = d.Value
	}
	src := "rule"
	if a.values == nil {
		src = "evaluator"
	}
	cfg, err := resolveSet(a.v, set)
	if err != nil {
		a.add(Finding{Severity: SevWarning, ID: "audit.resolve", Source: src, Message: fmt.Sprintf("the built-in evaluator cannot read the options: %v", err)})
		return a.fs, nil
	}
	for n, val := range a.values {
		if _, err := strconv.ParseInt(val, 10, 64); err == nil {
			cfg.SetDerived(n, val)
		}
	}
	a.cfg = cfg
	if a.o.Measure != nil {
		a.measuredFindings(src)
	}
	a.nameFindings()
	a.redefFindings()
	for _, m := range a.tr.missing {
		fix := "pass the project's include paths (-I DIR) or --project DIR"
		if filepath.Base(m.Name) == "rtconfig.h" {
			// RT-Thread's port lwipopts.h is all RT_LWIP_* switches from the BSP's rtconfig.h:
			// without it every option falls to lwIP's default (samuelyhsu/rt_thread_core port/lwipopts.h)
			fix = "an RT-Thread port lwipopts.h: audit it with --rtconfig BSP/rtconfig.h (or --project BSP), which evaluates its RT_LWIP_* switches"
		}
		msg := fmt.Sprintf("#include %q not found: read as an empty header, so macros it defines are unknown here", m.Name)
		if m.Macro {
			msg = fmt.Sprintf("#include %s names a header through a macro nothing defines here (the build passes it, e.g. -D%s='\"header.h\"'): read as an empty header, so macros it defines are unknown here", m.Name, m.Name)
			fix = "pass the macro (-D " + m.Name + "=...) and the include paths (-I DIR), or --project DIR"
		}
		a.add(Finding{File: m.File, Line: m.Line, Severity: SevInfo, ID: "audit.include_not_found", Source: src,
			Message: msg, Fix: fix})
	}
	a.fs = append(a.fs, a.tr.errors...)
	compileErr := a.compileFindings(diags)
	a.unresolvedValues()
	a.ruleFindings(src, compileErr)
	a.otherLine()
	a.versionFindings()
	a.undefinedSwitches()
	a.lateDefinedTests()
	a.chipFindings()
	a.fs = append(a.fs, a.checks(src)...)
	if a.o.LinkerScript != "" {
		fs, err := heapFindings(a, a.o.LinkerScript)
		if err != nil {
			return nil, err
		}
		a.fs = append(a.fs, fs...)
	}
	if a.o.ELF != "" {
		fs, err := heapFindingsELF(a, a.o.ELF)
		if err != nil {
			return nil, err
		}
		a.fs = append(a.fs, fs...)
	}
	return a.fs, nil
}

// resolveSet is lwip.Resolve that drops definitions the evaluator cannot
// parse (a vendor macro with a statement body) instead of failing.
func resolveSet(v lwip.Version, set map[string]string) (*lwip.Config, error) {
	for tries := 0; tries < 64; tries++ {
		cfg, err := lwip.Resolve(v, set)
		if err == nil {
			return cfg, nil
		}
		bad := ""
		for k := range set {
			name, _, _ := strings.Cut(k, "(")
			if strings.HasPrefix(err.Error(), "lwip: "+name+":") {
				bad = k
			}
		}
		if bad == "" {
			return nil, err
		}
		delete(set, bad)
	}
	return nil, fmt.Errorf("too many unreadable definitions")
}

// neededDefinitions are the definitions the evaluator reads: everything the
// audited configuration defines, lwIP options wherever they are defined, and
// the macros of other headers those use (transitively). A HAL or CMSIS
// header that the file includes (CubeMX's main.h pulls in the device header
// with thousands of register macros) adds only what the options name, not
// its casts and pointers, which the evaluator cannot read.
func (a *auditor) neededDefinitions() map[string]bool {
	need := map[string]bool{}
	var queue []string
	for _, n := range a.tr.order {
		d := a.tr.final[n]
		if inAudited(d.File) || a.known(n) {
			need[n] = true
			queue = append(queue, n)
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, id := range reIdent.FindAllString(a.tr.final[n].Value, -1) {
			if _, ok := a.tr.final[id]; ok && !need[id] {
				need[id] = true
				queue = append(queue, id)
			}
		}
	}
	return need
}

// inAudited says whether a definition belongs to the audited configuration
// (the file itself or an lwipopts-style header it includes), not to a HAL or
// RTOS header it pulls in.
func inAudited(file string) bool {
	return file == "" || strings.Contains(strings.ToLower(filepath.Base(file)), "lwipopts")
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// measuredFindings measures the project's lwIP (Options.Measure) and says
// where it differs from lwipgen's model; the RAM checks after it use the
// measured sizes. A tree that measures as the model says nothing.
func (a *auditor) measuredFindings(src string) {
	m, err := a.o.Measure(a.cfg)
	if err != nil {
		a.add(Finding{Severity: SevInfo, ID: "audit.project_struct_sizes", Source: src,
			Message: fmt.Sprintf("the project's lwIP was not measured (%v): sizes are lwipgen's model of stock lwIP %s", err, a.v)})
		return
	}
	if m == nil {
		return
	}
	diffs, err := a.cfg.Differences(m)
	if err != nil {
		a.add(Finding{Severity: SevInfo, ID: "audit.project_struct_sizes", Source: src,
			Message: fmt.Sprintf("the project's lwIP (%s) was measured, but: %v", m.Tree, err)})
		return
	}
	if len(diffs) == 0 {
		return
	}
	a.cfg.Measured = m // before Finding: what the pools grow by is the measured RAM less the model's
	// lwip.Config.Finding speaks for a plan (the generated lwipopts.h, planned at the sizes); here
	// the project's own header was compiled, and nothing was planned
	msg := strings.Replace(a.cfg.Finding(m, diffs), "the generated lwipopts.h) and planned at the measured sizes",
		"the audited lwipopts.h); the RAM checks here use the measured sizes", 1)
	a.add(Finding{Severity: SevInfo, ID: "audit.project_struct_sizes", Source: "compiler", Message: msg,
		Fix: "nothing to change in lwipopts.h: lwipgen vendor and build --project plan at these sizes (check lwip.project_struct_sizes in report.json)"})
}
