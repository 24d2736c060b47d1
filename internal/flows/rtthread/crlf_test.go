package rtthread

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

// Issue 29 item 9: a BSP whose .config and rtconfig.h end their lines in
// CRLF (saved on Windows) is read as menuconfig reads it - no pair holds a
// stray \r, so no symbol reads as both set and unset - and written back
// with CRLF on every line, lwipgen's included; a second run changes nothing.
func TestCRLFDotConfig(t *testing.T) {
	dir := bspFixture(t)
	for _, rel := range []string{".config", "rtconfig.h"} {
		p := filepath.Join(dir, rel)
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(read(t, p), "\n", "\r\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g := prepare(t, board.Source{}, "h743-rtthread")
	changed, err := Vendor(g, dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !contains(changed, ".config") {
		t.Fatalf(".config not edited (changed %v)", changed)
	}
	cfg := read(t, filepath.Join(dir, ".config"))
	if n, c := strings.Count(cfg, "\n"), strings.Count(cfg, "\r\n"); n != c {
		t.Errorf(".config: %d of %d lines end in a bare LF", n-c, n)
	}
	for _, l := range []string{"CONFIG_RT_LWIP_TCP_WND=7300", "CONFIG_RT_USING_LWIP212=y", "CONFIG_RT_LWIP_USING_HW_CHECKSUM=y"} {
		if strings.Count(cfg, l+"\r\n") != 1 {
			t.Errorf(".config holds %q %d times (want once, CRLF)", l, strings.Count(cfg, l+"\r\n"))
		}
	}
	if strings.Contains(strings.ReplaceAll(cfg, "\r\n", "\n"), "\r") {
		t.Error(".config holds a stray \\r")
	}
	again, err := Vendor(g, dir, false, nil)
	if err != nil || len(again) != 0 {
		t.Fatalf("second vendor run changed %v (%v)", again, err)
	}
}
