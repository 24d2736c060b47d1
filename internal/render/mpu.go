package render

import "github.com/lwipgen/lwipgen/internal/layout"

// MPUSetup renders lwipgen_mpu.c/.h from the layout's regions.
func MPUSetup(l *layout.Layout) ([]File, error) {
	data := map[string]any{"Layout": l, "Board": l.Board}
	var files []File
	for _, f := range []string{"lwipgen_mpu.h", "lwipgen_mpu.c"} {
		out, err := Execute("mpu/"+f+".tmpl", data)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: f, Content: out})
	}
	return files, nil
}
