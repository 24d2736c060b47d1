package importer

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

var attrLineRe = regexp.MustCompile(`^\s+[A-Za-z_][A-Za-z0-9_]*\s*=`)

// The F767 CubeMX project (CMSIS-RTOS v1, lwIP v2.1.2_Cube, MPU region 0 in
// MPU_Config): imported as it works, with its version, its RTOS layer's
// priority value, the MPU region it takes, and every finding a warning.
func TestImportProjectF767CMSISv1(t *testing.T) {
	out := filepath.Join(t.TempDir(), "f767.hcl")
	r, err := ImportProject(filepath.Join("testdata", "f767-cmsis1"), Options{BoardName: "f767-imported", Out: out, Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	b := r.Board
	if b == nil {
		t.Fatalf("no board; warnings %v\n%s", r.Warnings, r.HCL)
	}
	if b.LwIPVersion != "2.1.2" || b.RTOS != "freertos" || b.RTOSAPI != "cmsis_v1" || b.Vendor != "cubemx" || b.Chip.Name != "stm32f767zi" {
		t.Errorf("lwip %s rtos %s vendor %s chip %s", b.LwIPVersion, b.RTOS, b.Vendor, b.Chip.Name)
	}
	if b.Memory.MPUFirstRegion != 1 || b.Memory.LwIPRegion != "sram1" {
		t.Errorf("mpu_first_region %d lwip_region %q; want 1 (MPU_Config takes region 0) and sram1", b.Memory.MPUFirstRegion, b.Memory.LwIPRegion)
	}
	if r.Options["TCPIP_THREAD_PRIO"] != "0" {
		t.Errorf("TCPIP_THREAD_PRIO = %q; osPriorityNormal is 0 in CMSIS-RTOS v1", r.Options["TCPIP_THREAD_PRIO"])
	}
	if r.Options["LWIP_SOCKET"] != "0" {
		t.Errorf("LWIP_SOCKET = %q: the project's netconn-only setting must be pinned (it changes struct netconn)", r.Options["LWIP_SOCKET"])
	}
	text := string(r.HCL)
	for _, want := range []string{
		"Middlewares/Third_Party/LwIP/src/include/lwip/init.h:4", // where the version came from
		"VP_FREERTOS_VS_CMSIS_V1.Mode",                           // the RTOS layer
		"osPriorityNormal in CMSIS-RTOS v1 (cmsis_os.h) is 0",    // the priority's translation
		"in words: ST's CMSIS-RTOS v1 sys_arch.c",                // the stack unit
		"region 0 (0x20020000, 32KB) at Core/Src/main.c:15",      // the MPU region taken
		"from LWIP/Target/lwipopts.h:30",                         // an option's source line
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the HCL does not say %q\n%s", want, text)
		}
	}
	// every value says where it came from: a comment right above each attribute
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if attrLineRe.MatchString(l) && (i == 0 || !strings.HasPrefix(strings.TrimSpace(lines[i-1]), "#")) {
			t.Errorf("line %d has no reason above it: %s", i+1, l)
		}
	}
	if f := hclwrite.Format(r.HCL); string(f) != text {
		t.Error("the HCL is not hclwrite-formatted")
	}
	// findings point into the file to be written
	for _, w := range r.Warnings {
		if strings.Contains(w, ".hcl:") && !strings.HasPrefix(w, out+":") {
			t.Errorf("warning not positioned in %s: %s", out, w)
		}
	}
	// the written board decodes on its own from that path
	if err := os.WriteFile(out, r.HCL, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, d := (board.Source{}).Load(out); d.HasErrors() {
		t.Errorf("written board: %v", d)
	}
}

// An H730 project: no chip file, so the chip is derived from the linker
// script with the STM32H7 rules (DTCM/ITCM not DMA-reachable) and written
// beside the board; CubeMX's regions 0..2 push lwipgen's to 3.
func TestImportProjectDerivesChip(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "h723.hcl")
	r, err := ImportProject(filepath.Join("testdata", "h730-cmsis2"), Options{Out: out, Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.ChipFile != filepath.Join(dir, "chips", "stm32h730zb.hcl") || len(r.Inferred) == 0 {
		t.Fatalf("chip file %q, %d inferred facts", r.ChipFile, len(r.Inferred))
	}
	b := r.Board
	if b == nil {
		t.Fatalf("no board: %v", r.Warnings)
	}
	want := map[string]bool{"itcmram": false, "dtcmram": false, "ram_d1": true, "ram_d2": true, "ram_d3": true}
	for name, dma := range want {
		m, ok := b.Chip.Memory(name)
		if !ok || m.DMA != dma {
			t.Errorf("memory %s: present %v dma %v, want dma %v", name, ok, m.DMA, dma)
		}
	}
	if m, _ := b.Chip.Memory("ram_d2"); m.Size != 32<<10 || m.Base != 0x30000000 {
		t.Errorf("ram_d2 %#x+%d: not the linker script's", m.Base, m.Size)
	}
	if b.Chip.Core.MPURegions != 16 || b.Memory.MPUFirstRegion != 3 {
		t.Errorf("mpu regions %d, first free %d; want 16 and 3", b.Chip.Core.MPURegions, b.Memory.MPUFirstRegion)
	}
	if r.Options["TCPIP_THREAD_PRIO"] != "32" {
		t.Errorf("TCPIP_THREAD_PRIO = %q; osPriorityAboveNormal is 32 in CMSIS-RTOS2", r.Options["TCPIP_THREAD_PRIO"])
	}
	// the chip file written beside the board is what the board then loads
	if err := os.MkdirAll(filepath.Dir(r.ChipFile), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(r.ChipFile, r.ChipHCL, 0o644)
	os.WriteFile(out, r.HCL, 0o644)
	if b2, d := (board.Source{}).Load(out); d.HasErrors() || b2.Chip.Name != "stm32h730zb" {
		t.Errorf("written board with its chip: %v", d)
	}
}

func TestParseMemory(t *testing.T) {
	mems, err := parseMemory("/* c */\nMEMORY\n{\n  RAM (xrw) : ORIGIN = 0x20000000, LENGTH = 320K /* up to 0x20050000 */\n  FLASH (rx) : ORIGIN = 0x8000000, LENGTH = 2M\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(mems) != 2 || mems[0].Size != 320<<10 || mems[1].Base != 0x08000000 || mems[1].Size != 2<<20 || mems[0].Line != 4 {
		t.Errorf("%+v", mems)
	}
	if _, err := parseMemory("SECTIONS { }"); err == nil {
		t.Error("a script without MEMORY must be refused")
	}
}

// CubeMX lets LWIP.ETH_RX_BUFFER_CNT equal ETH_RX_DESC_CNT (modelled on
// AndreyPodlesni/stm32f767-nucle-freertos-lwip-iperf, ETH_IPERF.ioc: both 32,
// TCP_WND 17520): CubeMX's driver lets lwIP hold every buffer, lwipgen's keeps
// the ring's buffers armed, so with the .ioc's count the project's window has
// none and vendor refused the imported board. The RX pool is lwipgen's own
// after vendoring: import leaves it to lwipgen and says why.
func TestImportProjectRxPoolNoLargerThanRing(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("testdata", "f767-cmsis1")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	edit := func(rel string, pairs ...string) {
		p := filepath.Join(dir, rel)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for i := 0; i < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("%s has no %q", rel, pairs[i])
			}
			s = strings.ReplaceAll(s, pairs[i], pairs[i+1])
		}
		os.WriteFile(p, []byte(s), 0o644)
	}
	edit("F767_ETH.ioc", "ETH_RX_DESC_CNT=8", "ETH_RX_DESC_CNT=32", "ETH_TX_DESC_CNT=8", "ETH_TX_DESC_CNT=32", "ETH_RX_BUFFER_CNT=12", "ETH_RX_BUFFER_CNT=32")
	edit("LWIP/Target/lwipopts.h", "TCP_WND 5840", "TCP_WND 17520")
	r, err := ImportProject(dir, Options{BoardName: "f767-pool", Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil {
		t.Fatalf("no board: %v", r.Warnings)
	}
	for _, w := range r.Warnings {
		if strings.Contains(w, "failed") {
			t.Errorf("the imported board does not vendor as-is: %s", w)
		}
	}
	if r.Board.Ethernet.RxBuffers == 32 || r.Options["TCP_WND"] != "17520" {
		t.Errorf("rx_buffers %d, TCP_WND %s: want the pool sized by lwipgen and the project's window kept", r.Board.Ethernet.RxBuffers, r.Options["TCP_WND"])
	}
	if !strings.Contains(string(r.HCL), "not the .ioc's LWIP.ETH_RX_BUFFER_CNT 32") {
		t.Errorf("the board does not say why the .ioc's RX pool is not used:\n%s", r.HCL)
	}
}

// A GD32 firmware-library ENET demo names its MCU only in its Keil project
// (<Device>GD32F450IK</Device>): import --project took no chip from it and
// asked for --chip. The device matches chip file gd32f450.
func TestImportProjectChipFromKeilDevice(t *testing.T) {
	r, err := ImportProject(filepath.Join("testdata", "gd32-keil-demo"), Options{BoardName: "gd32-demo", Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil || r.Board.Chip.Name != "gd32f450" {
		t.Fatalf("board %v; want chip gd32f450 from the Keil device", r.Board)
	}
	if !strings.Contains(string(r.HCL), "MDK-ARM/Project.uvproj:9 (its device) names the MCU GD32F450IK") {
		t.Errorf("the chip's reason does not name the Keil project:\n%s", r.HCL)
	}
}

// The CM7 folder of a dual-core CubeIDE project has no .ioc: the MCU comes
// from the .cproject's target_mcu option.
func TestImportProjectChipFromCProject(t *testing.T) {
	r, err := ImportProject(filepath.Join("testdata", "cubeide-cm7"), Options{BoardName: "cm7", Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil || r.Board.Chip.Name != "stm32h743zi" || !strings.Contains(string(r.HCL), ".cproject:9 (its device) names the MCU STM32H743ZITx") {
		t.Fatalf("board %v:\n%s", r.Board, r.HCL)
	}
}

// A project on an lwIP lwipgen has no model for (STM32CubeH7 1.8 ships lwIP
// 2.0.3, as levil664/STM32H745ZI-Q-Webserver has it) is refused with the file
// and line the version was read from.
func TestImportProjectUnsupportedLwIPVersion(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "f767-cmsis1"))); err != nil {
		t.Fatal(err)
	}
	initH := filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "src", "include", "lwip", "init.h")
	b, _ := os.ReadFile(initH)
	s := regexp.MustCompile(`(#define LWIP_VERSION_MINOR\s+)\d+`).ReplaceAllString(string(b), "${1}0")
	s = regexp.MustCompile(`(#define LWIP_VERSION_REVISION\s+)\d+`).ReplaceAllString(s, "${1}3")
	os.WriteFile(initH, []byte(s), 0o644)
	_, err := ImportProject(dir, Options{BoardName: "old", Source: board.Source{}})
	if err == nil || !strings.Contains(err.Error(), "Middlewares/Third_Party/LwIP/src/include/lwip/init.h:") || !strings.Contains(err.Error(), `"2.0.3" is not supported`) {
		t.Fatalf("import of an lwIP 2.0.3 project: %v", err)
	}
}

// A project that edited lwIP's own opt.h instead of its lwipopts.h
// (weiyuanzhu/NUCLEO_F429ZI_LWIP@e2283f5: opt.h:1095 `#define LWIP_DNS 1`,
// lwipopts.h `// #define LWIP_DNS 1`) compiles with the edited default:
// import pins it and says where, so the vendored header does not turn DNS
// off under the application's gethostbyname(). Defaults the tree leaves as
// the version has them, written differently or conditional, are not pinned.
func TestImportProjectOptHDefaultChanged(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "f767-cmsis1"))); err != nil {
		t.Fatal(err)
	}
	// the guard blocks of lwIP's opt.h, in the shape lwIP writes them
	optH := strings.Join([]string{
		"#if !defined LWIP_DNS || defined __DOXYGEN__",
		"#define LWIP_DNS                        1",
		"#endif",
		"#if !defined LWIP_IGMP || defined __DOXYGEN__",
		"#define LWIP_IGMP                       0 /* as lwIP has it */",
		"#endif",
		"#if !defined MEMP_NUM_RAW_PCB || defined __DOXYGEN__",
		"#define MEMP_NUM_RAW_PCB                (2*2)",
		"#endif",
		"#if !defined PBUF_LINK_HLEN || defined __DOXYGEN__",
		"#if defined LWIP_HOOK_VLAN_SET && !defined __DOXYGEN__",
		"#define PBUF_LINK_HLEN                  (18 + ETH_PAD_SIZE)",
		"#else",
		"#define PBUF_LINK_HLEN                  (14 + ETH_PAD_SIZE)",
		"#endif",
		"#endif",
		"",
	}, "\n")
	if err := os.WriteFile(filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "src", "include", "lwip", "opt.h"), []byte(optH), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ImportProject(dir, Options{BoardName: "f767-opth", Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil {
		t.Fatalf("no board: %v", r.Warnings)
	}
	if r.Options["LWIP_DNS"] != "1" || !r.Board.Workload.DNS {
		t.Errorf("LWIP_DNS pinned %q, workload dns %v: want 1 and true (the project's opt.h turns DNS on)", r.Options["LWIP_DNS"], r.Board.Workload.DNS)
	}
	if !strings.Contains(string(r.HCL), "lwip/opt.h:2, the project's own lwIP: it changes lwIP 2.1.2's default 0 there") {
		t.Errorf("the board does not say where LWIP_DNS came from:\n%s", r.HCL)
	}
	for _, n := range []string{"LWIP_IGMP", "MEMP_NUM_RAW_PCB", "PBUF_LINK_HLEN"} {
		if v, ok := r.Options[n]; ok {
			t.Errorf("%s = %q pinned: the project's opt.h leaves it as lwIP has it", n, v)
		}
	}
}

// A chip is derived from the linker script the project's build links with,
// not from the *_FLASH.ld beside it: atk-sheep/XIP_EXTRAM_LWIP@2fe92b4's
// Makefile says LDSCRIPT = STM32F767IGTx_QSPIFLASH_EXTSDRAM.ld and carries
// STM32F767IGTx_FLASH.ld too, and import derived the chip from the latter.
func TestImportProjectChipFromBuildsLinkerScript(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "h730-cmsis2"))); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "STM32H730ZBTX_FLASH.ld"))
	if err != nil {
		t.Fatal(err)
	}
	other := strings.Replace(string(b), "ORIGIN = 0x30000000,   LENGTH = 32K", "ORIGIN = 0x30000000,   LENGTH = 16K", 1)
	if other == string(b) {
		t.Fatal("fixture: no RAM_D2 line")
	}
	os.WriteFile(filepath.Join(dir, "STM32H730ZBTX_QSPIFLASH.ld"), []byte(other), 0o644)
	// a Makefile in the shape CubeMX's projectgenerator writes (eritainn7/lwip-stm32@bebc048), with CRLF
	// lines as atk-sheep/XIP_EXTRAM_LWIP@2fe92b4's has them: the build is read as make runs it
	mk := "TARGET = h730\r\nBUILD_DIR = build\r\nC_SOURCES = Core/Src/main.c\r\nPREFIX = arm-none-eabi-\r\nCC = $(GCC_PATH)/$(PREFIX)gcc\r\n" +
		"C_DEFS = -DUSE_HAL_DRIVER -DSTM32H730xx\r\nCFLAGS = -mcpu=cortex-m7 -mthumb $(C_DEFS) -ICore/Inc -ILWIP/Target\r\n" +
		"LDSCRIPT = STM32H730ZBTX_QSPIFLASH.ld\r\nLDFLAGS = -mcpu=cortex-m7 -mthumb -specs=nano.specs -T$(LDSCRIPT) -Wl,--gc-sections\r\n" +
		"all: $(BUILD_DIR)/$(TARGET).elf\r\nOBJECTS = $(addprefix $(BUILD_DIR)/,$(notdir $(C_SOURCES:.c=.o)))\r\nvpath %.c $(sort $(dir $(C_SOURCES)))\r\n" +
		"$(BUILD_DIR)/%.o: %.c Makefile | $(BUILD_DIR)\r\n\t$(CC) -c $(CFLAGS) $< -o $@\r\n" +
		"$(BUILD_DIR)/$(TARGET).elf: $(OBJECTS) Makefile\r\n\t$(CC) $(OBJECTS) $(LDFLAGS) -o $@\r\n$(BUILD_DIR):\r\n\tmkdir $@\r\n"
	os.WriteFile(filepath.Join(dir, "Makefile"), []byte(mk), 0o644)
	r, err := ImportProject(dir, Options{Out: filepath.Join(dir, "h730.hcl"), Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil {
		t.Fatalf("no board: %v", r.Warnings)
	}
	if m, _ := r.Board.Chip.Memory("ram_d2"); m.Size != 16<<10 || !strings.Contains(string(r.ChipHCL), "derived by lwipgen import from STM32H730ZBTX_QSPIFLASH.ld") {
		t.Errorf("ram_d2 %d B, chip file:\n%s\nwant it from the build's STM32H730ZBTX_QSPIFLASH.ld (16 KiB)", m.Size, r.ChipHCL)
	}
}

// An STM32F767IG (no chip file) whose linker script declares one RAM of 512K
// at 0x20000000, as atk-sheep/XIP_EXTRAM_LWIP@2fe92b4's: the derived chip has
// the F767's DTCM, SRAM1 and SRAM2 there (the same product line as the
// shipped stm32f767zi), SRAM1 cacheable, not one memory with DTCM's facts.
func TestImportProjectDerivedChipSplitsRAM(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "f767-cmsis1"))); err != nil {
		t.Fatal(err)
	}
	ioc := filepath.Join(dir, "F767_ETH.ioc")
	b, _ := os.ReadFile(ioc)
	os.WriteFile(ioc, []byte(strings.ReplaceAll(string(b), "STM32F767ZITx", "STM32F767IGTx")), 0o644)
	r, err := ImportProject(dir, Options{Out: filepath.Join(dir, "f767ig.hcl"), Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil || r.Board.Chip.Name != "stm32f767ig" {
		t.Fatalf("board %v, warnings %v", r.Board, r.Warnings)
	}
	for name, want := range map[string][3]uint64{"dtcm": {0x20000000, 128 << 10, 0}, "sram1": {0x20020000, 368 << 10, 1}, "sram2": {0x2007C000, 16 << 10, 1}} {
		m, ok := r.Board.Chip.Memory(name)
		if !ok || m.Base != want[0] || m.Size != want[1] || m.Cacheable != (want[2] == 1) || !m.DMA {
			t.Errorf("memory %s: %v %+v; want base %#x size %d cacheable %v", name, ok, m, want[0], want[1], want[2] == 1)
		}
	}
	if _, ok := r.Board.Chip.Memory("ram"); ok {
		t.Errorf("the derived chip still has the script's single RAM:\n%s", r.ChipHCL)
	}
}

// `import X.ioc` of the .ioc at the top of a generated project and `import
// --project` of that project write the same board: the .ioc alone sized
// what the project's lwipopts.h pins, and vendor refused the board the
// other import vendored (ST's own H743 Nucleo example, issue 27).
func TestImportIOCInsideProjectIsTheProject(t *testing.T) {
	dir := filepath.Join("testdata", "h730-cmsis2")
	whole, err := ImportProject(dir, Options{BoardName: "h730", Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	ioc := filepath.Join(dir, "H730_ETH.ioc")
	src, err := os.ReadFile(ioc)
	if err != nil {
		t.Fatal(err)
	}
	alone, err := Import(src, ioc, Options{BoardName: "h730", Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if string(alone.HCL) != string(whole.HCL) {
		t.Errorf("import %s and import --project %s differ:\n%s\n---\n%s", ioc, dir, alone.HCL, whole.HCL)
	}
	if len(alone.Notes) == 0 || !strings.Contains(alone.Notes[0], "imported as that project") {
		t.Errorf("the import does not say it read the project: %v", alone.Notes)
	}
}

// yulee1982/stm32f767_freertos_lwip@c72c31e: FreeRTOS added by hand beside
// CubeMX's code (freertos/tasks.c, compiled by the .cproject) and not among
// the .ioc's IPs. Import took the .ioc's "no RTOS" and wrote rtos = "none";
// the build is the truth: rtos = "freertos", saying where it was read.
// Its lwIP is a 2.2.2 git snapshot: import says what it is and how to plan
// it, instead of writing a board that does not decode.
func TestImportProjectRTOSFromBuildAndNewer22(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "f767-cmsis1"))); err != nil {
		t.Fatal(err)
	}
	ioc := filepath.Join(dir, "F767_ETH.ioc")
	b, _ := os.ReadFile(ioc)
	var kept []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.Contains(l, "FREERTOS") {
			kept = append(kept, l)
		}
	}
	os.WriteFile(ioc, []byte(strings.Join(kept, "\n")), 0o644)
	os.MkdirAll(filepath.Join(dir, "freertos", "include"), 0o755)
	os.WriteFile(filepath.Join(dir, "freertos", "tasks.c"), []byte("/* stand-in */\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "freertos", "include", "FreeRTOS.h"), []byte("#include \"FreeRTOSConfig.h\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "freertos", "include", "FreeRTOSConfig.h"), []byte("#define configMAX_PRIORITIES 5\n"), 0o644)
	cc := `[{"directory": "` + dir + `", "file": "freertos/tasks.c", "arguments": ["arm-none-eabi-gcc", "-DSTM32F767xx", "-Ifreertos/include", "-c", "freertos/tasks.c"]}]`
	os.WriteFile(filepath.Join(dir, "compile_commands.json"), []byte(cc), 0o644)
	r, err := ImportProject(dir, Options{BoardName: "hand", Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil || r.Board.RTOS != "freertos" || !strings.Contains(string(r.HCL), "the project's build uses FreeRTOS (the build compiles FreeRTOS's freertos/tasks.c") ||
		!strings.Contains(string(r.HCL), "F767_ETH.ioc does not list it") {
		t.Fatalf("rtos:\n%s", r.HCL)
	}
	dir = t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "f767-cmsis1"))); err != nil {
		t.Fatal(err)
	}
	initH := filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "src", "include", "lwip", "init.h")
	b, _ = os.ReadFile(initH)
	s := regexp.MustCompile(`(#define LWIP_VERSION_MINOR\s+)\d+`).ReplaceAllString(string(b), "${1}2")
	s = regexp.MustCompile(`(#define LWIP_VERSION_REVISION\s+)\d+`).ReplaceAllString(s, "${1}2")
	os.WriteFile(initH, []byte(s), 0o644)
	_, err = ImportProject(dir, Options{BoardName: "hand", Source: board.Source{}})
	if err == nil || !strings.Contains(err.Error(), "init.h:") || !strings.Contains(err.Error(), "lwIP 2.2.2 is not a release lwipgen models") || !strings.Contains(err.Error(), "--lwip-version 2.2.1") {
		t.Fatalf("import of an lwIP 2.2.2 project: %v", err)
	}
	if r, err := ImportProject(dir, Options{BoardName: "hand", Source: board.Source{}, LwIPVersion: "2.2.1"}); err != nil || r.Board.LwIPVersion != "2.2.1" {
		t.Fatalf("--lwip-version 2.2.1: %v", err)
	}
}

// import --project on a Xilinx SDK application folder (xsdk-app-beside-bsp,
// after tmatsuya/xapp1026's raw_apps and SilverMight/zynq7020-networking's
// echo_server): lwIP is the BSP's library, and the BSP is the sibling
// project the application's .project names. Import asked for --chip; it
// now says first that the BSP beside builds lwIP 1.4.1, naming its
// system.mss line, and refuses that release.
func TestImportXilinxApplicationReadsBSPBeside(t *testing.T) {
	dir := testenv.CopyTree(t, "testdata/xsdk-app-beside-bsp")
	_, err := ImportProject(filepath.Join(dir, "echo_app"), Options{})
	if err == nil {
		t.Fatal("a project whose BSP builds lwIP 1.4.1 was imported")
	}
	msg := err.Error()
	if strings.Contains(msg, "--chip") || !strings.Contains(msg, "1.4.1") || !strings.Contains(msg, "../echo_bsp/system.mss:12") || !strings.Contains(msg, "lwip141") {
		t.Errorf("err %q: want the BSP's lwIP 1.4.1 with its system.mss line, before any chip", msg)
	}
}

// mjmokhtar/stm32f401xx-enc28j60-lwip@5ba85b1 (round 5): its lwIP port's
// cc.h says "#define LWIP_TIMEVAL_PRIVATE" with no value; import copied the
// empty value into the board, which then did not decode ("must be an
// integer or a one-line C expression"). An empty define is no option value:
// it is left out and the board decodes.
func TestImportProjectEmptyDefineInCCH(t *testing.T) {
	dir := testenv.CopyTree(t, filepath.Join("testdata", "f767-cmsis1"))
	cc := filepath.Join(dir, "Middlewares/Third_Party/LwIP/system/arch/cc.h")
	os.MkdirAll(filepath.Dir(cc), 0o755)
	if err := os.WriteFile(cc, []byte("#ifndef __CC_H__\n#define __CC_H__\n#define LWIP_TIMEVAL_PRIVATE\n#endif\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ImportProject(dir, Options{BoardName: "f767-cc", Out: filepath.Join(t.TempDir(), "f767.hcl"), Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Board == nil {
		t.Fatalf("no board; warnings %v", r.Warnings)
	}
	if v, ok := r.Options["LWIP_TIMEVAL_PRIVATE"]; ok {
		t.Errorf("LWIP_TIMEVAL_PRIVATE = %q imported from an empty #define", v)
	}
}
