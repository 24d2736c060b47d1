package cubemx

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// insertAfter puts add after the first line of file (relative to dir) that holds marker.
func insertAfter(t *testing.T, dir, file, marker, add string) {
	t.Helper()
	p := filepath.Join(dir, file)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(b), marker)
	if i < 0 {
		t.Fatalf("%s has no %q", file, marker)
	}
	i += strings.IndexByte(string(b[i:]), '\n') + 1
	if err := os.WriteFile(p, []byte(string(b[:i])+add+string(b[i:])), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCubeMXPublicAPIKept (issue 27): CubeMX's bare-metal ethernetif.h declares ethernetif_init,
// ethernetif_input and ethernet_link_check_state (cubemx-f407-bare, in the shape of CubeMX's F4/F7/H7
// new-ETH-API template; contract.go names the public projects). An application whose main.c USER
// CODE calls ethernetif_input(&gnetif) and ethernet_link_check_state(&gnetif) itself vendors, builds
// with its own Makefile and the real cross compiler, and links both calls to lwipgen's driver.
func TestCubeMXPublicAPIKept(t *testing.T) {
	testenv.CrossCompiler(t)
	f := cubeFixtures[2]
	if f.dir != "cubemx-f407-bare" {
		t.Fatalf("fixture list changed: %s", f.dir)
	}
	g := generated(t, f.board)
	dir := copyTree(t, filepath.Join("testdata", f.dir))
	materializeSDK(t, dir, f)
	mainC := filepath.Join("Core", "Src", "main.c")
	insertAfter(t, dir, mainC, "/* USER CODE BEGIN Includes */", "#include \"ethernetif.h\"\n")
	insertAfter(t, dir, mainC, "/* USER CODE BEGIN 3 */", "    ethernetif_input(&gnetif);          /* the application polls RX itself */\n    ethernet_link_check_state(&gnetif); /* and the link */\n")
	if _, err := vendorProject(g, dir); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	elf, vr, err := vendorkit.BuildProject(context.Background(), dir, g, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, tail(log.String(), 40))
	}
	for _, bad := range []string{"implicit declaration", "undefined reference", "error:"} {
		if strings.Contains(log.String(), bad) {
			t.Errorf("build log has %q:\n%s", bad, grepLines(log.String(), bad))
		}
	}
	if !vr.OK() {
		t.Fatalf("%s does not verify", elf)
	}
	mainSyms, err := exec.Command("arm-none-eabi-nm", filepath.Join(dir, "build", "main.o")).Output()
	if err != nil {
		t.Fatal(err)
	}
	// lwipgen's driver defines them (ethernetif.c, lwipgen_sys.c: ethernetif_input runs lwipgen_poll)
	drvSyms, err := exec.Command("arm-none-eabi-nm", filepath.Join(dir, "build", "ethernetif.o"), filepath.Join(dir, "build", "lwipgen_sys.o")).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{"ethernetif_input", "ethernet_link_check_state"} {
		if !strings.Contains(string(mainSyms), " U "+fn) || !strings.Contains(string(drvSyms), " T "+fn) {
			t.Errorf("%s: main.o calls it %v, lwipgen's driver defines it %v", fn, strings.Contains(string(mainSyms), " U "+fn), strings.Contains(string(drvSyms), " T "+fn))
		}
	}
}

// TestCubeMXRefusesLostAPI (issue 27): CubeMX's CMSIS-RTOS2 ethernetif.h also declares its RX
// thread body, void ethernetif_input(void* argument) (cubemx-h743-rtos2, the shape of
// stm32-hotspot/STM32H7-LwIP-Examples STM32H743_Nucleo_ETH LWIP/Target/ethernetif.h). lwipgen's RX
// task drains the same ring, so it cannot be kept: an application that starts it is refused, every
// use named (file:line) with the reason, and nothing changes on disk.
func TestCubeMXRefusesLostAPI(t *testing.T) {
	f := cubeFixtures[0]
	if f.dir != "cubemx-h743-rtos2" {
		t.Fatalf("fixture list changed: %s", f.dir)
	}
	g := generated(t, f.board)
	dir := copyTree(t, filepath.Join("testdata", f.dir))
	materializeSDK(t, dir, f)
	mainC := filepath.Join("Core", "Src", "main.c")
	insertAfter(t, dir, mainC, "/* USER CODE BEGIN Includes */", "#include \"ethernetif.h\"\n")
	insertAfter(t, dir, mainC, "/* USER CODE BEGIN 0 */", "static const osThreadAttr_t app_rx_attr = {.name = \"EthIf\"};\nvoid app_start_rx(void)\n{\n  (void)osThreadNew(ethernetif_input, &gnetif, &app_rx_attr);\n}\nvoid (*app_rx_body)(void *) = ethernetif_input;\n")
	text, _ := os.ReadFile(filepath.Join(dir, mainC))
	var lines []string
	for i, l := range strings.Split(string(text), "\n") {
		if strings.Contains(l, "ethernetif_input") {
			lines = append(lines, "Core/Src/main.c:"+itoa(i+1))
		}
	}
	if len(lines) != 2 {
		t.Fatalf("the test put %d uses in main.c", len(lines))
	}
	before := treeFiles(t, dir)
	_, err := vendorProject(g, dir)
	if err == nil {
		t.Fatal("vendored an application that starts CubeMX's RX thread")
	}
	want := strings.Join(lines, ", ") + " uses ethernetif_input, which LWIP/Target/ethernetif.h declared"
	if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "lwipgen's RX task") {
		t.Errorf("error %v\nwant %q and the reason", err, want)
	}
	if !reflect.DeepEqual(treeFiles(t, dir), before) {
		t.Error("a refused vendor run changed the project")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
