package vitis

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/project"
)

// A Xilinx SDK / Vitis application folder given as the project holds no
// system.mss: its BSP is a sibling Eclipse project (echo_server beside
// echo_server_bsp), which the application's .project names among its
// referenced projects and the SDK builds lwIP in (tmatsuya/xapp1026@aa8929c
// raw_apps beside raw_apps_bsp, SilverMight/zynq7020-networking@fca74b2
// echo_server beside echo_server_bsp). The BSP's system.mss says which lwIP
// library it builds; that is read from beside the project.

// projectRefRe is one referenced project of an Eclipse .project
// (<projects><project>echo_bsp</project></projects>).
var projectRefRe = regexp.MustCompile(`<project>\s*([^<\s]+)\s*</project>`)

// besideBSP is the system.mss of the BSP beside the application in root
// (absolute), and the .project that names it; "" when there is none.
func besideBSP(root string, files *project.Files) string {
	if !files.Has(".project") {
		return ""
	}
	b, err := fsutil.ReadText(filepath.Join(root, ".project"), fsutil.MaxInput)
	if err != nil {
		return ""
	}
	for _, m := range projectRefRe.FindAllSubmatch(b, -1) {
		name := string(m[1])
		if strings.ContainsAny(name, `/\`) || name == ".." {
			continue
		}
		mss := filepath.Join(filepath.Dir(root), name, "system.mss")
		if fi, err := os.Stat(mss); err == nil && fi.Mode().IsRegular() {
			return mss
		}
	}
	return ""
}

// libraryVersion is the lwIP release a Xilinx lwIP library name stands
// for (lwip141 -> 1.4.1, lwip213 -> 2.1.3); "" for a name of another shape.
func libraryVersion(lib string) string {
	d := strings.TrimPrefix(strings.ToLower(lib), "lwip")
	if len(d) != 3 || strings.Trim(d, "0123456789") != "" {
		return ""
	}
	return d[0:1] + "." + d[1:2] + "." + d[2:3]
}

// besideFacts are the facts of the BSP beside an application: its lwIP
// library block and, when the application's include path found no lwIP
// headers (a BSP not built yet), the lwIP release that library is.
func besideFacts(m *project.Model) []project.Fact {
	mss := besideBSP(m.Root, m.Files)
	if mss == "" {
		return nil
	}
	b, err := fsutil.ReadText(mss, fsutil.MaxInput)
	if err != nil {
		return nil
	}
	parsed, err := ParseMSS(b)
	if err != nil {
		return nil
	}
	rel := m.Rel(mss)
	if r, err := filepath.Rel(m.Root, mss); err == nil {
		rel = filepath.ToSlash(r) // ../echo_bsp/system.mss
	}
	for _, blk := range parsed.Blocks {
		name, _ := blk.Get("LIBRARY_NAME")
		ver, _ := blk.Get("LIBRARY_VER")
		if blk.Kind != "LIBRARY" || !strings.HasPrefix(strings.ToLower(name), "lwip") {
			continue
		}
		from := project.Pos{File: rel, Line: blk.Line}
		out := []project.Fact{{Key: KeyLibrary, Value: strings.TrimSpace(strings.ToLower(name) + " " + ver), From: from, Why: "the lwIP library block of the BSP beside the application (.project names it)"}}
		if _, ok := m.Fact(project.KeyLwipVersion); !ok {
			if v := libraryVersion(name); v != "" {
				out = append(out, project.Fact{Key: project.KeyLwipVersion, Value: v, From: from, Why: "the BSP beside the application builds the Xilinx library " + strings.ToLower(name) + " (lwIP " + v + ")"})
			}
		}
		return out
	}
	return nil
}
