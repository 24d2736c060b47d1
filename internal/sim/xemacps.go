package sim

import (
	"fmt"
	"path"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
)

// The Zynq-7000 GEM on the glue path. On a Vitis board the code users flash
// around lwIP is Xilinx's BSP adapter (xemacpsif*.c, not lwipgen's and not
// copyable), configured by what lwipgen generates: the BSP's lwipopts.h and
// xlwipconfig.h (ring sizes). The simulator compiles those generated headers
// with a behavioural model of that adapter (csrc/adapter_xemacpsif.c), the
// GEM + XEmacPs driver model (csrc/model_xemacps.c) and the echo-server
// start-up (csrc/board_zynq.c).
func init() {
	macModels["xemacps"] = macModel{
		Name:    "Xilinx xemacps adapter (behavioural) + XEmacPs/GEM + PHY",
		Model:   "model_xemacps.c",
		Board:   "board_zynq.c",
		Adapter: "adapter_xemacpsif.c",
		// the BSP build's headers: its lwipopts.h is the configuration under
		// test (with the options lwipgen carries in extra_compiler_flags),
		// xlwipconfig.h gives the adapter its BD counts
		Pick:       map[string]string{"xlwipconfig.h": "xlwipconfig.h"},
		ConfigFile: "lwipopts.h",
		OwnTimers:  true,
		// the received-frame cache check sits in front of lwIP's ethernet_input
		Wraps: []string{"ethernet_input"},
		// BD words hold 32-bit buffer addresses: lwIP's pools and heap below 4 GB
		LDFlags: []string{"-no-pie"},
	}
}

// vendorFiles adds what a macModel takes besides the glue: the rendered
// flow files it picks (by file name: the names the vendor's build uses), the adapter model's source
// (in the device's files, so that a test can break it like generated code)
// and the flow's header as the lwipgen configuration.
func vendorFiles(dc *deviceCode, r *flow.Rendered, m macModel) error {
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
