package lwipsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeTree makes a directory that looks like an lwIP tree of version v.
func fakeTree(t *testing.T, dir, v string) string {
	t.Helper()
	parts := strings.Split(v, ".")
	inc := filepath.Join(dir, "src", "include", "lwip")
	os.MkdirAll(inc, 0o755)
	text := "#define LWIP_VERSION_MAJOR      " + parts[0] + "\n#define LWIP_VERSION_MINOR      " + parts[1] + "\n#define LWIP_VERSION_REVISION   " + parts[2] + "\n"
	os.WriteFile(filepath.Join(inc, "init.h"), []byte(text), 0o644)
	return dir
}

// Resolution order: setting, $LWIP_DIR, the project's copy, the cache; and a
// clear error with the command to run when there is none.
func TestResolveOrder(t *testing.T) {
	root := t.TempDir()
	cache := filepath.Join(root, "cache")
	t.Setenv("LWIPGEN_CACHE", cache)
	t.Setenv("LWIP_DIR", "")
	project := filepath.Join(root, "proj", "Middlewares", "Third_Party", "LwIP") // the tree the project's build compiles (project model)

	if _, err := Resolve("", ""); err == nil || !strings.Contains(err.Error(), "lwipgen fetch-lwip") {
		t.Fatalf("no tree anywhere: %v", err)
	}
	fakeTree(t, filepath.Join(cache, "lwip-2.1.3"), "2.1.3")
	if tr, err := Resolve("", ""); err != nil || tr.From != "cache" || tr.Version != "2.1.3" {
		t.Fatalf("cache: %+v %v", tr, err)
	}
	fakeTree(t, project, "2.1.2")
	if tr, err := Resolve("", project); err != nil || tr.From != "project" || tr.Version != "2.1.2" {
		t.Fatalf("project copy: %+v %v", tr, err)
	}
	env := fakeTree(t, filepath.Join(root, "env"), "2.2.1")
	t.Setenv("LWIP_DIR", env)
	if tr, err := Resolve("", project); err != nil || tr.From != "LWIP_DIR" || tr.Version != "2.2.1" {
		t.Fatalf("LWIP_DIR: %+v %v", tr, err)
	}
	set := fakeTree(t, filepath.Join(root, "set"), "2.2.0")
	if tr, err := Resolve(set, project); err != nil || tr.From != "setting" || tr.Version != "2.2.0" {
		t.Fatalf("setting: %+v %v", tr, err)
	}
	if _, err := Resolve(filepath.Join(root, "nope"), project); err == nil || !strings.Contains(err.Error(), "not an lwIP tree") {
		t.Fatalf("bad setting: %v", err)
	}
}
