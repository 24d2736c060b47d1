// Package boards holds the built-in board descriptions (NAME.hcl) and the chip
// data files (chips/*.hcl) they use. The files are the single source of chip
// facts; Go code only reads them.
package boards

import "embed"

// FS holds *.hcl (boards) and chips/*.hcl (chip data).
//
//go:embed *.hcl chips/*.hcl
var FS embed.FS
