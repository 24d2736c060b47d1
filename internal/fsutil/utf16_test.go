package fsutil

import (
	"strings"
	"testing"
	"unicode/utf16"
)

func encode16(s string, big, bom bool) []byte {
	var b []byte
	if bom {
		if big {
			b = append(b, 0xfe, 0xff)
		} else {
			b = append(b, 0xff, 0xfe)
		}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// Issue 29 item 12: a file saved as UTF-16 (Windows editors' "Unicode") is
// named as such, with what to do, not called binary for its NUL bytes; a
// binary file is still binary.
func TestCheckTextNamesUTF16(t *testing.T) {
	text := "#define MEM_SIZE 1600\r\n#define TCP_MSS 1460\r\n"
	for _, c := range []struct {
		big, bom bool
		want     string
	}{{false, true, "UTF-16 (little-endian, with a byte order mark)"}, {true, true, "UTF-16 (big-endian, with a byte order mark)"},
		{false, false, "UTF-16 (little-endian)"}, {true, false, "UTF-16 (big-endian)"}} {
		err := CheckText("lwipopts.h", encode16(text, c.big, c.bom))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "save the file as UTF-8") || strings.Contains(err.Error(), "binary") {
			t.Errorf("big %v bom %v: %v", c.big, c.bom, err)
		}
	}
	if err := CheckText("x.elf", []byte("\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x28\x00")); err == nil || !strings.Contains(err.Error(), "binary") {
		t.Errorf("an ELF: %v", err)
	}
	if err := CheckText("ok.h", []byte(text)); err != nil {
		t.Errorf("UTF-8 text: %v", err)
	}
}
