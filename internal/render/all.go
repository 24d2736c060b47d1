package render

import (
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// All renders the core files of the board (lwipopts.h, the linker fragment,
// the MPU set-up, the probe) around what the board's flow rendered, and adds
// the flow's files: one with the path of a core file replaces it where it
// stands (RT-Thread's lwipopts.h), the others follow in the flow's order.
func All(p *plan.Plan, l *layout.Layout, x *Rendered) ([]File, error) {
	files, err := coreFiles(p, l, x)
	if err != nil {
		return nil, err
	}
	return Merge(files, x.Files), nil
}

// coreFiles renders the core's files and the flow's glue and definitions.
func coreFiles(p *plan.Plan, l *layout.Layout, x *Rendered) ([]File, error) {
	var files []File
	add := func(f File, err error) error {
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	}
	if err := add(LwipOpts(p)); err != nil {
		return nil, err
	}
	if err := add(LinkerFragment(l)); err != nil {
		return nil, err
	}
	if len(l.MPU) > 0 {
		m, err := MPUSetup(l)
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	if x.Firmware {
		return files, nil
	}
	for _, g := range x.Glue {
		g.Role = RoleGlue
		files = append(files, g)
	}
	if defines := x.Defines; len(defines) > 0 {
		// The HAL / vendor library must see these too (not only the glue), so
		// they are compile definitions, not header lines.
		txt := "# Compile definitions lwipgen's Ethernet glue needs in EVERY translation unit,\n" +
			"# the vendor HAL/ENET library included (e.g. -DETH_RX_DESC_CNT=8U). One per line.\n"
		for _, d := range defines {
			txt += d + "\n"
		}
		files = append(files, File{Path: "compile_definitions.txt", Content: []byte(txt)})
	}
	data := map[string]any{"Board": p.Board, "Plan": p, "Layout": l, "Driver": p.Driver}
	for _, t := range []struct {
		tmpl, out string
		role      Role
	}{
		{"port/arch/cc.h.tmpl", "port/arch/cc.h", RolePort},
		{"probe/probe_startup.c.tmpl", "probe/probe_startup.c", RoleProbe},
		{"probe/probe_main.c.tmpl", "probe/probe_main.c", RoleProbe},
	} {
		out, err := Execute(t.tmpl, data)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: t.out, Content: out, Role: t.role})
	}
	if p.Board.RTOS != "none" {
		for _, t := range []struct {
			tmpl, out string
			role      Role
		}{
			{"port/arch/sys_arch.h.tmpl", "port/arch/sys_arch.h", RolePort},
			{"probe/sys_arch_stub.c.tmpl", "probe/sys_arch_stub.c", RoleProbe},
		} {
			out, err := Execute(t.tmpl, data)
			if err != nil {
				return nil, err
			}
			files = append(files, File{Path: t.out, Content: out, Role: t.role})
		}
	}
	ld, err := StandaloneScript(l)
	if err != nil {
		return nil, err
	}
	return append(files, ld), nil
}
