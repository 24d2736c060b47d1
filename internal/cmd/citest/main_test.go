package main

import (
	"strings"
	"testing"
)

// A package with a pass, a failure, a plain skip and a skip for a missing
// tool: the failure's log and both skips are printed, the missing tool is
// named, and the counts add up.
func TestSummarize(t *testing.T) {
	in := strings.Join([]string{
		`{"Action":"run","Package":"p","Test":"TestA"}`,
		`{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}`,
		`{"Action":"pass","Package":"p","Test":"TestA"}`,
		`{"Action":"output","Package":"p","Test":"TestB","Output":"    b_test.go:9: want 3, got 4\n"}`,
		`{"Action":"output","Package":"p","Test":"TestB","Output":"--- FAIL: TestB (0.00s)\n"}`,
		`{"Action":"fail","Package":"p","Test":"TestB"}`,
		`{"Action":"output","Package":"p","Test":"TestC","Output":"    c_test.go:3: short mode\n"}`,
		`{"Action":"skip","Package":"p","Test":"TestC"}`,
		`{"Action":"output","Package":"p","Test":"TestD","Output":"    d_test.go:5: testenv: missing qemu-system-arm; install it\n"}`,
		`{"Action":"skip","Package":"p","Test":"TestD"}`,
		`{"Action":"output","Package":"p","Output":"PASS\n"}`,
		`{"Action":"output","Package":"p","Output":"FAIL\tp\t0.01s\n"}`,
		`{"Action":"fail","Package":"p"}`,
		`go: downloading example.com/m v1.0.0`,
	}, "\n")
	var out strings.Builder
	tl := summarize(strings.NewReader(in), &out)
	report(&out, tl)
	got := out.String()
	if tl.passed != 1 || tl.failed != 1 || tl.skipped != 2 || len(tl.missing) != 1 {
		t.Fatalf("tally %+v", tl)
	}
	for _, want := range []string{"want 3, got 4", "FAIL\tp\t0.01s", "skipped p.TestC: c_test.go:3: short mode",
		"FAIL (skipped for a missing tool) p.TestD", "qemu-system-arm", "go: downloading", "1 passed, 1 failed, 2 skipped\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "=== RUN") || strings.Contains(got, "PASS\n") {
		t.Errorf("passing tests' logs are printed:\n%s", got)
	}
	if !strings.HasSuffix(got, "1 passed, 1 failed, 2 skipped\n") {
		t.Errorf("the count is not the last line:\n%s", got)
	}
}
