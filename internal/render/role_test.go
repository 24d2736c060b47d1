package render_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/render"
)

// The probe build compiles exactly the vendor-free C its files' roles name
// (never the glue, which needs the vendor's HAL), and the simulator takes a
// firmware's driver but not its application: the roles, not the paths,
// decide (TestStagesPickFilesByRole keeps it so).
func TestRenderedFileRoles(t *testing.T) {
	for _, c := range []struct {
		board string
		probe string // .c files the probe build compiles
		roles map[render.Role]string
	}{
		{"h743", "lwipgen_mpu.c probe/probe_main.c probe/probe_startup.c probe/sys_arch_stub.c", map[render.Role]string{
			render.RoleGlue: "ethernetif.c ethernetif.h lwipgen_rxpool.c lwipgen_rxpool.h lwipgen_sys.c lwipgen_sys.h",
			render.RoleMPU:  "lwipgen_mpu.c lwipgen_mpu.h",
			render.RolePort: "port/arch/cc.h port/arch/sys_arch.h",
		}},
		{"h743-rtthread", "lwipgen_mpu.c probe/probe_main.c probe/probe_startup.c probe/sys_arch_stub.c", map[render.Role]string{
			render.RoleBSP: "rtthread/SConscript rtthread/config.fragment rtthread/lwip_sections.ld rtthread/lwipgen_rtthread.c",
		}},
		{"mps2-an500", "firmware/lan9118.c firmware/main.c firmware/mpu.c firmware/startup.c firmware/sys.c firmware/uart.c", map[render.Role]string{
			render.RoleFirmwareDriver: "firmware/arch/cc.h firmware/lan9118.c firmware/lan9118.h firmware/mps2_an500.h firmware/sys.c firmware/sys.h",
			render.RoleFirmwareApp:    "firmware/link.ld firmware/main.c firmware/mpu.c firmware/mpu.h firmware/startup.c firmware/uart.c firmware/uart.h",
		}},
	} {
		g, diags := pipeline.Prepare(pipeline.Options{Board: c.board, Source: board.Source{}})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		byRole := map[render.Role][]string{}
		var probe []string
		for _, f := range g.Files {
			byRole[f.Role] = append(byRole[f.Role], f.Path)
			if strings.HasSuffix(f.Path, ".c") && f.Role.ProbeBuilt() {
				probe = append(probe, f.Path)
			}
		}
		sort.Strings(probe)
		if got := strings.Join(probe, " "); got != c.probe {
			t.Errorf("%s: the probe build compiles %q, want %q", c.board, got, c.probe)
		}
		for r, want := range c.roles {
			sort.Strings(byRole[r])
			if got := strings.Join(byRole[r], " "); got != want {
				t.Errorf("%s: %s files %q, want %q", c.board, r, got, want)
			}
		}
	}
}
