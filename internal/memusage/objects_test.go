package memusage

import (
	"bytes"
	"strings"
	"testing"
)

// --diff names what changed between two builds, module by module and object
// by object, leaves the rest out, and says when nothing changed.
func TestDiff(t *testing.T) {
	old := &Breakdown{ROM: 1000, RAM: 5000,
		Modules: []Part{{Name: "lwIP core", ROM: 900, RAM: 4800}, {Name: ModuleLibraries, ROM: 100, RAM: 200}},
		Objects: []Part{{Name: "core/mem.o", Module: "lwIP core", ROM: 400, RAM: 4000}, {Name: "core/tcp.o", Module: "lwIP core", ROM: 500, RAM: 800}}}
	new := &Breakdown{ROM: 1000, RAM: 6024,
		Modules: []Part{{Name: "lwIP core", ROM: 900, RAM: 5824}, {Name: ModuleLibraries, ROM: 100, RAM: 200}},
		Objects: []Part{{Name: "core/mem.o", Module: "lwIP core", ROM: 400, RAM: 5024}, {Name: "core/tcp.o", Module: "lwIP core", ROM: 500, RAM: 800}}}
	var out bytes.Buffer
	if !Diff(&out, old, new) {
		t.Fatal("a change not reported")
	}
	got := out.String()
	for _, want := range []string{"lwIP core", "+1024", "core/mem.o", "total ROM 1000 B (0), RAM 6024 B (+1024)"} {
		if !strings.Contains(got, want) {
			t.Errorf("diff lacks %q:\n%s", want, got)
		}
	}
	for _, unchanged := range []string{"core/tcp.o", ModuleLibraries} {
		if strings.Contains(got, unchanged) {
			t.Errorf("diff shows unchanged %q:\n%s", unchanged, got)
		}
	}
	out.Reset()
	if Diff(&out, old, old) {
		t.Errorf("no change reported as one:\n%s", out.String())
	}
}
