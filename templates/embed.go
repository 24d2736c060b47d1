// Package templates holds the core's generated files (and the glue and QEMU
// firmware shared by several users), as text/template
// sources (with sprig functions); a vendor flow's own templates live in its
// package (internal/flows/<name>/templates). Go code renders them; it never writes
// generated text itself.
package templates

import "embed"

// FS holds all templates, by path relative to this directory.
//
//go:embed *.tmpl mpu port probe report firmware glue
var FS embed.FS
