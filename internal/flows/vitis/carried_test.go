package vitis

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

func checkByID(t *testing.T, cs []plan.Check, id string) plan.Check {
	t.Helper()
	for _, c := range cs {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no check %s", id)
	return plan.Check{}
}

// The zynq7035 plan limits the out-of-order queue (TCP_OOSEQ_MAX_PBUFS/BYTES)
// so that lwIP never holds the pbufs the GEM's RX ring needs armed; the BSP
// has no parameter for either, so they travel as -D flags of the BSP build,
// in every flow of every release, and never for a name the generated header
// defines.
func TestCarriedFlagsPerRelease(t *testing.T) {
	p, l := zynq(t)
	for _, rel := range []string{"", "2022.2", "2023.1", "2023.2", "2024.1", "master"} {
		r, err := BuildFor(p, l, rel)
		if err != nil {
			t.Fatal(err)
		}
		for key, h := range r.Headers {
			got := map[string]int64{}
			defs := h.Defines()
			for _, f := range h.Flags {
				got[f.Name] = f.Value
				if _, ok := defs[f.Name]; ok {
					t.Errorf("%q %s: -D%s for a name the header defines", rel, key, f.Name)
				}
				if f.Value != p.Value(f.Name) {
					t.Errorf("%q %s: %s = %d, plan %d", rel, key, f.Name, f.Value, p.Value(f.Name))
				}
			}
			for _, n := range []string{"TCP_OOSEQ_MAX_PBUFS", "TCP_OOSEQ_MAX_BYTES"} {
				if got[n] == 0 || got[n] != p.Value(n) {
					t.Errorf("%q %s: %s not carried (flags %v, plan %d)", rel, key, n, h.Flags, p.Value(n))
				}
			}
			// the BSP build's configuration has them: the RAM and the checks see them
			if v, _ := r.Configs[key].Int("TCP_OOSEQ_MAX_PBUFS"); v != p.Value("TCP_OOSEQ_MAX_PBUFS") {
				t.Errorf("%q %s: resolved TCP_OOSEQ_MAX_PBUFS %d", rel, key, v)
			}
			id := "vitis." + strings.ReplaceAll(key, "/", ".")
			for _, c := range []string{id + ".carried_flags", id + ".rx_reserve_holds"} {
				if ck := checkByID(t, r.Checks, c); !ck.OK {
					t.Errorf("%q: %s: %s", rel, c, ck.Detail)
				}
			}
		}
		files := map[string]string{}
		for _, f := range r.Files {
			files[f.Path] = string(f.Content)
		}
		args := FlagArgs(r.Flags())
		for path, c := range files {
			switch {
			case strings.HasSuffix(path, "bsp.tcl"):
				if !strings.Contains(c, `"-DTCP_OOSEQ_MAX_PBUFS=`) || !strings.Contains(c, "bsp config extra_compiler_flags") {
					t.Errorf("%q: bsp.tcl does not set extra_compiler_flags:\n%s", rel, c)
				}
			case strings.HasSuffix(path, "bsp.yaml"):
				if !strings.Contains(c, "proc_config:\n  ps7_cortexa9_0:\n    proc_extra_compiler_flags:\n") || !strings.Contains(c, "-DTCP_OOSEQ_MAX_PBUFS=") {
					t.Errorf("%q: bsp.yaml has no proc_extra_compiler_flags", rel)
				}
			case strings.Contains(path, "system.mss"):
				if !strings.Contains(c, "PARAMETER EXTRA_COMPILER_FLAGS = "+classicExtraCFlags+" -D") {
					t.Errorf("%q: %s lacks the EXTRA_COMPILER_FLAGS comment", rel, path)
				}
			}
		}
		if args == "" {
			t.Errorf("%q: no flags for the primary header", rel)
		}
	}
}

// Without the flags the BSP build would leave TCP_OOSEQ_MAX_PBUFS at 0
// (unlimited): the BSP's rx reserve check must fail on that configuration.
func TestRxReserveCheckFailsWithoutFlags(t *testing.T) {
	p, l := zynq(t)
	r, err := Build(p, l)
	if err != nil {
		t.Fatal(err)
	}
	h := r.Headers[r.Primary]
	bare, err := h.resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := rxReserveCheck(p, r.BSP, bare, "x"); c.OK {
		t.Fatalf("header without the flags passes: %s", c.Detail)
	}
	with, _ := h.Resolve()
	if c := rxReserveCheck(p, r.BSP, with, "x"); !c.OK {
		t.Fatalf("header with the flags fails: %s", c.Detail)
	}
	// and a flag for a name the header defines is reported
	r.Headers[r.Primary].Flags = append(h.Flags, Flag{Name: "MEM_SIZE", Value: 1})
	if c := checkByID(t, carriedChecks(p, r.BSP, r), "vitis."+r.Primary+".carried_flags"); c.OK {
		t.Fatalf("a -DMEM_SIZE flag passes: %s", c.Detail)
	}
}

var reDM = regexp.MustCompile(`(?m)^#define (\w+) (.*)$`)

// preprocess runs the host gcc on lwIP's opt.h with the header as
// lwipopts.h and the extra args, returning the macros (-dM) and stderr.
func preprocess(t *testing.T, lwipDir string, header []byte, extra ...string) (map[string]string, string) {
	t.Helper()
	cc := testenv.HostCC(t)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "arch"), 0o755)
	os.WriteFile(filepath.Join(dir, "lwipopts.h"), header, 0o644)
	os.WriteFile(filepath.Join(dir, "arch", "cc.h"), []byte("#include <stdint.h>\n#include <stddef.h>\n#define BYTE_ORDER LITTLE_ENDIAN\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "t.c"), []byte("#include \"lwip/opt.h\"\n"), 0o644)
	args := append([]string{"-E", "-dM", "-Wall", "-I", dir, "-I", filepath.Join(lwipDir, "src", "include")}, extra...)
	args = append(args, filepath.Join(dir, "t.c"))
	out, err := exec.Command(cc, args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v", cc, args, err)
	}
	// gcc -E -dM prints no redefinition warnings: ask a syntax-only compile for them
	args[0], args[1] = "-fsyntax-only", "-Wall"
	warn, err := exec.Command(cc, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", cc, args, err, warn)
	}
	stderr := string(warn)
	m := map[string]string{}
	for _, mm := range reDM.FindAllStringSubmatch(string(out), -1) {
		m[mm[1]] = strings.TrimSpace(mm[2])
	}
	return m, stderr
}

// Ask gcc: the BSP's generated lwipopts.h with the carried -D flags, through
// lwIP's real opt.h, ends up with the plan's values and no redefinition
// warning; a -D for a name the header defines (MEM_SIZE) is the case the
// flags avoid: gcc warns and the header's value is compiled.
func TestCarriedFlagsWin(t *testing.T) {
	tree := testenv.Tree(t)
	p, l := zynq(t)
	r, err := Build(p, l)
	if err != nil {
		t.Fatal(err)
	}
	var header []byte
	for _, f := range r.Files {
		if f.Path == PathLwipopts {
			header = f.Content
		}
	}
	flags := r.Flags()
	var args []string
	for _, f := range flags {
		args = append(args, f.Arg())
	}
	bare, _ := preprocess(t, tree.Dir, header)
	m, stderr := preprocess(t, tree.Dir, header, args...)
	if strings.Contains(stderr, "redefined") {
		t.Errorf("the carried flags redefine a macro:\n%s", stderr)
	}
	cfg := r.Configs[r.Primary]
	for _, f := range flags {
		if m[f.Name] != strconv.FormatInt(f.Value, 10) {
			t.Errorf("%s: gcc has %q with the flag, want %d", f.Name, m[f.Name], f.Value)
		}
		if bare[f.Name] == m[f.Name] {
			t.Errorf("%s: %q with and without the flag: the flag does nothing", f.Name, m[f.Name])
		}
		if v, _ := cfg.Int(f.Name); v != f.Value {
			t.Errorf("%s: lwipgen resolves %d, gcc %s", f.Name, v, m[f.Name])
		}
	}
	mem, _ := cfg.Int("MEM_SIZE")
	m2, stderr2 := preprocess(t, tree.Dir, header, "-DMEM_SIZE=1")
	if !strings.Contains(stderr2, `"MEM_SIZE" redefined`) || m2["MEM_SIZE"] != strconv.FormatInt(mem, 10) {
		t.Errorf("-DMEM_SIZE=1 over the header's MEM_SIZE %d: gcc has %q, stderr %q", mem, m2["MEM_SIZE"], stderr2)
	}
}

// The GEM checksums IPv4 headers, TCP and UDP, not ICMP: the Vitis plan
// keeps CHECKSUM_GEN/CHECK_ICMP 1 (lwIP's default, which the BSP leaves),
// and the check fails for a plan made without the Vitis constraints (the
// generic rule switches ICMP off with the rest).
func TestGEMChecksumsICMPInSoftware(t *testing.T) {
	p, _ := zynq(t)
	for _, n := range []string{"CHECKSUM_GEN_ICMP", "CHECKSUM_CHECK_ICMP"} {
		if s, ok := p.Setting(n); !ok || p.Value(n) != 1 || s.Rule != "vitis.icmp_csum" {
			t.Errorf("%s = %d (%+v)", n, p.Value(n), s)
		}
	}
	for _, n := range []string{"CHECKSUM_GEN_TCP", "CHECKSUM_CHECK_UDP", "CHECKSUM_GEN_IP"} {
		if p.Value(n) != 0 {
			t.Errorf("%s = %d, the GEM offloads it", n, p.Value(n))
		}
	}
	b, diags := board.Source{}.Load("zynq7035")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	generic, err := plan.Build(b, plan.Hooks{RxModel: Flow{}.Plan(b).RxModel})
	if err != nil {
		t.Fatal(err)
	}
	if generic.Value("CHECKSUM_GEN_ICMP") != 0 {
		t.Fatalf("the generic plan already keeps ICMP in software: the negative case is gone")
	}
	r, err := BuildFor(generic, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if c := checkByID(t, r.Checks, "vitis.rule.gem_checksum_offload"); c.OK {
		t.Errorf("CHECKSUM_GEN_ICMP 0 passes: %s", c.Detail)
	}
}

// Run the generated bsp.tcl in a real Tcl interpreter with xsct's commands
// stubbed: extra_compiler_flags keeps the domain's other flags, replaces an
// older -D of the same option and gains the carried ones; a second run
// changes nothing; where the value cannot be read it appends. And the same
// merge in empyro.py's extra_flags() under python3.
func TestCarriedFlagsScriptsMerge(t *testing.T) {
	tclsh := testenv.Tool(t, "tclsh")
	py := testenv.Tool(t, "python3")
	p, l := zynq(t)
	r, err := Build(p, l)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range r.Files {
		if f.Path == PathTcl || f.Path == PathEmpyro {
			os.WriteFile(filepath.Join(dir, filepath.Base(f.Path)), f.Content, 0o644)
		}
	}
	want := FlagArgs(r.Flags())
	stub := `set argv {ws plat dom}; set argc 3
set ::flags [lindex $::env(FLAGS) 0]
set ::readable $::env(READABLE)
proc setws args {}
proc platform args {}
proc domain args {}
proc bsp {args} {
    if {[lindex $args 0] eq "getlibs"} { return "lwip213" }
    if {[lrange $args 0 1] eq {config extra_compiler_flags}} {
        if {[llength $args] == 2} {
            if {!$::readable} { error "cannot read" }
            return $::flags
        }
        set ::flags [lindex $args 2]
        return
    }
    if {[lrange $args 0 2] eq {config -append extra_compiler_flags}} { set ::flags "$::flags [lindex $args 3]"; return }
}
source bsp.tcl
puts $::flags
`
	os.WriteFile(filepath.Join(dir, "run.tcl"), []byte(stub), 0o644)
	run := func(flags, readable string) string {
		cmd := exec.Command(tclsh, "run.tcl")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "FLAGS={"+flags+"}", "READABLE="+readable)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("tclsh: %v\n%s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	domain := "-mcpu=cortex-a9 -g -DTCP_OOSEQ_MAX_PBUFS=7 -DUSE_AMP=1"
	got := run(domain, "1")
	if got != "-mcpu=cortex-a9 -g -DUSE_AMP=1 "+want {
		t.Errorf("bsp.tcl made extra_compiler_flags %q", got)
	}
	if again := run(got, "1"); again != got {
		t.Errorf("second run: %q, first %q", again, got)
	}
	if got := run("-g", "0"); got != "-g "+want {
		t.Errorf("unreadable value: %q", got)
	}
	code := `import sys; sys.path.insert(0, sys.argv[1]); import empyro; print(empyro.extra_flags(sys.argv[2])); print(empyro.extra_flags(""))`
	out, err := exec.Command(py, "-c", code, dir, " -O2 -g -DTCP_OOSEQ_MAX_BYTES=1 -DUSE_AMP=1").CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != 2 || lines[0] != " -O2 -g -DUSE_AMP=1 "+want || lines[1] != toolchainExtraCFlags+" "+want {
		t.Errorf("empyro.extra_flags: %q", lines)
	}
}
