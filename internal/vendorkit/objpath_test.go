package vendorkit

import (
	"path/filepath"
	"strings"
	"testing"
)

// Issue 29 item 4: build --project never writes outside the project. A
// .cproject source reached through enough "../" (a linked folder beside
// the project) or an absolute path gets its object inside build/lwipgen/obj,
// mapped, not at obj/../../.. (which left the project), and two sources
// never share an object.
func TestObjectPathStaysInBuild(t *testing.T) {
	out := filepath.Join(t.TempDir(), "proj", "build", "lwipgen")
	seen := map[string]string{}
	for _, c := range []struct{ rel, file string }{
		{"Core/Src/main.c", ""},
		{"../Common/net.c", ""},
		{"../../../../../../../../etc/x.c", ""},
		{"../../x.c", ""},
		{"../x.c", ""},
		{"", "/opt/sdk/drivers/eth.c"},
		{"Core/../../y.c", ""},
		{"obj-outside/up/x.c", ""}, // a real folder of that name: an object of its own
	} {
		obj := objectPath(out, c.rel, c.file)
		r, err := filepath.Rel(out, obj)
		if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || !(strings.HasPrefix(r, "obj"+string(filepath.Separator)) || strings.HasPrefix(r, "obj-outside"+string(filepath.Separator))) {
			t.Errorf("%q %q: object %s is outside %s", c.rel, c.file, obj, out)
		}
		if !strings.HasSuffix(obj, ".o") {
			t.Errorf("%q: object %s", c.rel, obj)
		}
		key := c.rel + c.file
		if prev, dup := seen[obj]; dup {
			t.Errorf("%q and %q share %s", prev, key, obj)
		}
		seen[obj] = key
	}
	if got := objectPath(out, "Core/Src/main.c", ""); got != filepath.Join(out, "obj", "Core", "Src", "main.o") {
		t.Errorf("a source inside the project: %s", got)
	}
}
