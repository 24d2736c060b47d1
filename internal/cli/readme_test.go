package cli

import (
	"sort"
	"strings"

	"bytes"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/memusage"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The board file shown in README.md is valid: a newcomer can copy it.
func TestReadmeBoardExampleChecks(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```hcl\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no hcl example")
	}
	path := filepath.Join(t.TempDir(), "my-h743.hcl")
	os.WriteFile(path, m[1], 0o644)
	var out, errb bytes.Buffer
	if rc := Main([]string{"check", "--board", path}, &out, &errb); rc != 0 || errb.Len() > 0 {
		t.Fatalf("README example does not check without a word: %s", errb.String())
	}
}

// The CLI's board listing shows every built-in board.
func TestBoardsListsAll(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := Main([]string{"boards"}, &out, &errb); rc != 0 {
		t.Fatalf("boards: %s", errb.String())
	}
	for _, b := range []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500"} {
		if !bytes.Contains(out.Bytes(), []byte(b+" ")) {
			t.Errorf("boards output lacks %s", b)
		}
	}
}

// The README's first screen shows the size table `go run mage.go build
// board=h743` prints: the memories of h743's chip in address order, lwIP's
// share against its budget, the probe named a probe, and the check count
// that report.md gives.
func TestReadmeShowsSizeTable(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```console\n\\$ go run mage.go build board=h743\n(.*?)```").FindSubmatchIndex(readme)
	if m == nil || bytes.Count(readme[:m[0]], []byte("\n")) > 25 {
		t.Fatal("README.md does not show `go run mage.go build board=h743` and its output on its first screen")
	}
	block := string(readme[m[2]:m[3]])
	b, diags := source().Load("h743")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	mems := append([]board.Memory(nil), b.Chip.Memories...)
	sort.Slice(mems, func(i, j int) bool { return mems[i].Base < mems[j].Base })
	at := strings.Index(block, "Memory region")
	for _, mem := range mems {
		i := strings.Index(block, "\n  "+mem.Name+" ("+string(mem.Kind)+")")
		if i < at {
			t.Errorf("README size table: %s missing or out of address order", mem.Name)
		}
		at = i
	}
	for _, want := range []string{"is a layout probe", "lwIP in " + b.Memory.LwIPRegion, "of memory.lwip_budget", memusage.Human(b.Memory.LwIPBudget), "checks passed (", "of the plan,", "of the linked ELF); report.md", "compiled lwIP " + b.LwIPVersion, "Module", "lwIP core"} {
		if !strings.Contains(block, want) {
			t.Errorf("README size table lacks %q", want)
		}
	}
}
