package cli

import (
	"strings"
	"testing"
	"time"
)

// Bad back end and impairment flags are refused before anything is built.
func TestRunBenchNetFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "mps2-an500", "--net", "vde"}, "want slirp or tap"},
		{[]string{"run", "mps2-an500", "--loss", "1"}, "need --net tap"},
		{[]string{"run", "mps2-an500", "--net", "tap", "--loss", "150"}, "loss"},
		{[]string{"run", "mps2-an500", "--net", "tap", "--delay", "1ms", "--loss", "-1"}, "loss"},
		{[]string{"bench", "mps2-an500", "--net", "wifi"}, "want slirp, tap or all"},
		{[]string{"bench", "mps2-an500", "--delays", "1ms,soon"}, `"soon" is not a duration`},
		{[]string{"bench", "mps2-an500", "--losses", "0,100"}, `"100" is not a percentage`},
	} {
		rc, _, errs := run(t, c.args...)
		if rc != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: rc %d, stderr %q, want 2 and %q", c.args, rc, errs, c.want)
		}
	}
}

func TestParseDelaysLosses(t *testing.T) {
	d, err := parseDelays("0, 1ms,10ms")
	if err != nil || len(d) != 3 || d[1] != time.Millisecond || d[2] != 10*time.Millisecond {
		t.Errorf("delays %v %v", d, err)
	}
	l, err := parseLosses("0,0.1,1")
	if err != nil || len(l) != 3 || l[1] != 0.001 || l[2] != 0.01 {
		t.Errorf("losses %v %v", l, err)
	}
}
