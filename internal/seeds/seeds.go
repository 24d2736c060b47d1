// Package seeds holds the lwIP configurations the seed articles printed
// (shared/seeds/), transcribed as lwipopts.h files. The audit tests flag
// what they get wrong; the simulator and the benchmarks run them side by
// side with lwipgen's plans. One copy, embedded, for every user.
package seeds

import "embed"

// FS holds seedNNN_*.h.
//
//go:embed *.h
var FS embed.FS

// Config returns one seed configuration (e.g. "seed000_h7.h").
func Config(name string) ([]byte, error) { return FS.ReadFile(name) }
