package lwip

import "testing"

// The memo gives what cleanDefault computes, for every default of every
// table, on the first call and on the cached one.
func TestCleanDefaultCacheMatches(t *testing.T) {
	for _, v := range []Version{V212, V213, V22x} {
		for _, o := range Options(v) {
			want, wok := cleanDefault(o.Default)
			for i := 0; i < 2; i++ {
				if got, ok := cleanDefaultCached(o.Default); got != want || ok != wok {
					t.Fatalf("%s %s: cached %q/%v, want %q/%v", v, o.Name, got, ok, want, wok)
				}
			}
		}
	}
}
