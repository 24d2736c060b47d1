package board_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/board"
)

// Board files that are not board files: refused quickly, by name or at
// file:line:col, before the HCL parser can be made to recurse or allocate
// without bound.
func TestHostileBoardSources(t *testing.T) {
	dir := t.TempDir()
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.hcl"))
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.hcl"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "huge.hcl"), []byte(strings.Repeat("# padding\n", 200_000)), 0o644)
	os.MkdirAll(filepath.Join(dir, "chips"), 0o755)
	os.Symlink("/dev/zero", filepath.Join(dir, "chips", "zero.hcl"))
	src := board.Source{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, c := range []struct{ file, want string }{
			{"zero.hcl", "not a regular file"},
			{"fifo.hcl", "not a regular file"},
			{"huge.hcl", "more than the 1048576"},
		} {
			_, diags := src.Load(filepath.Join(dir, c.file))
			if !diags.HasErrors() || !strings.Contains(diags.Error(), c.want) || !strings.Contains(diags.Error(), c.file) {
				t.Errorf("%s: %v (want %q)", c.file, diags, c.want)
			}
		}
		// a chip file that is /dev/zero, found by a board beside it
		os.WriteFile(filepath.Join(dir, "b.hcl"), []byte(src17(`board "b"`)), 0o644)
		if _, diags := src.Load(filepath.Join(dir, "b.hcl")); !diags.HasErrors() || !strings.Contains(diags.Error(), "not a regular file") {
			t.Errorf("chip file /dev/zero: %v", diags)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("reading a hostile board file hung")
	}
}

func src17(head string) string { return strings.Replace(src(), `board "b"`, head, 1) }

// Deep nesting, long unary chains and binary input get a positioned error
// before parsing.
func TestNestingAndBinaryRefused(t *testing.T) {
	chips := builtinChips(t)
	for _, c := range []struct {
		name, src, summary, at string
	}{
		{"100000 parentheses", src(top("x = " + strings.Repeat("(", 100_000) + "1" + strings.Repeat(")", 100_000))), "Nesting too deep", "16:70"},
		{"nested lists", src(top("x = " + strings.Repeat("[", 1000))), "Nesting too deep", "16:70"},
		{"unary chain", src(top("x = " + strings.Repeat("!", 100_000) + "true")), "Nesting too deep", "16:71"},
		{"NUL byte", src(top("x = 1\x00")), "Not a text file", "16:8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := board.DecodeBoard([]byte(c.src), "test.hcl", chips, nil)
			errs := errorsOf(diags)
			if len(errs) == 0 || errs[0].Summary != c.summary || pos(errs[0].Subject) != c.at || errs[0].Subject.Filename != "test.hcl" {
				t.Fatalf("want %q at %s, got:%s", c.summary, c.at, describe(diags))
			}
		})
	}
	// real files nest far less: every built-in board still loads (valid_test), and so do 60 levels
	_, diags := board.DecodeBoard([]byte(src(top(`options { MEM_SIZE = `+strings.Repeat("(", 50)+"1024"+strings.Repeat(")", 50)+` }`))), "test.hcl", chips, nil)
	if diags.HasErrors() {
		t.Errorf("50 levels refused:%s", describe(diags))
	}
}

func chainedLocals(n int) string {
	var b strings.Builder
	b.WriteString("locals {\n  l0 = 1\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  l%d = local.l%d + 1\n", i, i-1)
	}
	b.WriteString("}\n")
	return b.String() + src(wl(fmt.Sprintf("tcp_connections = local.l%d - %d", n-1, n-2)))
}

// A chain of 20,000 locals (each uses the one before) decodes; it took 30 s
// at 5,000 when evaluation was quadratic. Speed itself is measured by
// BenchmarkLocalsChain, not asserted here.
func TestLocalsChain(t *testing.T) {
	b, diags := board.DecodeBoard([]byte(chainedLocals(20_000)), "test.hcl", builtinChips(t), nil)
	if diags.HasErrors() {
		t.Fatal(describe(diags))
	}
	if b.Workload.TCPConnections != 2 {
		t.Errorf("tcp_connections = %d, want 2", b.Workload.TCPConnections)
	}
}

// go test ./internal/board -bench LocalsChain: ns/op grows linearly with n.
func BenchmarkLocalsChain(b *testing.B) {
	chips := builtinChips(b)
	for _, n := range []int{1000, 4000, 16000} {
		src := []byte(chainedLocals(n))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				board.DecodeBoard(src, "test.hcl", chips, nil)
			}
		})
	}
}
