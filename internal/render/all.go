package render

import (
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// All renders every generated file of the board.
func All(p *plan.Plan, l *layout.Layout) ([]File, error) {
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
	if HasFirmware(p) {
		fw, err := Firmware(p, l)
		if err != nil {
			return nil, err
		}
		return append(files, fw...), nil
	}
	var glue []File
	var defines []string
	var err error
	// An RT-Thread BSP keeps its own driver (drv_eth.c); the pipeline adds its
	// files (internal/rtthread/bsp).
	if p.Board.Vendor != "rtthread" {
		if glue, defines, err = Glue(p, l); err != nil {
			return nil, err
		}
	}
	files = append(files, glue...)
	if len(defines) > 0 {
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
	for _, t := range []struct{ tmpl, out string }{
		{"port/arch/cc.h.tmpl", "port/arch/cc.h"},
		{"probe/probe_startup.c.tmpl", "probe/probe_startup.c"},
		{"probe/probe_main.c.tmpl", "probe/probe_main.c"},
	} {
		out, err := Execute(t.tmpl, data)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: t.out, Content: out})
	}
	if p.Board.RTOS != "none" {
		for _, t := range []struct{ tmpl, out string }{
			{"port/arch/sys_arch.h.tmpl", "port/arch/sys_arch.h"},
			{"probe/sys_arch_stub.c.tmpl", "probe/sys_arch_stub.c"},
		} {
			out, err := Execute(t.tmpl, data)
			if err != nil {
				return nil, err
			}
			files = append(files, File{Path: t.out, Content: out})
		}
	}
	ld, err := StandaloneScript(l)
	if err != nil {
		return nil, err
	}
	return append(files, ld), nil
}
