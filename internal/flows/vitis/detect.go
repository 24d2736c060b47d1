package vitis

import (
	"path"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/project"
)

// What a Xilinx SDK / Vitis workspace tells the project model: the BSP's
// system.mss and the lwIP library block it builds (LIBRARY_NAME and
// LIBRARY_VER, which fix the lwIP release the BSP compiles), and the
// lwipopts.h the BSP generates into its processor's include folder.
func init() { project.RegisterDetector(detector{}) }

type detector struct{}

func (detector) Flow() string { return "vitis" }

// KeyLibrary is the BSP's lwIP library block ("lwip211 1.8").
const KeyLibrary = "vitis.lwip_library"

func (detector) Claim(root string, files *project.Files) (project.Fact, int, bool) {
	for _, n := range []string{"system.mss", "bsp.yaml"} {
		if f := files.Named(n); len(f) > 0 {
			return project.Fact{From: project.Pos{File: f[0]}, Why: "a Xilinx BSP (" + n + ")"}, 25, true
		}
	}
	if besideBSP(root, files) != "" {
		return project.Fact{From: project.Pos{File: ".project"}, Why: "a Xilinx application whose .project names the BSP beside it"}, 25, true
	}
	return project.Fact{}, 0, false
}

func (detector) Prefer(string, *project.Files) (project.System, project.Fact) {
	return "", project.Fact{}
}

func (detector) Facts(m *project.Model) []project.Fact {
	var out []project.Fact
	if _, ok := m.Fact(project.KeyLinkerScript); !ok {
		// no application build read: the script the SDK/Vitis application
		// template writes (src/lscript.ld)
		if l := m.Files.Named("lscript.ld"); len(l) > 0 {
			out = append(out, project.Fact{Key: project.KeyLinkerScript, Value: l[0], From: project.Pos{File: l[0]}, Why: "no application build read: the Xilinx application's lscript.ld"})
		}
	}
	if len(m.Files.Named("system.mss")) == 0 {
		out = append(out, besideFacts(m)...)
	}
	for _, f := range m.Files.Named("system.mss") {
		b, err := fsutil.ReadText(m.Abs(f), fsutil.MaxInput)
		if err != nil {
			continue
		}
		mss, err := ParseMSS(b)
		if err != nil {
			continue
		}
		for _, blk := range mss.Blocks {
			name, _ := blk.Get("LIBRARY_NAME")
			ver, _ := blk.Get("LIBRARY_VER")
			if blk.Kind == "LIBRARY" && strings.HasPrefix(strings.ToLower(name), "lwip") {
				out = append(out, project.Fact{Key: KeyLibrary, Value: strings.TrimSpace(strings.ToLower(name) + " " + ver), From: project.Pos{File: f, Line: blk.Line}, Why: "the BSP's lwIP library block"})
				// the header the BSP generates from it, in the processor's include folder
				bsp := path.Dir(f)
				for _, h := range m.Files.Named("lwipopts.h") {
					// <bsp>/<processor>/include/lwipopts.h: not the copy in the
					// library's sources (libsrc/lwip*/src/contrib/ports/xilinx/include),
					// which the application does not include
					if path.Dir(path.Dir(path.Dir(h))) == bsp && path.Base(path.Dir(h)) == "include" && m.Value(project.KeyLwipopts) != h {
						if fact, ok := m.Fact(project.KeyLwipopts); !ok || strings.HasPrefix(fact.Why, "no build read") || strings.HasPrefix(fact.Why, "the build compiles no lwIP") {
							out = append(out, project.Fact{Key: project.KeyLwipopts, Value: h, From: project.Pos{File: f, Line: blk.Line}, Why: "the BSP generates it from the library block"})
						}
						break
					}
				}
				return out
			}
		}
	}
	return out
}
