package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// `lwipgen version` names a revision on every documented path. A test
// binary, like `go run ./cmd/lwipgen` and `go run mage.go`, is not stamped
// with vcs.revision, so inside the source tree the revision is its git HEAD,
// labelled as read at run time; outside any lwipgen tree it says why there
// is none (issue 31, item 7).
func TestVersionHasRevision(t *testing.T) {
	git := testenv.Tool(t, "git")
	head, err := exec.Command(git, "rev-parse", "HEAD").Output()
	if err != nil {
		testenv.Missing(t, "a git checkout of lwipgen ("+err.Error()+")", "run the tests in a clone of the repository")
	}
	var out, errb bytes.Buffer
	if rc := Main([]string{"version"}, &out, &errb); rc != 0 {
		t.Fatalf("version: %d %s", rc, errb.String())
	}
	rev := strings.TrimSpace(string(head))[:12]
	if !strings.Contains(out.String(), rev) || !strings.Contains(out.String(), "git HEAD") {
		t.Errorf("version in the source tree: %q, want revision %s labelled as the tree's git HEAD", out.String(), rev)
	}
	out.Reset()
	if rc := Main([]string{"--version"}, &out, &errb); rc != 0 || !strings.Contains(out.String(), rev) {
		t.Errorf("--version: %q, want revision %s", out.String(), rev)
	}

	// A tree of another module (or none) is not taken for lwipgen's.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644)
	t.Chdir(other)
	out.Reset()
	Main([]string{"version"}, &out, &errb)
	if !strings.Contains(out.String(), "no revision") || !strings.Contains(out.String(), "not in lwipgen's source tree") {
		t.Errorf("version outside the tree: %q, want no revision and why", out.String())
	}
}
