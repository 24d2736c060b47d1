package render

import (
	"strings"

	"github.com/lwipgen/lwipgen/internal/mpu"
)

type layoutRegion struct {
	Number     int
	RBAR, RASR uint32
	Comment    string
}

func regions(rs []mpu.Region) []layoutRegion {
	var out []layoutRegion
	for _, r := range rs {
		out = append(out, layoutRegion{Number: r.Number, RBAR: r.RBAR(), RASR: r.RASR(), Comment: r.Attr.String() + ": " + strings.Join(r.Covers, ", ")})
	}
	return out
}
