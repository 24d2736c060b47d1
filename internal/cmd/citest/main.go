// Command citest is the README's test command: it runs
// `go test -json -count=1 -timeout 30m` on the given packages (default
// ./...), prints what `go test` prints (one ok/FAIL line per package, the
// output of failed tests, build errors), lists every skipped test with its reason, and ends
// with "N passed, N failed, N skipped". It exits non-zero when a test or
// build failed, or when a test skipped because a tool or the lwIP source is
// missing (testenv.MissingPrefix): green never means "not run".
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// event is one line of test2json output (go doc test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output / build-fail
	Test       string
	Output     string
}

type tally struct {
	passed, failed, skipped int
	missing                 []string // skips for a missing tool
	skips                   []string
}

func main() {
	args := os.Args[1:]
	if len(args) == 0 {
		args = []string{"./..."}
	}
	// -timeout: a package's tests share go test's default 10 minutes, which the
	// simulator's package (real lwIP in virtual time, ~4 minutes on 2 idle
	// cores) can pass on a loaded machine; a hung test still ends the run
	cmd := exec.Command("go", append([]string{"test", "-json", "-count=1", "-timeout", "30m"}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fatal(err)
	}
	if err := cmd.Start(); err != nil {
		fatal(err)
	}
	t := summarize(out, os.Stdout)
	runErr := cmd.Wait()
	report(os.Stdout, t)
	if runErr != nil || t.failed > 0 || len(t.missing) > 0 {
		os.Exit(1)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "citest:", err)
	os.Exit(2)
}

// summarize reads test2json events from r and writes the human-readable
// output to w as the events arrive.
func summarize(r io.Reader, w io.Writer) *tally {
	t := &tally{}
	logs := map[string]*strings.Builder{} // package + test -> its output so far
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintf(w, "%s\n", line) // not an event (e.g. "go: downloading ...")
			continue
		}
		key := e.Package + " " + e.Test
		switch {
		case e.Action == "build-output":
			fmt.Fprint(w, e.Output)
		case e.Test == "" && e.Action == "output":
			// Package-level lines: "ok  pkg 1.2s", "FAIL pkg", "?  pkg [no test files]", panics.
			if o := strings.TrimSpace(e.Output); o != "PASS" && !strings.HasPrefix(o, "=== ") {
				fmt.Fprint(w, e.Output)
			}
		case e.Test != "" && e.Action == "output":
			b := logs[key]
			if b == nil {
				b = &strings.Builder{}
				logs[key] = b
			}
			b.WriteString(e.Output)
		case e.Test != "" && e.Action == "pass":
			t.passed++
			delete(logs, key)
		case e.Test != "" && e.Action == "fail":
			t.failed++
			if b := logs[key]; b != nil {
				fmt.Fprint(w, b.String())
			}
			delete(logs, key)
		case e.Test != "" && e.Action == "skip":
			t.skipped++
			reason := ""
			if b := logs[key]; b != nil {
				reason = skipReason(b.String())
			}
			name := e.Package + "." + e.Test
			if strings.Contains(reason, testenv.MissingPrefix) {
				t.missing = append(t.missing, name+": "+reason)
			} else {
				t.skips = append(t.skips, name+": "+reason)
			}
			delete(logs, key)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(w, "citest: reading go test output:", err)
		t.failed++
	}
	return t
}

// skipReason is the message of the skip: the log lines that are not
// "=== RUN" / "--- SKIP" headers, joined.
func skipReason(log string) string {
	var parts []string
	for _, l := range strings.Split(log, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- SKIP") {
			continue
		}
		parts = append(parts, l)
	}
	return strings.Join(parts, " ")
}

func report(w io.Writer, t *tally) {
	sort.Strings(t.skips)
	sort.Strings(t.missing)
	for _, s := range t.skips {
		fmt.Fprintln(w, "skipped", s)
	}
	for _, s := range t.missing {
		fmt.Fprintln(w, "FAIL (skipped for a missing tool)", s)
	}
	fmt.Fprintf(w, "%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped)
}
