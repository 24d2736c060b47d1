package cubemx

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/flows/cubemx/halstub"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// cubeFixture is a CubeMX project fixture (testdata/cubemx-*), what it is
// made of, and which of lwipgen's stand-ins for Drivers/ and Middlewares/
// (halstub) it gets at test time.
type cubeFixture struct {
	dir, board string
	family     string // h7, f4, f7
	hal        [3]int // HAL driver version written into stm32xxxx_hal.c
	txcfg      string // the TX configuration typedef that HAL version has (ST's release history)
	cmsis      string // "" (bare metal), CMSIS_RTOS (v1) or CMSIS_RTOS_V2
	port       string // FreeRTOS GCC port folder
	bsp        bool   // LAN8742 BSP component
	glueIRQ    bool   // the project has no ETH_IRQHandler: lwipgen's ethernetif.c must define it
}

var cubeFixtures = []cubeFixture{
	{dir: "cubemx-h743-rtos2", board: "testdata/boards/h743-cubemx-rtos2.hcl", family: "h7", hal: [3]int{1, 11, 0}, txcfg: "ETH_TxPacketConfig", cmsis: "CMSIS_RTOS_V2", port: "ARM_CM7/r0p1", bsp: true},
	{dir: "cubemx-f767-rtos1", board: "testdata/boards/f767-cubemx-rtos1.hcl", family: "f7", hal: [3]int{1, 3, 0}, txcfg: "ETH_TxPacketConfig", cmsis: "CMSIS_RTOS", port: "ARM_CM7/r0p1", bsp: true},
	{dir: "cubemx-f407-bare", board: "f407", family: "f4", hal: [3]int{1, 8, 3}, txcfg: "ETH_TxPacketConfigTypeDef", bsp: true},
	{dir: "cubemx-h743-bare", board: "testdata/boards/h743-cubemx-bare.hcl", family: "h7", hal: [3]int{1, 11, 3}, txcfg: "ETH_TxPacketConfigTypeDef", bsp: true, glueIRQ: true},
}

// materializeSDK writes lwipgen's HAL stand-in (halstub) into the project
// dir, where CubeMX keeps ST's, with the fixture's HAL version and TX type
// name, and links lwIP's src/ where CubeMX keeps it.
func materializeSDK(t *testing.T, dir string, f cubeFixture) {
	t.Helper()
	err := halstub.Write(dir, halstub.Project{Family: f.family, HAL: f.hal, TxConfig: f.txcfg, CMSIS: f.cmsis, Port: f.port, BSP: f.bsp})
	if err != nil {
		t.Fatal(err)
	}
	lw := testenv.LwIP(t)
	if err := os.Symlink(filepath.Join(lw, "src"), filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "src")); err != nil {
		t.Fatal(err)
	}
}

var ucLineRe = regexp.MustCompile(`USER CODE (BEGIN|END) `)

// userCodeLines returns, per file of the project (outside Drivers/ and
// Middlewares/), the non-blank lines inside its USER CODE blocks.
func userCodeLines(t *testing.T, dir string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "Drivers" || d.Name() == "Middlewares" || d.Name() == "build" || d.Name() == ".lwipgen") {
			return filepath.SkipDir
		}
		if d.IsDir() || !(strings.HasSuffix(p, ".c") || strings.HasSuffix(p, ".h")) {
			return nil
		}
		b, _ := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		for _, body := range vendorkit.UserCodeBodies(string(b)) {
			for _, l := range strings.Split(body, "\n") {
				if s := strings.TrimSpace(l); s != "" && !ucLineRe.MatchString(s) {
					out[filepath.ToSlash(rel)] = append(out[filepath.ToSlash(rel)], s)
				}
			}
		}
		return nil
	})
	return out
}

// TestCubeMXFixturesBuild: each CubeMX fixture, vendored, builds with its own
// Makefile and the real cross compiler with no error, implicit declaration,
// "redefined" warning or undefined reference; its ELF verifies against the
// plan; a second vendor run changes nothing; and every USER CODE line of the
// original files is still in the project.
func TestCubeMXFixturesBuild(t *testing.T) {
	testenv.CrossCompiler(t)
	for _, f := range cubeFixtures {
		t.Run(f.dir, func(t *testing.T) {
			g := generated(t, f.board)
			dir := copyTree(t, filepath.Join("testdata", f.dir))
			materializeSDK(t, dir, f)
			before := userCodeLines(t, dir)
			res, err := vendorProject(g, dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range res.Warnings {
				t.Logf("warning: %s", w)
			}
			var log strings.Builder
			elf, vr, err := vendorkit.BuildProject(context.Background(), dir, g, &log)
			if err != nil {
				t.Fatalf("%v\n%s", err, tail(log.String(), 60))
			}
			if w := grepLines(log.String(), "warning:"); w != "" {
				t.Logf("compiler warnings:\n%s", w)
			}
			if !strings.Contains(log.String(), "arm-none-eabi-gcc") {
				t.Fatalf("the build log shows no compiler run:\n%s", tail(log.String(), 20))
			}
			for _, bad := range []string{"implicit declaration", "redefined", "undefined reference", "error:"} {
				if strings.Contains(log.String(), bad) {
					t.Errorf("build log has %q:\n%s", bad, grepLines(log.String(), bad))
				}
			}
			for _, c := range vr.Checks {
				if !c.OK {
					t.Errorf("%s: %s", c.ID, c.Detail)
				}
			}
			if !vr.OK() {
				t.Fatalf("%s does not verify", elf)
			}
			// The ETH interrupt has exactly one handler: the project's or the glue's, never Default_Handler.
			nm, err := exec.Command("arm-none-eabi-nm", filepath.Join(dir, "build", "ethernetif.o")).Output()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(string(nm), " T ETH_IRQHandler"); got != f.glueIRQ {
				t.Errorf("ethernetif.o defines ETH_IRQHandler: %v, want %v (the project has one: %v)", got, f.glueIRQ, !f.glueIRQ)
			}
			again, err := vendorProject(g, dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(again.Changes) != 0 {
				var names []string
				for _, c := range again.Changes {
					names = append(names, c.Path)
				}
				t.Errorf("second vendor run changed %v", names)
			}
			after := userCodeLines(t, dir)
			var all []string
			for _, ls := range after {
				all = append(all, ls...)
			}
			have := map[string]bool{}
			for _, l := range all {
				have[l] = true
			}
			var files []string
			for fn := range before {
				files = append(files, fn)
			}
			sort.Strings(files)
			for _, fn := range files {
				for _, l := range before[fn] {
					if !have[l] {
						t.Errorf("%s: USER CODE line lost: %s", fn, l)
					}
				}
			}
		})
	}
}

func tail(s string, n int) string {
	ls := strings.Split(s, "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}

func grepLines(s, what string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, what) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
