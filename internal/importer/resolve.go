package importer

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/project"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// decision is one value of the imported board with the reason it has it:
// the reason is written beside the value in the board file, so each
// resolver below returns both together instead of threading value/why
// pairs by hand.
type decision[T any] struct {
	Value T
	Why   string
}

func decide[T any](v T, why string) decision[T] { return decision[T]{Value: v, Why: why} }

// resolveVersion: --lwip-version, else the project's, else lwipgen's default.
// The text keeps the version as the board file spells it (2.1.2, not
// v2.1.2_Cube).
func resolveVersion(in *input, o Options) (decision[string], lwip.Version, error) {
	d := decide(o.LwIPVersion, "--lwip-version")
	if d.Value == "" && in.version != "" {
		d = decide(in.version, in.versionWhy)
	}
	if d.Value == "" {
		d = decide("2.1.3", "nothing says which lwIP the project has: lwipgen's default")
	}
	v, err := lwip.ParseVersion(d.Value)
	if err != nil {
		// say where the version came from (an STM32CubeH7 1.8 project carries lwIP 2.0.3)
		return d, v, fmt.Errorf("%s: %v", d.Why, err)
	}
	if v != lwip.V22x {
		d.Value = string(v) // v2.1.2_Cube -> 2.1.2
	} else if !slices.Contains(board.LwIPVersions, d.Value) {
		// a 2.2 release (or git snapshot) newer than lwipgen's tables: say so
		// here, with where it was read, not as an undecodable board
		return d, v, fmt.Errorf("%s: lwIP %s is not a release lwipgen models (%s); to plan it with the 2.2 line's newest lwipgen knows, import with --lwip-version %s and review what the project's lwIP changed", d.Why, d.Value, strings.Join(board.LwIPVersions, ", "), board.LwIPVersions[len(board.LwIPVersions)-1])
	}
	return d, v, nil
}

// resolveChip: --chip, else the chip file matching the input's MCU, else one
// derived from the project's linker script (recorded in res for review).
func resolveChip(in *input, proj *projectFiles, o Options, chips board.Chips, res *Result) (decision[string], error) {
	d := decide(o.Chip, "--chip")
	if d.Value == "" && in.chip != "" {
		d.Value = chips.ForMCU(in.chip) // the mapping audit uses too
		d.Why = fmt.Sprintf("%s names the MCU %s; chip file %s matches it", in.chipFrom, in.chip, d.Value)
		if d.Value == "" {
			if proj == nil || proj.linker == "" {
				return d, fmt.Errorf("%s: MCU %s is not a chip lwipgen knows; pass --chip, or import --project DIR so lwipgen can derive one from the project's linker script", in.name, in.chip)
			}
			dc, err := deriveChip(in.chip, proj.linker, proj.read(proj.linker), chips)
			if err != nil {
				return d, fmt.Errorf("%s: MCU %s is not a chip lwipgen knows and none could be derived: %v", in.name, in.chip, err)
			}
			res.ChipFile = filepath.Join(filepath.Dir(outOr(o.Out, "imported.hcl")), "chips", dc.Name+".hcl")
			res.ChipHCL, res.Inferred = dc.HCL, dc.Inferred
			if dd := chips.Add(dc.HCL, res.ChipFile); dd.HasErrors() {
				return d, fmt.Errorf("the chip derived from %s does not decode: %v", proj.linker, dd)
			}
			d = decide(dc.Name, fmt.Sprintf("%s names the MCU %s, which no chip file describes: derived from %s into %s (review it)", in.chipFrom, in.chip, proj.linker, res.ChipFile))
		}
	}
	if d.Value == "" {
		return d, fmt.Errorf("%s does not say which chip it is for; pass --chip (one of the boards/chips names)", in.name)
	}
	return d, nil
}

// resolveRTOS: --rtos, else the project's (and its CMSIS layer), else NO_SYS.
func resolveRTOS(in *input, o Options, inCfg *lwip.Config) decision[string] {
	d := decide(o.RTOS, "--rtos")
	if d.Value == "" && in.rtos != "" {
		d = decide(in.rtos, in.name+" uses FreeRTOS")
		if in.rtos == "none" {
			d.Why = in.name + ": no RTOS (FREERTOS is not among the .ioc's IPs)"
		}
		if in.rtosWhy != "" {
			d.Why = in.rtosWhy
		}
		if in.cmsisWhy != "" {
			d.Why += " through " + map[string]string{"v1": "CMSIS-RTOS v1", "v2": "CMSIS-RTOS2"}[in.cmsis] + ": " + in.cmsisWhy
		}
	}
	if d.Value == "" {
		d = decide("freertos", "NO_SYS is 0 (lwIP's default): an RTOS")
		if n, _ := inCfg.Int("NO_SYS"); n != 0 {
			d = decide("none", "NO_SYS 1: bare metal")
		}
	}
	return d
}

// resolveVendor: --vendor, else the flow that claims the imported file or
// the project's .ioc (project.ClaimFile), else the chip's first flow.
func resolveVendor(in *input, proj *projectFiles, o Options, chip *board.Chip) decision[string] {
	d := decide(o.Vendor, "--vendor")
	if d.Value == "" && len(chip.Flows) > 0 {
		d = decide(chip.Flows[0], "the chip's first flow")
		if in.isIOC && in.claimed.Value != "" {
			d = in.claimed
		} else if proj != nil && proj.claimed.Value != "" {
			d = proj.claimed
		}
	}
	return d
}

// claimFile is the flow that recognises the file on its own, if any.
func claimFile(name string, head []byte) decision[string] {
	if f, why, ok := project.ClaimFile(name, head); ok {
		return decide(f, why)
	}
	return decision[string]{}
}

// resolveEthernet: the PHY, interface and speed, each from the options, the
// .ioc, or the vendor's evaluation boards.
func resolveEthernet(in *input, o Options, chip *board.Chip) (phy, iface decision[string], speed decision[int]) {
	phy = decide(o.PHY, "--phy")
	if phy.Value == "" && in.phy != "" {
		phy = decide(in.phy, "the .ioc's PHY component")
	}
	if phy.Value == "" {
		phy.Value = "LAN8742A"
		if g, ok := flow.GlueFor(chip.Ethernet.MAC); ok {
			phy.Value = g.DefaultPHY() // the vendor's evaluation boards
		}
		phy.Why = "the PHY of the vendor's evaluation boards (nothing in the input names one)"
	}
	iface = decide(o.Interface, "--interface")
	if iface.Value == "" && in.iface != "" {
		iface = decide(in.iface, "the .ioc's ETH.MediaInterface")
	}
	if iface.Value == "" {
		iface = decide("rmii", "not in the input: RMII, as on ST's Nucleo and GD's eval boards")
	}
	speed = decide(o.SpeedMbps, "--speed")
	if speed.Value == 0 {
		speed = decide(100, "not in the input: 100 Mbit/s, what the 10/100 MACs and PHYs of these boards negotiate")
	}
	return phy, iface, speed
}

// resolveHeapRegion: the RAM LWIP_RAM_HEAP_POINTER points into ("" when the
// input has none: lwipgen chooses).
func resolveHeapRegion(in *input, chip *board.Chip) decision[string] {
	var d decision[string]
	if in.heapPointer == "" {
		return d
	}
	a, err := strconv.ParseUint(strings.TrimRight(in.heapPointer, "uU"), 0, 64)
	if err != nil {
		return d
	}
	for _, m := range chip.Memories {
		if a >= m.Base && a < m.End() && m.Kind == board.MemoryRAM {
			d = decide(m.Name, fmt.Sprintf("LWIP_RAM_HEAP_POINTER %s (%s) is in %s", in.heapPointer, in.where["LWIP_RAM_HEAP_POINTER"], m.Name))
		}
	}
	return d
}

// resolveMPUFirst: the first MPU region after those the project's
// MPU_Config() programs (warned in res when none is left).
func resolveMPUFirst(in *input, chip *board.Chip, res *Result) decision[int] {
	var d decision[int]
	if chip.Core.MPURegions == 0 || len(in.mpu) == 0 {
		return d
	}
	var taken []string
	for _, r := range in.mpu {
		t := fmt.Sprintf("region %d", r.Number)
		if r.Base != "" {
			t += fmt.Sprintf(" (%s, %s)", r.Base, r.Size)
		}
		taken = append(taken, t+" at "+r.Where)
		d.Value = max(d.Value, r.Number+1)
	}
	d.Why = "MPU_Config() programs " + strings.Join(taken, "; ") + ": lwipgen's regions come after them"
	if d.Value >= chip.Core.MPURegions {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: the project's MPU_Config() uses MPU regions up to %d of the %d the %s has: none is left for lwipgen's", in.name, d.Value-1, chip.Core.MPURegions, chip.Name))
	}
	return d
}

// dmaRAMs lists the DMA-reachable RAMs other than skip, largest first: where
// the fitting step looks when the heap pointer's memory is too small.
func dmaRAMs(chip *board.Chip, skip string) []string {
	var rams []board.Memory
	for _, m := range chip.Memories {
		if m.Kind == board.MemoryRAM && m.DMA && m.Name != skip {
			rams = append(rams, m)
		}
	}
	sort.SliceStable(rams, func(i, j int) bool { return rams[i].Size > rams[j].Size })
	var names []string
	for _, m := range rams {
		names = append(names, m.Name)
	}
	return names
}
