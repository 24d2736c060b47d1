package audit

import (
	"context"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/auditreg"
	"path/filepath"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/project"
)

// Project is what `audit --project DIR` finds in a CubeMX, GD32, RT-Thread or
// Vitis project (or any project with a compile_commands.json).
type Project struct {
	Root         string   `json:"root"`
	Kind         string   `json:"kind"` // cubemx | gd32 | rtthread | vitis | compile_commands | generic
	Lwipopts     string   `json:"lwipopts"`
	IncludeDirs  []string `json:"include_dirs"`
	Defines      []string `json:"defines"`
	LwipDir      string   `json:"lwip_dir,omitempty"`
	LwipVersion  string   `json:"lwip_version,omitempty"`
	MCU          string   `json:"mcu,omitempty"`
	Chip         string   `json:"chip,omitempty"` // lwipgen chip file matching the MCU
	LinkerScript string   `json:"linker_script,omitempty"`
	From         []string `json:"from"` // the files the context was read from
	// Forced are the files the build force-includes into lwIP's sources
	// (-include: RT-Thread Studio's rtconfig_preinc.h)
	Forced []string `json:"forced_includes,omitempty"`
	// Model is the project model the context was read from
	Model *project.Model `json:"-"`
	// Compiler is the toolchain the project's build files are for when that
	// is not gcc: "keil" (MDK-ARM .uvprojx) or "iar" (EWARM .ewp)
	Compiler string `json:"compiler,omitempty"`
}

// DetectProject reads the project in root the way every command does (the
// project model: its own build's compile commands) and returns what the
// audit needs: the lwipopts.h lwIP's sources include, the include paths,
// definitions and forced includes lwIP is compiled with, the lwIP tree the
// build compiles, the MCU and the linker script.
func DetectProject(root string) (*Project, error) {
	m, err := project.Open(context.Background(), root, project.Options{})
	if err != nil {
		return nil, err
	}
	return FromModel(m)
}

// FromModel is the audit's view of a project model.
func FromModel(m *project.Model) (*Project, error) {
	p := &Project{Root: m.Root, Kind: "generic", Model: m}
	switch {
	case m.Flow != "":
		p.Kind = m.Flow
	case m.Build != nil:
		p.Kind = string(m.Build.System)
	}
	if m.Build != nil {
		p.From = append(p.From, m.Build.File)
		switch m.Build.System {
		case project.SysKeil, project.SysIAR:
			p.Compiler = string(m.Build.System)
		}
	}
	opts := m.Value(project.KeyLwipopts)
	if opts == "" {
		return nil, fmt.Errorf("%s: no lwipopts.h found (lwipgen inspect --project %s shows what the build compiles)", m.Root, m.Root)
	}
	p.Lwipopts = m.Abs(opts)
	p.From = append(p.From, opts)
	// lwIP's own unit: what opt.h sees; without one, an application unit
	u := m.LwIPUnit()
	if u == nil {
		u = m.AppUnit()
	}
	if u != nil {
		p.IncludeDirs = append(append(append([]string{}, u.Quote...), u.Includes...), u.System...)
		for _, d := range u.Defines {
			switch {
			case d.Undef:
			case d.Value == "1":
				p.Defines = append(p.Defines, d.Name)
			default:
				p.Defines = append(p.Defines, d.Name+"="+d.Value)
			}
		}
		p.Forced = append(p.Forced, u.Forced...)
	} else {
		// no build read: the folder of the lwipopts.h found
		p.IncludeDirs = []string{filepath.Dir(p.Lwipopts)}
	}
	if t := m.LwIPTree(); t != "" {
		p.LwipDir, p.LwipVersion = t, m.Value(project.KeyLwipVersion)
		// judged only by the lwIP the build compiles: an older release has
		// other options, rules and types, and compiling it with lwipgen's
		// 2.1 tables reported their differences as the file's errors
		if _, err := lwip.ParseVersion(p.LwipVersion); err != nil && p.LwipVersion != "" {
			f, _ := m.Fact(project.KeyLwipVersion)
			return nil, fmt.Errorf("%s: the project's build compiles lwIP %s (%s, %s); lwipgen audits files for lwIP 2.1.x and 2.2.x only, so %s is not judged (nothing compiled)", m.Root, p.LwipVersion, m.Value(project.KeyLwipDir), f.From, opts)
		}
	}
	if ld := m.Value(project.KeyLinkerScript); ld != "" {
		p.LinkerScript = m.Abs(ld)
	}
	p.MCU = m.Value(project.KeyMCU)
	p.Chip = chipForMCU(p.MCU)
	return p, nil
}

// chipForMCU is the chip file for a project's MCU: the part's own chip
// file when lwipgen has one, else the family's stand-in a flow registered
// (auditreg.RegisterMCUChip).
func chipForMCU(mcu string) string {
	// the chip file of the part itself, as import maps it (board.Chips.ForMCU):
	// an STM32F429 is stm32f429zi, not the F4 family's stand-in
	if chips, d := (board.Source{}).Chips(); !d.HasErrors() {
		if c := chips.ForMCU(mcu); c != "" {
			return c
		}
	}
	return auditreg.ChipForMCU(mcu)
}
