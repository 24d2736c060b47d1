package project

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// cdtCommand turns a configuration's effective options for one tool into
// the command line CDT's generated makefile would run, so the one
// command-line parser (ParseCompile, ParseLink) reads it like any other
// build's.

// cmdParts are the pieces of a compile or link line, in the order CDT's
// managed-build tools emit them.
type cmdParts struct {
	device        string
	cpuID         int
	cpu           string
	arch          string
	isa           string
	fpu           string
	floatABI      string
	target        []string // other target flags
	std           string
	other         []string // optimisation, debugging, warnings, booleans
	defines       []string // -D / -U arguments in order
	includes      []string // absolute
	system        []string
	forced        []string
	raw           []string // free-text flags, split
	scripts       []string
	defaultScript string // the Defaults string's linker script (roleDefaults)
	libDirs       []string
	libs          []string
	prefix        string
	cc, cxx       string
}

// cdtReader carries what one Read has resolved.
type cdtReader struct {
	d       *cdtDialect
	chain   string // the root tool chain's id
	paths   *cdtPaths
	notes   map[string]bool
	devLine int
}

func (r *cdtReader) note(format string, a ...any) { r.notes[fmt.Sprintf(format, a...)] = true }

// apply reads one option into parts, for a tool of kind k (kindOther for a
// tool-chain option).
func (r *cdtReader) apply(p *cmdParts, o cdtOption, k toolKind) {
	if r.applyList(p, o, k == kindLinkC || k == kindLinkCXX) {
		return
	}
	s := r.d.spec(o.Key)
	if s.Role == roleNone || r.applyTarget(p, o, s) {
		return
	}
	r.applyRole(p, o, s, k)
}

// applyList reads a list option by its CDT value type, the same in every IDE
// (symbols, include paths and files, libraries, objects); false for an
// option of another type.
func (r *cdtReader) applyList(p *cmdParts, o cdtOption, linker bool) bool {
	switch o.Type {
	case "definedSymbols":
		for _, v := range o.List {
			p.defines = append(p.defines, defineArg("-D", v))
		}
		return true
	case "undefDefinedSymbols":
		for _, v := range o.List {
			p.defines = append(p.defines, defineArg("-U", v))
		}
		return true
	case "includePath":
		if linker {
			return true
		}
		for _, v := range o.List {
			if strings.HasSuffix(o.Key, "systempaths") {
				p.system = append(p.system, r.paths.path(v))
			} else {
				p.includes = append(p.includes, r.paths.path(v))
			}
		}
		return true
	case "includeFiles":
		for _, v := range o.List {
			p.forced = append(p.forced, r.paths.path(v))
		}
		return true
	case "libs":
		for _, v := range o.List {
			v = strings.TrimSpace(v)
			switch {
			case v == "":
			case strings.HasPrefix(v, "-"):
				p.libs = append(p.libs, r.split(v, o)...)
			default:
				p.libs = append(p.libs, "-l"+unquote(v))
			}
		}
		return true
	case "libPaths":
		for _, v := range o.List {
			if strings.TrimSpace(v) != "" {
				p.libDirs = append(p.libDirs, r.paths.path(v))
			}
		}
		return true
	case "userObjs":
		for _, v := range o.List {
			if strings.TrimSpace(v) != "" {
				p.libs = append(p.libs, r.paths.path(v))
			}
		}
		return true
	}
	return false
}

// bad notes an option value lwipgen does not know (left out).
func (r *cdtReader) bad(o cdtOption) {
	r.note(".cproject:%d: option %s = %q: not a value lwipgen knows; left out", o.Line, o.Key, o.Value)
}

// set stores the flag f makes of the option's value, if it has one.
func (r *cdtReader) set(o cdtOption, dst *string, f func(string) (string, bool)) {
	if !o.HasValue {
		return
	}
	if v, ok := f(o.Value); ok {
		*dst = v
	} else {
		r.bad(o)
	}
}

// applyTarget reads an option that selects the target (CPU, architecture,
// instruction set, FPU, float ABI, the IDE's target enumerations and raw
// target flags); false for another role.
func (r *cdtReader) applyTarget(p *cmdParts, o cdtOption, s optSpec) bool {
	val := o.Value
	switch s.Role {
	case roleCPU:
		r.set(o, &p.cpu, cpuFlag)
	case roleArch:
		r.set(o, &p.arch, archFlag)
	case roleISA:
		r.set(o, &p.isa, isaFlag)
	case roleFPU:
		r.set(o, &p.fpu, fpuFlag)
	case roleFloatABI:
		r.set(o, &p.floatABI, floatABIFlag)
	case roleTargetEnum:
		var f string
		r.set(o, &f, targetEnumFlag)
		if f != "" {
			p.target = append(p.target, f)
		}
	case roleTargetFlag:
		if val == "true" {
			p.target = append(p.target, s.Flag)
		}
	case roleTargetRaw:
		p.target = append(p.target, r.split(val, o)...)
	default:
		return false
	}
	return true
}

// applyRole reads an option by the role the IDE's dialect gives its key:
// device, language standard, optimisation and debug levels, flags, raw
// arguments, linker scripts, the tool commands.
func (r *cdtReader) applyRole(p *cmdParts, o cdtOption, s optSpec, k toolKind) {
	val := o.Value
	bad := func() { r.bad(o) }
	switch s.Role {
	case roleDefaults:
		if f := strings.Split(val, " || "); len(f) > 18 && strings.TrimSpace(f[18]) != "" {
			p.defaultScript = r.paths.path(strings.TrimSpace(f[18]))
		}
	case roleDevice:
		if v := strings.TrimSpace(val); v != "" {
			p.device = v
			r.devLine = o.Line
		}
	case roleCPUID:
		p.cpuID, _ = strconv.Atoi(strings.TrimSpace(val))
	case roleStd:
		if !o.HasValue {
			return
		}
		std, flag, ok := stdValue(val)
		if !ok {
			bad()
			return
		}
		p.std = std
		if flag != "" {
			p.other = append(p.other, flag)
		}
	case roleOpt, roleDebug, roleDebugFormat:
		if !o.HasValue {
			return
		}
		table := map[optRole]map[string]string{roleOpt: optLevels, roleDebug: debugLevels, roleDebugFormat: debugFormats}[s.Role]
		f, ok := table[enumValue(val, "value.")]
		if !ok {
			bad()
			return
		}
		if f != "" {
			p.other = append(p.other, f)
		}
	case roleFlag:
		if val == "true" {
			p.other = append(p.other, strings.Fields(s.Flag)...)
		}
	case roleRaw:
		if o.HasValue {
			p.raw = append(p.raw, r.split(val, o)...)
		}
		for _, v := range o.List {
			p.raw = append(p.raw, r.split(v, o)...)
		}
	case roleEach:
		flag := "-Xlinker"
		if k == kindASM {
			flag = "-Xassembler"
		}
		for _, v := range o.List {
			for _, w := range r.split(v, o) {
				p.raw = append(p.raw, flag, w)
			}
		}
	case roleScript:
		if o.HasValue && strings.TrimSpace(val) != "" {
			p.scripts = append(p.scripts, r.paths.path(val))
		}
		for _, v := range o.List {
			if strings.TrimSpace(v) != "" {
				p.scripts = append(p.scripts, r.paths.path(v))
			}
		}
	case rolePrefix:
		p.prefix = strings.TrimSpace(val)
	case roleCmdC:
		p.cc = strings.TrimSpace(val)
	case roleCmdCXX:
		p.cxx = strings.TrimSpace(val)
	}
}

// defineArg is -D/-U with a symbol as the makefile's shell would pass it
// (CDT writes the value into the command unchanged; the shell strips its
// quotes).
func defineArg(flag, v string) string {
	v = strings.TrimSpace(v)
	if w, err := SplitCommand(flag + v); err == nil && len(w) == 1 {
		return w[0]
	}
	return flag + v
}

// split splits a free-text flags value as the makefile's shell would,
// after CDT's variables are expanded.
func (r *cdtReader) split(v string, o cdtOption) []string {
	w, err := SplitCommand(r.paths.expand(v))
	if err != nil {
		r.note(".cproject:%d: option %s: %v; its flags left out", o.Line, o.Key, err)
		return nil
	}
	return w
}

// parts collects the options of the tool chain and of one tool.
func (r *cdtReader) parts(tc, tool *optSet, k toolKind) *cmdParts {
	p := &cmdParts{}
	for _, o := range tc.list() {
		r.apply(p, o, kindOther)
	}
	for _, o := range tool.list() {
		r.apply(p, o, k)
	}
	if p.prefix == "" {
		p.prefix = r.d.Prefix
	}
	if p.prefix == "" {
		p.prefix = xilinxPrefix(r.chain)
	}
	if p.cpu == "" && r.d.DefaultCPU != "" {
		p.cpu = "-mcpu=" + r.d.DefaultCPU
	}
	if p.isa == "" && r.d.DefaultISA != "" {
		p.isa = r.d.DefaultISA
	}
	if p.std == "" && k == kindC && r.d.DefaultCStd != "" {
		p.std = r.d.DefaultCStd
	}
	defaults := r.d.DefaultCompile
	if k == kindLinkC || k == kindLinkCXX {
		defaults = r.d.DefaultLink
	}
	for _, f := range defaults {
		if !hasSameKind(append(append([]string{}, p.other...), p.raw...), f) {
			p.other = append(p.other, f)
		}
	}
	if p.cpu == "" && p.device != "" {
		if c := DeviceCPU(p.device, p.cpuID); c != "" {
			p.cpu = "-mcpu=" + c
		} else if !hasPrefixArg(p.target, "-mcpu=") && !hasPrefixArg(p.raw, "-mcpu=") {
			r.note(".cproject:%d: %s names the device %s but not its core, and no flow knows the part: -mcpu left out of every unit", r.devLine, r.d.Tool, p.device)
		}
	}
	return p
}

func hasPrefixArg(args []string, prefix string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, prefix) {
			return true
		}
	}
	return false
}

// targetArgs are the target flags in the IDE's order.
func (p *cmdParts) targetArgs(fpuFirst bool) []string {
	var out []string
	add := func(s ...string) {
		for _, a := range s {
			if a != "" {
				out = append(out, a)
			}
		}
	}
	add(p.cpu, p.arch)
	if fpuFirst {
		add(p.fpu, p.floatABI, p.isa)
	} else {
		add(p.isa, p.floatABI, p.fpu)
	}
	add(p.target...)
	return out
}

// compiler is the driver a tool of kind k runs.
func (p *cmdParts) compiler(k toolKind) string {
	cc, cxx := p.cc, p.cxx
	if cc == "" {
		cc = "gcc"
	}
	if cxx == "" {
		cxx = "g++"
	}
	if k == kindCXX || k == kindLinkCXX {
		return p.prefix + cxx
	}
	return p.prefix + cc
}

// compileArgv is the compile line of src.
func (p *cmdParts) compileArgv(k toolKind, fpuFirst bool, src string) []string {
	a := []string{p.compiler(k), "-c"}
	a = append(a, p.targetArgs(fpuFirst)...)
	if p.std != "" {
		a = append(a, "-std="+p.std)
	}
	a = append(a, p.other...)
	a = append(a, p.defines...)
	for _, d := range p.includes {
		a = append(a, "-I"+d)
	}
	for _, d := range p.system {
		a = append(a, "-isystem", d)
	}
	for _, f := range p.forced {
		a = append(a, "-include", f)
	}
	a = append(a, flagsOnly(p.raw)...)
	return append(a, src)
}

// linkArgv is the link line writing out.
func (p *cmdParts) linkArgv(k toolKind, fpuFirst bool, out string) []string {
	a := []string{p.compiler(k)}
	a = append(a, p.targetArgs(fpuFirst)...)
	a = append(a, p.other...)
	a = append(a, flagsOnly(p.raw)...)
	for _, s := range p.scripts {
		a = append(a, "-T", s)
	}
	for _, d := range p.libDirs {
		a = append(a, "-L", d)
	}
	a = append(a, p.libs...)
	return append(a, "-o", out)
}

// flagsOnly drops words of a free-text value that are neither flags nor
// a flag's value ("$@" after -MT is a value; a stray word would otherwise
// read as a second source file).
func flagsOnly(raw []string) []string {
	var out []string
	for i := 0; i < len(raw); i++ {
		a := raw[i]
		switch {
		case takesValue[a] || a == "-u":
			out = append(out, a)
			if i+1 < len(raw) {
				i++
				out = append(out, raw[i])
			}
		case strings.HasPrefix(a, "-"):
			out = append(out, a)
		}
	}
	return out
}

// findScript is where ld finds a -T script: as named, else in a -L folder.
func findScript(s string, libDirs []string, exists func(string) bool) string {
	if exists(s) {
		return s
	}
	for _, d := range libDirs {
		if c := filepath.Join(d, filepath.Base(s)); exists(c) {
			return c
		}
	}
	return s
}

// hasSameKind says whether args already hold the flag f or its negation
// (-fno-data-sections for -fdata-sections).
func hasSameKind(args []string, f string) bool {
	for _, a := range args {
		if a == f || strings.HasPrefix(f, "-f") && a == "-fno-"+f[2:] {
			return true
		}
	}
	return false
}
