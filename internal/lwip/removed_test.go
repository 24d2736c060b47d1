package lwip

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// TestRemovedOptionsAreNotReadByTheTree: every name of removed_opts.tsv is
// absent from the 2.1.3 tree's sources (else "removed" would be a wrong
// claim), and a name the tree reads is not listed.
func TestRemovedOptionsAreNotReadByTheTree(t *testing.T) {
	dir := testenv.LwIP(t)
	re := regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
	seen := map[string]bool{}
	filepath.WalkDir(filepath.Join(dir, "src"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			for _, id := range re.FindAllString(string(b), -1) {
				seen[id] = true
			}
		}
		return nil
	})
	for _, n := range []string{"LWIP_DHCP_CHECK_LINK_UP", "MEMP_SEPARATE_POOLS", "IP_FRAG_MAX_MTU"} {
		if _, ok := Removed(n); !ok {
			t.Errorf("%s: not in removed_opts.tsv", n)
		}
	}
	if _, ok := Removed("TCP_MSS"); ok {
		t.Error("TCP_MSS listed as removed")
	}
	for n := range removed {
		if seen[n] {
			t.Errorf("%s is listed as removed but lwIP %s's sources read it", n, dir)
		}
	}
}
