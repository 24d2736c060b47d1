package lwipsrc

import (
	"os"
	"path/filepath"
	"testing"
)

// A relative --lwip DIR is resolved once, to an absolute path: the compiler
// runs in the output directory, where the relative path named nothing
// (the build broke).
func TestRelativeSettingIsAbsolute(t *testing.T) {
	dir := t.TempDir()
	inc := filepath.Join(dir, "third_party", "lwip", "src", "include", "lwip")
	os.MkdirAll(inc, 0o755)
	os.WriteFile(filepath.Join(inc, "init.h"), []byte("#define LWIP_VERSION_MAJOR 2\n#define LWIP_VERSION_MINOR 1\n#define LWIP_VERSION_REVISION 3\n"), 0o644)
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	tr, err := Resolve(filepath.Join("third_party", "lwip"), "")
	if err != nil {
		t.Fatal(err)
	}
	if !filepath.IsAbs(tr.Dir) || tr.Dir != filepath.Join(dir, "third_party", "lwip") {
		t.Errorf("Dir = %q, want the absolute path", tr.Dir)
	}
}
