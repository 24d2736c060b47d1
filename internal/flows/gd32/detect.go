package gd32

import (
	"fmt"
	"regexp"

	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// A GD32 firmware-library project has no generator file: it is one by the
// library's ENET driver or its libopt header, and its MCU is the one the
// build defines (the library's gd32f4xx.h requires GD32F405/407/450/...).
func init() {
	project.RegisterDetector(detector{})
	project.RegisterMCUDefine(mcuDefine) // the library's gd32f4xx.h requires -DGD32F4xx
}

type detector struct{}

func (detector) Flow() string { return "gd32" }

func (detector) Claim(root string, files *project.Files) (project.Fact, int, bool) {
	for _, pat := range []string{"gd32f4xx_enet.h", "gd32f4xx_libopt.h"} {
		if f := files.Named(pat); len(f) > 0 {
			return project.Fact{From: project.Pos{File: f[0]}, Why: "the GD32F4xx firmware library"}, 15, true
		}
	}
	return project.Fact{}, 0, false
}

func (detector) Prefer(string, *project.Files) (project.System, project.Fact) {
	return "", project.Fact{}
}

var mcuDefine = regexp.MustCompile(`^(GD32F4[0-9]{2})$`)

func (detector) Facts(m *project.Model) []project.Fact { return nil }

// GD32 firmware-library projects as vendorkit writes into them: a Makefile,
// a CMakeLists.txt or an Eclipse .cproject (GNU MCU Eclipse), the demo's own
// port driver replaced in place.
func init() {
	vendorkit.RegisterLayout(vendorkit.Layout{
		Flow:     "gd32",
		Describe: "a GD32 firmware-library project (gd32f4xx_enet.h or gd32f4xx_libopt.h)",
		OwnDir:   "lwipgen",
		Kinds: map[project.System]vendorkit.Kind{
			project.SysMake: "gd32", project.SysCMake: "gd32", project.SysCDT: "gd32",
		},
		Refuse: func(dir string, p *vendorkit.Project, m *project.Model) error {
			if m.Build != nil {
				return fmt.Errorf("project %s: a GD32 project built with %s (%s); lwipgen adds its files to a Makefile, a CMakeLists.txt or an Eclipse .cproject, and only reads Keil/IAR projects", dir, m.Build.System, m.Build.File)
			}
			return fmt.Errorf("project %s: a GD32 project without a build lwipgen can add its files to (a Makefile, a CMakeLists.txt or an Eclipse .cproject): %v", dir, m.BuildErr)
		},
		NoLwipopts:      "a GD32 firmware-library project whose build compiles no lwipopts.h",
		AdaptPortDriver: adaptPortDriver,
	})
}
