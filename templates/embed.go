// Package templates holds every file lwipgen generates, as text/template
// sources (with sprig functions). Go code renders them; it never writes
// generated text itself.
package templates

import "embed"

// FS holds all templates, by path relative to this directory.
//
//go:embed *.tmpl mpu port probe report firmware glue
var FS embed.FS
