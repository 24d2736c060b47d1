package report

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/layout"
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

var attrFill = map[string]string{"device": "#d9534f", "noncacheable": "#f0ad4e", "writethrough": "#8fd19e", "cacheable": "#5bc0de"}

// SVG renders memory-map.svg: one bar per RAM of the chip (whole memory),
// and under each memory that holds lwipgen sections a zoomed bar of the
// part lwipgen owns, with the sections and MPU regions to scale.
func SVG(l *layout.Layout) ([]byte, error) {
	const barX, barW = 170.0, 900.0
	var rows []svgRow
	y := 60
	chip := l.Board.Chip
	for _, m := range chip.Memories {
		if m.Kind != "ram" {
			continue
		}
		fill := "#e0e0e0"
		if m.DMA {
			fill = "#cfe8cf"
		}
		scale := func(a uint64) float64 { return barX + barW*float64(a-m.Base)/float64(m.Size) }
		row := svgRow{Y: y, Label: m.Name, Fill: fill,
			Range: fmt.Sprintf("0x%08X..0x%08X  %s%s", m.Base, m.End()-1, human(m.Size), map[bool]string{true: ", cacheable", false: ""}[m.Cacheable && chip.Core.DCache])}
		var zoom *svgRow
		for _, c := range l.Carves {
			if c.Memory != m.Name {
				continue
			}
			row.Boxes = append(row.Boxes, svgBox{X: scale(c.Base), Y: 18, W: max(2, scale(c.End)-scale(c.Base)), H: 26, Fill: "#337ab7", Stroke: "#000",
				Title: fmt.Sprintf("lwipgen sections 0x%08X..0x%08X", c.Base, c.End)})
			z := svgRow{Y: y + 56, Label: "  lwipgen part", Fill: fill,
				Range: fmt.Sprintf("0x%08X..0x%08X  %s reserved, %s used", c.Base, c.End-1, human(c.End-c.Base), human(c.Used))}
			span := float64(c.End - c.Base)
			zs := func(a uint64) float64 { return barX + barW*float64(a-c.Base)/span }
			for _, s := range l.Sections {
				if s.Memory != m.Name {
					continue
				}
				f := attrFill[s.Attr]
				if s.Attr == "cacheable" && !s.DMA {
					f = "#337ab7"
				}
				z.Boxes = append(z.Boxes, svgBox{X: zs(s.Base), Y: 18, W: max(2, zs(s.End())-zs(s.Base)), H: 26, Fill: f, Stroke: "#222",
					Title: fmt.Sprintf("%s 0x%08X %d B (%s, %d B used)", s.Name, s.Base, s.Size, s.Attr, s.Used())})
				z.Labels = append(z.Labels, svgLabel{X: zs(s.Base) + 2, Y: 58 + 12*float64(len(z.Labels)%2), Text: fmt.Sprintf("%s %s", s.Name, human(s.Size))})
			}
			for _, r := range l.MPU {
				// Draw only what the region really covers: its enabled subregions.
				for _, e := range enabledRanges(r.Base, r.Size, r.SRD) {
					if e[1] <= c.Base || e[0] >= c.End {
						continue
					}
					x0, x1 := zs(max(e[0], c.Base)), zs(min(e[1], c.End))
					z.Boxes = append(z.Boxes, svgBox{X: x0, Y: 14, W: max(2, x1-x0), H: 34, Fill: "none", Stroke: "#000", Dash: true,
						Title: fmt.Sprintf("MPU region %d: 0x%08X %d B %s SRD 0x%02X (covers 0x%08X..0x%08X)", r.Number, r.Base, r.Size, r.Attr, r.SRD, e[0], e[1])})
					z.Labels = append(z.Labels, svgLabel{X: x0 + 2, Y: 72 + 12*float64(r.Number%2), Text: fmt.Sprintf("MPU %d %s", r.Number, r.Attr)})
				}
			}
			zoom = &z
		}
		rows = append(rows, row)
		y += 56
		if zoom != nil {
			rows = append(rows, *zoom)
			y += 96
		}
	}
	return render.Execute("report/memory-map.svg.tmpl", map[string]any{
		"Board": l.Board.Name, "Chip": chip.Name, "Rows": rows, "BarX": barX, "BarW": barW, "Width": int(barX + barW + 30), "Height": y + 10,
	})
}

func human(n uint64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
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
