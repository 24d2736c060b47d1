package project

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The build-log forms compiledb handles (nickdiego/compiledb@4da2283
// compiledb/parser.py and tests/data/multiple_commands_oneline.txt), as
// make -n -w and ninja -t commands print them.
func TestParseBuildLog(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "args.rsp"), []byte("-DFROM_RSP=1 -Irsp_inc\n"), 0o644)
	log := "make: Entering directory '" + dir + "'\n" +
		"echo \"\\033[32m[CC]\\033[0m main.c\"\n" +
		"arm-none-eabi-gcc -c -DA=1 \\\n  -Iinc main.c -o build/main.o\r\n" +
		"make[1]: Entering directory '" + dir + "/sub'\n" +
		"cd lib && arm-none-eabi-gcc -c -DB lib.c -o lib.o; echo done\n" +
		"arm-none-eabi-gcc -c @args.rsp net.c -o net.o 2>&1 | tee log.txt\n" +
		"make[1]: Leaving directory '" + dir + "/sub'\n" +
		"if true; then ccache arm-none-eabi-g++ -c x.cpp -o x.o; else echo no; fi\n" +
		"gcc -c -o main2.o main2.c || echo 'failed'\n" +
		"CFLAGS=-O2 arm-none-eabi-gcc -c -DQ=\"a;b\" q.c > q.log\n" +
		": && arm-none-eabi-gcc -mthumb -T \"" + dir + "/x.ld\" a.o -o fw.elf && cd " + dir + " && arm-none-eabi-size fw.elf\n" +
		"make: Leaving directory '" + dir + "'\n"
	b := &Build{}
	commandsToBuild(b, parseBuildLog(log, "/elsewhere"), dir, Pos{File: "Makefile"})
	type got struct{ rel, dir string }
	var units []got
	for _, u := range b.Units {
		units = append(units, got{u.Rel, u.Dir})
	}
	want := []got{{"main.c", dir}, {"sub/lib/lib.c", filepath.Join(dir, "sub/lib")}, {"sub/net.c", filepath.Join(dir, "sub")},
		{"x.cpp", dir}, {"main2.c", dir}, {"q.c", dir}}
	if !reflect.DeepEqual(units, want) {
		t.Fatalf("units %v\nwant  %v", units, want)
	}
	if u := b.Unit("main.c"); !reflect.DeepEqual(u.Includes, []string{filepath.Join(dir, "inc")}) || u.Macros()["A"] != "1" {
		t.Errorf("continued line: %+v", u)
	}
	if u := b.Unit("sub/net.c"); u.Macros()["FROM_RSP"] != "1" || u.Includes[0] != filepath.Join(dir, "sub/rsp_inc") {
		t.Errorf("response file: %+v", u)
	}
	if u := b.Unit("q.c"); u.Macros()["Q"] != "a;b" {
		t.Errorf("quoted ;: %+v", u.Defines)
	}
	if b.Link == nil || b.Link.Output != filepath.Join(dir, "fw.elf") || b.Link.Scripts[0] != filepath.Join(dir, "x.ld") {
		t.Errorf("link %+v", b.Link)
	}
}

// The shell splitting alone.
func TestShellSegments(t *testing.T) {
	for line, want := range map[string][]string{
		`a && b || c; d | e & f`:             {"a", "b", "c", "d", "e", "f"},
		`gcc -c "x;y.c" 2>&1`:                {`gcc -c "x;y.c" 2>&1`},
		`gcc -c $(echo a; echo b) x.c`:       {`gcc -c $(echo a; echo b) x.c`},
		"gcc -DX='a && b' `cat f; echo` y.c": {"gcc -DX='a && b' `cat f; echo` y.c"},
		`(cd d && gcc -c z.c)`:               {"cd d", "gcc -c z.c"},
		`echo \; gcc`:                        {`echo \; gcc`},
	} {
		if got := shellSegments(line); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q, want %q", line, got, want)
		}
	}
}
