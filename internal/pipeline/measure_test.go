package pipeline_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// On the stock lwIP 2.1.3 tree the compiler's struct pbuf and every pool
// element equal the RAM model's (a board with an RTOS and one bare-metal,
// IP_FRAG and the sequential API's pools among them): measuring a stock
// project changes nothing.
func TestMeasureStockLwIPEqualsModel(t *testing.T) {
	testenv.CrossCompiler(t)
	lw := testenv.LwIP(t)
	for _, name := range []string{"h743", "f407"} {
		g, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}, Out: t.TempDir()})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		if _, err := g.Write(); err != nil {
			t.Fatal(err)
		}
		gen := filepath.Join(g.Out, "generated")
		m, err := pipeline.MeasureLwIP(context.Background(), g.Board, g.Plan, lw, &project.Unit{Includes: []string{filepath.Join(gen, "port")}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if m.Pbuf != 16 || m.PbufAlign != 4 {
			t.Errorf("%s: stock struct pbuf measured %d B aligned %d, want 16 aligned 4", name, m.Pbuf, m.PbufAlign)
		}
		diffs, err := g.Plan.Config.Differences(m)
		if err != nil {
			t.Fatal(err)
		}
		if len(diffs) != 0 {
			t.Errorf("%s: the stock tree differs from the model: %v", name, diffs)
		}
		if _, heap := g.Plan.RAM.Symbols["ram_heap"]; !heap || m.Mem != 8 {
			t.Errorf("%s: SIZEOF_STRUCT_MEM measured %d (ram_heap planned: %v), want 8", name, m.Mem, heap)
		}
		pools, _ := g.Plan.Config.PoolsOf()
		if len(pools) < 8 || len(m.Pools) != len(pools) {
			t.Errorf("%s: %d pools measured, the model has %d", name, len(m.Pools), len(pools))
		}
		for _, p := range pools {
			if m.Pools[p.Name] != p.ElemSize {
				t.Errorf("%s: pool %s: measured %d, model %d", name, p.Name, m.Pools[p.Name], p.ElemSize)
			}
		}
	}
}

// A CubeMX Makefile project whose lwIP has the PTP-patched struct pbuf
// (LWIP_PTP defined in the Makefile's C_DEFS): the plan is made at the
// measured sizes, says what differs, vendors, the project's own build links
// (without the measurement it stops in lwip_sections.ld:
// vendorkit.TestBuildProjectExplainsOverflow) and every planned lwIP RAM
// symbol is in the ELF at its planned size.
func TestPatchedPbufProjectPlannedAtMeasuredSize(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.Tool(t, "make")
	dir, src := projectWithLwIP(t)
	testenv.PatchPbufPTP(t, src)
	testenv.AddMakefileDefine(t, dir, "-DSTM32F407xx", "LWIP_PTP")

	stock, diags := pipeline.Prepare(pipeline.Options{Board: "f407", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: "f407", Source: board.Source{}, Project: dir, Out: t.TempDir()})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var finding string
	for _, c := range g.Plan.Checks {
		if c.ID == "lwip.project_struct_sizes" {
			finding = c.Detail
		}
	}
	if !strings.Contains(finding, "sizeof(struct pbuf) is 24 B in the project's lwIP, 16 B in stock 2.1.3") ||
		!regexp.MustCompile(`memp_memory_PBUF_POOL_base \+\d+ B`).MatchString(finding) ||
		!strings.Contains(finding, "measured with the cross compiler in Middlewares/Third_Party/LwIP ") {
		t.Errorf("finding: %q", finding)
	}
	t.Logf("finding: %s", finding)
	warned := false
	for _, d := range diags {
		warned = warned || strings.Contains(d.Detail, "sizeof(struct pbuf) is 24 B")
	}
	if !warned {
		t.Errorf("no warning names the difference: %v", diags)
	}
	n, _ := g.Plan.Config.Value("PBUF_POOL_SIZE")
	n0, _ := stock.Plan.Config.Value("PBUF_POOL_SIZE")
	if grow := g.Plan.RAM.Symbols["memp_memory_PBUF_POOL_base"] - stock.Plan.RAM.Symbols["memp_memory_PBUF_POOL_base"]; n != n0 || grow != 8*n {
		t.Errorf("PBUF_POOL grew by %d B for %d elements, want 8 B each", grow, n)
	}

	f, _ := flow.Lookup(g.Board.Vendor)
	if _, err := f.(flow.Vendorer).Vendor(g, flow.VendorOptions{Project: dir, Log: io.Discard}); err != nil {
		t.Fatal(err)
	}
	elfPath, v, err := vendorkit.BuildProject(context.Background(), dir, g, nil)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	if !v.OK() {
		for _, c := range v.Checks {
			if !c.OK {
				t.Errorf("check %s failed: %s", c.ID, c.Detail)
			}
		}
	}
	syms, err := elfsym.Read(elfPath)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range g.Plan.RAM.Symbols {
		if got := int64(syms[name].Size); got != want {
			t.Errorf("%s: ELF %d B, planned %d B", name, got, want)
		}
	}
}

// projectWithLwIP is the CubeMX Makefile fixture with a copy of the stock
// lwIP tree in Middlewares/Third_Party/LwIP, as CubeMX lays it out.
func projectWithLwIP(t *testing.T) (dir, src string) {
	t.Helper()
	return testenv.CubeMXProjectWithLwIP(t, filepath.Join("..", "vendorkit", "testdata", "cubemx-makefile-f407"))
}

// A project whose lwIP is stock keeps the model's plan to the byte (and says
// it measured); one whose lwIP does not compile the probe keeps it too, with
// a warning that names the compiler's error. Neither changes the project.
func TestProjectLwIPStockOrUnmeasurable(t *testing.T) {
	testenv.CrossCompiler(t)
	stock, diags := pipeline.Prepare(pipeline.Options{Board: "f407", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, broken := range []bool{false, true} {
		dir, src := projectWithLwIP(t)
		if broken {
			pbufH := filepath.Join(src, "include", "lwip", "pbuf.h")
			os.Chmod(pbufH, 0o644)
			b, _ := os.ReadFile(pbufH)
			if err := os.WriteFile(pbufH, append(b, "\nstruct pbuf { int redefined; };\n"...), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		before := treeHash(t, dir)
		g, diags := pipeline.Prepare(pipeline.Options{Board: "f407", Source: board.Source{}, Project: dir})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		if treeHash(t, dir) != before {
			t.Errorf("broken=%v: measuring changed the project", broken)
		}
		for n, want := range stock.Plan.RAM.Symbols {
			if got := g.Plan.RAM.Symbols[n]; got != want {
				t.Errorf("broken=%v: %s planned %d B, the stock model %d B", broken, n, got, want)
			}
		}
		var warn, check string
		for _, d := range diags {
			warn += d.Summary + ": " + d.Detail + "\n"
		}
		for _, c := range g.Plan.Checks {
			if c.ID == "lwip.project_struct_sizes" {
				check = c.Detail
			}
		}
		if !broken && (warn != "" || !strings.Contains(check, "at the sizes lwipgen's model of stock lwIP 2.1.3 gives")) {
			t.Errorf("stock project: warnings %q, check %q", warn, check)
		}
		if broken && (check != "" || !strings.Contains(warn, "The project's lwIP was not measured: lwip_sizes.c did not compile") || !strings.Contains(warn, "redefinition of 'struct pbuf'")) {
			t.Errorf("broken lwIP: warnings %q, check %q", warn, check)
		}
	}
}

// treeHash is every file's path and content under dir, in one string.
func treeHash(t *testing.T, dir string) string {
	t.Helper()
	var sb strings.Builder
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		sb.WriteString(p + "\x00" + string(b) + "\x00")
		return nil
	})
	return sb.String()
}

// A project whose memp_std.h declares a pool lwipgen's model does not have
// (here one for PTP timestamps) cannot be planned RAM-exact: Prepare
// refuses, naming the pool and its measured size.
func TestProjectLwIPExtraPoolRefused(t *testing.T) {
	testenv.CrossCompiler(t)
	dir, src := projectWithLwIP(t)
	std := filepath.Join(src, "include", "lwip", "priv", "memp_std.h")
	os.Chmod(std, 0o644)
	b, err := os.ReadFile(std)
	if err != nil {
		t.Fatal(err)
	}
	grown := strings.Replace(string(b), "LWIP_PBUF_MEMPOOL(PBUF_POOL,", "LWIP_MEMPOOL(PTP_TS, 4, 32, \"PTP_TS\")\nLWIP_PBUF_MEMPOOL(PBUF_POOL,", 1)
	if grown == string(b) {
		t.Fatal("memp_std.h declares no PBUF_POOL")
	}
	if err := os.WriteFile(std, []byte(grown), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := pipeline.Prepare(pipeline.Options{Board: "f407", Source: board.Source{}, Project: dir})
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "pool PTP_TS element is 32 B in the project's lwIP, not in lwipgen's model of stock 2.1.3") {
		t.Fatalf("diags: %v", diags)
	}
}

// audit --project on a project that brings its own lwIP measures it as vendor does
// (pipeline.AuditMeasure as audit's Options.Measure): a PTP-patched struct pbuf is an info finding
// naming what differs, from the audited lwipopts.h and the project's flags; a stock copy, and the
// same project without the hook, report none.
func TestAuditProjectReportsMeasuredSizes(t *testing.T) {
	testenv.CrossCompiler(t)
	chips, d := board.Source{}.Chips()
	if d.HasErrors() {
		t.Fatal(d)
	}
	for _, ptp := range []bool{true, false} {
		dir, src := projectWithLwIP(t)
		if ptp {
			testenv.PatchPbufPTP(t, src)
			testenv.AddMakefileDefine(t, dir, "-DSTM32F407xx", "LWIP_PTP")
		}
		p, err := audit.DetectProject(dir)
		if err != nil {
			t.Fatal(err)
		}
		o := audit.Options{File: p.Lwipopts, IncludeDirs: p.IncludeDirs, Defines: p.Defines, LwipDir: p.LwipDir, LinkerScript: p.LinkerScript, Chip: chips[p.Chip], NoCompile: true}
		if o.Chip == nil || o.LwipDir == "" {
			t.Fatalf("project: chip %q, lwIP %q", p.Chip, p.LwipDir)
		}
		for _, hook := range []bool{true, false} {
			if hook {
				o.Measure = pipeline.AuditMeasure(pipeline.AuditTarget{Root: p.Root, ProjectLwipDir: p.LwipDir, AuditedLwipDir: o.LwipDir, Lwipopts: o.File, IncludeDirs: o.IncludeDirs, Defines: o.Defines, Core: o.Chip.Core})
			} else {
				o.Measure = nil
			}
			rep, err := audit.Run(o)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range rep.Findings {
				if f.ID == "audit.project_struct_sizes" {
					if f.Severity != audit.SevInfo {
						t.Errorf("ptp=%v: %s finding, want info", ptp, f.Severity)
					}
					got = append(got, f.Message)
				}
			}
			t.Logf("ptp=%v hook=%v: %q", ptp, hook, got)
			want := ptp && hook
			if want != (len(got) == 1 && strings.Contains(got[0], "sizeof(struct pbuf) is 24 B in the project's lwIP, 16 B in stock") &&
				strings.Contains(got[0], "in Middlewares/Third_Party/LwIP") &&
				regexp.MustCompile(`memp_memory_PBUF_base \+\d+ B`).MatchString(got[0]) && strings.Contains(got[0], "the audited lwipopts.h")) || !want && len(got) > 0 {
				t.Errorf("ptp=%v hook=%v: findings %q", ptp, hook, got)
			}
		}
	}
}

// A CubeIDE project whose build defines LWIP_DEBUG=1 (a defined symbol of
// its .cproject, not in lwipopts.h; issue 27) compiles lwIP's structs with
// it: vendor measured the project's lwIP without the build's -D flags,
// planned the stock sizes and the IDE's link stopped in lwip_sections.ld.
// The measurement compiles with the flags the model reads for lwIP's own
// unit, so the plan is made at the sizes the build compiles.
func TestBuildDefineMeasuredAndPlanned(t *testing.T) {
	testenv.CrossCompiler(t)
	dir, _ := testenv.CubeMXProjectWithLwIP(t, filepath.Join("..", "vendorkit", "testdata", "cubeide-h743"))
	// the lwIP port CubeMX generates next to lwIP (arch/cc.h), as the Makefile fixture carries it
	if err := os.CopyFS(filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "system"),
		os.DirFS(filepath.Join("..", "vendorkit", "testdata", "cubemx-makefile-f407", "Middlewares", "Third_Party", "LwIP", "system"))); err != nil {
		t.Fatal(err)
	}
	// a bare-metal board (the fixture's port has no sys_arch.h for an RTOS)
	plan := func() (*pipeline.Generated, string) {
		g, diags := pipeline.Prepare(pipeline.Options{Board: "f767", Source: board.Source{}, Project: dir, Out: t.TempDir()})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		for _, c := range g.Plan.Checks {
			if c.ID == "lwip.project_struct_sizes" {
				return g, c.Detail
			}
		}
		t.Fatalf("the project's lwIP was not measured: %v", diags)
		return nil, ""
	}
	stock, _ := plan()
	cp := filepath.Join(dir, ".cproject")
	b, _ := os.ReadFile(cp)
	withDebug := strings.Replace(string(b), `<listOptionValue builtIn="false" value="USE_HAL_DRIVER"/>`, `<listOptionValue builtIn="false" value="USE_HAL_DRIVER"/><listOptionValue builtIn="false" value="LWIP_DEBUG=1"/>`, 1)
	if withDebug == string(b) {
		t.Fatal("fixture: no USE_HAL_DRIVER defined symbol")
	}
	os.WriteFile(cp, []byte(withDebug), 0o644)
	g, finding := plan()
	if u := g.Project.LwIPUnit(); u == nil || u.Macros()["LWIP_DEBUG"] != "1" {
		t.Fatalf("the model's lwIP unit lacks the build's LWIP_DEBUG=1: %+v", u)
	}
	var grew []string
	for sym, n := range g.Plan.RAM.Symbols {
		if n != stock.Plan.RAM.Symbols[sym] {
			grew = append(grew, sym)
		}
	}
	if len(grew) == 0 || !strings.Contains(finding, "measured with the cross compiler") {
		t.Errorf("LWIP_DEBUG=1 changed no planned size (%v); finding %q", grew, finding)
	}
	t.Logf("planned differently with LWIP_DEBUG=1: %v; %s", grew, finding)
}
