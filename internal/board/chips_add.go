package board

import "github.com/hashicorp/hcl/v2"

// Add decodes chip file src (claiming to be filename) into c, as the chips/
// folder beside a board would: `lwipgen import --project` derives a chip
// before anything is written, and its diagnostics point at the file it will
// write.
func (c Chips) Add(src []byte, filename string) hcl.Diagnostics {
	return decodeChipLayer(src, filename, c, map[string]bool{})
}
