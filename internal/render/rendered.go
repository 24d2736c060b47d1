package render

import "github.com/lwipgen/lwipgen/internal/plan"

// Rendered is what a board's vendor flow renders (internal/flow's
// Flow.Render), the one type for it: All renders the core's files around it.
type Rendered struct {
	// Glue is the Ethernet driver glue (placed after the MPU set-up).
	Glue []File
	// Files are added to the core's files (lwipopts.h, linker fragment, MPU
	// set-up, probe); a file with the path of a core file replaces it
	// (RT-Thread: lwipopts.h is the port's header).
	Files []File
	// Defines are compile definitions (without -D) every translation unit
	// needs, the vendor HAL/library included (compile_definitions.txt).
	Defines []string
	// LwIPDefines are compile definitions (without -D) the vendor's build
	// passes when it compiles lwIP itself, outside lwipopts.h (Vitis: the
	// options with no BSP parameter, in the BSP's extra_compiler_flags); the
	// probe build compiles lwIP with them too.
	LwIPDefines []string
	// Checks are the flow's checks that need the layout or the rendered
	// files (e.g. the Vitis BSP's name and round-trip checks).
	Checks []plan.Check
	// Firmware: the flow renders a complete firmware (its own port, start-up
	// and link script under firmware/) instead of the layout probe; the
	// probe, port headers and standalone script are left out.
	Firmware bool
}

// Merge adds extra files to core: one with the path of a core file replaces
// it where it stands, the others follow in extra's order (the flow's files
// over the core's, a project's glue over the pipeline's).
func Merge(core, extra []File) []File {
	at := map[string]int{}
	for i, f := range core {
		at[f.Path] = i
	}
	for _, f := range extra {
		if i, ok := at[f.Path]; ok {
			core[i] = f
			continue
		}
		at[f.Path] = len(core)
		core = append(core, f)
	}
	return core
}
