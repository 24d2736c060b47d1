package glue

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// TestGD32LinkHost compiles the bare-metal GD32 glue with the host gcc
// against testdata/gd32sim/link_sim.c (the ENET library and a PHY on MDIO,
// simulated) and runs a boot with the cable out followed by four link
// flaps: the MAC and DMA are initialised once, enet_init is never asked for
// ENET_AUTO_NEGOTIATION (the library busy-waits for link and negotiation
// there), the PHY is handed back to auto-negotiation, the netif follows the
// link on the first poll, and the MAC's speed/duplex follow each partner.
func TestGD32LinkHost(t *testing.T) {
	cc := testenv.HostCC(t)
	lw := testenv.LwIP(t)
	r := prepare(t, "gd32f407-none")
	dir := t.TempDir()
	writeTree(t, r, dir)
	sim, err := filepath.Abs(filepath.Join("testdata", "gd32sim", "link_sim.c"))
	if err != nil {
		t.Fatal(err)
	}
	inc := includeDir(t, "gd32f4")
	args := []string{"-std=gnu11", "-Wall", "-Wextra", "-Werror", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
		"-I", dir, "-I", filepath.Join(dir, "port"), "-I", filepath.Join(lw, "src", "include"), "-I", inc}
	for _, d := range r.defines {
		args = append(args, "-D"+d)
	}
	exe := filepath.Join(dir, "link_sim")
	args = append(args, filepath.Join(dir, "ethernetif.c"), sim, "-o", exe)
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("host compile: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok: 0 failure(s)") {
		t.Fatalf("link simulation: %v\n%s", err, out)
	}
	if testing.Verbose() {
		os.Stdout.Write(out)
	}
}
