package render

import (
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/linker"
)

// LinkerFragment renders lwip_sections.ld from the layout.
func LinkerFragment(l *layout.Layout) (File, error) {
	out, err := ExecuteFS(linker.FS, "lwip_sections.ld.tmpl", map[string]any{"Layout": l, "Board": l.Board})
	return File{Path: "lwip_sections.ld", Content: out}, err
}
