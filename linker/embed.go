// Package linker holds the linker-script templates: the INCLUDE-able
// lwip_sections.ld fragment and the full standalone script used for probe
// ELFs and self-contained firmware.
package linker

import "embed"

// FS holds the *.ld.tmpl templates.
//
//go:embed *.tmpl
var FS embed.FS
