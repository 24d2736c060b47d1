package cubemx

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// withPHYPreConfig is the h743-rtos2 fixture with block 0 and PHY_PRE_CONFIG
// filled from testdata/userblocks (modelled on a real H723 project's PHY
// reset, see the files).
func withPHYPreConfig(t *testing.T, decl, body string) (cubeFixture, string) {
	t.Helper()
	f := fixtureOf(t, "cubemx-h743-rtos2")
	dir := copyTree(t, filepath.Join("testdata", f.dir))
	materializeSDK(t, dir, f)
	b, err := os.ReadFile(filepath.Join("testdata", "userblocks", body))
	if err != nil {
		t.Fatal(err)
	}
	eth := filepath.Join(dir, "LWIP", "Target", "ethernetif.c")
	src, _ := os.ReadFile(eth)
	s := strings.Replace(string(src), "/* USER CODE BEGIN 0 */\n", "/* USER CODE BEGIN 0 */\n"+decl+"\n", 1)
	s = strings.Replace(s, "/* USER CODE BEGIN PHY_PRE_CONFIG */\n", "/* USER CODE BEGIN PHY_PRE_CONFIG */\n"+string(b), 1)
	if s == string(src) || !strings.Contains(s, string(b)) {
		t.Fatal("fixture has no PHY_PRE_CONFIG block")
	}
	os.WriteFile(eth, []byte(s), 0o644)
	return f, dir
}

// lowLevelInitCalls is the callees of low_level_init in ethernetif.o, in
// code order (the call relocations objdump shows).
func lowLevelInitCalls(t *testing.T, obj string) []string {
	t.Helper()
	out, err := exec.Command("arm-none-eabi-objdump", "-dr", "--section=.text.low_level_init", obj).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	var calls []string
	for _, m := range regexp.MustCompile(`R_ARM_THM_(?:CALL|JUMP24)\s+(\S+)`).FindAllStringSubmatch(string(out), -1) {
		calls = append(calls, m[1])
	}
	if len(calls) == 0 {
		t.Fatalf("no calls found in low_level_init:\n%s", out)
	}
	return calls
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// A PHY_PRE_CONFIG block that compiles in lwipgen's low_level_init runs there, before lwipgen's PHY
// set-up (the auto-negotiation restart), with netif and hal_eth_init_status in scope and CubeMX's
// ETH_PHY_IO_ReadReg/WriteReg (which the real project's block calls) defined by lwipgen's file; the project
// builds and verifies, vendor says nothing about the block, and a second vendor run changes nothing.
func TestPHYPreConfigCompiledInPlace(t *testing.T) {
	testenv.CrossCompiler(t)
	f, dir := withPHYPreConfig(t, "uint32_t board_phy_resets, board_bcr;", "phy-reset-io.c")
	g := generated(t, f.board)
	res, err := vendorProject(g, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "PHY_PRE_CONFIG") {
			t.Errorf("vendor warns about a block it compiles: %s", w)
		}
	}
	text, _ := os.ReadFile(filepath.Join(dir, "LWIP", "Target", "ethernetif.c"))
	s := string(text)
	i := strings.Index(s, "static err_t low_level_init(")
	pre := strings.Index(s, "/* USER CODE BEGIN PHY_PRE_CONFIG */")
	if0 := strings.LastIndex(s, "#if 0\n")
	if i < 0 || pre < i || (if0 >= 0 && pre > if0) || !strings.Contains(s, "board_phy_resets++;") {
		t.Fatalf("PHY_PRE_CONFIG is not in lwipgen's low_level_init (at %d, function at %d, #if 0 at %d)", pre, i, if0)
	}
	var log strings.Builder
	_, vr, err := vendorkit.BuildProject(context.Background(), dir, g, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, tail(log.String(), 40))
	}
	if !vr.OK() {
		t.Fatal("ELF does not verify")
	}
	if w := grepLines(log.String(), "ethernetif.c"); strings.Contains(w, "warning:") || strings.Contains(w, "error:") {
		t.Errorf("lwipgen's ethernetif.c compiled with diagnostics:\n%s", w)
	}
	// Compiled: the block's calls and its counter are in low_level_init's code.
	calls := lowLevelInitCalls(t, filepath.Join(dir, "build", "ethernetif.o"))
	for _, want := range []string{"HAL_Delay", "ETH_PHY_IO_ReadReg", "ETH_PHY_IO_WriteReg"} {
		if indexOf(calls, want) < 0 {
			t.Errorf("low_level_init does not call %s (the block is not compiled): %v", want, calls)
		}
	}
	if out, _ := exec.Command("arm-none-eabi-objdump", "-r", "--section=.text.low_level_init", filepath.Join(dir, "build", "ethernetif.o")).Output(); !strings.Contains(string(out), "board_phy_resets") {
		t.Error("low_level_init does not touch board_phy_resets (the block is not compiled)")
	}
	// Called before the PHY set-up: low_level_init is straight-line code around the block (no branch
	// jumps over it), so its place between the HAL init and the auto-negotiation restart is its
	// place in the start-up order.
	fn := s[i:]
	fn = fn[:strings.Index(fn, "\n}\n")]
	hal, blk, aneg := strings.Index(fn, "hal_eth_init_status = ethif_hal_init();"), strings.Index(fn, "USER CODE BEGIN PHY_PRE_CONFIG"), strings.Index(fn, "ETHIF_PHY_BCR_ANEG_RESTART")
	if hal < 0 || blk < 0 || aneg < 0 || !(hal < blk && blk < aneg) {
		t.Errorf("PHY_PRE_CONFIG is not between the ETH HAL init (%d) and the PHY set-up (%d): at %d", hal, aneg, blk)
	}
	again, err := vendorProject(g, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Changes) != 0 {
		t.Errorf("second vendor run changed %d files", len(again.Changes))
	}
}

// A PHY_PRE_CONFIG block that does not compile in lwipgen's low_level_init (it reads CubeMX's
// PHYLinkState local and LAN8742 object, which lwipgen's function does not have) is kept under #if 0, whole; vendor's warning
// quotes gcc's error; the project still builds; a second vendor run changes nothing.
func TestPHYPreConfigFallsBackKept(t *testing.T) {
	testenv.CrossCompiler(t)
	f, dir := withPHYPreConfig(t, "uint32_t board_bcr;", "phy-link-cubemx-locals.c")
	body, _ := os.ReadFile(filepath.Join("testdata", "userblocks", "phy-link-cubemx-locals.c"))
	g := generated(t, f.board)
	res, err := vendorProject(g, dir)
	if err != nil {
		t.Fatal(err)
	}
	var warned string
	defer func() { t.Logf("warning: %s", warned) }()
	for _, w := range res.Warnings {
		if strings.Contains(w, `"PHY_PRE_CONFIG"`) {
			warned = w
		}
	}
	if !strings.Contains(warned, "not compiled") || !strings.Contains(warned, "PHYLinkState") || !strings.Contains(warned, "error:") {
		t.Errorf("no warning quoting gcc's error for the kept block: %q", warned)
	}
	text, _ := os.ReadFile(filepath.Join(dir, "LWIP", "Target", "ethernetif.c"))
	s := string(text)
	if0, pre := strings.LastIndex(s, "#if 0\n"), strings.Index(s, "/* USER CODE BEGIN PHY_PRE_CONFIG */")
	if if0 < 0 || pre < if0 {
		t.Errorf("the block is not in the #if 0 section (block at %d, #if 0 at %d)", pre, if0)
	}
	if !strings.Contains(s, string(body)) {
		t.Error("the block's content was lost")
	}
	var log strings.Builder
	if _, _, err := vendorkit.BuildProject(context.Background(), dir, g, &log); err != nil {
		t.Fatalf("%v\n%s", err, tail(log.String(), 40))
	}
	again, err := vendorProject(g, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Changes) != 0 {
		t.Errorf("second vendor run changed %d files", len(again.Changes))
	}
}

// blocksWithErrors maps gcc errors to the USER CODE block whose lines hold them (no compiler needed).
func TestBlocksWithErrors(t *testing.T) {
	text := "a\n/* USER CODE BEGIN PHY_PRE_CONFIG */\nx();\n/* USER CODE END PHY_PRE_CONFIG */\nb\n/* USER CODE BEGIN LOW_LEVEL_INIT */\ny;\n/* USER CODE END LOW_LEVEL_INIT */\n"
	out := "/tmp/s/ethernetif.c:3:3: error: implicit declaration of function 'x'\n/tmp/s/ethernetif.c:5:1: error: outside\n"
	bad := blocksWithErrors(text, out, []string{"LOW_LEVEL_INIT", "PHY_PRE_CONFIG"})
	if len(bad) != 1 || !strings.Contains(bad["PHY_PRE_CONFIG"], "implicit declaration of function 'x'") || !strings.Contains(bad["PHY_PRE_CONFIG"], "line 1 of the block, column 3") {
		t.Errorf("got %v", bad)
	}
	if got := fillUserCode(text, map[string]string{"LOW_LEVEL_INIT": "\nz;\n"}); !strings.Contains(got, "LOW_LEVEL_INIT */\nz;\n/* USER CODE END LOW_LEVEL_INIT") || !strings.Contains(got, "x();") {
		t.Errorf("fillUserCode: %q", got)
	}
}

// A project whose own USER CODE defines CubeMX's PHY IO functions (the "PHI IO Functions for User
// BSP" block of a project without a BSP PHY driver) keeps its definitions: lwipgen's file does not
// define them a second time, and the PHY_PRE_CONFIG block calling them still compiles in place.
func TestPHYIOFromUserCodeNotRedefined(t *testing.T) {
	testenv.CrossCompiler(t)
	f, dir := withPHYPreConfig(t, "uint32_t board_phy_resets, board_bcr;", "phy-reset-io.c")
	eth := filepath.Join(dir, "LWIP", "Target", "ethernetif.c")
	b, _ := os.ReadFile(eth)
	own := "/* USER CODE BEGIN PHI IO Functions for User BSP */\n" +
		"int32_t ETH_PHY_IO_ReadReg(uint32_t DevAddr, uint32_t RegAddr, uint32_t *pRegVal)\n{\n  return HAL_ETH_ReadPHYRegister(&heth, DevAddr, RegAddr, pRegVal) == HAL_OK ? 0 : -1;\n}\n" +
		"int32_t ETH_PHY_IO_WriteReg(uint32_t DevAddr, uint32_t RegAddr, uint32_t RegVal)\n{\n  return HAL_ETH_WritePHYRegister(&heth, DevAddr, RegAddr, RegVal) == HAL_OK ? 0 : -1;\n}\n" +
		"/* USER CODE END PHI IO Functions for User BSP */\n"
	os.WriteFile(eth, append(b, own...), 0o644)
	res, err := vendorProject(generated(t, f.board), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "PHY_PRE_CONFIG") {
			t.Errorf("the block was not compiled in place: %s", w)
		}
	}
	text, _ := os.ReadFile(eth)
	if n := len(regexp.MustCompile(`(?m)^int32_t ETH_PHY_IO_ReadReg\([^;]*\)\s*\{`).FindAllString(string(text), -1)); n != 1 {
		t.Errorf("ETH_PHY_IO_ReadReg is defined %d times in lwipgen's ethernetif.c, want the project's one", n)
	}
}

// Each InPlace block has its place in lwipgen's low_level_init, in CubeMX's order (after the ETH HAL
// init; PHY_PRE_CONFIG and Code 1 before the PHY set-up; PHY_POST_CONFIG after it; LOW_LEVEL_INIT
// last), in every style; a block not judged in place is in the #if 0 section instead, never in both.
func TestInPlaceBlocksOrder(t *testing.T) {
	g := generated(t, "testdata/boards/h743-cubemx-bare.hcl")
	order := []string{"hal_eth_init_status = ethif_hal_init();", "USER CODE BEGIN PHY_PRE_CONFIG */", "USER CODE BEGIN low_level_init Code 1 for User BSP */",
		"ETHIF_PHY_BCR_ANEG_RESTART);", "USER CODE BEGIN PHY_POST_CONFIG */", "USER CODE BEGIN LOW_LEVEL_INIT */", "return ERR_OK;"}
	for _, style := range []Style{BareMetal, RTOSv1, RTOSv2} {
		for _, in := range []bool{true, false} {
			tg := DefaultTarget(g.Plan)
			tg.Cube = style
			if in {
				tg.InPlace = map[string]bool{}
				for _, n := range BlocksAt(InPlace) {
					tg.InPlace[n] = true
				}
			}
			files, _, err := Glue{}.RenderFor(g.Plan, g.Layout, tg)
			if err != nil {
				t.Fatal(err)
			}
			var src string
			for _, f := range files {
				if strings.HasSuffix(f.Path, "ethernetif.c") {
					src = string(f.Content)
				}
			}
			fn := src[strings.Index(src, "static err_t low_level_init("):]
			fn = fn[:strings.Index(fn, "\n}\n")]
			kept := src[strings.LastIndex(src, "#if 0\n"):]
			last := -1
			for _, s := range order {
				blk := strings.Contains(s, "USER CODE")
				at := strings.Index(fn, s)
				switch {
				case blk && !in:
					if at >= 0 || !strings.Contains(kept, s) {
						t.Errorf("%s: %q not judged in place, but in low_level_init (%d) or missing from #if 0", style, s, at)
					}
				case at < 0 || at < last:
					t.Errorf("%s: %q not in low_level_init in CubeMX's order (at %d, previous at %d)", style, s, at, last)
				default:
					last = at
					if blk && strings.Contains(kept, s) {
						t.Errorf("%s: %q both in place and in the #if 0 section", style, s)
					}
				}
			}
		}
	}
}

// enclosingIf returns the condition of the innermost if whose braces hold fn[at] in low_level_init's
// text fn, "" when fn[at] is at the function body's own level.
func enclosingIf(fn string, at int) string {
	code := StripComments(fn[:at])
	depth := 0
	for i := len(code) - 1; i >= 0; i-- {
		switch code[i] {
		case '}':
			depth++
		case '{':
			if depth > 0 {
				depth--
				continue
			}
			head := strings.TrimSpace(code[strings.LastIndexAny(code[:i], ";{}")+1 : i])
			if strings.HasPrefix(head, "static err_t low_level_init(") {
				return ""
			}
			return head
		}
	}
	return ""
}

// PHY_POST_CONFIG runs when CubeMX runs it (Contract.PostConfig): with CMSIS-RTOS v1/v2 only when the link
// is up at boot, after the link check that starts the MAC and sets the netif up (the else branch of
// CubeMX's "if(PHYLinkState <= LAN8742_STATUS_LINK_DOWN)"); bare metal, after the first link check,
// whatever the link. The placement before this rule (the block at the function's level after the PHY
// set-up in every style) fails the RTOS half.
func TestPHYPostConfigWhen(t *testing.T) {
	g := generated(t, "testdata/boards/h743-cubemx-bare.hcl")
	for _, style := range []Style{BareMetal, RTOSv1, RTOSv2} {
		tg := DefaultTarget(g.Plan)
		tg.Cube = style
		tg.InPlace = map[string]bool{"PHY_POST_CONFIG": true}
		files, _, err := Glue{}.RenderFor(g.Plan, g.Layout, tg)
		if err != nil {
			t.Fatal(err)
		}
		var src string
		for _, f := range files {
			if strings.HasSuffix(f.Path, "ethernetif.c") {
				src = string(f.Content)
			}
		}
		fn := src[strings.Index(src, "static err_t low_level_init("):]
		fn = fn[:strings.Index(fn, "\n}\n")+3]
		blk := strings.Index(fn, "/* USER CODE BEGIN PHY_POST_CONFIG */")
		aneg := strings.Index(fn, "ETHIF_PHY_BCR_ANEG_RESTART);")
		if blk < 0 || aneg < 0 || blk < aneg {
			t.Fatalf("%s: PHY_POST_CONFIG (at %d) not after the PHY set-up (at %d)", style, blk, aneg)
		}
		c, _ := ContractOf(style)
		cond := enclosingIf(fn, blk)
		check := strings.LastIndex(fn[:blk], "ethif_link_check(netif);")
		if !style.RTOS() {
			check = strings.LastIndex(fn[:blk], "ethernet_link_check_state(netif);")
		}
		switch {
		case check < aneg:
			t.Errorf("%s: no link check between the PHY set-up and PHY_POST_CONFIG", style)
		case c.PostConfig == PostConfigLinkAtBoot && cond != "if (netif_is_link_up(netif))":
			t.Errorf("%s: CubeMX runs PHY_POST_CONFIG only with the link up at boot; lwipgen's block is under %q", style, cond)
		case c.PostConfig == PostConfigAlways && cond != "":
			t.Errorf("%s: PHY_POST_CONFIG runs whatever the link; lwipgen's block is under %q", style, cond)
		}
		if want := style.RTOS(); (c.PostConfig == PostConfigLinkAtBoot) != want {
			t.Errorf("%s: contract says PostConfig %d", style, c.PostConfig)
		}
	}
}

// gcc accepts a PHY_POST_CONFIG block in the RTOS branch that runs it (netif in scope, inside the
// link-up if): vendor compiles it in place, says nothing about it, and the file has it under the link
// check, not in the #if 0 section.
func TestPHYPostConfigCompiledOnLink(t *testing.T) {
	testenv.CrossCompiler(t)
	f := fixtureOf(t, "cubemx-h743-rtos2")
	dir := copyTree(t, filepath.Join("testdata", f.dir))
	materializeSDK(t, dir, f)
	eth := filepath.Join(dir, "LWIP", "Target", "ethernetif.c")
	src, _ := os.ReadFile(eth)
	s := strings.Replace(string(src), "/* USER CODE BEGIN 0 */\n", "/* USER CODE BEGIN 0 */\nuint32_t board_link_at_boot;\n", 1)
	s = strings.Replace(s, "/* USER CODE BEGIN PHY_POST_CONFIG */\n", "/* USER CODE BEGIN PHY_POST_CONFIG */\n  board_link_at_boot++;\n  netif_set_default(netif);\n", 1)
	os.WriteFile(eth, []byte(s), 0o644)
	g := generated(t, f.board)
	res, err := vendorProject(g, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "PHY_POST_CONFIG") {
			t.Errorf("vendor warns about a block it compiles: %s", w)
		}
	}
	text, _ := os.ReadFile(eth)
	out := string(text)
	fn := out[strings.Index(out, "static err_t low_level_init("):]
	fn = fn[:strings.Index(fn, "\n}\n")+3]
	at := strings.Index(fn, "board_link_at_boot++;")
	if at < 0 {
		t.Fatal("PHY_POST_CONFIG's body is not in lwipgen's low_level_init")
	}
	if cond := enclosingIf(fn, at); cond != "if (netif_is_link_up(netif))" {
		t.Errorf("PHY_POST_CONFIG compiled under %q, want the link-up branch", cond)
	}
}

// The h743-rtos2 fixture as STM32CubeIDE writes the same project: no
// Makefile, a .cproject whose include paths are workspace paths in quotes,
// XML-escaped (value="&quot;${workspace_loc:/${ProjName}/Core/Inc}&quot;",
// as CubeIDE writes a folder added through its dialog; the structure of
// stm32-hotspot/STM32H7-LwIP-Examples@b4bcc6c STM32H743_Nucleo_ETH/.cproject:
// target MCU, FPU and ABI on the tool chain, defined symbols and include
// paths on the C compiler, the script on the C linker, the source folders).
// The old regex reader kept the entities: the in-place compile of USER CODE
// found no header, and the board's PHY reset in PHY_PRE_CONFIG was left
// uncompiled without a word (issue 27). The .cproject is written from what
// the project model reads of the Makefile, so both builds are one project.
func cubeIDEFromMakefile(t *testing.T, dir string) {
	t.Helper()
	m, err := project.Open(context.Background(), dir, project.Options{})
	if err != nil || m.Build == nil {
		t.Fatalf("model of %s: %v %v", dir, err, m.BuildErr)
	}
	u := m.Build.Unit("LWIP/Target/ethernetif.c")
	if u == nil {
		t.Fatal("the Makefile compiles no LWIP/Target/ethernetif.c")
	}
	var defs, incs strings.Builder
	for _, d := range u.Defines {
		fmt.Fprintf(&defs, "\t\t\t\t\t\t\t\t\t<listOptionValue builtIn=\"false\" value=\"%s\"/>\n", d.Name)
	}
	for _, inc := range u.Includes {
		fmt.Fprintf(&incs, "\t\t\t\t\t\t\t\t\t<listOptionValue builtIn=\"false\" value=\"&quot;${workspace_loc:/${ProjName}/%s}&quot;\"/>\n", m.Rel(inc))
	}
	tops, compiled := map[string]bool{}, map[string]bool{}
	for _, x := range m.Build.Units {
		tops[strings.SplitN(x.Rel, "/", 2)[0]] = true
		compiled[x.Rel] = true
	}
	var entries strings.Builder
	for _, top := range []string{"Core", "Drivers", "LWIP", "Middlewares"} {
		if !tops[top] {
			continue
		}
		// what the Makefile does not compile is excluded, as CubeIDE writes it (relative to the entry)
		var excl []string
		filepath.WalkDir(filepath.Join(dir, top), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".c") {
				if rel := m.Rel(p); !compiled[rel] {
					excl = append(excl, strings.TrimPrefix(rel, top+"/"))
				}
			}
			return nil
		})
		fmt.Fprintf(&entries, "\t\t\t\t\t\t<entry excluding=\"%s\" flags=\"VALUE_WORKSPACE_PATH|RESOLVED\" kind=\"sourcePath\" name=\"%s\"/>\n", strings.Join(excl, "|"), top)
	}
	const st = "com.st.stm32cube.ide.mcu.gnu.managedbuild."
	cp := `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?fileVersion 4.0.0?><cproject storage_type_id="org.eclipse.cdt.core.XmlProjectDescriptionStorage">
	<storageModule moduleId="org.eclipse.cdt.core.settings">
		<cconfiguration id="` + st + `config.exe.debug.1">
			<storageModule buildSystemId="org.eclipse.cdt.managedbuilder.core.configurationDataProvider" id="` + st + `config.exe.debug.1" moduleId="org.eclipse.cdt.core.settings" name="Debug"/>
			<storageModule moduleId="cdtBuildSystem" version="4.0.0">
				<configuration artifactExtension="elf" artifactName="${ProjName}" id="` + st + `config.exe.debug.1" name="Debug" parent="` + st + `config.exe.debug">
					<folderInfo id="` + st + `config.exe.debug.1." name="/" resourcePath="">
						<toolChain id="` + st + `toolchain.exe.debug.2" name="MCU ARM GCC" superClass="` + st + `toolchain.exe.debug">
							<option id="` + st + `option.target_mcu.3" superClass="` + st + `option.target_mcu" value="STM32H743ZITx" valueType="string"/>
							<option id="` + st + `option.fpu.4" superClass="` + st + `option.fpu" value="` + st + `option.fpu.value.fpv5-d16" valueType="enumerated"/>
							<option id="` + st + `option.floatabi.5" superClass="` + st + `option.floatabi" value="` + st + `option.floatabi.value.hard" valueType="enumerated"/>
							<tool id="` + st + `tool.c.compiler.6" name="MCU GCC Compiler" superClass="` + st + `tool.c.compiler">
								<option IS_BUILTIN_EMPTY="false" IS_VALUE_EMPTY="false" id="` + st + `tool.c.compiler.option.definedsymbols.7" superClass="` + st + `tool.c.compiler.option.definedsymbols" valueType="definedSymbols">
` + defs.String() + `								</option>
								<option IS_BUILTIN_EMPTY="false" IS_VALUE_EMPTY="false" id="` + st + `tool.c.compiler.option.includepaths.8" superClass="` + st + `tool.c.compiler.option.includepaths" valueType="includePath">
` + incs.String() + `								</option>
							</tool>
							<tool id="` + st + `tool.c.linker.9" name="MCU GCC Linker" superClass="` + st + `tool.c.linker">
								<option id="` + st + `tool.c.linker.option.script.10" superClass="` + st + `tool.c.linker.option.script" value="${workspace_loc:/${ProjName}/STM32H743ZITX_FLASH.ld}" valueType="string"/>
							</tool>
						</toolChain>
					</folderInfo>
					<sourceEntries>
` + entries.String() + `					</sourceEntries>
				</configuration>
			</storageModule>
		</cconfiguration>
	</storageModule>
</cproject>
`
	if err := os.WriteFile(filepath.Join(dir, ".cproject"), []byte(cp), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "Makefile"))
	iocs, _ := filepath.Glob(filepath.Join(dir, "*.ioc"))
	b, _ := os.ReadFile(iocs[0])
	os.WriteFile(iocs[0], []byte(strings.Replace(string(b), "ProjectManager.TargetToolchain=Makefile", "ProjectManager.TargetToolchain=STM32CubeIDE", 1)), 0o644)
}

func TestCubeIDEQuotedIncludesCompileInPlace(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.Tool(t, "make")
	f, dir := withPHYPreConfig(t, "uint32_t board_phy_resets, board_bcr;", "phy-reset-io.c")
	// lwIP inside the project, as a real one has it (the IDE, and lwipgen's
	// reading of its .cproject, follow no link out of the project)
	src := filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "src")
	os.Remove(src)
	if err := os.CopyFS(src, os.DirFS(filepath.Join(testenv.LwIP(t), "src"))); err != nil {
		t.Fatal(err)
	}
	cubeIDEFromMakefile(t, dir)
	g := generated(t, f.board)
	res, err := vendorProject(g, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "PHY_PRE_CONFIG") {
			t.Errorf("the block is not compiled in place: %s", w)
		}
	}
	var log strings.Builder
	elf, vr, err := vendorkit.BuildProject(context.Background(), dir, g, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, tail(log.String(), 40))
	}
	if !vr.OK() || !strings.HasPrefix(elf, filepath.Join(dir, "build", "lwipgen")) {
		t.Fatalf("ELF %s does not verify", elf)
	}
	calls := lowLevelInitCalls(t, filepath.Join(dir, "build", "lwipgen", "obj", "LWIP", "Target", "ethernetif.o"))
	if indexOf(calls, "ETH_PHY_IO_ReadReg") < 0 {
		t.Errorf("low_level_init does not run the PHY reset block: %v", calls)
	}
}
