package sim

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/spawn"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

//go:embed csrc/*.c csrc/*.h csrc/arch/cc.h csrc/include
var csrc embed.FS

// cflags are the host compiler flags. -O2 keeps the simulator fast; -w
// because several configurations under test (the seed articles') redefine
// lwIP-internal macros, which is exactly what the comparison shows.
var cflags = []string{"-O2", "-g0", "-w", "-std=gnu99", "-fno-strict-aliasing"}

// Override is one change the host port makes to a configuration under test.
type Override struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Why   string `json:"why"`
}

// undefOnly: an override with no value only undefines the name (lwIP's
// own default or code path applies).
func (o Override) undefOnly() bool { return o.Value == "" }

// nodeBuild is one compiled node executable.
type nodeBuild struct {
	Exe string
}

var buildMu sync.Mutex // one compile at a time per process: the machine has few cores

// compiler returns the host C compiler (CC or gcc).
func compiler() (string, error) {
	cc := os.Getenv("SIM_CC")
	if cc == "" {
		cc = "gcc"
	}
	return exec.LookPath(cc)
}

// lwipSources lists the lwIP files the simulator compiles: core, IPv4,
// the Ethernet netif (and IPv6 when the configuration enables it).
func lwipSources(tree string, ipv6 bool) ([]string, error) {
	var out []string
	dirs := []string{"src/core", "src/core/ipv4"}
	if ipv6 {
		dirs = append(dirs, "src/core/ipv6")
	}
	for _, d := range dirs {
		m, err := filepath.Glob(filepath.Join(tree, d, "*.c"))
		if err != nil {
			return nil, err
		}
		out = append(out, m...)
	}
	out = append(out, filepath.Join(tree, "src/netif/ethernet.c"))
	sort.Strings(out)
	for _, f := range out {
		if _, err := os.Stat(f); err != nil {
			return nil, fmt.Errorf("lwIP tree %s: %v", tree, err)
		}
	}
	return out, nil
}

// buildNode compiles sim_node.c + lwIP with the given lwipopts.h content
// (configuration under test, then the host overrides) into a cached
// executable: the peer, and a device whose driver has no model yet.
func buildNode(ctx context.Context, tree *lwipsrc.Tree, cacheDir string, opts []byte, ipv6 bool) (*nodeBuild, error) {
	node, _ := csrc.ReadFile("csrc/sim_node.c")
	cch, _ := csrc.ReadFile("csrc/arch/cc.h")
	return buildProgram(ctx, tree, cacheDir, program{
		Files:   map[string][]byte{"lwipopts.h": opts, "sim_node.c": node, "arch/cc.h": cch},
		Sources: []string{"sim_node.c"},
		IPv6:    ipv6,
	})
}

// program is one simulator executable: files written into the build
// directory, the ones compiled (with lwIP), extra compile and link flags.
type program struct {
	Files    map[string][]byte
	Sources  []string
	Includes []string // directories under the build directory, after it
	CFlags   []string
	LDFlags  []string
	IPv6     bool
	API      bool // lwIP's src/api too (NO_SYS=0: tcpip thread, netconn, sockets)
	// Port is what lwIP's own objects need beyond lwipopts.h and arch/cc.h (an RTOS board: the
	// model's headers, arch/sys_arch.h and the API defines).
	Port *lwipPort
}

// lwipPort: headers (path under the build directory -> content), include directories relative to
// it, and defines for compiling lwIP's sources.
type lwipPort struct {
	Files    map[string][]byte
	Includes []string
	Defines  []string
}

// buildDevice compiles the device node that runs the board's generated
// driver: sim_node.c (workload, protocol) + devhost.c (time, interrupts,
// checks) + the driver model and board file + the generated code + lwIP.
func buildDevice(ctx context.Context, tree *lwipsrc.Tree, cacheDir string, dc *deviceCode, opts []byte, ipv6, dcache bool) (*nodeBuild, error) {
	files := map[string][]byte{"lwipopts.h": opts}
	err := fs.WalkDir(csrc, "csrc", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := csrc.ReadFile(p)
		if err != nil {
			return err
		}
		files[strings.TrimPrefix(p, "csrc/")] = data
		return nil
	})
	if err != nil {
		return nil, err
	}
	for name, data := range dc.Files {
		files["glue/"+name] = data
	}
	srcs := []string{"sim_node.c", "devhost.c", dc.Model.Model, dc.Model.Board}
	for _, s := range append(append([]string{}, dc.Sources...), dc.Vendor...) {
		srcs = append(srcs, "glue/"+s)
	}
	cf := []string{"-DSIM_DEVICE_GLUE=1"}
	includes := []string{"glue", "include"}
	var port *lwipPort
	if dc.Model.RTOS {
		// the virtual-time RTOS model, the FreeRTOS/CMSIS API and sys_arch (rtos.go)
		rfiles, rb, err := rtosProgram(dc.Model.RTOSAPI, dc.Model.Kernel)
		if err != nil {
			return nil, err
		}
		for name, data := range rfiles {
			files[name] = data
		}
		srcs = append(srcs, rb.Sources...)
		srcs = append(srcs, "rtos/board_vrtos_loop.c") // the critical-section mask and the loop pass of every RTOS board
		includes = append(includes, rb.Includes...)
		if k := dc.Model.Kernel; k != nil {
			srcs = append(srcs, k.BoardSources...) // the BSP's models (RT-Thread: drv_eth.c, board.h)
			includes = append(includes, k.BoardIncludes...)
		} else {
			srcs = append(srcs, "rtos/board_rtos_common.c") // what every FreeRTOS board file shares
		}
		port = &lwipPort{Files: rfiles, Includes: rb.Includes, Defines: rb.Defines}
		cf = append(cf, "-DSIM_RTOS=1")
		for _, d := range rb.Defines {
			cf = append(cf, "-D"+d)
		}
	}
	for _, d := range append(append([]string{}, dc.Defines...), dc.Model.Defines...) {
		cf = append(cf, "-D"+d)
	}
	if dcache {
		cf = append(cf, "-DSIM_DCACHE=1")
	}
	// tcp_tmr: devhost.c charges every TCP timer pass to the device's CPU (the tcp.clock rule's cost)
	ld := []string{"-Wl,--wrap=tcp_tmr"}
	for _, w := range dc.Model.Wraps {
		ld = append(ld, "-Wl,--wrap="+w)
	}
	ld = append(ld, dc.Model.LDFlags...)
	return buildProgram(ctx, tree, cacheDir, program{Files: files, Sources: srcs, Includes: includes, CFlags: cf, LDFlags: ld, IPv6: ipv6, API: dc.Model.RTOS, Port: port})
}

// buildProgram compiles a program into a cached executable. The cache key
// covers every input, so a changed configuration, generated file or
// simulator source rebuilds.
func buildProgram(ctx context.Context, tree *lwipsrc.Tree, cacheDir string, pr program) (*nodeBuild, error) {
	cc, err := compiler()
	if err != nil {
		return nil, fmt.Errorf("host C compiler: %v", err)
	}
	srcs, err := lwipSources(tree.Dir, pr.IPv6)
	if err != nil {
		return nil, err
	}
	if pr.API {
		api, err := filepath.Glob(filepath.Join(tree.Dir, "src", "api", "*.c"))
		if err != nil || len(api) == 0 {
			return nil, fmt.Errorf("lwIP tree %s: no src/api sources", tree.Dir)
		}
		sort.Strings(api)
		srcs = append(srcs, api...)
	}
	h := sha256.New()
	fmt.Fprintf(h, "v4\x00%s\x00%s\x00%s\x00%s\x00", cc, tree.Dir, tree.Version, strings.Join(cflags, " "))
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00", strings.Join(pr.Sources, " "), strings.Join(pr.Includes, " "), strings.Join(pr.CFlags, " "), strings.Join(pr.LDFlags, " "))
	if out, err := spawn.Output(ctx, cc, "-dumpfullversion"); err == nil {
		h.Write(out)
	}
	for _, f := range srcs {
		st, err := os.Stat(f)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", f, st.Size(), st.ModTime().UnixNano())
	}
	names := make([]string, 0, len(pr.Files))
	for n := range pr.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(pr.Files[n]))
		h.Write(pr.Files[n])
	}
	key := hex.EncodeToString(h.Sum(nil))[:20]
	dir := filepath.Join(cacheDir, key)
	exe := filepath.Join(dir, "sim_node")
	if _, err := os.Stat(exe); err == nil {
		return &nodeBuild{Exe: exe}, nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if _, err := os.Stat(exe); err == nil {
		return &nodeBuild{Exe: exe}, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp(cacheDir, "build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	for _, name := range names {
		p := filepath.Join(work, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, pr.Files[name], 0o644); err != nil {
			return nil, err
		}
	}
	var all []string
	for _, s := range pr.Sources {
		all = append(all, filepath.Join(work, filepath.FromSlash(s)))
	}
	objs := make([]string, len(all))
	for i, src := range all {
		objs[i] = filepath.Join(work, fmt.Sprintf("%03d_%s.o", i, strings.TrimSuffix(filepath.Base(src), ".c")))
	}
	incs := []string{"-I", work}
	for _, d := range pr.Includes {
		incs = append(incs, "-I", filepath.Join(work, d))
	}
	incs = append(incs, "-I", filepath.Join(tree.Dir, "src", "include"))
	lwipObjs, err := lwipObjects(ctx, cc, tree, cacheDir, srcs, pr.Files["lwipopts.h"], pr.Files["arch/cc.h"], pr.Port)
	if err != nil {
		return nil, err
	}
	_, first := toolchain.Parallel(ctx, 0, len(all), true, func(ctx context.Context, i int) error {
		args := append([]string{}, cflags...)
		args = append(args, pr.CFlags...)
		// lwipgen's code and the generated code under test: implicit declarations are errors
		args = append(args, "-Werror=implicit-function-declaration")
		args = append(args, incs...)
		if err := compileCached(ctx, cc, args, all[i], objs[i], cacheDir); err != nil {
			return fmt.Errorf("compiling %s: %v", strings.TrimPrefix(all[i], work+"/"), err)
		}
		return nil
	})
	if first != nil {
		return nil, first
	}
	tmpExe := filepath.Join(work, "sim_node")
	link := append(append(append([]string{cc, "-o", tmpExe}, objs...), lwipObjs...), pr.LDFlags...)
	if out, err := toolchain.Output(ctx, "", append(link, "-lm")); err != nil {
		return nil, linkError(out, errors.Unwrap(err), pr.Files["lwipopts.h"])
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	os.WriteFile(filepath.Join(dir, "lwipopts.h"), pr.Files["lwipopts.h"], 0o644)
	if err := os.Rename(tmpExe, exe); err != nil {
		return nil, err
	}
	return &nodeBuild{Exe: exe}, nil
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}

// errorSummary is the table's one line for a configuration that failed: the
// first line and, for a compile, the compiler's first error message (the
// #error text a configuration runs into, not just "exit status 1").
func errorSummary(s string) string {
	first := firstLines(s, 1)
	first = strings.TrimSuffix(first, "\n...")
	for _, l := range strings.Split(s, "\n") {
		if _, msg, ok := strings.Cut(l, " error: "); ok {
			return first + ": " + strings.TrimSpace(msg)
		}
	}
	return first
}

// lwipObjects compiles lwIP's sources once per lwipopts.h and port header
// (the objects do not depend on the driver or the simulator code) and keeps
// them in the cache, so that devices with the same configuration (another
// board's glue, a patched glue in a test) only compile their own files.
func lwipObjects(ctx context.Context, cc string, tree *lwipsrc.Tree, cacheDir string, srcs []string, opts, cch []byte, port *lwipPort) ([]string, error) {
	if port == nil {
		port = &lwipPort{}
	}
	h := sha256.New()
	fmt.Fprintf(h, "lwip1\x00%s\x00%s\x00%s\x00%s\x00", cc, tree.Dir, tree.Version, strings.Join(cflags, " "))
	fmt.Fprintf(h, "%s\x00%s\x00", strings.Join(port.Includes, " "), strings.Join(port.Defines, " "))
	pnames := make([]string, 0, len(port.Files))
	for n := range port.Files {
		pnames = append(pnames, n)
	}
	sort.Strings(pnames)
	for _, n := range pnames {
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(port.Files[n]))
		h.Write(port.Files[n])
	}
	for _, f := range srcs {
		st, err := os.Stat(f)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", f, st.Size(), st.ModTime().UnixNano())
	}
	h.Write(opts)
	h.Write([]byte{0})
	h.Write(cch)
	dir := filepath.Join(cacheDir, "lwip-"+hex.EncodeToString(h.Sum(nil))[:20])
	objs := make([]string, len(srcs))
	for i, src := range srcs {
		objs[i] = filepath.Join(dir, fmt.Sprintf("%03d_%s.o", i, strings.TrimSuffix(filepath.Base(src), ".c")))
	}
	if _, err := os.Stat(filepath.Join(dir, "done")); err == nil {
		return objs, nil
	}
	work, err := os.MkdirTemp(cacheDir, "lwip-build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	if err := os.MkdirAll(filepath.Join(work, "arch"), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(work, "lwipopts.h"), opts, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(work, "arch", "cc.h"), cch, 0o644); err != nil {
		return nil, err
	}
	for _, n := range pnames {
		p := filepath.Join(work, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, port.Files[n], 0o644); err != nil {
			return nil, err
		}
	}
	var portArgs []string
	for _, d := range port.Includes {
		portArgs = append(portArgs, "-I", filepath.Join(work, filepath.FromSlash(d)))
	}
	for _, d := range port.Defines {
		portArgs = append(portArgs, "-D"+d)
	}
	tmp := make([]string, len(srcs))
	for i := range srcs {
		tmp[i] = filepath.Join(work, filepath.Base(objs[i]))
	}
	_, first := toolchain.Parallel(ctx, 0, len(srcs), true, func(ctx context.Context, i int) error {
		args := append([]string{}, cflags...)
		args = append(args, "-I", work)
		args = append(args, portArgs...)
		args = append(args, "-I", filepath.Join(tree.Dir, "src", "include"))
		if err := compileCached(ctx, cc, args, srcs[i], tmp[i], cacheDir); err != nil {
			return fmt.Errorf("compiling %s: %v", filepath.Base(srcs[i]), err)
		}
		return nil
	})
	if first != nil {
		return nil, first
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for i := range srcs {
		if err := os.Rename(tmp[i], objs[i]); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "done"), nil, 0o644); err != nil {
		return nil, err
	}
	return objs, nil
}
