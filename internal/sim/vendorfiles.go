package sim

import (
	"fmt"
	"path"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/simdev"
)

// Vendor code a device takes besides lwipgen's glue (the Zynq GEM's Xilinx adapter, the
// RT-Thread BSP's build headers): internal/flows/vitis and internal/flows/rtthread describe
// it in their simulator devices (internal/simdev).

// vendorFiles adds what a device takes besides the glue: the rendered
// flow files it picks (by file name: the names the vendor's build uses), the adapter model's source
// (in the device's files, so that a test can break it like generated code)
// and the flow's header as the lwipgen configuration.
func vendorFiles(dc *deviceCode, r *flow.Rendered, m simdev.Device) error {
	for _, f := range r.Files {
		if name, ok := m.Pick[path.Base(f.Path)]; ok {
			dc.Files[name] = f.Content
			dc.Headers = append(dc.Headers, name)
		}
		if m.ConfigFile != "" && f.Path == m.ConfigFile {
			dc.Config = bspConfig(f.Content, r.LwIPDefines)
			dc.Headers = append(dc.Headers, f.Path)
		}
	}
	if len(dc.Headers) != len(m.Pick)+btoi(m.ConfigFile != "") {
		return fmt.Errorf("the flow rendered %v, want %v and %s", dc.Headers, m.Pick, m.ConfigFile)
	}
	if m.Adapter != "" {
		src, err := csrc.ReadFile("csrc/" + m.Adapter)
		if err != nil {
			return err
		}
		dc.Files[m.Adapter] = src
		dc.Vendor = append(dc.Vendor, m.Adapter)
	}
	return nil
}

// bspConfig is the BSP's lwipopts.h as its build compiles lwIP: the header,
// then the compile definitions of extra_compiler_flags (-DNAME=VALUE).
func bspConfig(h []byte, defines []string) []byte {
	var b strings.Builder
	b.Write(h)
	if len(defines) > 0 {
		b.WriteString("\n/* the BSP's extra_compiler_flags (-D on lwIP's command line) */\n")
	}
	for _, d := range defines {
		name, val, _ := strings.Cut(d, "=")
		if val == "" {
			val = "1"
		}
		fmt.Fprintf(&b, "#undef %s\n#define %s %s\n", name, name, val)
	}
	return []byte(b.String())
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// withoutOverrides drops host overrides a model's board does not want (the
// echo server's loop runs the TCP timers itself and the BSP builds lwIP with
// NO_SYS_NO_TIMERS: LWIP_TIMERS stays what the configuration makes it).
func withoutOverrides(o []Override, names ...string) []Override {
	drop := map[string]bool{}
	for _, n := range names {
		drop[n] = true
	}
	var out []Override
	for _, x := range o {
		if !drop[x.Name] {
			out = append(out, x)
		}
	}
	return out
}
