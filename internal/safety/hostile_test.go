package safety

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// positioned is a file:line:col in an error.
var positioned = regexp.MustCompile(`[^\s:]+:\d+:\d+`)

const goodBoard = `board "NAME" {
  chip   = "stm32h743zi"
  vendor = "cubemx"
  rtos   = "none"
  ethernet {
    phy        = "LAN8742A"
    interface  = "rmii"
    speed_mbps = 100
    MAC
  }
  workload {
    profile         = "balanced"
    tcp_connections = 2
  }
  TOP
}
`

func boardText(name, mac, top string) string {
	return strings.NewReplacer("NAME", name, "MAC", mac, "TOP", top).Replace(goodBoard)
}

// hostile is one crafted input: a setup in the sandbox, the lwipgen command,
// and what the refusal must say.
type hostile struct {
	name  string
	setup func(t *testing.T, sb string)
	args  []string // run in the sandbox; PROJECT is replaced by the sandbox's project copy
	want  string   // a substring of the error
	pos   bool     // the error must carry file:line:col
}

func writeFile(t *testing.T, p, s string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func project(kind string) func(t *testing.T, sb string) {
	return func(t *testing.T, sb string) { copyTree(t, fixture(kind), filepath.Join(sb, "proj")) }
}

// projectWithLwIP is project with the lwIP sources its build compiles
// (testenv.ProjectFixture), for inputs that get as far as reading the
// project's build (make -n needs every source it names).
func projectWithLwIP(kind string) func(t *testing.T, sb string) {
	return func(t *testing.T, sb string) {
		copyTree(t, testenv.ProjectFixture(t, fixture(kind)), filepath.Join(sb, "proj"))
	}
}

var hostileInputs = []hostile{
	{"board named ../../escaped", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), boardText("../../escaped", "", ""))
	},
		[]string{"generate", "--board", "./b.hcl", "--out", "out"}, "Invalid board name", true},
	{"board name closing a C comment", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), boardText(`x*/ #include \"/etc/passwd\" /*`, "", ""))
	}, []string{"generate", "--board", "./b.hcl", "--out", "out"}, "Invalid board name", true},
	{"board name with a newline", func(t *testing.T, sb string) { writeFile(t, filepath.Join(sb, "b.hcl"), boardText(`a\nb`, "", "")) },
		[]string{"generate", "--board", "./b.hcl", "--out", "out"}, "Invalid board name", true},
	{"board file is /dev/zero", func(t *testing.T, sb string) { os.Symlink("/dev/zero", filepath.Join(sb, "z.hcl")) },
		[]string{"check", "--board", "./z.hcl"}, "not a regular file", false},
	{"board file is a FIFO", func(t *testing.T, sb string) { syscall.Mkfifo(filepath.Join(sb, "f.hcl"), 0o644) },
		[]string{"check", "--board", "./f.hcl"}, "not a regular file", false},
	{"chip file is /dev/zero", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), boardText("b", "", ""))
		os.MkdirAll(filepath.Join(sb, "chips"), 0o755)
		os.Symlink("/dev/zero", filepath.Join(sb, "chips", "z.hcl"))
	}, []string{"check", "--board", "./b.hcl"}, "not a regular file", false},
	{"100,000 nested parentheses", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), boardText("b", "", "x = "+strings.Repeat("(", 100_000)+"1"+strings.Repeat(")", 100_000)))
	}, []string{"check", "--board", "./b.hcl"}, "Nesting too deep", true},
	{"binary board file", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), "board \"b\" {\x00\x01\x02\xff}")
	},
		[]string{"check", "--board", "./b.hcl"}, "Not a text file", true},
	{"LWIP_RAM_HEAP_POINTER = 0", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), boardText("b", "", `options { LWIP_RAM_HEAP_POINTER = "0x00000000" }`))
	}, []string{"check", "--board", "./b.hcl"}, "NULL pointer", true},
	{"64-bit wrapping memory base", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), boardText("b", "", "")+"chip \"stm32h743zi\" {\n  base = \"stm32h743zi\"\n  memory \"sram1\" {\n    base = \"0xFFFFFFFFFFFFFFFF\"\n  }\n}\n")
	}, []string{"check", "--board", "./b.hcl"}, "outside the address space", true},
	{"broadcast MAC", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), boardText("b", `mac_address = "ff:ff:ff:ff:ff:ff"`, ""))
	}, []string{"check", "--board", "./b.hcl"}, "broadcast", true},
	{"option expression opening a comment", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "b.hcl"), boardText("b", "", `options { TCP_MSS = "1460 /*" }`))
	}, []string{"check", "--board", "./b.hcl"}, "one-line C expression", true},
	{"lwipopts.h with an unterminated comment", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "lwipopts.h"), "#define MEM_SIZE 1600\n/* the rest is hidden\n#define TCP_RCV_BUF 8192\n")
	}, []string{"audit", "lwipopts.h"}, "unterminated /* comment", true},
	{"binary lwipopts.h", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "lwipopts.h"), "\x7fELF\x02\x01\x01\x00\x00\x00")
	},
		[]string{"audit", "lwipopts.h"}, "binary content", true},
	{"lwipopts.h that is a FIFO", func(t *testing.T, sb string) { syscall.Mkfifo(filepath.Join(sb, "lwipopts.h"), 0o644) },
		[]string{"audit", "lwipopts.h"}, "not a regular file", false},
	{"binary .ioc", func(t *testing.T, sb string) { writeFile(t, filepath.Join(sb, "x.ioc"), "#MicroXplorer\x00\x00\x00") },
		[]string{"import", "x.ioc"}, "binary content", true},
	{"import --name ../x", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "lwipopts.h"), "#define MEM_SIZE 1600\n")
	},
		[]string{"import", "--board-name", "../x", "--out", "x.hcl", "lwipopts.h"}, "not allowed", false},
	// issue 29 item 7: a FIFO in place of an input is refused at once, with its path
	{".ioc that is a FIFO", func(t *testing.T, sb string) {
		project("cubeide-h743")(t, sb)
		ioc := filepath.Join(sb, "proj", "STM32H743_ETH.ioc")
		os.Remove(ioc)
		syscall.Mkfifo(ioc, 0o644)
	}, []string{"vendor", "--board", "h743", "--project", "proj"}, "STM32H743_ETH.ioc: not a regular file (a FIFO)", false},
	{"Makefile that is a FIFO", func(t *testing.T, sb string) {
		project("cubemx-makefile-f407")(t, sb)
		mk := filepath.Join(sb, "proj", "Makefile")
		os.Remove(mk)
		syscall.Mkfifo(mk, 0o644)
	}, []string{"vendor", "--board", "f407", "--project", "proj"}, "Makefile: not a regular file (a FIFO)", false},
	{"system.mss that is a FIFO", func(t *testing.T, sb string) {
		os.MkdirAll(filepath.Join(sb, "ws", "plat", "bsp"), 0o755)
		syscall.Mkfifo(filepath.Join(sb, "ws", "plat", "bsp", "system.mss"), 0o644)
	}, []string{"generate", "--board", "zynq7035", "--project", "ws", "--out", "out"}, "system.mss: not a regular file (a FIFO)", false},
	{"--lwip's init.h that is a FIFO", func(t *testing.T, sb string) {
		writeFile(t, filepath.Join(sb, "lwipopts.h"), "#define MEM_SIZE 1600\n")
		os.MkdirAll(filepath.Join(sb, "lw", "src", "include", "lwip"), 0o755)
		syscall.Mkfifo(filepath.Join(sb, "lw", "src", "include", "lwip", "init.h"), 0o644)
	}, []string{"audit", "--lwip", "lw", "lwipopts.h"}, "init.h: not a regular file (a FIFO)", false},
	{"project folder symlinked outside", func(t *testing.T, sb string) {
		project("cubeide-h743")(t, sb)
		os.Symlink(filepath.Join(sb, "..", "outside"), filepath.Join(sb, "proj", "LWIP", "lwipgen"))
	}, []string{"vendor", "--board", "h743", "--project", "proj"}, "outside", false},
	{"Makefile linking a script outside", func(t *testing.T, sb string) {
		projectWithLwIP("cubemx-makefile-f407")(t, sb)
		mk := filepath.Join(sb, "proj", "Makefile")
		b, _ := os.ReadFile(mk)
		os.WriteFile(mk, []byte(strings.Replace(string(b), "LDSCRIPT = STM32F407VGTX_FLASH.ld", "LDSCRIPT = ../../outside/keep.ld", 1)), 0o644)
	}, []string{"vendor", "--board", "f407", "--project", "proj"}, "outside", false},
	// issue 29 item 8: an absolute linker script outside the project, named by
	// each build kind, is refused (lwipgen used to edit the local *_FLASH.ld,
	// which that build does not link, and exit 0)
	{"Makefile LDSCRIPT absolute, outside", func(t *testing.T, sb string) {
		projectWithLwIP("cubemx-makefile-f407")(t, sb)
		replaceIn(t, filepath.Join(sb, "proj", "Makefile"), "LDSCRIPT = STM32F407VGTX_FLASH.ld", "LDSCRIPT = "+outsideScript(sb))
	}, []string{"vendor", "--board", "f407", "--project", "proj"}, "which is outside the project", false},
	{"CMake -T absolute, outside", func(t *testing.T, sb string) {
		projectWithLwIP("cubemx-cmake-f767")(t, sb)
		replaceIn(t, filepath.Join(sb, "proj", "cmake", "gcc-arm-none-eabi.cmake"), `-T \"${CMAKE_SOURCE_DIR}/STM32F767XX_FLASH.ld\"`, `-T \"`+outsideScript(sb)+`\"`)
	}, []string{"vendor", "--board", "f767", "--project", "proj"}, "cmake/gcc-arm-none-eabi.cmake:13 links with", false},
	{".cproject script absolute, outside", func(t *testing.T, sb string) {
		project("cubeide-h743")(t, sb)
		replaceIn(t, filepath.Join(sb, "proj", ".cproject"), `linker.option.script" value="${workspace_loc:/${ProjName}/STM32H743ZITX_FLASH.ld}"`, `linker.option.script" value="`+outsideScript(sb)+`"`)
	}, []string{"vendor", "--board", "h743", "--project", "proj"}, ".cproject:9 links with", false},
	{"crafted manifest: backup outside", func(t *testing.T, sb string) {
		project("cubeide-h743")(t, sb)
		writeFile(t, filepath.Join(sb, "proj", ".lwipgen", "manifest.json"), `{"board":"h743","files":{},"blocks":{},"last_backup":"../../outside"}`)
	}, []string{"vendor", "--project", "proj", "--undo", "--force"}, "last_backup", false},
	{"crafted backup index: entry outside", func(t *testing.T, sb string) {
		project("cubeide-h743")(t, sb)
		writeFile(t, filepath.Join(sb, "proj", ".lwipgen", "manifest.json"), `{"board":"h743","files":{},"blocks":{},"last_backup":".lwipgen/backup/x"}`)
		writeFile(t, filepath.Join(sb, "proj", ".lwipgen", "backup", "x", "index.json"), `{"id":"x","files":[{"path":"../../outside/keep.ld","existed":false,"after":"0"}]}`)
	}, []string{"vendor", "--project", "proj", "--undo", "--force"}, "not a project file", false},
	{"crafted journal: file outside", func(t *testing.T, sb string) {
		project("cubeide-h743")(t, sb)
		writeFile(t, filepath.Join(sb, "proj", ".lwipgen", "txn", "journal.json"), `{"state":"rollback","files":[{"path":"../../outside/keep.ld","existed":false}]}`)
	}, []string{"vendor", "--board", "h743", "--project", "proj"}, "outside", false},
}

// locks counts lwipgen lock files under dir.
func locks(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(filepath.ToSlash(p), "/.lwipgen/lock") {
			n++
		}
		return nil
	})
	return n
}

// outsideScript is the absolute path of the linker script TestHostileInputs
// keeps outside every sandbox.
func outsideScript(sb string) string {
	abs, _ := filepath.Abs(filepath.Join(sb, "..", "outside", "keep.ld"))
	return abs
}

// replaceIn replaces old (which must be there) in the file p.
func replaceIn(t *testing.T, p, old, new string) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil || !strings.Contains(string(b), old) {
		t.Fatalf("%s does not hold %q (%v)", p, old, err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Every hostile input is refused with a clear error (positioned where the
// input is text), changes nothing, and writes nothing outside its place.
func TestHostileInputs(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	writeFile(t, filepath.Join(outside, "keep.ld"), "keep\n")
	var tried, clear, posOK, outsideWrites, changedOnRefusal int
	for _, h := range hostileInputs {
		t.Run(h.name, func(t *testing.T) {
			sb := filepath.Join(base, "sandbox")
			os.RemoveAll(sb)
			os.MkdirAll(sb, 0o755)
			h.setup(t, sb)
			before := snapshot(t, base)
			locksBefore := locks(sb)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			c := exec.CommandContext(ctx, lwipgen, h.args...)
			c.Dir = sb
			out, err := c.CombinedOutput()
			tried++
			if ctx.Err() != nil {
				t.Fatalf("hung: %s", out)
			}
			if err == nil {
				t.Fatalf("accepted:\n%s", out)
			}
			if strings.Contains(string(out), h.want) {
				clear++
			} else {
				t.Errorf("error does not say %q:\n%s", h.want, out)
			}
			if positioned.Match(out) {
				posOK++
			} else if h.pos {
				t.Errorf("error has no file:line:col:\n%s", out)
			}
			// issue 29 item 10: a refused run leaves no lock of its own
			if l := locks(sb); l > locksBefore {
				t.Errorf("a refused run left a .lwipgen/lock")
			}
			after := snapshot(t, base)
			for _, p := range diffKeys(before, after) {
				if !strings.HasPrefix(p, "sandbox/") {
					outsideWrites++
					t.Errorf("wrote outside its place: %s", p)
				} else {
					changedOnRefusal++
					t.Errorf("a refused run changed %s", p)
				}
			}
		})
	}
	t.Logf("hostile inputs: %d tried, %d refused with a clear error (%d with file:line:col), %d refused runs changed their own tree, writes outside: %d",
		tried, clear, posOK, changedOnRefusal, outsideWrites)
	if outsideWrites != 0 || clear != tried {
		t.Fail()
	}
}
