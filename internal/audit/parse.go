// Package audit lints an existing lwipopts.h: options that do not exist (the
// myths of the seed articles among them), lwIP #error rules the file would
// hit, and values that break the board's hardware limits.
package audit

import "github.com/lwipgen/lwipgen/internal/cheader"

// Define is one `#define NAME VALUE` of the file.
type Define = cheader.Define

// Parse returns the object-like #defines of a header in file order
// (cheader.Defines: the one #define reader).
func Parse(src []byte) []Define { return cheader.Defines(src) }
