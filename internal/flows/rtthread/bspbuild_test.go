package rtthread

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/lwip/lwiptest"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// kconfiglibPython returns a python3 that can import kconfiglib (Debian's
// python3-kconfiglib, installed by scripts/setup-host.sh), or skips/fails.
func kconfiglibPython(t *testing.T) string {
	t.Helper()
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if p, err := exec.LookPath(py); err == nil && exec.Command(p, "-c", "import kconfiglib").Run() == nil {
			return p
		}
	}
	testenv.Missing(t, "python3-kconfiglib", "sudo scripts/setup-host.sh installs it (README set-up)")
	return ""
}

// kconfigHeader is the header the fixture's .config carries.
const kconfigHeader = "#\n# Automatically generated file; DO NOT EDIT.\n# RT-Thread Configuration\n#\n"

// kconfigRoundTrip loads dir/.config with kconfiglib against dir/Kconfig
// (with lwipgen's network-menu model where RT-Thread keeps the real one) and
// returns what menuconfig's save would write, plus kconfiglib's warnings.
func kconfigRoundTrip(t *testing.T, py, dir string) (string, string) {
	t.Helper()
	net := filepath.Join(dir, "rt-thread/components/net/Kconfig")
	if err := os.WriteFile(net, port.KconfigSource(), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(net)
	out := filepath.Join(t.TempDir(), "saved.config")
	script := `import sys, kconfiglib
k = kconfiglib.Kconfig("Kconfig", warn_to_stderr=True)
k.load_config(".config")
k.write_config(sys.argv[1], header=sys.argv[2])
`
	cmd := exec.Command(py, "-c", script, out, kconfigHeader)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("kconfiglib: %v\n%s", err, stderr.String())
	}
	return read(t, out), stderr.String()
}

// The fixture BSP (SAL + DNS + ping on, lwIP 2.0.2 chosen, ART-Pi shaped) is
// kconfiglib's own output; after vendoring, a menuconfig load/save changes
// nothing: every value lwipgen wrote survives, no select turns anything back.
func TestVendoredConfigSurvivesKconfiglibLoadSave(t *testing.T) {
	py := kconfiglibPython(t)
	dir := bspFixture(t)
	if saved, warn := kconfigRoundTrip(t, py, dir); saved != read(t, filepath.Join(dir, ".config")) || warn != "" {
		t.Fatalf("the fixture .config is not what kconfiglib writes (warnings %q):\n%s", warn, bspDiff(read(t, filepath.Join(dir, ".config")), saved))
	}
	g := prepare(t, board.Source{}, "h743-rtthread")
	res, err := Apply(g, dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	vendored := read(t, filepath.Join(dir, ".config"))
	saved, warn := kconfigRoundTrip(t, py, dir)
	if warn != "" {
		t.Errorf("kconfiglib warns on the vendored .config: %s", warn)
	}
	if saved != vendored {
		t.Fatalf("menuconfig would change the vendored .config:\n%s", bspDiff(vendored, saved))
	}
	for _, want := range []string{"CONFIG_RT_USING_LWIP212=y", "CONFIG_RT_LWIP_DNS=y", "CONFIG_RT_LWIP_RAW=y", "CONFIG_RT_LWIP_USING_PING=y", "CONFIG_SAL_USING_LWIP=y"} {
		if !strings.Contains(vendored, want+"\n") {
			t.Errorf("vendored .config lacks %s", want)
		}
	}
	// every value the BSP had and lwipgen lowered is named, with lwipgen's reason
	all := strings.Join(res.Warnings, "\n")
	for _, want := range []string{"CONFIG_RT_LWIP_TCP_PCB_NUM lowered from 30", "CONFIG_RT_MEMP_NUM_NETCONN lowered from 34", "CONFIG_RT_LWIP_TCPTHREAD_STACKSIZE lowered from 4096", "CONFIG_RT_LWIP_IGMP lowered from y", "project.uvprojx (Keil MDK) is not changed", "CONFIG_RT_LWIP_ETHTHREAD_PRIORITY changed from 12"} {
		if !strings.Contains(all, want) {
			t.Errorf("no warning %q in:\n%s", want, all)
		}
	}
	if strings.Contains(all, "RT_LWIP_DNS lowered") || strings.Contains(all, "RT_LWIP_RAW lowered") || strings.Contains(all, "PRIORITY lowered") {
		t.Errorf("DNS/RAW must stay on:\n%s", all)
	}
}

// The Kconfig model's relations are those of the real menu: ping selects RAW
// and ICMP, SAL and ping need DNS to compile.
func TestKconfigModelRelations(t *testing.T) {
	m := port.Model403()
	forced := m.Forced(map[string]string{"RT_USING_LWIP": "y", "RT_LWIP_USING_PING": "y", "RT_LWIP_RAW": "n"})
	if forced["RT_LWIP_RAW"] != "RT_LWIP_USING_PING" || forced["RT_LWIP_ICMP"] != "RT_LWIP_USING_PING" || forced["NETDEV_USING_PING"] != "RT_LWIP_USING_PING" {
		t.Fatalf("forced %v", forced)
	}
	if f := m.Forced(map[string]string{"RT_USING_LWIP": "n", "RT_LWIP_USING_PING": "y"}); f["RT_LWIP_RAW"] != "" {
		t.Fatalf("a symbol whose menu is off selects nothing: %v", f)
	}
	unmet := m.Unmet(map[string]string{"SAL_USING_LWIP": "y", "RT_LWIP_USING_PING": "y", "RT_LWIP_DNS": "n"})
	if len(unmet) != 2 || !strings.Contains(unmet[0]+unmet[1], "lwip_gethostbyname") {
		t.Fatalf("unmet %v", unmet)
	}
	if !port.Eval("(RT_USING_LWIP202 || RT_USING_LWIP212) && !X", map[string]string{"RT_USING_LWIP212": "y"}) {
		t.Fatal("Eval")
	}
}

// lwIP's memory and the driver's RX ring are write-through: the ART-Pi
// drv_eth.c invalidates the whole D-cache (no clean) at driver init, after
// lwip_system_init wrote the heap and pool free lists.
func TestLwIPMemoryIsWriteThrough(t *testing.T) {
	g := prepare(t, board.Source{}, "h743-rtthread")
	n := 0
	for _, s := range g.Layout.Sections {
		for _, o := range s.Objects {
			if o.Owner != "lwip" && o.Symbol != "Rx_Buff" {
				continue
			}
			n++
			covered := false
			for _, r := range g.Layout.MPU {
				if r.Attr == mpu.NormalWT && r.Base <= s.Base && s.End() <= r.Base+r.Size {
					covered = true
				}
			}
			if s.Attr != "writethrough" || !covered {
				t.Errorf("%s in %s (%s) is not covered by a write-through MPU region (%+v)", o.Symbol, s.Name, s.Attr, g.Layout.MPU)
			}
		}
	}
	if n < 5 {
		t.Fatalf("only %d lwIP objects", n)
	}
}

// cproject reads what the Studio managed build passes to gcc: the include
// paths and -include files (as absolute paths, as Studio expands
// ${workspace_loc}) and the -T linker script.
func cproject(t *testing.T, dir string) (incs, preinc []string, script string) {
	src := read(t, filepath.Join(dir, ".cproject"))
	val := regexp.MustCompile(`<listOptionValue builtIn="false" value="&quot;\$\{workspace_loc:/+\$\{ProjName\}/+([^}]*)\}&quot;" />`)
	block := func(name string) []string {
		i := strings.Index(src, `name="`+name+`"`)
		if i < 0 {
			t.Fatalf(".cproject has no %s", name)
		}
		j := strings.Index(src[i:], "</option>")
		var out []string
		for _, m := range val.FindAllStringSubmatch(src[i:i+j], -1) {
			out = append(out, filepath.Join(dir, m[1]))
		}
		return out
	}
	ts := block("Script files (-T)")
	return block("Include paths (-I)"), block("Include files (-include)"), ts[0]
}

func gccAll(t *testing.T, cwd string, flags, srcs []string, objDir string) []string {
	t.Helper()
	objs := make([]string, len(srcs))
	for i, s := range srcs {
		objs[i] = filepath.Join(objDir, strings.TrimSuffix(filepath.Base(s), ".c")+".o")
	}
	errs, _ := toolchain.Parallel(context.Background(), 2, len(srcs), false, func(ctx context.Context, i int) error {
		_, err := toolchain.Output(ctx, cwd, append(append([]string{"arm-none-eabi-gcc"}, flags...), "-c", srcs[i], "-o", objs[i]))
		return err
	})
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("compile in %s:\n%v", cwd, err)
	}
	return objs
}

func link(cpu []string, cwd, script, out string, objs []string) ([]byte, error) {
	args := append(append(append([]string{}, cpu...), "-nostartfiles", "--specs=nosys.specs", "-Wl,--gc-sections", "-T", script, "-o", out), objs...)
	cmd := exec.Command("arm-none-eabi-gcc", append(args, "-lc", "-lgcc")...)
	cmd.Dir = cwd
	return cmd.CombinedOutput()
}

// The vendored ART-Pi-shaped BSP compiles and links with the cross compiler
// as scons does it (from the BSP root, relative paths) and as RT-Thread
// Studio does it (from Debug/, with the .cproject's include paths and -T
// script), and lwIP's RAM in the compiled objects is the plan's prediction.
// lwIP is compiled from lwipgen's cache (2.1.3) standing in for the BSP's
// rt-thread/components/net/lwip-2.1.2: the 2.1.x point releases share opt.h
// and the structs the RAM model counts (lwip.ParseVersion).
func TestVendoredBSPBuildsFromRootAndStudioDebug(t *testing.T) {
	testenv.CrossCompiler(t)
	lw := testenv.LwIP(t)
	dir := bspFixture(t)
	g := prepare(t, board.Source{}, "h743-rtthread")
	if _, err := Apply(g, dir, false, nil); err != nil {
		t.Fatal(err)
	}
	// RT-Thread's lwIP folder: lwIP's own sources from the cache, the arch headers lwipgen renders.
	portDir := filepath.Join(dir, "rt-thread/components/net", lwipDir, "src")
	for _, sub := range []string{"include", "core", "api", "netif"} {
		if err := os.Symlink(filepath.Join(lw, "src", sub), filepath.Join(portDir, sub)); err != nil {
			t.Fatal(err)
		}
	}
	gen := map[string][]byte{}
	for _, f := range g.Files {
		gen[f.Path] = f.Content
	}
	os.MkdirAll(filepath.Join(portDir, "arch/include/arch"), 0o755)
	app := filepath.Join(dir, "applications")
	os.MkdirAll(app, 0o755)
	for src, dst := range map[string]string{
		"port/arch/cc.h": filepath.Join(portDir, "arch/include/arch/cc.h"), "port/arch/sys_arch.h": filepath.Join(portDir, "arch/include/arch/sys_arch.h"),
		"probe/probe_main.c": filepath.Join(app, "main.c"), "probe/probe_startup.c": filepath.Join(app, "startup.c"), "probe/sys_arch_stub.c": filepath.Join(app, "sys_arch.c"),
	} {
		if err := os.WriteFile(dst, gen[src], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// stand-ins for CMSIS (core_cm7.h) and RT-Thread's libc syscalls (components/libc), which the fixture does not carry
	os.WriteFile(filepath.Join(app, "stubs.c"), []byte("void SCB_CleanInvalidateDCache(void) {}\nvoid *_sbrk(int incr) { (void)incr; return (void *)-1; }\n"), 0o644)

	// lwIP itself, once (both builds link these objects), through the BSP's port lwipopts.h over its rtconfig.h
	files, err := lwiptest.Sources(lw, "core", "ipv4", "ethernet", "api")
	if err != nil {
		t.Fatal(err)
	}
	opts := read(t, filepath.Join(portDir, "lwipopts.h"))
	cpu := toolchain.CPUFlags(g.Board.Chip.Core)
	res, err := lwiptest.Compile(lwiptest.Build{LwipDir: lw, Opts: opts, CFlags: append(append([]string{}, cpu...), "-Os", "-Wall", "-ffunction-sections", "-fdata-sections", "-include", "sys/time.h", "-I"+dir), Files: files, WorkDir: t.TempDir(), Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("%d errors, first: %v", len(res.Errors), res.Errors[0])
	}
	for _, w := range res.Warnings {
		if strings.Contains(w.Text, "redefined") {
			t.Errorf("a side-header option is redefined by the port: %v", w)
		}
	}
	checkRAM(t, g, res.Objects)

	bspSrcs := []string{"lwipgen/lwipgen_rtthread.c", "lwipgen/lwipgen_mpu.c", "applications/main.c", "applications/startup.c", "applications/sys_arch.c", "applications/stubs.c"}
	base := append(append([]string{}, cpu...), "-Os", "-Wall", "-Werror", "-ffunction-sections", "-fdata-sections")

	// scons: from the BSP root, the SConscripts' CPPPATH (relative)
	root := append(append([]string{}, base...), "-include", "rtconfig_preinc.h", "-include", "sys/time.h", "-I.", "-Iboard", "-Irt-thread/include", "-Ilwipgen",
		"-I"+filepath.Join("rt-thread/components/net", lwipDir, "src"), "-I"+filepath.Join("rt-thread/components/net", lwipDir, "src/include"), "-I"+filepath.Join("rt-thread/components/net", lwipDir, "src/arch/include"))
	objs := gccAll(t, dir, root, bspSrcs, t.TempDir())
	elfRoot := filepath.Join(t.TempDir(), "root.elf")
	if out, err := link(cpu, dir, "board/linker_scripts/link.lds", elfRoot, append(objs, res.Objects...)); err != nil {
		t.Fatalf("link from the BSP root: %v\n%s", err, out)
	}
	checkPlaced(t, g, elfRoot)

	// RT-Thread Studio: make runs in Debug/ with the .cproject's (absolute) paths
	debug := filepath.Join(dir, "Debug")
	os.MkdirAll(debug, 0o755)
	incs, pre, script := cproject(t, dir)
	if !strings.Contains(strings.Join(incs, " "), lwipDir+"/src/include") {
		t.Fatalf(".cproject include paths do not name %s: %v", lwipDir, incs)
	}
	studio := append([]string{}, base...)
	for _, p := range pre {
		studio = append(studio, "-include", p)
	}
	studio = append(studio, "-include", "sys/time.h")
	for _, i := range incs {
		studio = append(studio, "-I"+i)
	}
	var abs []string
	for _, s := range bspSrcs {
		abs = append(abs, filepath.Join(dir, s))
	}
	abs = append(abs, filepath.Join(portDir, "core/init.c")) // one lwIP unit through the Studio include paths (init.c holds lwIP's #error checks)
	objs = gccAll(t, debug, studio, abs, t.TempDir())
	var lwipObjs []string
	for _, o := range res.Objects {
		if filepath.Base(o) != "core_init.o" {
			lwipObjs = append(lwipObjs, o)
		}
	}
	elfDebug := filepath.Join(debug, "rtthread.elf")
	if out, err := link(cpu, debug, script, elfDebug, append(objs, lwipObjs...)); err != nil {
		t.Fatalf("link from Debug/: %v\n%s", err, out)
	}
	checkPlaced(t, g, elfDebug)

	// the former INCLUDE form fails exactly there: the check can fail
	lds := read(t, script)
	i, j := strings.Index(lds, "/* lwipgen:begin"), strings.Index(lds, "/* lwipgen:end */")
	os.WriteFile(filepath.Join(dir, "lwipgen/lwip_sections.ld"), gen["rtthread/lwip_sections.ld"], 0o644)
	inc := filepath.Join(dir, "board/linker_scripts/include.lds")
	os.WriteFile(inc, []byte(lds[:i]+"INCLUDE lwipgen/lwip_sections.ld\n"+lds[j:]), 0o644)
	if out, err := link(cpu, debug, inc, filepath.Join(debug, "inc.elf"), append(objs, lwipObjs...)); err == nil || !strings.Contains(string(out), "lwip_sections.ld") {
		t.Fatalf("an INCLUDE of lwipgen/lwip_sections.ld linked from Debug/ (%v): the Debug/ check proves nothing\n%s", err, out)
	}
}

func checkRAM(t *testing.T, g *pipeline.Generated, objects []string) {
	t.Helper()
	syms, err := elfsym.ReadAll(objects)
	if err != nil {
		t.Fatal(err)
	}
	got := elfsym.Sizes(syms, elfsym.IsLwIPRAM)
	want := g.Plan.RAM.Symbols
	for name, size := range want {
		if (strings.HasPrefix(name, "memp_memory_") || name == "ram_heap") && got[name] != size {
			t.Errorf("%s: predicted %d, compiled %d", name, size, got[name])
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s compiled but not predicted", name)
		}
	}
	if len(got) < 10 || got["ram_heap"] == 0 || got["memp_memory_NETDB_base"] == 0 || got["memp_memory_RAW_PCB_base"] == 0 {
		t.Fatalf("compiled symbols: %v", got)
	}
}

// checkPlaced: every lwIP array and driver ring lies in its planned section.
func checkPlaced(t *testing.T, g *pipeline.Generated, path string) {
	t.Helper()
	syms, err := elfsym.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	addr := map[string]uint64{}
	for n, s := range syms {
		addr[n] = s.Addr
	}
	n := 0
	for _, s := range g.Layout.Sections {
		for _, o := range s.Objects {
			a, ok := addr[o.Symbol]
			if !ok {
				continue
			}
			n++
			if a < s.Base || a >= s.End() {
				t.Errorf("%s: %s at 0x%08X, planned in %s 0x%08X..0x%08X", path, o.Symbol, a, s.Name, s.Base, s.End())
			}
		}
	}
	if n < 8 || addr["__rt_init_lwipgen_board_init"] == 0 {
		t.Fatalf("%s: %d planned objects found, lwipgen_board_init registered: %v", path, n, addr["__rt_init_lwipgen_board_init"] != 0)
	}
}
