package safety

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// lwipgen is the binary under test, built once for the package.
var lwipgen string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lwipgen-safety-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	lwipgen = filepath.Join(dir, "lwipgen")
	build := exec.Command("go", "build", "-o", lwipgen, "github.com/lwipgen/lwipgen/cmd/lwipgen")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building lwipgen: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// run runs lwipgen in dir and returns its exit code and combined output.
func run(t testing.TB, dir string, env []string, args ...string) (int, string) {
	t.Helper()
	c := exec.Command(lwipgen, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	err := c.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, out.String()
}

// copyTree copies src into a new directory dst.
func copyTree(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// snapshot maps every file under dir (but lwipgen's lock file) to its
// content and mode; symlinks are recorded as such, not followed.
func snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if rel == ".lwipgen/lock" || strings.HasSuffix(rel, "/.lwipgen/lock") { // an empty lock file; it may stay
			return nil
		}
		fi, _ := d.Info()
		if fi.Mode()&fs.ModeSymlink != 0 {
			l, _ := os.Readlink(p)
			m[rel] = "symlink:" + l
			return nil
		}
		if !fi.Mode().IsRegular() {
			m[rel] = "special:" + fi.Mode().String()
			return nil
		}
		b, _ := os.ReadFile(p)
		m[rel] = fmt.Sprintf("%v:%s", fi.Mode().Perm(), b)
		return nil
	})
	return m
}

// diffKeys lists the paths whose content differs between two snapshots.
func diffKeys(a, b map[string]string) []string {
	var d []string
	for k, v := range a {
		if b[k] != v {
			d = append(d, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			d = append(d, k)
		}
	}
	sort.Strings(d)
	return d
}

// stray lists lwipgen's temporary files and transaction leftovers under dir.
func stray(dir string) []string {
	var s []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".lwipgen-tmp") || strings.Contains(filepath.ToSlash(p), "/.lwipgen/txn/")) {
			s = append(s, p)
		}
		return nil
	})
	return s
}

func fixture(name string) string {
	return filepath.Join("..", "vendorkit", "testdata", name)
}
