package mpu

import (
	"os"
	"strings"
	"testing"
)

// TestReadMPUConfig: the regions a CubeMX MPU_Config() programs, with the init struct's fields
// carried from one HAL_MPU_ConfigRegion call to the next (testdata/mpu_config_h743.c).
func TestReadMPUConfig(t *testing.T) {
	src, err := os.ReadFile("testdata/mpu_config_h743.c")
	if err != nil {
		t.Fatal(err)
	}
	got := ReadMPUConfig(src, "Core/Src/main.c")
	if len(got) != 2 {
		t.Fatalf("%d regions, want 2: %+v", len(got), got)
	}
	bg, r3 := got[0], got[1]
	if bg.Number != 0 || !bg.Enabled || !bg.Known || bg.Base != 0 || bg.Size != 1<<32 || bg.SRD != 0x87 || bg.AP != 0 || bg.S != 1 || !bg.XN {
		t.Errorf("background region: %+v", bg)
	}
	if r3.Number != 3 || !r3.Enabled || !r3.Known || r3.Base != 0x30000000 || r3.Size != 128<<10 || r3.SRD != 0 ||
		r3.TEX != 1 || r3.C != 1 || r3.B != 1 || r3.S != 0 || r3.AP != 3 || !r3.XN {
		t.Errorf("region 3 (Enable and DisableExec carried from region 0): %+v", r3)
	}
	if r3.Where != "Core/Src/main.c:41" || r3.NumberAt != "Core/Src/main.c:31" {
		t.Errorf("region 3 at %s, number at %s; want Core/Src/main.c:41 and :31", r3.Where, r3.NumberAt)
	}
	if r3.AttrText() != "normal-wbwa" {
		t.Errorf("region 3 attributes %q", r3.AttrText())
	}
	// a value the reader cannot resolve leaves the region unknown (never a guess)
	odd := strings.Replace(string(src), "0x30000000;", "D2_SRAM1_BASE;", 1)
	if r := ReadMPUConfig([]byte(odd), "main.c"); len(r) != 2 || r[1].Known {
		t.Errorf("a symbolic base: %+v", r)
	}
}

// TestOverrides: a project region numbered above one of lwipgen's wins where they overlap; one that
// changes the memory type there is reported with the overlap, one numbered below, one with the same
// type, one outside, and one whose disabled subregions cover the overlap are not.
func TestOverrides(t *testing.T) {
	src, _ := os.ReadFile("testdata/mpu_config_h743.c")
	project := ReadMPUConfig(src, "main.c")
	own := []Region{
		{Number: 1, Base: 0x30000000, Size: 64 << 10, Attr: NormalNonCacheable, SRD: 0xE0, Covers: []string{".lwip_nocache"}},
		{Number: 2, Base: 0x3000A000, Size: 512, Attr: Device, SRD: 0xC0, Covers: []string{".lwip_dma_desc"}},
	}
	got := Overrides(project, own)
	if len(got) != 2 || got[0].Own.Number != 1 || got[0].Project.Number != 3 || got[0].Lo != 0x30000000 || got[0].Hi != 0x3000A000 ||
		got[1].Own.Number != 2 || got[1].Lo != 0x3000A000 || got[1].Hi != 0x3000A180 {
		t.Fatalf("overrides %+v", got)
	}
	same := project[1]
	same.TEX, same.C, same.B = 1, 0, 0
	if o := Overrides([]Programmed{same}, own[:1]); len(o) != 0 {
		t.Errorf("a normal-noncacheable region over lwipgen's normal-noncacheable one: %+v", o)
	}
	below := project[1]
	below.Number = 0
	if o := Overrides([]Programmed{below}, own); len(o) != 0 {
		t.Errorf("a region numbered below lwipgen's: %+v", o)
	}
	holed := project[1] // 128 KB: subregions of 16 KB; 0x30000000-0x3000BFFF are the first three
	holed.SRD = 0x07
	if o := Overrides([]Programmed{holed}, own); len(o) != 0 {
		t.Errorf("a region whose disabled subregions cover lwipgen's: %+v", o)
	}
	away := project[1]
	away.Base = 0x24000000
	if o := Overrides([]Programmed{away}, own); len(o) != 0 {
		t.Errorf("a region elsewhere: %+v", o)
	}
}
