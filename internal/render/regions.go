package render

import (
	"strings"

	"github.com/lwipgen/lwipgen/internal/mpu"
)

// LayoutRegion is an MPU region as the C templates write it.
type LayoutRegion struct {
	Number     int
	RBAR, RASR uint32
	Comment    string
}

// LayoutRegions turns solved MPU regions into their register values.
func LayoutRegions(rs []mpu.Region) []LayoutRegion {
	var out []LayoutRegion
	for _, r := range rs {
		out = append(out, LayoutRegion{Number: r.Number, RBAR: r.RBAR(), RASR: r.RASR(), Comment: r.Attr.String() + ": " + strings.Join(r.Covers, ", ")})
	}
	return out
}
