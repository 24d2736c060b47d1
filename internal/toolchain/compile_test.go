package toolchain

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

func TestReadDepFile(t *testing.T) {
	d := filepath.Join(t.TempDir(), "x.o.d")
	os.WriteFile(d, []byte("x.o: src/x.c inc/a.h \\\n inc/with\\ space.h\ninc/a.h:\n"), 0o644)
	got, err := ReadDepFile(d)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"src/x.c", "inc/a.h", "inc/with space.h"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// The incremental rules with the host compiler: first build compiles all,
// a second compiles nothing, touching a header recompiles only its users,
// changing flags recompiles, and a failing compile reports the command.
func TestIncrementalCompile(t *testing.T) {
	cc := testenv.HostCC(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	hdr := write("a.h", "#define A 1\n")
	a := write("a.c", "#include \"a.h\"\nint fa(void){return A;}\n")
	b := write("b.c", "int fb(void){return 2;}\n")
	units := []Unit{{Src: a, Obj: filepath.Join(dir, "o", "a.o"), Flags: []string{"-O1"}}, {Src: b, Obj: filepath.Join(dir, "o", "b.o"), Flags: []string{"-O1"}}}
	bl := &Builder{TC: &Toolchain{CC: cc}, Jobs: 2, Dir: dir}
	ctx := context.Background()
	if n, err := bl.Compile(ctx, units); err != nil || n != 2 {
		t.Fatalf("first build: %d, %v", n, err)
	}
	if n, _ := bl.Compile(ctx, units); n != 0 {
		t.Fatalf("no-op build compiled %d", n)
	}
	now := time.Now()
	os.Chtimes(hdr, now, now) // newer than a.o, older than anything compiled next
	future := now.Add(time.Second)
	if n, _ := bl.Compile(ctx, units); n != 1 {
		t.Fatalf("after touching a.h: compiled %d, want 1", n)
	}
	units[1].Flags = []string{"-O2"}
	if n, _ := bl.Compile(ctx, units); n != 1 {
		t.Fatalf("after changing b.c's flags: compiled %d, want 1", n)
	}
	write("b.c", "int fb(void){return nope;}\n")
	os.Chtimes(b, future.Add(time.Second), future.Add(time.Second))
	_, err := bl.Compile(ctx, units)
	ce, ok := err.(*CommandError)
	if !ok || !strings.Contains(ce.Error(), "b.c") || !strings.Contains(ce.Error(), "nope") || !strings.Contains(ce.Error(), cc) {
		t.Fatalf("failing compile: %v", err)
	}
}

// A compiler launcher (ccache, sccache, distcc) wraps every compile; `env`
// stands in for one here, and compile_commands.json keeps the plain compiler.
func TestLauncherWrapsCompiles(t *testing.T) {
	cc := testenv.HostCC(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "x.c")
	os.WriteFile(src, []byte("int x;\n"), 0o644)
	bl := &Builder{TC: &Toolchain{CC: cc, Launcher: []string{"env", "LWIPGEN_TEST_LAUNCHED=1"}}, Dir: dir}
	u := Unit{Src: src, Obj: filepath.Join(dir, "x.o")}
	if got := bl.command(u); got[0] != "env" || got[2] != cc {
		t.Fatalf("command %q does not start with the launcher", got)
	}
	if n, err := bl.Compile(context.Background(), []Unit{u}); err != nil || n != 1 {
		t.Fatalf("compile through the launcher: %d, %v", n, err)
	}
	cc2, _ := bl.CompileCommands([]Unit{u})
	if strings.Contains(string(cc2), "LWIPGEN_TEST_LAUNCHED") {
		t.Errorf("compile_commands.json carries the launcher: %s", cc2)
	}
}

// A compile that succeeds with a warning shows the warning in Progress: the
// project builds are checked for "warning:" in that log, which could not fail
// while a successful compile's output was dropped.
func TestCompileShowsWarnings(t *testing.T) {
	cc := testenv.HostCC(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "w.c")
	os.WriteFile(src, []byte("int f(void){ return g(); }\n"), 0o644)
	var log strings.Builder
	bl := &Builder{TC: &Toolchain{CC: cc}, Jobs: 1, Dir: dir, Progress: &log}
	if _, err := bl.Compile(context.Background(), []Unit{{Src: src, Obj: filepath.Join(dir, "w.o"), Flags: []string{"-std=gnu89", "-Wall"}}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "implicit declaration") {
		t.Fatalf("the warning is not in the progress log:\n%s", log.String())
	}
}
