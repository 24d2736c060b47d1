package sim

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/simdev"
)

// rtosFS is the virtual-time RTOS model (csrc/rtos/vrtos.c), the FreeRTOS and CMSIS-RTOS v1/v2 API
// on it (include/, freertos.c, cmsis_os*.c), lwIP's sys_arch for each API (lwip/), the board file
// of a CubeMX FreeRTOS project (board_cubemx_rtos.c) and the C scenarios of rtos_*_test.go (tests/).
//
//go:embed csrc/rtos
var rtosFS embed.FS

// RTOS APIs lwIP's sys_arch goes through, as board.RTOSAPI says ("" = native FreeRTOS).
const (
	rtosNative  = ""
	rtosCMSISv1 = "cmsis_v1"
	rtosCMSISv2 = "cmsis_v2"
)

func rtosAPIName(api string) string {
	switch api {
	case rtosCMSISv1:
		return "CMSIS-RTOS v1"
	case rtosCMSISv2:
		return "CMSIS-RTOS v2"
	}
	return "native FreeRTOS API"
}

// rtosBuild says what to compile for one RTOS API: C sources and include directories (relative to
// the build directory, under rtos/) and defines.
type rtosBuild struct {
	Sources  []string
	Includes []string
	Defines  []string
}

// rtosProgram returns the model's files (path under rtos/ -> content) and what to compile for api,
// or for the flow's own kernel k (internal/simdev) when k is set.
func rtosProgram(api string, k *simdev.Kernel) (map[string][]byte, *rtosBuild, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(rtosFS, "csrc/rtos", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := rtosFS.ReadFile(p)
		if err != nil {
			return err
		}
		files["rtos/"+strings.TrimPrefix(p, "csrc/rtos/")] = data
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	b := &rtosBuild{
		Sources:  []string{"rtos/vrtos.c", "rtos/freertos.c"},
		Includes: []string{"rtos/include", "rtos", "rtos/lwip"},
	}
	if k != nil {
		// the kernel's API on the model and its lwIP sys_arch on it, as the flow says
		b.Sources = append([]string{}, k.Sources...)
		b.Defines = append([]string{}, k.Defines...)
		return files, b, nil
	}
	switch api {
	case rtosNative:
		b.Sources = append(b.Sources, "rtos/lwip/sys_arch_freertos.c")
		b.Defines = append(b.Defines, "VRTOS_SYS_ARCH_FREERTOS=1")
	case rtosCMSISv2:
		b.Sources = append(b.Sources, "rtos/cmsis_os2.c", "rtos/lwip/sys_arch_cmsis.c")
		b.Defines = append(b.Defines, "VRTOS_CMSIS_V2=1")
	case rtosCMSISv1:
		b.Sources = append(b.Sources, "rtos/cmsis_os1.c", "rtos/lwip/sys_arch_cmsis.c")
		b.Defines = append(b.Defines, "VRTOS_CMSIS_V1=1")
	default:
		return nil, nil, fmt.Errorf("rtos_api %q: the simulator models FreeRTOS natively, cmsis_v1 and cmsis_v2", api)
	}
	b.Sources = append(b.Sources, "rtos/lwip/vrtos_lwip.c")
	return files, b, nil
}

// writeRTOS writes the model into dir/rtos and returns what to compile for api (or the flow's
// kernel k), with absolute paths (the standalone tests' builds).
func writeRTOS(dir, api string, k *simdev.Kernel) (*rtosBuild, error) {
	files, b, err := rtosProgram(api, k)
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return nil, err
		}
	}
	abs := func(l []string) []string {
		out := make([]string, len(l))
		for i, s := range l {
			out[i] = filepath.Join(dir, filepath.FromSlash(path.Clean(s)))
		}
		return out
	}
	return &rtosBuild{Sources: abs(b.Sources), Includes: abs(b.Includes), Defines: b.Defines}, nil
}

// rtosOverrides turns the simulation port's NO_SYS overrides into the RTOS board's: lwIP keeps
// NO_SYS=0, its sequential API (the tcpip thread, netconn, sockets as configured), its core locking
// and SYS_LIGHTWEIGHT_PROT as the board configures them; errno comes
// from the host C library (sockets.c sets it).
func rtosOverrides(over []Override) []Override {
	drop := map[string]bool{"NO_SYS": true, "LWIP_NETCONN": true, "LWIP_SOCKET": true, "LWIP_NETIF_API": true,
		"SYS_LIGHTWEIGHT_PROT": true, "LWIP_TCPIP_CORE_LOCKING": true, "LWIP_TCPIP_CORE_LOCKING_INPUT": true}
	var out []Override
	for _, o := range over {
		if !drop[o.Name] {
			out = append(out, o)
		}
	}
	return append(out,
		Override{"NO_SYS", "0", "the board runs FreeRTOS: lwIP's tcpip thread, the glue's RX task and link thread run on the simulator's virtual-time RTOS model"},
		Override{"LWIP_ERRNO_STDINCLUDE", "1", "sockets.c sets errno: the host C library's"},
		Override{"LWIP_TIMEVAL_PRIVATE", "0", "sockets.h: the host C library defines struct timeval (as newlib does on the target)"},
		rtosCoreLockOverride)
}

// rtosCoreLockOverride / rtosCoreLockHeader: with an RTOS, LWIP_ASSERT_CORE_LOCKED checks the model's
// state (csrc/rtos/lwip/vrtos_lwip.c): never from an interrupt; with LWIP_TCPIP_CORE_LOCKING only by
// the holder of lock_tcpip_core, else only in the tcpip thread. A violation ends the run naming
// the thread and the lwIP function.
var rtosCoreLockOverride = Override{"LWIP_ASSERT_CORE_LOCKED()", "vrtos_lwip_check_core_locked(__func__, __FILE__, __LINE__)",
	"lwIP's core-locking assertion on the RTOS model: lwIP entered from an interrupt, or without the core lock, fails the run"}

var rtosCoreLockHeader = []byte(`
/* ---- simulator checks on the generated driver (RTOS) ---- */
void vrtos_lwip_check_core_locked(const char *func, const char *file, int line);
void vrtos_lwip_mark_tcpip_thread(void);
#undef LWIP_ASSERT_CORE_LOCKED
#define LWIP_ASSERT_CORE_LOCKED() vrtos_lwip_check_core_locked(__func__, __FILE__, __LINE__)
#undef LWIP_MARK_TCPIP_THREAD
#define LWIP_MARK_TCPIP_THREAD() vrtos_lwip_mark_tcpip_thread()
`)
