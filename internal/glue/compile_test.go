// Package glue holds the tests of the generated Ethernet driver and timing
// glue (templates/glue/common and each flow's ethernetif.c, rendered by the
// glue the flows register): cross-compiles against
// minimal vendor declaration headers, a golden file, and a host-side
// simulation of the RX pool.
package glue

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	boardfiles "github.com/lwipgen/lwipgen/boards"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"github.com/lwipgen/lwipgen/internal/flows/cubemx/halstub"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/toolchain"
	"github.com/lwipgen/lwipgen/templates"
)

// templateFS is the embedded template set when it includes glue/, else the
// templates/ directory of this checkout (so the glue can be tested before the
// embed list names it; TestEmbeddedGlue reports that case).
func templateFS(t *testing.T) fs.FS {
	t.Helper()
	if _, err := fs.Stat(templates.FS, "glue/common/ethernetif.h.tmpl"); err == nil {
		return templates.FS
	}
	return os.DirFS(filepath.Join("..", "..", "templates"))
}

// TestEmbeddedGlue: render.Glue reads the embedded templates; they must include glue/.
func TestEmbeddedGlue(t *testing.T) {
	if _, err := fs.Stat(templates.FS, "glue/common/ethernetif.h.tmpl"); err != nil {
		t.Fatal("templates/embed.go does not embed glue/ (add it to the //go:embed line); render.Glue cannot work until then")
	}
}

// boards are the four boards whose glue this package owns, with the vendor
// declaration headers each compiles against.
var boards = []struct {
	name, family string
	include      []string
}{
	{"h743", "stm32h7", []string{"stm32h7", "freertos"}},
	{"f767", "stm32f7", []string{"stm32f7"}},
	{"f407", "stm32f4", []string{"stm32f4"}},
	{"gd32f407", "gd32f4", []string{"gd32f4", "freertos"}},
}

// variants are the built-in boards with other RTOS, coalescing and checksum settings, so
// that every branch of the templates is compiled: name, base board, edits to its HCL.
var variants = []struct {
	name, base string
	edits      [][2]string
}{
	// H7 bare metal with the RX watchdog (coalescing code path) and software checksums.
	{"h743-none-coalesce", "h743", [][2]string{
		{`rtos        = "freertos"`, `rtos        = "none"`},
		{`checksum_offload = true`, "checksum_offload = false\n    rx_coalesce_us = 100"}}},
	// H7 with FreeRTOS and a watchdog request beyond the 8-bit field (clamped).
	{"h743-clamp", "h743", [][2]string{{`checksum_offload = true`, "checksum_offload = true\n    rx_coalesce_us = 5000"}}},
	// F7 with FreeRTOS, hardware checksums and a coalescing request F4/F7 does not apply.
	{"f767-rtos", "f767", [][2]string{
		{`rtos        = "none"`, `rtos        = "freertos"`},
		{"ethernet {", "ethernet {\n    checksum_offload = true\n    rx_coalesce_us = 50"}}},
	// F4 with FreeRTOS (the RTOS needs a little more RAM than the bare-metal budget).
	{"f407-rtos", "f407", [][2]string{
		{`rtos        = "none"`, `rtos        = "freertos"`},
		{`lwip_budget = "96KiB"`, `lwip_budget = "112KiB"`}}},
	// GD32 bare metal with checksum offload.
	{"gd32f407-none", "gd32f407", [][2]string{
		{`rtos        = "freertos"`, `rtos        = "none"`},
		{"ethernet {", "ethernet {\n    checksum_offload = true"}}},
}

type rendered struct {
	gen     *pipeline.Generated
	glue    []render.File
	defines []string
}

// variantDir holds the variant board files for the whole test binary.
var variantDir string

func TestMain(m *testing.M) {
	flag.Parse()
	d, err := os.MkdirTemp("", "lwipgen-glue-variants-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	variantDir = d
	code := m.Run()
	os.RemoveAll(d)
	os.Exit(code)
}

func boardsFS() fs.FS { return boardfiles.FS }

var (
	prepMu sync.Mutex
	prep   = map[string]*rendered{}
)

// prepare runs the pipeline for a built-in board and renders its glue (cached per board).
func prepare(t *testing.T, name string) *rendered {
	t.Helper()
	prepMu.Lock()
	defer prepMu.Unlock()
	if r, ok := prep[name]; ok {
		return r
	}
	ref := name
	for _, v := range variants {
		if v.name != name {
			continue
		}
		src, err := fs.ReadFile(boardsFS(), v.base+".hcl")
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		for _, e := range v.edits {
			if !strings.Contains(text, e[0]) {
				t.Fatalf("%s: %s.hcl no longer contains %q", name, v.base, e[0])
			}
			text = strings.Replace(text, e[0], e[1], 1)
		}
		text = strings.Replace(text, `board "`+v.base+`"`, `board "`+v.name+`"`, 1)
		ref = filepath.Join(variantDir, v.name+".hcl")
		if err := os.WriteFile(ref, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: ref, Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatalf("%s: %v", name, diags)
	}
	gl, ok := flow.GlueFor(g.Board.Chip.Ethernet.MAC)
	if !ok {
		t.Fatalf("%s: no glue registered for MAC %s", name, g.Board.Chip.Ethernet.MAC)
	}
	files, defines, err := gl.Render(g.Plan, g.Layout)
	if err != nil {
		t.Fatalf("%s: Glue: %v", name, err)
	}
	r := &rendered{gen: g, glue: files, defines: defines}
	prep[name] = r
	return r
}

// writeTree writes the generated lwipopts.h, port headers and the glue into dir.
func writeTree(t *testing.T, r *rendered, dir string) {
	t.Helper()
	write := func(f render.File) {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range r.gen.Files {
		if f.Path == "lwipopts.h" || strings.HasPrefix(f.Path, "port/") {
			write(f)
		}
	}
	for _, f := range r.glue {
		write(f)
	}
}

func TestGlueFilesAndDefines(t *testing.T) {
	want := map[string][]string{
		"h743":     {"ETH_RX_DESC_CNT=8U", "ETH_TX_DESC_CNT=8U"},
		"f767":     {"ETH_RX_DESC_CNT=8U", "ETH_TX_DESC_CNT=12U"},
		"f407":     {"ETH_RX_DESC_CNT=4U", "ETH_TX_DESC_CNT=8U"},
		"gd32f407": {"ENET_RXBUF_NUM=8U", "ENET_RXBUF_SIZE=1524U", "ENET_TXBUF_NUM=6U", "ENET_TXBUF_SIZE=1524U"},
	}
	for _, b := range boards {
		r := prepare(t, b.name)
		var paths []string
		for _, f := range r.glue {
			paths = append(paths, f.Path)
		}
		sort.Strings(paths)
		if got := strings.Join(paths, " "); got != "ethernetif.c ethernetif.h lwipgen_rxpool.c lwipgen_rxpool.h lwipgen_sys.c lwipgen_sys.h" {
			t.Errorf("%s: files %s", b.name, got)
		}
		if got, w := strings.Join(r.defines, " "), strings.Join(want[b.name], " "); got != w {
			t.Errorf("%s: defines %q, want %q (the rings in the plan: rx %d, tx %d)", b.name, got, w,
				r.gen.Plan.Driver.RxDescriptors, r.gen.Plan.Driver.TxDescriptors)
		}
	}
}

// TestGlueCompiles cross-compiles every generated glue .c of the four boards with the
// board's CPU flags, -Wall -Wextra -Werror, the plan's compile definitions, the generated
// lwipopts.h and port headers, lwIP's headers and the minimal vendor declarations.
func TestGlueCompiles(t *testing.T) {
	testenv.CrossCompiler(t)
	tree := testenv.Tree(t)
	tc, err := toolchain.Discover()
	if err != nil {
		t.Fatal(err)
	}
	type target struct {
		name    string
		include []string
	}
	var targets []target
	for _, b := range boards {
		targets = append(targets, target{b.name, b.include})
	}
	for _, v := range variants {
		targets = append(targets, target{v.name, nil})
	}
	for _, b := range targets {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			r := prepare(t, b.name)
			if b.include == nil {
				b.include = []string{strings.TrimPrefix(r.gen.Board.Chip.Family, "")}
				if r.gen.Board.RTOS == "freertos" {
					b.include = append(b.include, "freertos")
				}
			}
			dir := t.TempDir()
			writeTree(t, r, dir)
			args := append([]string{}, toolchain.CPUFlags(r.gen.Board.Chip.Core)...)
			args = append(args, "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-Os", "-ffunction-sections", "-fdata-sections",
				"-I", dir, "-I", filepath.Join(dir, "port"), "-I", filepath.Join(tree.Dir, "src", "include"))
			for _, inc := range b.include {
				args = append(args, includeFlags(t, inc)...)
			}
			for _, d := range r.defines {
				args = append(args, "-D"+d)
			}
			n := 0
			for _, f := range r.glue {
				if !strings.HasSuffix(f.Path, ".c") {
					continue
				}
				n++
				src := filepath.Join(dir, f.Path)
				obj := strings.TrimSuffix(src, ".c") + ".o"
				cmd := exec.Command(tc.CC, append(append([]string{}, args...), "-c", src, "-o", obj)...)
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Run(); err != nil {
					t.Errorf("%s: %v\n%s\n%s", f.Path, err, strings.Join(cmd.Args, " "), out.String())
				}
			}
			if n != 3 {
				t.Errorf("%d C files, want 3", n)
			}
		})
	}
}

// isrFuncs are the functions of the generated glue that run in interrupt context.
var isrFuncs = []string{"HAL_ETH_RxCpltCallback", "HAL_ETH_TxCpltCallback", "HAL_ETH_ErrorCallback", "ETH_IRQHandler",
	"ethernetif_irq", "ENET_IRQHandler", "SysTick_Handler", "lwipgen_systick", "lwipgen_rx_signal_from_isr", "lwipgen_tx_signal_from_isr"}

// lwipCall matches calls into lwIP (and the glue's own thread-only functions).
var lwipCall = regexp.MustCompile(`\b(pbuf_\w+|netif_\w+|sys_check_timeouts|sys_timeout|sys_untimeout|tcpip_\w+|mem_\w+|memp_\w+|etharp_\w+|ethernet_input|tcp_\w+|udp_\w+|lwip_\w+|LOCK_TCPIP_CORE|lwipgen_rxpool_\w+|ethernetif_rx_frame|lwipgen_poll|HAL_ETH_ReadData|HAL_ETH_ReleaseTxPacket)\s*\(`)

// cComments matches C comments, so the checks look at code only.
var cComments = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)

// funcBody returns the body of the C function name defined in src ("" if not defined).
func funcBody(src, name string) string {
	re := regexp.MustCompile(`(?m)^[a-zA-Z_][\w \t\*]*\b` + name + `\([^;{]*\)\s*\{`)
	loc := re.FindStringIndex(src)
	if loc == nil {
		return ""
	}
	depth := 0
	for i := loc[1] - 1; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return src[loc[1]:i]
			}
		}
	}
	return src[loc[1]:]
}

// TestGlueContent checks properties of the rendered C that the compiler cannot: no lwIP call
// in interrupt context, data from the plan and layout in the right places, per-family rules.
func TestGlueContent(t *testing.T) {
	names := []string{}
	for _, b := range boards {
		names = append(names, b.name)
	}
	for _, v := range variants {
		names = append(names, v.name)
	}
	for _, name := range names {
		r := prepare(t, name)
		src := map[string]string{}
		for _, f := range r.glue {
			src[f.Path] = string(f.Content)
		}
		all := src["ethernetif.c"] + src["lwipgen_sys.c"]
		found := 0
		for _, fn := range isrFuncs {
			body := funcBody(all, fn)
			if body == "" {
				continue
			}
			found++
			if m := lwipCall.FindString(cComments.ReplaceAllString(body, " ")); m != "" {
				t.Errorf("%s: %s (interrupt context) calls %s", name, fn, m)
			}
		}
		if found < 3 {
			t.Errorf("%s: only %d interrupt functions found; the check is not looking at the right code", name, found)
		}
		if strings.Contains(funcBody(src["lwipgen_sys.c"], "SysTick_Handler"), "sys_check_timeouts") {
			t.Errorf("%s: sys_check_timeouts in SysTick", name)
		}
		d := r.gen.Plan.Driver
		if got := strings.Contains(src["lwipgen_sys.c"], "tcp_nagle_disable(pcb)"); got != d.NagleOff {
			t.Errorf("%s: lwipgen_tcp_tune present %v, plan NagleOff %v", name, got, d.NagleOff)
		}
		if !strings.Contains(src["lwipgen_rxpool.h"], fmt.Sprintf("#define LWIPGEN_RX_BUDGET %du", d.RxBudget)) {
			t.Errorf("%s: RX budget %d not in lwipgen_rxpool.h", name, d.RxBudget)
		}
		l := r.gen.Layout
		switch fam := r.gen.Board.Chip.Family; fam {
		case "gd32f4":
			for _, obj := range []string{"eth_rx_descriptors", "eth_tx_descriptors", "eth_rx_buffers", "eth_tx_buffers"} {
				_, o, ok := l.SectionOf(obj)
				if !ok {
					t.Fatalf("%s: layout lacks %s", name, obj)
				}
				// The library owns the arrays: only extern declarations, never definitions.
				def := regexp.MustCompile(`(?m)^[^/*\n]*\b` + regexp.QuoteMeta(o.Symbol) + `\s*\[[^\]]*\]\s*(=|;|__attribute__)`)
				for _, line := range def.FindAllString(src["ethernetif.c"], -1) {
					if !strings.HasPrefix(strings.TrimSpace(line), "extern ") {
						t.Errorf("%s: defines the library's %s: %s", name, o.Symbol, line)
					}
				}
			}
			if strings.Contains(src["ethernetif.c"], "SCB_") {
				t.Errorf("%s: cache maintenance on a chip without a data cache", name)
			}
		default:
			for _, obj := range []string{"eth_rx_descriptors", "eth_tx_descriptors", "eth_rx_pool"} {
				_, o, ok := l.SectionOf(obj)
				if !ok {
					t.Fatalf("%s: layout lacks %s", name, obj)
				}
				want := fmt.Sprintf(`__attribute__((section("%s")`, o.PrimaryInput())
				if !strings.Contains(src["ethernetif.c"], want) || !strings.Contains(src["ethernetif.c"], o.Symbol) {
					t.Errorf("%s: %s (%s in %s) not declared as the layout says", name, obj, o.Symbol, o.PrimaryInput())
				}
			}
			if !strings.Contains(src["ethernetif.c"], fmt.Sprintf("LWIP_MEMPOOL_DECLARE(RX_POOL, %d, sizeof(RxBuff_t)", d.RxBuffers)) {
				t.Errorf("%s: RX pool not declared with %d buffers", name, d.RxBuffers)
			}
			hasCache := strings.Contains(src["ethernetif.c"], "SCB_InvalidateDCache_by_Addr")
			if hasCache != r.gen.Board.Chip.Core.DCache {
				t.Errorf("%s (%s): cache maintenance %v, chip dcache %v", name, fam, hasCache, r.gen.Board.Chip.Core.DCache)
			}
			csum := strings.Contains(src["ethernetif.c"], "ETH_TX_PACKETS_FEATURES_CSUM")
			if csum != d.ChecksumHW {
				t.Errorf("%s: TX checksum insertion %v, plan %v", name, csum, d.ChecksumHW)
			}
			riwt := strings.Contains(src["ethernetif.c"], "->DMACRIWTR")
			if wantRiwt := fam == "stm32h7" && r.gen.Board.Ethernet.RxCoalesceUs > 0; riwt != wantRiwt {
				t.Errorf("%s: programs DMACRIWTR %v, want %v", name, riwt, wantRiwt)
			}
		}
	}
}

// includeFlags are the compiler flags for one family's declaration headers
// (or "freertos"). The STM32 HAL's are lwipgen's one HAL stand-in
// (internal/flows/cubemx/halstub, the one the CubeMX fixtures build with),
// written into a temporary folder; the GD32F4 firmware-library declarations
// have one home, the simulator's headers (internal/sim/csrc/include), which
// the simulator's behavioural ENET model implements and the cross-compile
// here checks.
func includeFlags(t *testing.T, name string) []string {
	t.Helper()
	if strings.HasPrefix(name, "stm32") {
		flags, err := halstub.Headers(t.TempDir(), name)
		if err != nil {
			t.Fatal(err)
		}
		return flags
	}
	return []string{"-I", includeDir(t, name)}
}

// includeDir is the folder of declaration headers of the GD32F4 or FreeRTOS.
func includeDir(t *testing.T, name string) string {
	t.Helper()
	rel := filepath.Join("testdata", "include", name)
	if name == "gd32f4" {
		rel = filepath.Join("..", "sim", "csrc", "include")
	}
	abs, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestGlueCommentsSayWhatRuns: what lwipgen_sys.h says waits LWIPGEN_LINK_POLL_MS is what the
// board's ethernetif.c does with it (an lwIP sys_timeout, the sleep of CubeMX's ethernet_link_thread,
// or nothing where CubeMX's lwip.c polls), and the STM32 RX buffer comment does not claim that lwIP
// writes ICMP echo replies into the zero-copy buffer (lwIP 2.1.3's icmp.c copies them into a new
// PBUF_RAM pbuf: it cannot add link headers in front of a PBUF_REF payload). Issue 30 item 5.
func TestGlueCommentsSayWhatRuns(t *testing.T) {
	names := []string{}
	for _, b := range boards {
		names = append(names, b.name)
	}
	for _, v := range variants {
		names = append(names, v.name)
	}
	pollRe := regexp.MustCompile(`/\* Interval of the PHY link poll: ([^*]*)\*/`)
	for _, name := range names {
		r := prepare(t, name)
		src := map[string]string{}
		for _, f := range r.glue {
			src[f.Path] = string(f.Content)
		}
		code := cComments.ReplaceAllString(src["ethernetif.c"], " ")
		m := pollRe.FindStringSubmatch(src["lwipgen_sys.h"])
		if m == nil {
			t.Fatalf("%s: lwipgen_sys.h has no link poll comment", name)
		}
		var want string
		switch {
		case strings.Contains(code, "sys_timeout(LWIPGEN_LINK_POLL_MS"):
			want = "sys_timeout"
		case strings.Contains(code, "sys_msleep(LWIPGEN_LINK_POLL_MS)"):
			want = "ethernet_link_thread"
		case !strings.Contains(code, "LWIPGEN_LINK_POLL_MS"):
			want = "not used"
		default:
			t.Fatalf("%s: ethernetif.c uses LWIPGEN_LINK_POLL_MS in a way this test does not know", name)
		}
		if !strings.Contains(m[1], want) {
			t.Errorf("%s: lwipgen_sys.h says the link poll interval is %q; ethernetif.c: %s", name, strings.TrimSpace(m[1]), want)
		}
		if strings.Contains(src["ethernetif.c"], "echo reply written") {
			t.Errorf("%s: ethernetif.c says ICMP echo replies are written in place", name)
		}
	}
}

// TestEveryGlueBoardCompiled: every built-in board whose flow renders lwipgen's ethernetif.c is in
// the list TestGlueCompiles builds with -Wall -Wextra -Werror against the fixture HALs, so a new
// board cannot ship glue no test compiled.
func TestEveryGlueBoardCompiled(t *testing.T) {
	listed := map[string]bool{}
	for _, b := range boards {
		listed[b.name] = true
	}
	ents, err := fs.ReadDir(boardsFS(), ".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), ".hcl")
		if !ok || e.IsDir() {
			continue
		}
		g, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		for _, f := range g.Files {
			if f.Path == "ethernetif.c" {
				n++
				if !listed[name] {
					t.Errorf("board %s renders ethernetif.c but is not in TestGlueCompiles' list", name)
				}
			}
		}
	}
	if n < len(boards) {
		t.Errorf("%d boards render ethernetif.c, the compile list has %d", n, len(boards))
	}
}
