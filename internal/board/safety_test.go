package board_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

// Hostile board files (issue #17): each was accepted before and produced a
// path outside build/, text that escapes a generated comment, or an address
// that wraps into the wrong memory. Each must now be refused at its position.
var hostileCases = []struct {
	name, src, summary, detail, at string
}{
	{"board name with ..", src(set(`board "b"`, `board "../../escaped"`)), "Invalid board name", `"../../escaped" cannot be used: character '.' at offset 0`, "1:7"},
	{"board name with a slash", src(set(`board "b"`, `board "a/b"`)), "Invalid board name", `character '/' at offset 1`, "1:7"},
	{"board name with a comment end", src(set(`board "b"`, `board "x*/ #include \"/etc/passwd\" /*"`)), "Invalid board name", `character '*'`, "1:7"},
	{"board name with a newline", src(set(`board "b"`, `board "x\ny"`)), "Invalid board name", `character '\n'`, "1:7"},
	{"board name with NUL", src(set(`board "b"`, `board "x\u0000y"`)), "Invalid board name", `character '\x00'`, "1:7"},
	{"board name dot-dot inside", src(set(`board "b"`, `board "a..b"`)), "Invalid board name", `it contains ".."`, "1:7"},
	{"board name too long", src(set(`board "b"`, `board "`+strings.Repeat("a", 65)+`"`)), "Invalid board name", `65 characters long`, "1:7"},
	{"chip name with a quote", src(after(`chip "x\"; exec rm -rf / ;\"" {`, `  base = "stm32h743zi"`, `}`)), "Invalid chip name", `character '"'`, "18:6"},
	{"memory name with a brace", src(after(`chip "stm32h743zi" {`, `  base = "stm32h743zi"`, `  memory "sram1 } evil {" {`, `    base = "0x30000000"`, `    size = "1KiB"`, `  }`, `}`)), "Invalid memory name", `character ' '`, "20:3"},
	{"64-bit wrapping memory base", src(after(`chip "stm32h743zi" {`, `  base = "stm32h743zi"`, `  memory "sram1" {`, `    base = "0xFFFFFFFFFFFFFFFF"`, `  }`, `}`)), "Memory outside the address space", `wrapped base`, "21:12"},
	{"memory past 4 GiB", src(after(`chip "stm32h743zi" {`, `  base = "stm32h743zi"`, `  memory "sram1" {`, `    base = "0xFFFF0000"`, `    size = "1MiB"`, `  }`, `}`)), "Memory outside the address space", `ends past 0xFFFFFFFF`, "21:12"},
	{"heap pointer 0", src(top(`options { LWIP_RAM_HEAP_POINTER = "0x00000000" }`)), "Heap pointer outside RAM", `(0x0) is the NULL pointer`, "16:13"},
	{"heap pointer integer 0", src(top(`options { LWIP_RAM_HEAP_POINTER = 0 }`)), "Heap pointer outside RAM", `NULL pointer`, "16:13"},
	{"heap pointer in flash", src(top(`options { LWIP_RAM_HEAP_POINTER = "((void*)0x08000000)" }`)), "Heap pointer outside RAM", `(0x8000000)`, "16:13"},
	{"broadcast MAC", src(eth(`mac_address    = "ff:ff:ff:ff:ff:ff"`)), "Invalid MAC address", `is the broadcast address`, "10:22"},
	{"multicast MAC", src(eth(`mac_address    = "01:00:5e:00:00:01"`)), "Invalid MAC address", `is a multicast address`, "10:22"},
	{"zero MAC", src(eth(`mac_address    = "00:00:00:00:00:00"`)), "Invalid MAC address", `is all zeros`, "10:22"},
	{"option opening a comment", src(top(`options { TCP_MSS = "1460 /*" }`)), "Invalid option value", `comments`, "16:23"},
	{"option with a directive", src(top(`options { TCP_MSS = "1460 # include" }`)), "Invalid option value", `comments`, "16:23"},
}

func TestHostileBoards(t *testing.T) {
	chips := builtinChips(t)
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			b, diags := board.DecodeBoard([]byte(c.src), "test.hcl", chips, nil)
			errs := errorsOf(diags)
			if b != nil || len(errs) == 0 {
				t.Fatalf("accepted; want %q at %s\n%s", c.summary, c.at, c.src)
			}
			d := errs[0]
			if !strings.Contains(d.Summary, c.summary) || !strings.Contains(d.Detail, c.detail) || pos(d.Subject) != c.at || d.Subject.Filename != "test.hcl" {
				t.Errorf("first error does not match\nwant: test.hcl %s: %s | %s\ngot:%s", c.at, c.summary, c.detail, describe(errs))
			}
		})
	}
}

// The names that ship, and the usual spellings of user boards, stay valid.
func TestValidNames(t *testing.T) {
	for _, n := range []string{"h743", "mps2-an500", "h743-rtthread", "my_board.v2", "STM32H743ZI", "a"} {
		if why := board.ValidName(n); why != "" {
			t.Errorf("%q refused: %s", n, why)
		}
	}
	for _, n := range []string{"", ".", "..", "-x", "_x", "a b", "a/b", `a\b`, "a..b", "é"} {
		if board.ValidName(n) == "" {
			t.Errorf("%q accepted", n)
		}
	}
}

// A heap pointer inside a RAM memory is still accepted.
func TestHeapPointerInRAM(t *testing.T) {
	_, diags := board.DecodeBoard([]byte(src(top(`options { LWIP_RAM_HEAP_POINTER = "((void*)0x30040000)" }`))), "test.hcl", builtinChips(t), nil)
	if diags.HasErrors() {
		t.Errorf("heap pointer in sram3 refused:%s", describe(diags))
	}
}
