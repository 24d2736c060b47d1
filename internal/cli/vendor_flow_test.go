package cli

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// Fourth round of real projects: on SilverMight/zynq7020-networking@fca74b2
// (a Xilinx SDK workspace: echo_server/ beside echo_server_bsp/system.mss)
// `vendor --board zynq7035` measured the workspace's lwIP, warned, and then
// said only "the vitis flow does not vendor into a project"; `build
// zynq7035 --project` generated build/zynq7035 and then called the workspace
// one "which vendors through its own command" (Vitis has none). Both now
// refuse first, naming what applies the Vitis files, and write nothing. The
// workspace here is written in our own words after that one.
func TestVendorAndBuildProjectOfVitisBoard(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{
		"echo_server_bsp/system.mss":                        "PARAMETER VERSION = 2.2.0\n\nBEGIN OS\n PARAMETER OS_NAME = standalone\nEND\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip211\n PARAMETER LIBRARY_VER = 1.8\nEND\n",
		"echo_server/src/main.c":                            "int main(void) { return 0; }\n",
		"echo_server/src/lscript.ld":                        "/* stand-in */\n",
		"echo_server_bsp/ps7_cortexa9_0/include/lwipopts.h": "#define LWIP_TCP 1\n",
	}
	for rel, c := range files {
		p := filepath.Join(ws, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	count := func() int {
		n := 0
		filepath.WalkDir(ws, func(string, os.DirEntry, error) error { n++; return nil })
		return n
	}
	before := count()
	cwd := t.TempDir()
	t.Chdir(cwd)
	for _, args := range [][]string{
		{"vendor", "--board", "zynq7035", "--project", ws},
		{"build", "zynq7035", "--project", ws},
	} {
		rc, out, errs := run(t, args...)
		if rc != 1 {
			t.Errorf("%v: rc %d, want 1 (%s%s)", args, rc, out, errs)
		}
		for _, want := range []string{"the vitis flow does not vendor into a project", "lwipgen generate --board zynq7035 --project WORKSPACE", "system.mss"} {
			if !strings.Contains(errs, want) {
				t.Errorf("%v: stderr lacks %q:\n%s", args, want, errs)
			}
		}
		if strings.Contains(errs, "warning") || strings.Contains(errs, "vendors through its own command") {
			t.Errorf("%v: the project was read before the refusal:\n%s", args, errs)
		}
	}
	// the standalone flow (lwipgen's own firmware) says the same, its way
	if rc, _, errs := run(t, "vendor", "mps2-an500", "--project", ws); rc != 1 || !strings.Contains(errs, "the standalone flow does not vendor into a project: its firmware or driver glue is lwipgen's own") {
		t.Errorf("vendor mps2-an500: rc %d, %s", rc, errs)
	}
	if ents, _ := os.ReadDir(cwd); len(ents) != 0 {
		t.Errorf("the refusals wrote %v into the working directory", ents)
	}
	if n := count(); n != before {
		t.Errorf("the workspace holds %d entries after the refusals, %d before", n, before)
	}
}

// build --project of a project it cannot build refused only after
// generating build/NAME: the ART-Pi RT-Thread Studio BSP
// (RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi@d46b6832
// projects/industry_io_gateway, here the project model's fixture written
// after it) was called one "which vendors through its own command", and an
// unvendored CubeMX project got build/f407 before "is not vendored". Both are
// refused first now, and the working directory stays empty.
func TestBuildProjectRefusedBeforeGenerating(t *testing.T) {
	artpi, err := filepath.Abs(filepath.Join("..", "project", "testdata", "cdt", "studio-artpi"))
	if err != nil {
		t.Fatal(err)
	}
	bsp := t.TempDir()
	if err := os.CopyFS(bsp, os.DirFS(artpi)); err != nil {
		t.Fatal(err)
	}
	// what makes it an RT-Thread BSP besides its .cproject: menuconfig's .config
	if err := os.WriteFile(filepath.Join(bsp, ".config"), []byte("CONFIG_RT_USING_LWIP=y\nCONFIG_RT_USING_LWIP203=y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cube, _ := testenv.CubeMXProjectWithLwIP(t, filepath.Join("..", "vendorkit", "testdata", "cubemx-makefile-f407"))
	cwd := t.TempDir()
	t.Chdir(cwd)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "h743-rtthread", "--project", bsp}, `a project of the rtthread flow: lwipgen vendor writes into it with a board of that flow (vendor = "rtthread"), and build --project does not build it`},
		{[]string{"build", "f407", "--project", cube}, "is not vendored"},
	} {
		rc, out, errs := run(t, c.args...)
		if rc != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: rc %d, stderr lacks %q:\n%s%s", c.args, rc, c.want, out, errs)
		}
	}
	if ents, _ := os.ReadDir(cwd); len(ents) != 0 {
		t.Errorf("the refusals wrote %v into the working directory", ents)
	}
}

// vendor --board h743-rtthread on an RT-Thread 4.1 BSP (the ART-Pi Studio
// project of round 4, RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi
// projects/industry_io_gateway): the refusal came after a warning that the
// project's lwIP 2.0.3 was "not measured" for a 2.1.2 plan. The flow's
// project check (flow.ProjectChecker) now runs before anything is planned:
// the refusal comes first and alone, nothing on stdout, the tree unchanged.
func TestVendorRTThread41RefusedFirstAndAlone(t *testing.T) {
	bsp := testenv.CopyTree(t, filepath.Join("..", "project", "testdata", "cdt", "studio-artpi"))
	for rel, c := range map[string]string{
		".config":                   "CONFIG_RT_USING_LWIP=y\nCONFIG_RT_USING_LWIP203=y\n",
		"rt-thread/include/rtdef.h": "#define RT_VERSION_MAJOR 4\n#define RT_VERSION_MINOR 1\n#define RT_VERSION_PATCH 0\n",
		"rt-thread/components/net/lwip/lwip-2.0.3/src/include/lwip/init.h": "#define LWIP_VERSION_MAJOR 2\n#define LWIP_VERSION_MINOR 0\n#define LWIP_VERSION_REVISION 3\n",
	} {
		p := filepath.Join(bsp, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := treeText(t, bsp)
	rc, out, errs := run(t, "vendor", "--board", "h743-rtthread", "--project", bsp)
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if rc != 1 || out != "" || len(lines) != 1 || !strings.Contains(lines[0], "RT-Thread 4.1.0 (rt-thread/include/rtdef.h:1)") || !strings.Contains(lines[0], "nothing was changed") {
		t.Errorf("rc %d, stdout %q, stderr:\n%s", rc, out, errs)
	}
	if treeText(t, bsp) != before {
		t.Error("the refused BSP changed")
	}
}

// treeText is every file of dir with its content, to compare a tree before
// and after a command.
func treeText(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		c, err := os.ReadFile(p)
		fmt.Fprintf(&b, "%s %d %x\n", p, len(c), sha256.Sum256(c))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A board for a chip of another series than the project's (vendor --board
// h743-rtthread on a GD32F4 RT-Thread BSP, shaped on
// Evlers/gd32f4xx_rt-thread@05b12d9's .config; --board h743 on a CubeMX
// F767 project): refused before anything is planned, with the line that
// names the project's part, and the tree unchanged.
func TestVendorRefusesBoardOfOtherSeries(t *testing.T) {
	gd := t.TempDir()
	writeTree(t, gd, map[string]string{
		".config":                   "CONFIG_RT_NAME_MAX=8\nCONFIG_SOC_SERIES_GD32F4xx=y\nCONFIG_SOC_GD32F450ZK=y\nCONFIG_RT_USING_LWIP=y\nCONFIG_RT_USING_LWIP212=y\n",
		"rtconfig.h":                "#define RT_USING_LWIP\n#define RT_USING_LWIP212\n",
		"rt-thread/include/rtdef.h": "#define RT_VERSION 4L\n#define RT_SUBVERSION 0L\n#define RT_REVISION 3L\n",
	})
	cube := testenv.CopyTree(t, filepath.Join("..", "importer", "testdata", "f767-cmsis1"))
	for _, c := range []struct {
		board, dir, want string
	}{
		{"h743-rtthread", gd, "the project is for the MCU GD32F450ZK (.config:3: the BSP's SOC choice in menuconfig), a gd32f4 part; board h743-rtthread is for the chip stm32h743zi (stm32h7)"},
		{"h743", cube, "the project is for the MCU STM32F767ZITx (F767_ETH.ioc:"},
	} {
		before := treeText(t, c.dir)
		rc, out, errs := run(t, "vendor", "--board", c.board, "--project", c.dir)
		if rc != 1 || out != "" || !strings.Contains(errs, c.want) || !strings.Contains(errs, "nothing was changed") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%s: rc %d, stdout %q, stderr:\n%s", c.board, rc, out, errs)
		}
		if treeText(t, c.dir) != before {
			t.Errorf("%s: the refused project changed", c.board)
		}
	}
}
