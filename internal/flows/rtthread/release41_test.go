package rtthread

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// artPi41 is an RT-Thread 4.1 BSP modelled on
// RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi@d46b6832
// (projects/industry_io_gateway): the project model's Studio fixture
// (lwIP 2.0.3 compiled, 1.4.1 and 2.1.2 excluded by the .cproject, the port
// in components/net/lwip/port) plus what menuconfig leaves in such a BSP:
// a .config selecting RT_USING_LWIP203, its rtconfig.h, and the kernel's
// rtdef.h and lwIP 2.0.3's init.h reduced to their version defines.
// withRelease=false leaves rtdef.h out: the folder layout alone must refuse.
func artPi41(t *testing.T, withRelease bool) string {
	t.Helper()
	dir := testenv.CopyTree(t, "../../project/testdata/cdt/studio-artpi")
	dot := strings.Join([]string{
		"#", "# RT-Thread Configuration", "#",
		"CONFIG_RT_NAME_MAX=8",
		"CONFIG_RT_USING_LWIP=y",
		"# CONFIG_RT_USING_LWIP141 is not set",
		"CONFIG_RT_USING_LWIP203=y",
		"# CONFIG_RT_USING_LWIP212 is not set",
		`CONFIG_RT_LWIP_IPADDR="192.0.2.30"`,
		"CONFIG_RT_LWIP_TCP_WND=8196",
		"CONFIG_RT_LWIP_PBUF_NUM=16",
		"",
	}, "\n")
	files := map[string]string{
		".config":    dot,
		"rtconfig.h": menuconfig(dot, false),
		"rt-thread/components/net/lwip/lwip-2.0.3/src/include/lwip/init.h": "#define LWIP_VERSION_MAJOR 2\n#define LWIP_VERSION_MINOR 0\n#define LWIP_VERSION_REVISION 3\n",
	}
	if withRelease {
		files["rt-thread/include/rtdef.h"] = "#define RT_VERSION_MAJOR 4\n#define RT_VERSION_MINOR 1\n#define RT_VERSION_PATCH 0\n"
	}
	for rel, c := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Issue 27: vendoring an ART-Pi RT-Thread 4.1 BSP rewrote rtconfig.h to lwIP
// 2.1.2 while the Studio .cproject still compiled 2.0.3, and the link failed.
// Vendor must refuse before anything changes (no file written, no
// .lwipgen state, dry run or not), name what it found, and never leave the
// build compiling an lwIP other than the one planned.
func TestRTThread41Refused(t *testing.T) {
	g := prepare(t, board.Source{}, "h743-rtthread")
	for _, tc := range []struct {
		name        string
		withRelease bool
		want        []string
	}{
		{"release in rtdef.h", true, []string{"RT-Thread 4.1.0", "rtdef.h", "nothing was changed"}},
		{"4.1 layout only", false, []string{"RT-Thread 4.1's lwIP layout", "components/net/lwip/port/lwipopts.h", "nothing was changed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := artPi41(t, tc.withRelease)
			m, err := project.Open(t.Context(), dir, project.Options{})
			if err != nil {
				t.Fatal(err)
			}
			// the model knows which lwIP the build compiles: the refusal is
			// about a tree it read, not a guess
			if d := m.Value(project.KeyLwipDir); d != "rt-thread/components/net/lwip/lwip-2.0.3" {
				t.Fatalf("model's lwIP tree %q", d)
			}
			before := snapshot(t, dir)
			for _, dry := range []bool{true, false} {
				_, err := Vendor(g, dir, dry, nil)
				if err == nil {
					t.Fatalf("dry=%v: an RT-Thread 4.1 BSP was vendored", dry)
				}
				for _, w := range tc.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("dry=%v: error does not say %q: %v", dry, w, err)
					}
				}
				sameTree(t, "after the refusal", before, snapshot(t, dir))
				if _, err := os.Stat(filepath.Join(dir, ".lwipgen")); !os.IsNotExist(err) {
					t.Fatalf("dry=%v: the refusal left lwipgen state behind (%v)", dry, err)
				}
			}
		})
	}
}

// Evlers/gd32f4xx_rt-thread@05b12d9: an RT-Thread 5.0.2 BSP whose kernel is
// a git submodule, so a snapshot has no rtdef.h; menuconfig's .config still
// says CONFIG_RT_VER_NUM=0x50002. Vendor changed .config and rtconfig.h of
// that BSP (it read the release only from rtdef.h); it must refuse, and a
// 4.0.x number there must still vendor.
func TestRTThreadReleaseFromDotConfig(t *testing.T) {
	g := prepare(t, board.Source{}, "h743-rtthread")
	for _, tc := range []struct {
		num  string
		fail bool
	}{{"0x50002", true}, {"0x40003", false}} {
		dir := bspFixture(t)
		dot := read(t, filepath.Join(dir, ".config")) + "CONFIG_RT_VER_NUM=" + tc.num + "\n"
		os.WriteFile(filepath.Join(dir, ".config"), []byte(dot), 0o644)
		os.WriteFile(filepath.Join(dir, "rtconfig.h"), []byte(menuconfig(dot, true)), 0o644)
		before := snapshot(t, dir)
		_, err := Vendor(g, dir, false, nil)
		if !tc.fail {
			if err != nil {
				t.Errorf("RT_VER_NUM %s: %v", tc.num, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "RT-Thread 5.0.2 (.config:") || !strings.Contains(err.Error(), "nothing was changed") {
			t.Fatalf("RT_VER_NUM %s: %v", tc.num, err)
		}
		sameTree(t, "after the refusal", before, snapshot(t, dir))
	}
}
