package sim

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

//go:embed csrc/sim_node.c csrc/arch/cc.h
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
// executable. The cache key covers every input, so a changed configuration
// or simulator source rebuilds.
func buildNode(ctx context.Context, tree *lwipsrc.Tree, cacheDir string, opts []byte, ipv6 bool) (*nodeBuild, error) {
	cc, err := compiler()
	if err != nil {
		return nil, fmt.Errorf("host C compiler: %v", err)
	}
	srcs, err := lwipSources(tree.Dir, ipv6)
	if err != nil {
		return nil, err
	}
	node, _ := csrc.ReadFile("csrc/sim_node.c")
	cch, _ := csrc.ReadFile("csrc/arch/cc.h")
	h := sha256.New()
	fmt.Fprintf(h, "v3\x00%s\x00%s\x00%s\x00%s\x00", cc, tree.Dir, tree.Version, strings.Join(cflags, " "))
	if out, err := exec.CommandContext(ctx, cc, "-dumpfullversion").Output(); err == nil {
		h.Write(out)
	}
	for _, f := range srcs {
		st, err := os.Stat(f)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", f, st.Size(), st.ModTime().UnixNano())
	}
	h.Write(node)
	h.Write(cch)
	h.Write(opts)
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
	files := map[string][]byte{"lwipopts.h": opts, "sim_node.c": node, "arch/cc.h": cch}
	for name, data := range files {
		p := filepath.Join(work, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return nil, err
		}
	}
	all := append([]string{filepath.Join(work, "sim_node.c")}, srcs...)
	objs := make([]string, len(all))
	for i, src := range all {
		objs[i] = filepath.Join(work, fmt.Sprintf("%03d_%s.o", i, strings.TrimSuffix(filepath.Base(src), ".c")))
	}
	_, first := toolchain.Parallel(ctx, 0, len(all), true, func(ctx context.Context, i int) error {
		args := append([]string{}, cflags...)
		args = append(args, "-I", work, "-I", filepath.Join(tree.Dir, "src", "include"), "-c", all[i], "-o", objs[i])
		if out, err := toolchain.Output(ctx, "", append([]string{cc}, args...)); err != nil {
			return fmt.Errorf("compiling %s: %v\n%s", filepath.Base(all[i]), errors.Unwrap(err), firstLines(out, 20))
		}
		return nil
	})
	if first != nil {
		return nil, first
	}
	tmpExe := filepath.Join(work, "sim_node")
	if out, err := toolchain.Output(ctx, "", append(append([]string{cc, "-o", tmpExe}, objs...), "-lm")); err != nil {
		return nil, fmt.Errorf("linking the simulator: %v\n%s", errors.Unwrap(err), firstLines(out, 20))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	os.WriteFile(filepath.Join(dir, "lwipopts.h"), opts, 0o644)
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
