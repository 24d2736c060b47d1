package report

import (
	"fmt"
	"sort"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/render"
)

type svgBox struct {
	X, Y, W, H   float64
	Fill, Stroke string
	Dash         bool
	Title        string
}

type svgLabel struct {
	X, Y float64
	Text string
}

type svgRow struct {
	Y      int
	Label  string
	Range  string
	Fill   string
	Boxes  []svgBox
	Labels []svgLabel
}

type svgLegend struct {
	X, Y         float64
	Fill, Stroke string
	Dash         bool
	Text         string
}

// fill is one colour of the map and what it means; the legend lists exactly
// the fills that are drawn.
type fill struct{ Color, Meaning string }

var (
	fillDMAMemory = fill{"#cfe8cf", "RAM the Ethernet DMA reaches"}
	fillCPUMemory = fill{"#e0e0e0", "RAM the Ethernet DMA cannot reach"}
	fillFlash     = fill{"#fff3cd", "flash"}
	fillCarve     = fill{"#6f42c1", "lwipgen's sections (zoomed below)"}
	fillMPU       = fill{"none", "MPU region (enabled subregions)"}
	fillLinked    = fill{"#8c8c8c", "linked sections (the size table's used bytes)"}
	// with a data cache: the attribute the MPU/TLB gives each section
	attrFill = map[layout.Attr]fill{layout.AttrDevice: {"#d9534f", "device (DMA descriptors)"}, layout.AttrNonCacheable: {"#f0ad4e", "non-cacheable"},
		layout.AttrWriteThrough: {"#8fd19e", "write-through"}, layout.AttrCacheable: {"#5bc0de", "DMA buffers, cacheable (cache maintenance)"}}
	fillCPUPools = fill{"#337ab7", "lwIP heap and pools (CPU only)"}
	// without a data cache there is nothing to maintain: DMA or CPU only
	fillDMASection = fill{"#5bc0de", "Ethernet DMA descriptors and buffers"}
)

// Text metrics for laying labels out without overlaps. They are deliberately
// generous (sans-serif averages ~0.55 em); TestSVGLabelsDoNotOverlap
// measures the real boxes in Chromium.
const (
	charW11   = 7.0 // px per character at font-size 11
	charW12   = 7.5 // px per character at font-size 12
	laneH     = 13.0
	barX      = 170.0
	barW      = 900.0
	svgMargin = 10.0
)

// lanes places labels left to right on the first lane where they do not
// overlap the previous one, so that close sections get labels on separate
// lines; it returns the number of lanes used.
func lanes(labels []svgLabel, y0 float64, maxX float64) ([]svgLabel, int) {
	sort.SliceStable(labels, func(i, j int) bool { return labels[i].X < labels[j].X })
	var ends []float64
	for i := range labels {
		w := float64(len(labels[i].Text))*charW11 + 6
		if labels[i].X+w > maxX { // keep it inside the picture
			labels[i].X = maxX - w
		}
		lane := 0
		for lane < len(ends) && ends[lane] > labels[i].X {
			lane++
		}
		if lane == len(ends) {
			ends = append(ends, 0)
		}
		ends[lane] = labels[i].X + w
		labels[i].Y = y0 + laneH*float64(lane)
	}
	return labels, len(ends)
}

// SVG renders memory-map.svg: one bar per memory of the chip in address
// order (flash included), and under each memory that holds lwipgen sections
// a zoomed bar of the part lwipgen owns, with the sections and MPU regions
// to scale. Cache attributes are shown only for a core with a data cache.
// u is the size table of the linked ELF (nil before linking): each memory's
// bar then shows where the table's used bytes are, with the same number and
// units as the table, and lwipgen's part both reserved and used.
func SVG(l *layout.Layout, u *memusage.Usage) ([]byte, error) {
	var rows []svgRow
	used := map[fill]bool{}
	y := 0
	chip := l.Board.Chip
	dcache := chip.Core.DCache
	mems := append([]board.Memory(nil), chip.Memories...)
	sort.SliceStable(mems, func(i, j int) bool { return mems[i].Base < mems[j].Base })
	for _, m := range mems {
		f := fillCPUMemory
		switch {
		case m.Kind == board.MemoryFlash:
			f = fillFlash
		case m.DMA:
			f = fillDMAMemory
		}
		used[f] = true
		scale := func(a uint64) float64 { return barX + barW*float64(a-m.Base)/float64(m.Size) }
		rng := fmt.Sprintf("0x%08X..0x%08X  %s %s", m.Base, m.End()-1, memusage.Human(m.Size), m.Kind)
		if dcache && m.Cacheable {
			rng += ", cacheable"
		}
		row := svgRow{Label: m.Name, Fill: f.Color, Range: rng}
		if r := usedIn(u, m.Name); r != nil {
			row.Range += fmt.Sprintf(";  %s used (%.1f%%)", memusage.Human(r.Used), r.Percent())
			for _, sp := range r.Spans {
				used[fillLinked] = true
				row.Boxes = append(row.Boxes, svgBox{X: scale(sp.Start), Y: 22, W: max(1, scale(sp.End)-scale(sp.Start)), H: 18, Fill: fillLinked.Color, Stroke: "none",
					Title: fmt.Sprintf("%s 0x%08X..0x%08X %s", sp.Name, sp.Start, sp.End, memusage.Human(sp.End-sp.Start))})
			}
		}
		var zoom *svgRow
		zoomH := 0
		for _, c := range l.Carves {
			if c.Memory != m.Name {
				continue
			}
			used[fillCarve] = true
			row.Boxes = append(row.Boxes, svgBox{X: scale(c.Base), Y: 18, W: max(2, scale(c.End)-scale(c.Base)), H: 26, Fill: fillCarve.Color, Stroke: "#000",
				Title: fmt.Sprintf("lwipgen sections 0x%08X..0x%08X", c.Base, c.End)})
			z := svgRow{Label: "  lwipgen part", Fill: f.Color,
				Range: fmt.Sprintf("0x%08X..0x%08X  %s reserved, %s of it in lwIP's and the driver's objects", c.Base, c.End-1, memusage.Human(c.End-c.Base), memusage.Human(c.Used))}
			span := float64(c.End - c.Base)
			zs := func(a uint64) float64 { return barX + barW*float64(a-c.Base)/span }
			var labels []svgLabel
			for _, s := range l.Sections {
				if s.Memory != m.Name {
					continue
				}
				sf := sectionFill(s, dcache)
				used[sf] = true
				z.Boxes = append(z.Boxes, svgBox{X: zs(s.Base), Y: 18, W: max(2, zs(s.End())-zs(s.Base)), H: 26, Fill: sf.Color, Stroke: "#222",
					Title: fmt.Sprintf("%s 0x%08X %d B (%s, %d B used)", s.Name, s.Base, s.Size, sf.Meaning, s.Used())})
				labels = append(labels, svgLabel{X: zs(s.Base) + 2, Text: fmt.Sprintf("%s %s", s.Name, memusage.Human(s.Size))})
			}
			for _, r := range l.MPU {
				// Draw only what the region really covers: its enabled subregions.
				for _, e := range enabledRanges(r.Base, r.Size, r.SRD) {
					if e[1] <= c.Base || e[0] >= c.End {
						continue
					}
					x0, x1 := zs(max(e[0], c.Base)), zs(min(e[1], c.End))
					used[fillMPU] = true
					z.Boxes = append(z.Boxes, svgBox{X: x0, Y: 14, W: max(2, x1-x0), H: 34, Fill: "none", Stroke: "#000", Dash: true,
						Title: fmt.Sprintf("MPU region %d: 0x%08X %d B %s SRD 0x%02X (covers 0x%08X..0x%08X)", r.Number, r.Base, r.Size, r.Attr, r.SRD, e[0], e[1])})
					labels = append(labels, svgLabel{X: x0 + 2, Text: fmt.Sprintf("MPU %d %s", r.Number, r.Attr)})
				}
			}
			var n int
			z.Labels, n = lanes(labels, 58, barX+barW+svgMargin)
			zoomH = 56 + int(laneH)*n
			zoom = &z
		}
		row.Y = y
		rows = append(rows, row)
		y += 56
		if zoom != nil {
			zoom.Y = y
			rows = append(rows, *zoom)
			y += zoomH + 12
		}
	}
	legend, legendH := legendItems(used)
	top := 36 + legendH + 10
	for i := range rows {
		rows[i].Y += top
	}
	width := int(barX + barW + 3*svgMargin)
	what := "memories in address order, lwipgen sections, DMA reach"
	if used[fillMPU] {
		what = "memories in address order, lwipgen sections, MPU regions, DMA reach"
	}
	return render.Execute("report/memory-map.svg.tmpl", map[string]any{
		"Board": l.Board.Name, "Chip": chip.Name, "What": what, "Rows": rows, "Legend": legend, "BarX": barX, "BarW": barW, "Width": width, "Height": y + top + 10,
	})
}

// sectionFill is a section's colour: its cache attribute on a core with a
// data cache, else whether the DMA uses it.
func sectionFill(s layout.Section, dcache bool) fill {
	if !dcache {
		if s.DMA {
			return fillDMASection
		}
		return fillCPUPools
	}
	if s.Attr == layout.AttrCacheable && !s.DMA {
		return fillCPUPools
	}
	if f, ok := attrFill[s.Attr]; ok {
		return f
	}
	return fill{"#999999", string(s.Attr)}
}

// legendOrder is the order the legend lists the colours in.
var legendOrder = []fill{fillDMAMemory, fillCPUMemory, fillFlash, fillLinked, fillCarve, attrFill[layout.AttrDevice], attrFill[layout.AttrNonCacheable],
	attrFill[layout.AttrWriteThrough], attrFill[layout.AttrCacheable], fillDMASection, fillCPUPools, fillMPU}

// legendItems lays out one entry per colour drawn, wrapping lines so that no
// entry runs into the next; it returns the entries and their height.
func legendItems(used map[fill]bool) ([]svgLegend, int) {
	var out []svgLegend
	x, y := 0.0, 0.0
	add := func(f fill) {
		w := 20 + float64(len(f.Meaning))*charW12 + 16
		if x > 0 && x+w > barX+barW {
			x, y = 0, y+16
		}
		it := svgLegend{X: x, Y: y, Fill: f.Color, Stroke: "#555", Text: f.Meaning}
		if f == fillMPU {
			it.Stroke, it.Dash = "#000", true
		}
		out = append(out, it)
		x += w
	}
	listed := map[fill]bool{}
	for _, f := range legendOrder {
		if used[f] {
			listed[f] = true
			add(f)
		}
	}
	var rest []fill // attributes outside the table
	for f := range used {
		if !listed[f] {
			rest = append(rest, f)
		}
	}
	sort.Slice(rest, func(i, j int) bool { return rest[i].Meaning < rest[j].Meaning })
	for _, f := range rest {
		add(f)
	}
	return out, int(y) + 16
}

// usedIn is the size table's row for memory name (nil before linking).
func usedIn(u *memusage.Usage, name string) *memusage.Region {
	if u == nil {
		return nil
	}
	for i := range u.Regions {
		if u.Regions[i].Name == name {
			return &u.Regions[i]
		}
	}
	return nil
}

// enabledRanges splits an MPU region into the address ranges its enabled
// subregions cover (8 equal subregions for regions of 256 B and more).
func enabledRanges(base, size uint64, srd uint8) [][2]uint64 {
	if size < 256 || srd == 0 {
		return [][2]uint64{{base, base + size}}
	}
	sub := size / 8
	var out [][2]uint64
	for i := uint64(0); i < 8; i++ {
		if srd&(1<<i) != 0 {
			continue
		}
		lo := base + i*sub
		if n := len(out); n > 0 && out[n-1][1] == lo {
			out[n-1][1] = lo + sub
		} else {
			out = append(out, [2]uint64{lo, lo + sub})
		}
	}
	return out
}
