package vendorkit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/importer"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// gnuMCUEclipseFromMakefile replaces the Makefile of the GD32 FreeRTOS
// fixture by the GNU MCU Eclipse managed build of the same project (a
// .cproject with ilg.gnuarmeclipse option ids: the target family, FPU and
// ABI on the tool chain, -ffunction-sections/-fdata-sections as booleans,
// the C compiler's defs and include paths, the script file and newlib-nano
// on the C linker; the shape of internal/project/testdata/cdt/gnumcu-gd32f450,
// itself modelled on kvoz/GD32-templates), written from what the project
// model reads of the Makefile, so both are one project.
func gnuMCUEclipseFromMakefile(t *testing.T, dir string) {
	t.Helper()
	m, err := project.Open(context.Background(), dir, project.Options{})
	if err != nil || m.Build == nil {
		t.Fatalf("model of %s: %v %v", dir, err, m.BuildErr)
	}
	u := m.Build.Unit("src/main.c")
	if u == nil {
		t.Fatal("the Makefile compiles no src/main.c")
	}
	const ilg = "ilg.gnuarmeclipse.managedbuild.cross."
	opt := func(id, value, typ string) string {
		return fmt.Sprintf("\t\t\t\t\t\t\t<option id=\"%soption.%s.1\" superClass=\"%soption.%s\" value=\"%s\" valueType=\"%s\"/>\n", ilg, id, ilg, id, value, typ)
	}
	list := func(id, typ string, vals []string) string {
		s := fmt.Sprintf("\t\t\t\t\t\t\t\t<option IS_BUILTIN_EMPTY=\"false\" IS_VALUE_EMPTY=\"false\" id=\"%soption.%s.2\" superClass=\"%soption.%s\" valueType=\"%s\">\n", ilg, id, ilg, id, typ)
		for _, v := range vals {
			s += fmt.Sprintf("\t\t\t\t\t\t\t\t\t<listOptionValue builtIn=\"false\" value=\"%s\"/>\n", v)
		}
		return s + "\t\t\t\t\t\t\t\t</option>\n"
	}
	var defs, incs []string
	for _, d := range u.Defines {
		defs = append(defs, d.Name)
	}
	for _, inc := range u.Includes {
		incs = append(incs, "&quot;${workspace_loc:/${ProjName}/"+m.Rel(inc)+"}&quot;")
	}
	compiled := map[string]bool{}
	for _, x := range m.Build.Units {
		compiled[x.Rel] = true
	}
	var excl []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".c") && !compiled[m.Rel(p)] {
			excl = append(excl, m.Rel(p))
		}
		return nil
	})
	cp := `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?fileVersion 4.0.0?><cproject storage_type_id="org.eclipse.cdt.core.XmlProjectDescriptionStorage">
	<storageModule moduleId="org.eclipse.cdt.core.settings">
		<cconfiguration id="` + ilg + `config.elf.debug.1">
			<storageModule buildSystemId="org.eclipse.cdt.managedbuilder.core.configurationDataProvider" id="` + ilg + `config.elf.debug.1" moduleId="org.eclipse.cdt.core.settings" name="Debug"/>
			<storageModule moduleId="cdtBuildSystem" version="4.0.0">
				<configuration artifactName="${ProjName}" id="` + ilg + `config.elf.debug.1" name="Debug" parent="` + ilg + `config.elf.debug">
					<folderInfo id="` + ilg + `config.elf.debug.1." name="/" resourcePath="">
						<toolChain id="` + ilg + `toolchain.elf.debug.3" name="Arm Cross GCC" superClass="` + ilg + `toolchain.elf.debug">
` + opt("arm.target.family", ilg+"option.arm.target.mcpu.cortex-m4", "enumerated") +
		opt("arm.target.instructionset", ilg+"option.arm.target.instructionset.thumb", "enumerated") +
		opt("arm.target.fpu.abi", ilg+"option.arm.target.fpu.abi.hard", "enumerated") +
		opt("arm.target.fpu.unit", ilg+"option.arm.target.fpu.unit.fpv4spd16", "enumerated") +
		opt("optimization.functionsections", "true", "boolean") + opt("optimization.datasections", "true", "boolean") +
		opt("command.prefix", "arm-none-eabi-", "string") + `							<tool id="` + ilg + `tool.c.compiler.4" name="GNU Arm Cross C Compiler" superClass="` + ilg + `tool.c.compiler">
` + list("c.compiler.defs", "definedSymbols", defs) + list("c.compiler.include.paths", "includePath", incs) + `							</tool>
							<tool id="` + ilg + `tool.c.linker.5" name="GNU Arm Cross C Linker" superClass="` + ilg + `tool.c.linker">
` + list("c.linker.scriptfile", "stringList", []string{"&quot;${workspace_loc:/${ProjName}/gd32f407.ld}&quot;"}) +
		opt("c.linker.gcsections", "true", "boolean") + opt("c.linker.usenewlibnano", "true", "boolean") + opt("c.linker.usenewlibnosys", "true", "boolean") + `							</tool>
						</toolChain>
					</folderInfo>
					<sourceEntries>
						<entry excluding="` + strings.Join(excl, "|") + `" flags="VALUE_WORKSPACE_PATH|RESOLVED" kind="sourcePath" name=""/>
					</sourceEntries>
				</configuration>
			</storageModule>
		</cconfiguration>
	</storageModule>
</cproject>
`
	if err := os.WriteFile(filepath.Join(dir, ".cproject"), []byte(cp), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, ".project"), []byte("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<projectDescription>\n\t<name>gd32-freertos</name>\n</projectDescription>\n"), 0o644)
	os.Remove(filepath.Join(dir, "Makefile"))
}

// A GD32F450/F407 project built with GNU MCU Eclipse (a .cproject with
// ilg.gnuarmeclipse options) was refused as "Keil/IAR" and import asked for
// --chip (issue 27). It now imports, vendors (lwipgen's folder added to the
// C compiler's include paths and as a source folder, by CDT value type) and
// builds like a CubeIDE project, and a second vendor changes nothing.
func TestGD32EclipseProjectVendorsAndBuilds(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.Tool(t, "make")
	dir := copyTree(t, filepath.Join("testdata", "gd32-freertos"))
	gnuMCUEclipseFromMakefile(t, dir)
	boardFile := filepath.Join(t.TempDir(), "gd32-eclipse.hcl")
	imp, err := importer.ImportProject(dir, importer.Options{BoardName: "gd32-eclipse", Out: boardFile, Source: board.Source{}})
	if err != nil {
		t.Fatal(err)
	}
	if imp.Board == nil || imp.Board.Chip.Name != "gd32f407" || imp.Board.Vendor != "gd32" {
		t.Fatalf("import: %v\n%s", imp.Warnings, imp.HCL)
	}
	os.WriteFile(boardFile, imp.HCL, 0o644)
	g := generated(t, boardFile)
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	cp, _ := os.ReadFile(filepath.Join(dir, ".cproject"))
	if !strings.Contains(string(cp), `value="../lwipgen"`) || !strings.Contains(string(cp), `name="lwipgen"`) && !strings.Contains(string(cp), `name=""`) {
		t.Errorf("the .cproject does not compile lwipgen's folder:\n%s", cp)
	}
	var log strings.Builder
	elf, res, err := BuildProject(context.Background(), dir, g, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if !res.OK() {
		for _, c := range res.Checks {
			if !c.OK {
				t.Errorf("%s: %s", c.ID, c.Detail)
			}
		}
		t.Fatalf("%s does not verify", elf)
	}
	again, err := Vendor(g, withGlue(t, g, Options{Project: dir}))
	if err != nil || len(again.Changes) != 0 {
		t.Errorf("second vendor run: %v, %d change(s)", err, len(again.Changes))
	}
}
