package sim

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// rtosFS is the virtual-time RTOS model (csrc/rtos/vrtos.c), the FreeRTOS and CMSIS-RTOS v1/v2 API
// on it (include/, freertos.c, cmsis_os*.c) and lwIP's sys_arch for each API (lwip/). The
// simulator compiles these with a board's glue when the board has an RTOS; tests/ holds the C
// scenarios of rtos_*_test.go.
//
//go:embed csrc/rtos
var rtosFS embed.FS

// RTOS APIs lwIP's sys_arch goes through, as board.RTOSAPI says ("" = native FreeRTOS).
const (
	rtosNative  = ""
	rtosCMSISv1 = "cmsis_v1"
	rtosCMSISv2 = "cmsis_v2"
)

// rtosBuild says what to compile for one RTOS API: the C sources, include directories and
// defines, relative to the directory writeRTOS wrote into.
type rtosBuild struct {
	Sources  []string
	Includes []string
	Defines  []string
}

// writeRTOS writes the model into dir/rtos and returns what to compile for api.
func writeRTOS(dir, api string) (*rtosBuild, error) {
	root := filepath.Join(dir, "rtos")
	err := fs.WalkDir(rtosFS, "csrc/rtos", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := rtosFS.ReadFile(p)
		if err != nil {
			return err
		}
		out := filepath.Join(root, strings.TrimPrefix(p, "csrc/rtos/"))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		return nil, err
	}
	b := &rtosBuild{
		Sources:  []string{filepath.Join(root, "vrtos.c"), filepath.Join(root, "freertos.c")},
		Includes: []string{filepath.Join(root, "include"), root},
	}
	switch api {
	case rtosNative:
		b.Sources = append(b.Sources, filepath.Join(root, "lwip", "sys_arch_freertos.c"))
		b.Defines = append(b.Defines, "VRTOS_SYS_ARCH_FREERTOS=1")
	case rtosCMSISv2:
		b.Sources = append(b.Sources, filepath.Join(root, "cmsis_os2.c"), filepath.Join(root, "lwip", "sys_arch_cmsis.c"))
		b.Defines = append(b.Defines, "VRTOS_CMSIS_V2=1")
	case rtosCMSISv1:
		b.Sources = append(b.Sources, filepath.Join(root, "cmsis_os1.c"), filepath.Join(root, "lwip", "sys_arch_cmsis.c"))
		b.Defines = append(b.Defines, "VRTOS_CMSIS_V1=1")
	default:
		return nil, fmt.Errorf("rtos_api %q: the simulator models FreeRTOS natively, cmsis_v1 and cmsis_v2", api)
	}
	b.Sources = append(b.Sources, filepath.Join(root, "lwip", "vrtos_lwip.c"))
	b.Includes = append(b.Includes, filepath.Join(root, "lwip"))
	sort.Strings(b.Defines)
	return b, nil
}
