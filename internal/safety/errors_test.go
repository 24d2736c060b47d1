package safety

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"
)

// errorCase is one bad input: the files of a sandbox, the command, where the
// message must point (a regexp on "file:line:col" or "file:line"; "" when
// the input has no position, a flag) and words that say what to do.
type errorCase struct {
	name  string
	files map[string]string
	args  []string
	at    string
	todo  []string
	not   []string // text the message must not hold (an echoed 1 MB value, "EOF" alone)
}

// board407 is the f407 seed board with old replaced by new.
func board407(t *testing.T, old, new string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "boards", "f407.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("f407.hcl lacks %q", old)
	}
	return strings.Replace(string(b), old, new, 1)
}

func utf16Text(s string) string {
	u := utf16.Encode([]rune(s))
	b := []byte{0xff, 0xfe}
	for _, r := range u {
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}

// Issue 29 item 12: every refusal says where (file:line:col when the input
// has lines) and what to do; none echoes a huge value or says only "EOF".
// docs/errors.md lists the same cases.
func TestErrorMessages(t *testing.T) {
	chip := func(cpu string) string {
		return "chip \"acme-m7\" {\n  base = \"stm32h743zi\"\n  core {\n    cpu = \"" + cpu + "\"\n  }\n}\n"
	}
	heapH := "#define MEM_SIZE 1600\n#define LWIP_RAM_HEAP_POINTER 0x30000000\n"
	cases := []errorCase{
		{name: "speed out of range", files: map[string]string{"b.hcl": board407(t, "speed_mbps     = 100", "speed_mbps     = 7")}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:13:22`, todo: []string{"between 10 and 1000"}},
		{name: "number as text", files: map[string]string{"b.hcl": board407(t, "rx_descriptors = 4", `rx_descriptors = "four"`)}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:14:22`, todo: []string{"must be a number"}},
		{name: "unknown memory", files: map[string]string{"b.hcl": board407(t, `lwip_region = "sram1"`, `lwip_region = "sram9"`)}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:30:19`, todo: []string{`Did you mean "sram1"`}},
		{name: "unknown profile", files: map[string]string{"b.hcl": board407(t, `profile         = "balanced"`, `profile         = "fastest"`)}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:20:23`, todo: []string{"must be one of"}},
		{name: "negative rtt", files: map[string]string{"b.hcl": board407(t, "rtt_ms          = 2", "rtt_ms          = -2")}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:25:23`, todo: []string{"between"}},
		{name: "unknown attribute", files: map[string]string{"b.hcl": board407(t, "tcp_connections = 4", "tcp_connections = 4\n    bogus = 1")}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:22:5`, todo: []string{"not expected here"}},
		{name: "size unit", files: map[string]string{"b.hcl": board407(t, `lwip_budget = "96KiB"`, `lwip_budget = "96QiB"`)}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:31:19`, todo: []string{"use B, KiB, MiB or GiB"}},
		{name: "unclosed block", files: map[string]string{"b.hcl": "board \"x\" {\n"}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:1:11`, todo: []string{"closing brace"}},
		{name: "UTF-16 board", files: map[string]string{"b.hcl": utf16Text(board407(t, "", ""))}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:1:1`, todo: []string{"UTF-16", "save the file as UTF-8"}, not: []string{"NUL byte"}},
		{name: "absurd MEM_SIZE", files: map[string]string{"b.hcl": board407(t, "lwip_budget = \"96KiB\"\n  }", "lwip_budget = \"96KiB\"\n  }\n  options {\n    MEM_SIZE = 307200\n  }")}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:34:5`, todo: []string{"lower MEM_SIZE"}},
		{name: "budget over the region", files: map[string]string{"b.hcl": board407(t, `lwip_budget = "96KiB"`, `lwip_budget = "1MiB"`)}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:31:19`, todo: []string{"exceeds sram1"}},
		{name: "unknown core.cpu", files: map[string]string{"chips/a.hcl": chip("cortex-m99"), "b.hcl": board407(t, `chip        = "stm32f407"`, `chip        = "acme-m7"`)}, args: []string{"check", "--board", "b.hcl"}, at: `a\.hcl:4:11`, todo: []string{"use one of", "cortex-m7"}},
		{name: "cpu with a flag", files: map[string]string{"chips/a.hcl": chip("cortex-m7 -fplugin=x.so"), "b.hcl": board407(t, `chip        = "stm32f407"`, `chip        = "acme-m7"`)}, args: []string{"check", "--board", "b.hcl"}, at: `a\.hcl:4:11`, todo: []string{"it must be"}},
		{name: "900 KB value", files: map[string]string{"chips/a.hcl": "chip \"acme-m7\" {\n  base        = \"stm32h743zi\"\n  vendor      = \"" + strings.Repeat("v", 900_000) + "\"\n}\n", "b.hcl": board407(t, `chip        = "stm32f407"`, `chip        = "acme-m7"`)}, args: []string{"check", "--board", "b.hcl"}, at: `a\.hcl:3:17`, todo: []string{"it must be"}, not: []string{strings.Repeat("v", 100)}},
		{name: "bad ELF", files: map[string]string{"h.h": heapH, "bad.elf": "\x92\x4c\xbb\x56 not an elf"}, args: []string{"audit", "--elf", "bad.elf", "h.h"}, todo: []string{"not a readable ELF file", "give the firmware the link wrote"}},
		{name: "empty ELF", files: map[string]string{"h.h": heapH, "e.elf": ""}, args: []string{"audit", "--elf", "e.elf", "h.h"}, todo: []string{"not a readable ELF file", "give the firmware the link wrote"}, not: []string{"audit: EOF"}},
		{name: "--lwip not lwIP", files: map[string]string{"notlwip/README": "x"}, args: []string{"build", "--board", "f407", "--lwip", "notlwip", "--out", "out"}, todo: []string{"not an lwIP tree", "give the folder that holds lwIP's src/"}},
		{name: "malformed compile_commands.json", files: map[string]string{"p/compile_commands.json": "[{\"directory\": \"/x\", \"file\": \"a.c\", \"command\": \n", "p/lwipopts.h": "#define MEM_SIZE 1600\n"}, args: []string{"audit", "--project", "p"}, at: `compile_commands\.json:2:1`, todo: []string{"fix the file"}},
		{name: "malformed .cproject", files: map[string]string{"p/.cproject": "<?xml version=\"1.0\"?>\n<cproject>\n<storageModule\n", "p/lwipopts.h": "#define MEM_SIZE 1600\n"}, args: []string{"audit", "--project", "p"}, at: `\.cproject:3:1`, todo: []string{"fix the file"}},
		{name: "unterminated comment", files: map[string]string{"h.h": "#define MEM_SIZE 1600\n/* never closed\n#define TCP_MSS 1460\n"}, args: []string{"audit", "h.h"}, at: `h\.h:2:1`, todo: []string{"unterminated /* comment"}},
		{name: "unterminated string", files: map[string]string{"h.h": "#define MEM_SIZE 1600\n#define NAME \"uart1\n"}, args: []string{"audit", "h.h"}, at: `h\.h:2:14`, todo: []string{"add the closing"}},
		{name: "UTF-16 header", files: map[string]string{"h.h": utf16Text("#define MEM_SIZE 1600\n")}, args: []string{"audit", "h.h"}, todo: []string{"UTF-16", "UTF-8"}, not: []string{"NUL byte"}},
		{name: "pool over u16", files: map[string]string{"b.hcl": board407(t, "lwip_budget = \"96KiB\"\n  }", "lwip_budget = \"96KiB\"\n  }\n  options {\n    MEMP_NUM_TCP_SEG = 70000\n  }")}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:34:5: error: Check lwip\.trap\.memp_desc_u16`, todo: []string{"TCP_SEG (num=70000"}, not: []string{"b.hcl:3:1"}},
		{name: "unknown option", files: map[string]string{"b.hcl": board407(t, "lwip_budget = \"96KiB\"\n  }", "lwip_budget = \"96KiB\"\n  }\n  options {\n    TCP_RCV_BUF = 4096\n  }")}, args: []string{"check", "--board", "b.hcl"}, at: `b\.hcl:34:5`, todo: []string{"TCP_RCV_BUF"}},
	}
	pos := regexp.MustCompile(`\S+:\d+(:\d+)?`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sb := t.TempDir()
			for p, s := range c.files {
				writeFile(t, filepath.Join(sb, p), s)
			}
			code, out := run(t, sb, nil, c.args...)
			if code == 0 && c.name != "malformed compile_commands.json" && c.name != "malformed .cproject" {
				t.Errorf("exit 0 for a bad input:\n%s", clipOut(out))
			}
			if c.at != "" && !regexp.MustCompile(c.at).MatchString(out) {
				t.Errorf("message does not point at %s (positions in it: %v):\n%s", c.at, pos.FindAllString(out, 5), clipOut(out))
			}
			for _, w := range c.todo {
				if !strings.Contains(out, w) {
					t.Errorf("message lacks %q:\n%s", w, clipOut(out))
				}
			}
			for _, w := range c.not {
				if strings.Contains(out, w) {
					t.Errorf("message holds %q:\n%s", clipOut(w), clipOut(out))
				}
			}
			if len(out) > 8000 {
				t.Errorf("message is %d bytes long", len(out))
			}
		})
	}
}

func clipOut(s string) string {
	if len(s) > 1500 {
		return s[:1500] + "..."
	}
	return s
}
