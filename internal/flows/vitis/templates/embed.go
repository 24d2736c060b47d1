// Package vitis holds the templates of the Vitis BSP fragments
// (internal/vitis renders them). They are embedded here as well as through
// templates.FS so the renderer does not depend on that package's embed list.
package vitis

import "embed"

// FS holds the *.tmpl files of this directory, by base name.
//
//go:embed *.tmpl
var FS embed.FS
