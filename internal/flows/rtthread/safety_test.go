package rtthread

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

func withoutState(m map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		if !strings.HasPrefix(k, ".lwipgen") {
			out[k] = v
		}
	}
	return out
}

func sameTree(t *testing.T, what string, a, b map[string]string) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%s: %d files vs %d", what, len(a), len(b))
	}
	for k, v := range a {
		if b[k] != v {
			t.Fatalf("%s: %s differs", what, k)
		}
	}
}

// RT-Thread vendoring has the manifest, edit detection, backup and --undo
// of the other flows: a user's edit of lwipgen/lwipgen_rtthread.c is
// refused (not overwritten), --force overwrites it, and --undo restores the
// BSP exactly as it was before the first run.
func TestRTThreadEditDetectionAndUndo(t *testing.T) {
	dir := bspFixture(t)
	pristine := snapshot(t, dir)
	g := prepare(t, board.Source{}, "h743-rtthread")
	if _, err := Vendor(g, dir, false, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".lwipgen", "manifest.json")); err != nil {
		t.Fatal("no manifest")
	}
	own := filepath.Join(dir, "lwipgen", "lwipgen_rtthread.c")
	os.WriteFile(own, []byte(read(t, own)+"/* my change */\n"), 0o644)
	before := snapshot(t, dir)
	_, err := Vendor(g, dir, false, nil)
	var ce *vendorkit.ConflictError
	if !errors.As(err, &ce) || ce.Path != "lwipgen/lwipgen_rtthread.c" {
		t.Fatalf("want a conflict for the edited file, got %v", err)
	}
	sameTree(t, "after a refused run", before, snapshot(t, dir))
	if _, err := (Flow{}).Vendor(g, flow.VendorOptions{Project: dir, Force: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(read(t, own), "my change") {
		t.Fatal("--force did not overwrite")
	}
	// undo twice: the forced run (back to the edited file), then the first run
	if _, err := vendorkit.Undo(dir, false); err != nil {
		t.Fatalf("undo of the forced run: %v", err)
	}
	if !strings.Contains(read(t, own), "my change") {
		t.Fatal("undo did not bring the user's edit back")
	}
	if _, err := vendorkit.Undo(dir, false); err == nil {
		t.Fatal("undo over the user's edit went ahead without --force")
	}
	if _, err := vendorkit.Undo(dir, true); err != nil {
		t.Fatalf("undo of the first run: %v", err)
	}
	sameTree(t, "after both undos", pristine, withoutState(snapshot(t, dir)))
}

// One undo after one run restores the pristine BSP byte for byte.
func TestRTThreadUndoRestoresPristine(t *testing.T) {
	dir := bspFixture(t)
	pristine := snapshot(t, dir)
	g := prepare(t, board.Source{}, "h743-rtthread")
	if _, err := Vendor(g, dir, false, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := vendorkit.Undo(dir, false); err != nil {
		t.Fatal(err)
	}
	sameTree(t, "after undo", pristine, withoutState(snapshot(t, dir)))
}

// A lost end marker in rtconfig_project.h is refused: the user's lines
// after lwipgen's block are not deleted.
func TestRTThreadLostEndMarker(t *testing.T) {
	dir := bspFixture(t)
	g := prepare(t, board.Source{}, "h743-rtthread")
	if _, err := Vendor(g, dir, false, nil); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "rtconfig_project.h")
	s := strings.Replace(read(t, p), "/* lwipgen:end */", "#define MY_LINE 1", 1)
	os.WriteFile(p, []byte(s), 0o644)
	_, err := Vendor(g, dir, false, nil)
	if err == nil || !strings.Contains(err.Error(), "lost its end marker") {
		t.Fatalf("want a refusal, got %v", err)
	}
	if got := read(t, p); got != s || !strings.Contains(got, "#define MY_LINE 1") || !strings.Contains(got, "#define RT_APP_LED_PIN 23") {
		t.Fatal("the user's lines were changed")
	}
}

// A .config value lwipgen set and menuconfig changed is named, not reset.
func TestRTThreadMenuconfigChangeIsNamed(t *testing.T) {
	dir := bspFixture(t)
	g := prepare(t, board.Source{}, "h743-rtthread")
	if _, err := Vendor(g, dir, false, nil); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, ".config")
	os.WriteFile(p, []byte(strings.Replace(read(t, p), "CONFIG_RT_LWIP_TCP_WND=7300", "CONFIG_RT_LWIP_TCP_WND=2920", 1)), 0o644)
	_, err := Vendor(g, dir, false, nil)
	if err == nil || !strings.Contains(err.Error(), "CONFIG_RT_LWIP_TCP_WND") {
		t.Fatalf("want the changed option named, got %v", err)
	}
}

// Switching the BSP to another board is not a hand edit.
func TestRTThreadBoardSwitch(t *testing.T) {
	dir := bspFixture(t)
	if _, err := Vendor(prepare(t, board.Source{}, "h743-rtthread"), dir, false, nil); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile("../../../boards/h743-rtthread.hcl")
	other := strings.Replace(string(src), `board "h743-rtthread"`, `board "h743-rtthread-b"`, 1)
	if other == string(src) {
		t.Fatal("board name not found")
	}
	other = strings.Replace(other, "target_mbps", "target_mbps = 2\n    # was", 1)
	p := filepath.Join(t.TempDir(), "b.hcl")
	os.WriteFile(p, []byte(other), 0o644)
	changed, err := Vendor(prepare(t, board.Source{}, p), dir, false, nil)
	if err != nil {
		t.Fatalf("a board switch was refused: %v", err)
	}
	if len(changed) == 0 {
		t.Fatal("the switch changed nothing: the test proves nothing")
	}
}
