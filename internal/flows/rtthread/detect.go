package rtthread

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/project"
)

// What an RT-Thread BSP tells the project model: the RT-Thread release it
// builds (its kernel's version macros), the lwIP its .config selects and the
// folder that choice compiles in that release (4.0.x:
// components/net/lwip-X; 4.1 and later: components/net/lwip/lwip-X).
func init() { project.RegisterDetector(detector{}) }

type detector struct{}

func (detector) Flow() string { return "rtthread" }

// Fact keys of this flow.
const (
	KeyRelease    = "rtthread.release"     // the kernel's RT_VERSION... macros
	KeyLwipChoice = "rtthread.lwip_choice" // the .config's RT_USING_LWIPxxx
)

func (detector) Claim(root string, files *project.Files) (project.Fact, int, bool) {
	if !files.Has(".config") {
		return project.Fact{}, 0, false
	}
	b, _ := fsutil.ReadText(filepath.Join(root, ".config"), fsutil.MaxInput)
	if !bytes.Contains(b, []byte("CONFIG_RT_USING_")) {
		return project.Fact{}, 0, false
	}
	// stronger than CubeMX: an RT-Thread BSP for an STM32 keeps its board's
	// .ioc (board/CubeMX_Config), but RT-Thread's configuration owns lwIP
	return project.Fact{From: project.Pos{File: ".config"}, Why: "an RT-Thread configuration (menuconfig's .config)"}, 30, true
}

func (detector) Prefer(string, *project.Files) (project.System, project.Fact) {
	return "", project.Fact{}
}

// choiceDirs is the folder of each Kconfig lwIP choice.
var choiceDirs = map[string]string{
	"RT_USING_LWIP141": "lwip-1.4.1", "RT_USING_LWIP202": "lwip-2.0.2", "RT_USING_LWIP203": "lwip-2.0.3",
	"RT_USING_LWIP212": "lwip-2.1.2", "RT_USING_LWIP213": "lwip-2.1.3",
}

func (detector) Facts(m *project.Model) []project.Fact {
	var out []project.Fact
	rel, relFact := release(m)
	if relFact.Value != "" {
		out = append(out, relFact)
	}
	cfg, _ := fsutil.ReadText(filepath.Join(m.Root, ".config"), fsutil.MaxInput)
	choice, line := "", 0
	sc := cheader.Scanner(string(bytes.ReplaceAll(cfg, []byte("\r\n"), []byte("\n"))))
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		name, val, _ := strings.Cut(l, "=")
		name = strings.TrimPrefix(name, "CONFIG_")
		// the BSP's part, as its Kconfig names it (CONFIG_SOC_STM32H743ZI=y;
		// not CONFIG_SOC_SERIES_/FAMILY_): what vendor compares the board's
		// chip with, when no build names the device
		if soc, ok := strings.CutPrefix(name, "SOC_"); ok && val == "y" && !strings.HasPrefix(soc, "SERIES_") && !strings.HasPrefix(soc, "FAMILY_") {
			if _, have := m.Fact(project.KeyMCU); !have {
				out = append(out, project.Fact{Key: project.KeyMCU, Value: soc, From: project.Pos{File: ".config", Line: n}, Why: "the BSP's SOC choice in menuconfig"})
			}
		}
		if val == "y" && (choiceDirs[name] != "" || name == "RT_USING_LWIP_LATEST") {
			choice, line = name, n
		}
	}
	if choice == "" {
		return out
	}
	out = append(out, project.Fact{Key: KeyLwipChoice, Value: choice, From: project.Pos{File: ".config", Line: line}, Why: "lwIP version chosen in menuconfig"})
	dir := choiceDirs[choice]
	if dir == "" {
		return append(out, project.Fact{Key: project.KeyLwipVersion, Value: "latest", From: project.Pos{File: ".config", Line: line}, Why: "RT_USING_LWIP_LATEST takes the online lwIP package"})
	}
	// the folder of that choice in this release's layout, wherever the kernel is
	var tree string
	for _, base := range []string{"components/net/lwip/" + dir, "components/net/" + dir} {
		for _, f := range m.Files.Suffix(base + "/src/include/lwip/init.h") {
			tree = strings.TrimSuffix(f, "/src/include/lwip/init.h")
			break
		}
		if tree != "" {
			break
		}
	}
	if tree == "" {
		return out
	}
	why := fmt.Sprintf("%s selects %s", choice, tree)
	if rel != "" {
		why += " (RT-Thread " + rel + ")"
	}
	if compiled := m.Value(project.KeyLwipDir); compiled != "" && m.Build != nil && compiled != tree {
		// the build (a Studio .cproject) is the truth about what compiles;
		// a .config that disagrees is what vendor must not widen
		return append(out, project.Fact{Key: "rtthread.lwip_selected", Value: tree, From: project.Pos{File: ".config", Line: line},
			Why: why + ", but the build compiles " + compiled})
	}
	out = append(out, project.Fact{Key: project.KeyLwipDir, Value: tree, From: project.Pos{File: ".config", Line: line}, Why: why})
	if b, err := fsutil.ReadText(m.Abs(tree+"/src/include/lwip/init.h"), fsutil.MaxInput); err == nil {
		if tv, err := lwip.ParseInitH(b, tree+"/src/include/lwip/init.h"); err == nil {
			out = append(out, project.Fact{Key: project.KeyLwipVersion, Value: tv.String(), From: project.Pos{File: tree + "/src/include/lwip/init.h", Line: tv.Line}, Why: "LWIP_VERSION_MAJOR/MINOR/REVISION"})
		}
	}
	if opts := m.Files.Suffix("components/net/lwip/port/lwipopts.h"); len(opts) > 0 && m.Build == nil {
		out = append(out, project.Fact{Key: project.KeyLwipopts, Value: opts[0], From: project.Pos{File: opts[0]}, Why: "RT-Thread 4.1's lwIP port (components/net/lwip/port)"})
	} else if f := tree + "/src/lwipopts.h"; m.Files.Has(f) && m.Build == nil {
		out = append(out, project.Fact{Key: project.KeyLwipopts, Value: f, From: project.Pos{File: f}, Why: "RT-Thread 4.0.x's lwIP port (" + tree + "/src)"})
	}
	return out
}

// release reads the kernel's version from rtdef.h (4.1+: RT_VERSION_MAJOR/
// MINOR/PATCH; 4.0.x: RT_VERSION/RT_SUBVERSION/RT_REVISION).
func release(m *project.Model) (string, project.Fact) {
	for _, f := range m.Files.Suffix("include/rtdef.h") {
		b, err := fsutil.ReadText(m.Abs(f), fsutil.MaxInput)
		if err != nil {
			continue
		}
		v := map[string]string{}
		lines := map[string]int{}
		for _, d := range cheader.Defines(b) {
			v[d.Name] = strings.TrimRight(strings.TrimSpace(d.Value), "lLuU")
			lines[d.Name] = d.Line
		}
		for _, names := range [][3]string{{"RT_VERSION_MAJOR", "RT_VERSION_MINOR", "RT_VERSION_PATCH"}, {"RT_VERSION", "RT_SUBVERSION", "RT_REVISION"}} {
			if v[names[0]] != "" && v[names[1]] != "" && v[names[2]] != "" && isDigits(v[names[0]]) {
				s := v[names[0]] + "." + v[names[1]] + "." + v[names[2]]
				return s, project.Fact{Key: KeyRelease, Value: s, From: project.Pos{File: f, Line: lines[names[0]]}, Why: strings.Join(names[:], "/")}
			}
		}
	}
	// the kernel is a git submodule a snapshot may lack (Evlers/gd32f4xx_rt-thread):
	// menuconfig's .config still says which release it configured (RT_VER_NUM,
	// 0xMMmmpp, from the kernel's Kconfig)
	cfg, _ := fsutil.ReadText(filepath.Join(m.Root, ".config"), fsutil.MaxInput)
	for n, l := range strings.Split(strings.ReplaceAll(string(cfg), "\r\n", "\n"), "\n") {
		v, ok := strings.CutPrefix(strings.TrimSpace(l), "CONFIG_RT_VER_NUM=")
		if !ok {
			continue
		}
		num, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(v), "0x"), 16, 32)
		if err != nil || num > 0xffffff {
			break
		}
		s := fmt.Sprintf("%d.%d.%d", num>>16, num>>8&0xff, num&0xff)
		return s, project.Fact{Key: KeyRelease, Value: s, From: project.Pos{File: ".config", Line: n + 1}, Why: "RT_VER_NUM " + v + " (the kernel's rtdef.h is not in the tree)"}
	}
	return "", project.Fact{}
}

func isDigits(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// checkRelease refuses, before anything changes, a BSP of an RT-Thread
// release lwipgen does not model: its Kconfig menu, port lwipopts.h and lwIP
// folders are 4.0.x's (port.Model403, components/net/lwip-2.1.2). RT-Thread
// 4.1 moved lwIP to components/net/lwip/lwip-X with one port folder and
// offers 2.0.3 instead of 2.0.2 (ART-Pi's 4.1 BSPs): vendoring it with the
// 4.0 layout rewrote rtconfig.h to 2.1.2 while the Studio .cproject still
// compiled 2.0.3, and the link failed.
func checkRelease(m *project.Model) error {
	if f, ok := m.Fact(KeyRelease); ok && !strings.HasPrefix(f.Value, "4.0.") {
		return fmt.Errorf("rtthread vendor: the BSP builds RT-Thread %s (%s); lwipgen models RT-Thread 4.0.x (its lwIP menu, port lwipopts.h and components/net/lwip-2.1.2), so nothing was changed. Use a 4.0.x BSP, or size lwIP by hand from lwipgen generate's rtthread/ files", f.Value, f.From)
	}
	if l := m.Files.Suffix("components/net/lwip/port/lwipopts.h"); len(l) > 0 {
		return fmt.Errorf("rtthread vendor: the BSP has RT-Thread 4.1's lwIP layout (%s); lwipgen models RT-Thread 4.0.x (components/net/lwip-2.1.2), so nothing was changed", l[0])
	}
	return nil
}
