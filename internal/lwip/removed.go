package lwip

import (
	"strings"
	"sync"
)

var (
	removedOnce sync.Once
	removed     map[string]string
)

// Removed says whether name is an option of an older lwIP (1.4, 2.0) that
// no 2.1.x or 2.2.x source reads, and the last release line that had it
// (data/removed_opts.tsv, from the opt.h of each release tag): a file that
// sets it was written for that lwIP.
func Removed(name string) (last string, ok bool) {
	removedOnce.Do(func() {
		removed = map[string]string{}
		b, err := dataFS.ReadFile("data/removed_opts.tsv")
		if err != nil {
			panic(err) // embedded
		}
		for _, l := range strings.Split(string(b), "\n") {
			f := strings.Split(l, "\t")
			if len(f) == 2 && !strings.HasPrefix(l, "#") && f[0] != "name" {
				removed[f[0]] = f[1]
			}
		}
	})
	last, ok = removed[name]
	return last, ok
}
