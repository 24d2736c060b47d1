package memusage_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// Every sized symbol of a real link is counted in the object that defines
// it, ROM and RAM by the section it lands in (code ROM, zeroed data RAM,
// initialised data both), a libc function under the libraries, and the rows
// add up to the ELF's totals (issue 31, item 6).
func TestBreakdownOfALink(t *testing.T) {
	cc := testenv.CrossCompiler(t)
	dir := t.TempDir()
	srcs := map[string]string{
		"a.c": "#include <string.h>\nchar buf[64];\nvolatile int n = 8;\nint copy(const char *s) { memcpy(buf, s, n); return buf[0]; }\nint main(void) { return copy(\"abcdefgh\"); }\n",
		"b.c": "static char pool[1000];\nint counter = 7;\nchar *get(int i) { counter++; return &pool[i]; }\n",
	}
	var objs []memusage.Object
	for name, src := range srcs {
		c := filepath.Join(dir, name)
		os.WriteFile(c, []byte(src), 0o644)
		o := c[:len(c)-2] + ".o"
		if out, err := exec.Command(cc, "-mcpu=cortex-m4", "-mthumb", "-Os", "-ffunction-sections", "-fdata-sections", "-c", c, "-o", o).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		objs = append(objs, memusage.Object{Path: o, Name: name[:1] + ".o", Module: "mod-" + name[:1]})
	}
	elf := filepath.Join(dir, "x.elf")
	if out, err := exec.Command(cc, "-mcpu=cortex-m4", "-mthumb", "--specs=nano.specs", "--specs=nosys.specs", "-nostartfiles",
		"-Wl,--gc-sections", "-Wl,--undefined=get", "-Wl,-e,main", objs[0].Path, objs[1].Path, "-o", elf).CombinedOutput(); err != nil {
		t.Fatalf("link: %v\n%s", err, out)
	}
	br, err := memusage.BreakdownOf(elf, objs)
	if err != nil {
		t.Fatal(err)
	}
	row := map[string]memusage.Part{}
	var rom, ram uint64
	for _, m := range br.Modules {
		row[m.Name] = m
		rom, ram = rom+m.ROM, ram+m.RAM
	}
	for _, o := range br.Objects {
		row[o.Name] = o
	}
	if rom != br.ROM || ram != br.RAM {
		t.Errorf("modules add up to %d/%d, totals %d/%d", rom, ram, br.ROM, br.RAM)
	}
	if a := row["a.o"]; a.RAM != 68 || a.ROM == 0 || a.Module != "mod-a" {
		t.Errorf("a.o = %+v, want buf 64 + n 4 B of RAM and main/copy's code", a)
	}
	if b := row["b.o"]; b.RAM != 1004 || b.ROM < 4 {
		t.Errorf("b.o = %+v, want pool 1000 + counter 4 B of RAM, counter's 4 B image and get's code in ROM", b)
	}
	if l := row[memusage.ModuleLibraries]; l.ROM == 0 {
		t.Errorf("memcpy is not counted under %q: %+v", memusage.ModuleLibraries, br.Modules)
	}
}
