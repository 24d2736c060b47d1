package bench

import (
	"bytes"
	"strings"
	"testing"
)

// The bench table ends with a legend of its abbreviated columns (issue 31,
// item 8), once, after every cell.
func TestTableHasLegend(t *testing.T) {
	var out bytes.Buffer
	Table(&out, []Row{{Config: "lwipgen", Cell: Cell{Net: "slirp"}}, {Config: "lwip-defaults", Cell: Cell{Net: "slirp"}}})
	s := out.String()
	if strings.Count(s, "columns: ") != 1 || !strings.HasSuffix(strings.TrimSpace(s), "that did not complete in time") {
		t.Errorf("no legend at the end:\n%s", s)
	}
	for _, col := range []string{"h->g", "poolE", "lost", "fails", "idle/load 64|1K"} {
		if !strings.Contains(Legend, col) {
			t.Errorf("legend does not explain %q", col)
		}
	}
}
