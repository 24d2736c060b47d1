// Package lwiptest compiles lwIP sources with a given lwipopts.h using
// arm-none-eabi-gcc, for tests that compare predictions with the compiler.
// It writes a minimal port (arch/cc.h, arch/sys_arch.h) of its own; no lwIP
// code is copied.
package lwiptest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// GCC is the cross compiler used (tests find it with testenv.CrossCompiler;
// the lwIP tree with testenv.LwIP).
const GCC = "arm-none-eabi-gcc"

// CortexM7 are the reference flags of lwip-options-and-ram.md §4.
var CortexM7 = []string{"-mcpu=cortex-m7", "-mthumb", "-Os", "-ffunction-sections", "-fdata-sections"}

// Sources returns lwIP source files (relative to lwipDir/src) for the named
// groups: "core" (src/core/*.c), "ipv4", "ipv6", "ethernet"
// (netif/ethernet.c), "api" (src/api/*.c), or a path like "core/init.c".
func Sources(lwipDir string, groups ...string) ([]string, error) {
	var out []string
	for _, g := range groups {
		var pat string
		switch g {
		case "core":
			pat = "core/*.c"
		case "ipv4":
			pat = "core/ipv4/*.c"
		case "ipv6":
			pat = "core/ipv6/*.c"
		case "api":
			pat = "api/*.c"
		case "ethernet":
			out = append(out, "netif/ethernet.c")
			continue
		default:
			out = append(out, g)
			continue
		}
		m, err := filepath.Glob(filepath.Join(lwipDir, "src", pat))
		if err != nil {
			return nil, err
		}
		sort.Strings(m)
		for _, f := range m {
			rel, _ := filepath.Rel(filepath.Join(lwipDir, "src"), f)
			out = append(out, rel)
		}
	}
	return out, nil
}

// Build describes one compilation of a set of lwIP files.
type Build struct {
	LwipDir string
	Opts    string   // lwipopts.h content
	CFlags  []string // CPU flags (CortexM7 if nil)
	Files   []string // relative to LwipDir/src (see Sources)
	WorkDir string   // scratch dir (a t.TempDir()); objects are cached under it
	Jobs    int      // parallel compiler processes (default 2)
	// StopOnError stops launching new files after the first failure.
	StopOnError bool
}

// Result of a Build.
type Result struct {
	Objects  []string // object files, in Files order (only when all compiled)
	Errors   []Diag   // every "error:" line, in Files order then line order
	Warnings []Diag
}

// Diag is one compiler diagnostic.
type Diag struct {
	File string // relative source file
	Line int
	Text string // the text after "error: " / "warning: "
}

// ErrorText is the #error message (without quotes) or the whole text.
func (d Diag) ErrorText() string {
	t := strings.TrimPrefix(d.Text, "#error ")
	return strings.Trim(t, "\"")
}

// FirstError returns the first error, if any.
func (r Result) FirstError() (Diag, bool) {
	if len(r.Errors) == 0 {
		return Diag{}, false
	}
	return r.Errors[0], true
}

const ccH = `/* minimal test port written by lwiptest */
#ifndef LWIPTEST_CC_H
#define LWIPTEST_CC_H
#include <stdint.h>
#include <stddef.h>
#ifndef BYTE_ORDER
#define BYTE_ORDER LITTLE_ENDIAN
#endif
typedef uint32_t sys_prot_t;
#define LWIP_PLATFORM_DIAG(x) do { } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { (void)(x); for (;;) { } } while (0)
#define LWIP_RAND() ((u32_t)0x12345678u)
#define LWIP_ERRNO_STDINCLUDE 1
#if defined(LWIP_TIMEVAL_PRIVATE) && !LWIP_TIMEVAL_PRIVATE
#include <sys/time.h> /* a port brings the C library's struct timeval when lwipopts.h asks for it */
#endif
#endif
`

// lwippoolsH is used only when a config sets MEMP_USE_CUSTOM_POOLS.
const lwippoolsH = `/* custom pools for compile tests, written by lwiptest */
#if MEM_USE_POOLS
LWIP_MALLOC_MEMPOOL_START
LWIP_MALLOC_MEMPOOL(4, 256)
LWIP_MALLOC_MEMPOOL_END
#endif
`

const sysArchH = `/* stub OS port for compile tests, written by lwiptest */
#ifndef LWIPTEST_SYS_ARCH_H
#define LWIPTEST_SYS_ARCH_H
typedef void *sys_sem_t;
typedef void *sys_mutex_t;
typedef void *sys_mbox_t;
typedef void *sys_thread_t;
#define SYS_MBOX_NULL NULL
#define SYS_SEM_NULL NULL
#define sys_sem_valid(s) (*(s) != NULL)
#define sys_sem_set_invalid(s) do { *(s) = NULL; } while (0)
#define sys_mutex_valid(m) (*(m) != NULL)
#define sys_mutex_set_invalid(m) do { *(m) = NULL; } while (0)
#define sys_mbox_valid(m) (*(m) != NULL)
#define sys_mbox_set_invalid(m) do { *(m) = NULL; } while (0)
#endif
`

var reDiag = regexp.MustCompile(`^(.*?):(\d+):(?:\d+:)? (error|warning|fatal error): (.*)$`)

// Compile compiles b.Files and returns the objects or the diagnostics.
// It returns an error only for problems of the harness itself.
func Compile(b Build) (Result, error) {
	if b.WorkDir == "" || b.LwipDir == "" {
		return Result{}, fmt.Errorf("lwiptest: WorkDir and LwipDir are required")
	}
	flags := b.CFlags
	if flags == nil {
		flags = CortexM7
	}
	jobs := b.Jobs
	if jobs <= 0 {
		jobs = 2
	}
	sum := sha256.Sum256([]byte(b.LwipDir + "\x00" + b.Opts + "\x00" + strings.Join(flags, " ")))
	key := hex.EncodeToString(sum[:8])
	inc := filepath.Join(b.WorkDir, "cfg-"+key)
	objDir := filepath.Join(b.WorkDir, "cache", key)
	for _, d := range []string{filepath.Join(inc, "arch"), objDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return Result{}, err
		}
	}
	for name, content := range map[string]string{
		"lwipopts.h": b.Opts, "arch/cc.h": ccH, "arch/sys_arch.h": sysArchH, "lwippools.h": lwippoolsH,
	} {
		if err := os.WriteFile(filepath.Join(inc, name), []byte(content), 0o644); err != nil {
			return Result{}, err
		}
	}
	type out struct {
		obj         string
		errs, warns []Diag
		failed      bool
	}
	results := make([]out, len(b.Files))
	// A compile error is a result, not a harness error: do returns non-nil
	// only to stop the remaining files under StopOnError.
	toolchain.Parallel(context.Background(), jobs, len(b.Files), b.StopOnError, func(_ context.Context, i int) error {
		f := b.Files[i]
		obj := filepath.Join(objDir, strings.NewReplacer("/", "_", ".c", ".o").Replace(f))
		if _, err := os.Stat(obj); err == nil {
			results[i] = out{obj: obj}
			return nil
		}
		args := append(append([]string{}, flags...),
			"-c", "-o", obj,
			"-I", inc,
			"-I", filepath.Join(b.LwipDir, "src", "include"),
			filepath.Join(b.LwipDir, "src", f))
		// A started file runs to its diagnostics (no cancellation).
		output, err := toolchain.Output(context.Background(), "", append([]string{GCC}, args...))
		r := out{obj: obj, failed: err != nil}
		for _, line := range strings.Split(output, "\n") {
			m := reDiag.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			var ln int
			fmt.Sscan(m[2], &ln)
			d := Diag{File: f, Line: ln, Text: m[4]}
			if m[3] == "warning" {
				r.warns = append(r.warns, d)
			} else {
				r.errs = append(r.errs, d)
			}
		}
		if err != nil && len(r.errs) == 0 {
			r.errs = append(r.errs, Diag{File: f, Text: strings.TrimSpace(output)})
		}
		results[i] = r
		if err != nil {
			os.Remove(obj)
			return err
		}
		return nil
	})
	var res Result
	failed := false
	for _, r := range results {
		res.Errors = append(res.Errors, r.errs...)
		res.Warnings = append(res.Warnings, r.warns...)
		if r.failed || r.obj == "" {
			failed = true
		}
	}
	if !failed {
		for _, r := range results {
			res.Objects = append(res.Objects, r.obj)
		}
	}
	return res, nil
}
