package testenv

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var skipCall = regexp.MustCompile(`\bt\.(Skip|Skipf|SkipNow)\(`)

// No test of the repository skips on its own: a missing tool or source goes
// through Missing (a failure under CI=true), and the only other skip is the
// -short guard (`if testing.Short() {` on the line before). A new
// `t.Skip("gcc not installed")` would make green mean "not run" again.
func TestNoSkipsOutsideTestenv(t *testing.T) {
	root := filepath.Join("..", "..")
	var bad []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "build") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") || filepath.Dir(p) == "." {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		lines := strings.Split(string(b), "\n")
		for i, l := range lines {
			if !skipCall.MatchString(l) || strings.HasPrefix(strings.TrimSpace(l), "//") {
				continue
			}
			if i > 0 && strings.Contains(lines[i-1], "testing.Short()") {
				continue
			}
			bad = append(bad, fmt.Sprintf("%s:%d: %s", p, i+1, strings.TrimSpace(l)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Errorf("skips without testenv: %s", b)
	}
}

// TestMissingChild is run by TestMissingFailsUnderCI in a child process.
func TestMissingChild(t *testing.T) {
	if os.Getenv("TESTENV_CHILD") != "1" {
		return
	}
	Missing(t, "frobnicator-9000", "apt-get install frobnicator")
}

// Under CI=true a missing tool fails the test, naming the tool; without CI it
// skips with the same message, which citest then refuses.
func TestMissingFailsUnderCI(t *testing.T) {
	for _, ci := range []string{"true", ""} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissingChild$", "-test.v")
		cmd.Env = append(os.Environ(), "TESTENV_CHILD=1", "CI="+ci)
		out, err := cmd.CombinedOutput()
		named := strings.Contains(string(out), MissingPrefix+"frobnicator-9000")
		switch {
		case ci == "true" && (err == nil || !named || !strings.Contains(string(out), "--- FAIL")):
			t.Errorf("CI=true: want a failure naming the tool, got %v:\n%s", err, out)
		case ci == "" && (err != nil || !named || !strings.Contains(string(out), "--- SKIP")):
			t.Errorf("no CI: want a skip naming the tool, got %v:\n%s", err, out)
		}
	}
}
