package importer

import (
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/zclconf/go-cty/cty"
)

// family_rules.tsv: what a family's memories are by address - DMA reach and
// default cacheability - and which shipped chip carries the family's core
// and Ethernet MAC facts (MPU region count, cache, descriptor size).
//
//go:embed data/family_rules.tsv
var familyRulesTSV string

type addrRule struct {
	family, prefix, ref string
	from, to            uint64
	dma, cacheable      bool
	note, source        string
}

func familyRules() []addrRule {
	var out []addrRule
	for i, l := range strings.Split(strings.TrimSpace(familyRulesTSV), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) < 9 {
			continue
		}
		from, _ := strconv.ParseUint(f[3], 0, 64)
		to, _ := strconv.ParseUint(f[4], 0, 64)
		out = append(out, addrRule{f[0], f[1], f[2], from, to, f[5] == "true", f[6] == "true", f[7], f[8]})
	}
	return out
}

// ldMemory is one line of a linker script's MEMORY block.
type ldMemory struct {
	Name       string
	Attr       string
	Base, Size uint64
	Line       int
}

var (
	memBlockRe = regexp.MustCompile(`(?s)MEMORY\s*\{(.*?)\}`)
	memLineRe  = regexp.MustCompile(`^\s*([A-Za-z_][\w]*)\s*(\(([^)]*)\))?\s*:\s*(ORIGIN|org|o)\s*=\s*(0x[0-9A-Fa-f]+|\d+)\s*,\s*(LENGTH|len|l)\s*=\s*(0x[0-9A-Fa-f]+|\d+)\s*([KkMm]?)`)
	ldComment  = regexp.MustCompile(`(?s)/\*.*?\*/`)
	partRe     = regexp.MustCompile(`^(stm32|gd32)[a-z]\d{3}[a-z0-9]{2}`)
)

// parseMemory reads the MEMORY block of a GNU ld script.
func parseMemory(src string) ([]ldMemory, error) {
	loc := memBlockRe.FindStringSubmatchIndex(src)
	if loc == nil {
		return nil, fmt.Errorf("no MEMORY { } block")
	}
	body := src[loc[2]:loc[3]]
	startLine := 1 + strings.Count(src[:loc[2]], "\n")
	var out []ldMemory
	for i, l := range strings.Split(ldComment.ReplaceAllStringFunc(body, func(c string) string { return strings.Repeat("\n", strings.Count(c, "\n")) }), "\n") {
		m := memLineRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		base, err1 := strconv.ParseUint(m[5], 0, 64)
		size, err2 := strconv.ParseUint(m[7], 0, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		switch strings.ToUpper(m[8]) {
		case "K":
			size <<= 10
		case "M":
			size <<= 20
		}
		out = append(out, ldMemory{Name: m[1], Attr: m[3], Base: base, Size: size, Line: startLine + i})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("MEMORY { } lists no memory")
	}
	return out, nil
}

// derivedChip is a chip written from a project's linker script and its
// family's rules, for review beside the board.
type derivedChip struct {
	Name     string
	HCL      []byte
	Inferred []string // which facts were inferred, and from what
}

// deriveChip builds a chip file for mcu (as the .ioc names it, e.g.
// STM32H723ZGTx) from the linker script's MEMORY and the family rules; the
// core and Ethernet facts come from the family's reference chip.
func deriveChip(mcu, ldFile string, ld []byte, chips board.Chips) (*derivedChip, error) {
	up := strings.ToUpper(mcu)
	var rules []addrRule
	for _, r := range familyRules() {
		if strings.HasPrefix(up, r.prefix) {
			rules = append(rules, r)
		}
	}
	if len(rules) == 0 {
		return nil, fmt.Errorf("MCU %s: lwipgen knows no rules for its family (STM32H7, STM32F7, STM32F4, GD32F4)", mcu)
	}
	ref, ok := chips[rules[0].ref]
	if !ok {
		return nil, fmt.Errorf("reference chip %s is missing", rules[0].ref)
	}
	mems, err := parseMemory(string(ld))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", ldFile, err)
	}
	// the part without package and temperature letters: STM32H723ZGTx -> stm32h723zg
	name := strings.ToLower(up)
	if m := partRe.FindString(name); m != "" {
		name = m
	}
	d := &derivedChip{Name: name}
	f := hclwrite.NewEmptyFile()
	root := f.Body()
	comment(root, fmt.Sprintf("%s: derived by lwipgen import from %s and the %s family rules; review before use.", up, ldFile, rules[0].family),
		fmt.Sprintf("Core, MPU and Ethernet MAC facts are those of the shipped %s (same family).", ref.Name))
	blk := root.AppendNewBlock("chip", []string{name}).Body()
	blk.SetAttributeValue("family", cty.StringVal(ref.Family))
	blk.SetAttributeValue("vendor", cty.StringVal(ref.Vendor))
	blk.SetAttributeValue("description", cty.StringVal(up+" (derived from "+ldFile+")"))
	var flows []cty.Value
	for _, fl := range ref.Flows {
		flows = append(flows, cty.StringVal(fl))
	}
	blk.SetAttributeValue("flows", cty.ListVal(flows))
	d.Inferred = append(d.Inferred, writeRefCore(blk, ref))
	code, data := d.writeMemories(blk, name, ldFile, mems, rules, ref)
	if code != "" {
		blk.SetAttributeValue("code_memory", cty.StringVal(code))
	}
	if data != "" {
		blk.SetAttributeValue("data_memory", cty.StringVal(data))
	}
	writeRefEthernet(blk, ref)
	d.HCL = hclwrite.Format(f.Bytes())
	return d, nil
}

// writeRefCore writes the reference chip's core (same core, cache and MPU in
// the family) and returns what it inferred.
func writeRefCore(blk *hclwrite.Body, ref *board.Chip) string {
	core := blk.AppendNewBlock("core", nil).Body()
	c := ref.Core
	comment(core, "from "+ref.Name+": same core, cache and MPU in the family")
	core.SetAttributeValue("cpu", cty.StringVal(c.CPU))
	core.SetAttributeValue("arch", cty.StringVal(c.Arch))
	core.SetAttributeValue("fpu", cty.StringVal(c.FPU))
	core.SetAttributeValue("float_abi", cty.StringVal(c.FloatABI))
	core.SetAttributeValue("thumb", cty.BoolVal(c.Thumb))
	core.SetAttributeValue("dcache", cty.BoolVal(c.DCache))
	if c.DCacheLine > 0 {
		core.SetAttributeValue("dcache_line", cty.NumberIntVal(int64(c.DCacheLine)))
	}
	core.SetAttributeValue("mpu_regions", cty.NumberIntVal(int64(c.MPURegions)))
	comment(core, "the clock is the reference chip's: set this part's core clock")
	core.SetAttributeValue("clock_hz", cty.NumberIntVal(c.ClockHz))
	core.SetAttributeValue("mem_alignment", cty.NumberIntVal(int64(c.MemAlign)))
	return fmt.Sprintf("core, MPU (%d regions), cache and Ethernet MAC from %s; clock_hz %d is %s's", c.MPURegions, ref.Name, c.ClockHz, ref.Name)
}

// writeMemories writes a memory block per linker MEMORY region (a region
// over several memories of the reference's product line as those memories),
// with dma and cacheable by the family's address rules, and returns the code
// and data memories: the first flash and the first RAM.
func (d *derivedChip) writeMemories(blk *hclwrite.Body, name, ldFile string, mems []ldMemory, rules []addrRule, ref *board.Chip) (code, data string) {
	for _, m := range mems {
		// A RAM the script declares as one over several memories of the same
		// product line (STM32F767IG's RAM 512K = DTCM 128K + SRAM1 368K + SRAM2
		// 16K, as on the F767ZI): the reference chip's memories, which differ in
		// cacheability, instead of one memory with the facts of its first.
		if parts := sameLineParts(name, ref, m); len(parts) > 1 {
			for _, r := range parts {
				mb := blk.AppendNewBlock("memory", []string{r.Name}).Body()
				comment(mb, fmt.Sprintf("%s line %d: %s (%s) ORIGIN 0x%08X LENGTH %d holds %s at 0x%08X, %s as on %s (the same product line)", ldFile, m.Line, m.Name, m.Attr, m.Base, m.Size, r.Name, r.Base, sizeString(r.Size), ref.Name))
				mb.SetAttributeValue("base", cty.StringVal(fmt.Sprintf("0x%08X", r.Base)))
				mb.SetAttributeValue("size", cty.StringVal(sizeString(r.Size)))
				mb.SetAttributeValue("dma", cty.BoolVal(r.DMA))
				if r.Cacheable {
					mb.SetAttributeValue("cacheable", cty.True)
				}
				if r.Note != "" {
					mb.SetAttributeValue("note", cty.StringVal(r.Note))
				}
				if data == "" {
					data = r.Name
				}
			}
			d.Inferred = append(d.Inferred, fmt.Sprintf("memory %s split into %s's %d memories at the same addresses (same product line)", m.Name, ref.Name, len(parts)))
			continue
		}
		// the most specific rule: the one starting closest below the base
		var rule *addrRule
		for i := range rules {
			if m.Base >= rules[i].from && m.Base < rules[i].to && (rule == nil || rules[i].from > rule.from) {
				rule = &rules[i]
			}
		}
		mb := blk.AppendNewBlock("memory", []string{strings.ToLower(m.Name)}).Body()
		comment(mb, fmt.Sprintf("%s line %d: %s (%s) ORIGIN 0x%08X LENGTH %d", ldFile, m.Line, m.Name, m.Attr, m.Base, m.Size))
		kind := board.MemoryRAM
		if !strings.Contains(m.Attr, "w") && strings.Contains(m.Attr, "x") || strings.Contains(strings.ToUpper(m.Name), "FLASH") {
			kind = board.MemoryFlash
		}
		if kind == board.MemoryFlash {
			mb.SetAttributeValue("kind", cty.StringVal(string(board.MemoryFlash)))
			if code == "" {
				code = strings.ToLower(m.Name)
			}
		} else if data == "" {
			data = strings.ToLower(m.Name)
		}
		mb.SetAttributeValue("base", cty.StringVal(fmt.Sprintf("0x%08X", m.Base)))
		mb.SetAttributeValue("size", cty.StringVal(sizeString(m.Size)))
		if rule == nil {
			comment(mb, "no family rule covers this address: assumed not reachable by the Ethernet DMA")
			mb.SetAttributeValue("dma", cty.False)
			d.Inferred = append(d.Inferred, fmt.Sprintf("memory %s at 0x%08X: no family rule, assumed dma = false", m.Name, m.Base))
			continue
		}
		comment(mb, fmt.Sprintf("dma/cacheable: %s (%s)", rule.note, rule.source))
		mb.SetAttributeValue("dma", cty.BoolVal(rule.dma))
		if rule.cacheable {
			mb.SetAttributeValue("cacheable", cty.True)
		}
		mb.SetAttributeValue("note", cty.StringVal(rule.note))
		d.Inferred = append(d.Inferred, fmt.Sprintf("memory %s: dma = %v, cacheable = %v by address (%s)", strings.ToLower(m.Name), rule.dma, rule.cacheable, rule.note))
	}
	return code, data
}

// writeRefEthernet writes the reference chip's Ethernet MAC: the family's
// MAC and its HAL descriptor layout.
func writeRefEthernet(blk *hclwrite.Body, ref *board.Chip) {
	e := ref.Ethernet
	eth := blk.AppendNewBlock("ethernet", nil).Body()
	comment(eth, "from "+ref.Name+": the family's MAC and its HAL descriptor layout")
	eth.SetAttributeValue("mac", cty.StringVal(e.MAC))
	eth.SetAttributeValue("descriptor_size", cty.NumberIntVal(int64(e.DescriptorSize)))
	eth.SetAttributeValue("descriptor_align", cty.NumberIntVal(int64(e.DescriptorAlign)))
	eth.SetAttributeValue("max_speed_mbps", cty.NumberIntVal(int64(e.MaxSpeedMbps)))
	eth.SetAttributeValue("checksum_offload", cty.BoolVal(e.ChecksumOffload))
	eth.SetAttributeValue("default_rx_descriptors", cty.NumberIntVal(int64(e.DefaultRxDesc)))
	eth.SetAttributeValue("default_tx_descriptors", cty.NumberIntVal(int64(e.DefaultTxDesc)))
	eth.SetAttributeValue("max_rx_buffer_len", cty.NumberIntVal(int64(e.MaxRxBufferLen)))
	var ifs []cty.Value
	for _, i := range e.Interfaces {
		ifs = append(ifs, cty.StringVal(i))
	}
	if len(ifs) > 0 {
		eth.SetAttributeValue("interfaces", cty.ListVal(ifs))
	}
}

// sameLineParts returns the reference chip's RAMs that tile linker memory m
// exactly, when part (e.g. stm32f767ig) is of the reference's product line
// (stm32f767zi: the same first nine characters, the same die and RAM map);
// nil otherwise.
func sameLineParts(part string, ref *board.Chip, m ldMemory) []board.Memory {
	if len(part) < 9 || len(ref.Name) < 9 || part[:9] != ref.Name[:9] {
		return nil
	}
	var parts []board.Memory
	for _, r := range ref.Memories {
		if r.Kind != board.MemoryFlash && r.Base >= m.Base && r.Base+r.Size <= m.Base+m.Size {
			parts = append(parts, r)
		}
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].Base < parts[j].Base })
	at := m.Base
	for _, r := range parts {
		if r.Base != at {
			return nil
		}
		at += r.Size
	}
	if at != m.Base+m.Size {
		return nil
	}
	return parts
}

func sizeString(n uint64) string {
	switch {
	case n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return strconv.FormatUint(n, 10)
}
