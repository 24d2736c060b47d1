package rtthread

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/flow"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// menuconfig is the test's own .config -> rtconfig.h converter, written from
// the format of mk_rtconfig() (RT-Thread tools/menuconfig.py): "=y" becomes a
// bare #define, "=v" a valued one, "is not set" vanishes, other comments
// become C comments, blank lines stay, rtconfig_project.h is included last.
func menuconfig(dotConfig string, project bool) string {
	var out bytes.Buffer
	out.WriteString("#ifndef RT_CONFIG_H__\n#define RT_CONFIG_H__\n\n")
	blank := true
	for _, l := range strings.Split(dotConfig, "\n") {
		switch {
		case l == "":
			if !blank {
				out.WriteString("\n")
			}
			blank = true
			continue
		case strings.HasPrefix(l, "# CONFIG_") && strings.HasSuffix(l, " is not set"):
			blank = true
			continue
		case strings.HasPrefix(l, "#"):
			if c := strings.TrimSpace(l[1:]); c != "" {
				out.WriteString("/* " + c + " */\n")
			}
		case strings.HasPrefix(l, "CONFIG_"):
			k, v, _ := strings.Cut(l[len("CONFIG_"):], "=")
			if v == "y" {
				out.WriteString("#define " + k + "\n")
			} else {
				out.WriteString("#define " + k + " " + v + "\n")
			}
		}
		blank = false
	}
	if project {
		out.WriteString("#include \"rtconfig_project.h\"\n")
	}
	out.WriteString("\n#endif\n")
	return out.String()
}

func read(t *testing.T, p string) string {
	t.Helper()
	c, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(c)
}

func snapshot(t *testing.T, dir string) map[string]string {
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			m[rel] = read(t, p)
		}
		return nil
	})
	return m
}

// bspFixture copies testdata/bsp and makes its rtconfig.h the way menuconfig would.
func bspFixture(t *testing.T) string {
	dir := testenv.CopyTree(t, "testdata/bsp")
	rtc := menuconfig(read(t, filepath.Join(dir, ".config")), true)
	if rtc != port.MkRtconfig(read(t, filepath.Join(dir, ".config")), true) {
		t.Fatal("port.MkRtconfig and the test's converter disagree")
	}
	if err := os.WriteFile(filepath.Join(dir, "rtconfig.h"), []byte(rtc), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func prepare(t *testing.T, src board.Source, name string) *pipeline.Generated {
	t.Helper()
	g, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: src})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return g
}

func TestVendorIdempotentAndSurvivesRegeneration(t *testing.T) {
	dir := bspFixture(t)
	g := prepare(t, board.Source{}, "h743-rtthread")
	before := snapshot(t, dir)
	var diff bytes.Buffer
	changed, err := Vendor(g, dir, true, &diff)
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) == 0 || !strings.Contains(diff.String(), "+CONFIG_RT_LWIP_TCP_WND=7300") || !strings.Contains(diff.String(), "+#define RT_LWIP_TCP_WND 7300") {
		t.Fatalf("dry run: changed %v, diff:\n%s", changed, diff.String())
	}
	if after := snapshot(t, dir); len(after) != len(before) || after[".config"] != before[".config"] {
		t.Fatal("dry run wrote files")
	}
	changed, err = Vendor(g, dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".config", "rtconfig.h", "rtconfig_project.h", "board/linker_scripts/link.lds", ".cproject", "lwipgen/lwipgen_mpu.c", "lwipgen/SConscript"} {
		if !contains(changed, want) {
			t.Errorf("%s not written (changed: %v)", want, changed)
		}
	}
	if contains(changed, "rt-thread/components/net/lwip-2.1.2/src/lwipopts.h") {
		t.Error("the port lwipopts.h was patched although the plan needs no patch")
	}
	again, err := Vendor(g, dir, false, nil)
	if err != nil || len(again) != 0 {
		t.Fatalf("second vendor run changed %v (%v)", again, err)
	}
	cfg := read(t, filepath.Join(dir, ".config"))
	for _, l := range []string{"CONFIG_RT_USING_LWIP212=y", "# CONFIG_RT_USING_LWIP202 is not set", "CONFIG_RT_LWIP_DNS=y", "CONFIG_RT_LWIP_PBUF_NUM=5", "CONFIG_RT_LWIP_TCP_SEG_NUM=20", "CONFIG_RT_LWIP_USING_HW_CHECKSUM=y", "CONFIG_RT_NAME_MAX=8"} {
		if !strings.Contains(cfg, l+"\n") {
			t.Errorf(".config lacks %q", l)
		}
	}
	// menuconfig regenerates rtconfig.h from .config: nothing of lwipgen's may change.
	if regen := menuconfig(cfg, true); regen != read(t, filepath.Join(dir, "rtconfig.h")) {
		t.Fatalf("regenerated rtconfig.h differs from the vendored one:\n%s", bspDiff(read(t, filepath.Join(dir, "rtconfig.h")), regen))
	}
	proj := read(t, filepath.Join(dir, "rtconfig_project.h"))
	if !strings.Contains(proj, "#define RT_APP_LED_PIN 23") || !strings.Contains(proj, "#define MEM_SIZE 34816") {
		t.Fatalf("rtconfig_project.h:\n%s", proj)
	}
	frag := read(t, filepath.Join(dir, "board/linker_scripts/link.lds"))
	if strings.Count(frag, "/* lwipgen:begin") != 1 || strings.Contains(frag, "INCLUDE") {
		t.Fatalf("link.lds:\n%s", frag)
	}
	for _, sec := range []string{"KEEP(*(.RxDecripSection))", "KEEP(*(.TxDecripSection))", "KEEP(*(.RxArraySection))", "KEEP(*(.bss.ram_heap))"} {
		if !strings.Contains(frag, sec) {
			t.Errorf("lwip_sections.ld lacks %s", sec)
		}
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func bspDiff(a, b string) string {
	var out strings.Builder
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out.WriteString("-" + x + "\n+" + y + "\n")
		}
	}
	return out.String()
}

// A window larger than the port's hard-coded DEFAULT_TCP_RECVMBOX_SIZE (10)
// needs the one patch of the port lwipopts.h; vendoring edits that #define
// only, idempotently.
func TestVendorPatchesPortOnlyWhereNeeded(t *testing.T) {
	src, err := os.ReadFile("../../../boards/h743-rtthread.hcl")
	if err != nil {
		t.Fatal(err)
	}
	hcl := strings.Replace(string(src), "target_mbps     = 5", "target_mbps     = 11", 1)
	b, diags := board.Source{}.Decode([]byte(hcl), "fast.hcl")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	rt := ConfigOf(p)
	if len(rt.Patches) != 1 || rt.Patches[0].Option != "DEFAULT_TCP_RECVMBOX_SIZE" {
		t.Fatalf("patches %+v", rt.Patches)
	}
	if f := p.Failed(); len(f) > 0 {
		t.Fatalf("failed checks: %v", f)
	}
	dir := bspFixture(t)
	tmp := filepath.Join(t.TempDir(), "fast.hcl")
	os.WriteFile(tmp, []byte(hcl), 0o644)
	g := prepare(t, board.Source{}, tmp)
	if _, err := Vendor(g, dir, false, nil); err != nil {
		t.Fatal(err)
	}
	lo := read(t, filepath.Join(dir, "rt-thread/components/net/lwip-2.1.2/src/lwipopts.h"))
	if !strings.Contains(lo, "#define DEFAULT_TCP_RECVMBOX_SIZE "+rt.Patches[0].To+" /* lwipgen patch") || !strings.Contains(lo, "#define MEMP_NUM_PBUF 32") {
		t.Fatalf("port lwipopts.h not patched as planned")
	}
	if again, err := Vendor(g, dir, false, nil); err != nil || len(again) != 0 {
		t.Fatalf("second run changed %v (%v)", again, err)
	}
	if patch := read(t, filepath.Join(dir, "lwipgen/lwipopts.patch")); !strings.Contains(patch, "+#define DEFAULT_TCP_RECVMBOX_SIZE") {
		t.Fatalf("patch:\n%s", patch)
	}
}

// A send buffer whose derived TCP_SND_QUEUELEN exceeds RT_LWIP_TCP_SEG_NUM is
// reported as a failed check, as lwIP's init.c would refuse it.
func TestDerivedQueueLenBreaksSegNum(t *testing.T) {
	src, _ := os.ReadFile("../../../boards/h743-rtthread.hcl")
	hcl := strings.Replace(string(src), "  memory {", "  options {\n    TCP_SND_BUF      = 16384\n    MEMP_NUM_TCP_SEG = 40\n  }\n\n  memory {", 1)
	b, diags := board.Source{}.Decode([]byte(hcl), "q.hcl")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, c := range p.Failed() {
		got[c.ID] = true
	}
	if !got["rtthread.snd_queuelen_fits_seg_num"] || !got["lwip.init.tcp_snd_queuelen_vs_seg"] {
		t.Fatalf("failed checks %v", p.Failed())
	}
	rt := ConfigOf(p)
	kc := map[string]string{}
	for _, e := range rt.Kconfig {
		kc[e.Symbol] = e.Value
	}
	if kc["RT_LWIP_TCP_SND_BUF"] != "16384" || kc["RT_LWIP_TCP_SEG_NUM"] != "40" || p.Value("TCP_SND_QUEUELEN") != 44 {
		t.Fatalf("routing: %v, queuelen %d", kc, p.Value("TCP_SND_QUEUELEN"))
	}
}
