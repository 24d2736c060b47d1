package qemu

import (
	"context"
	"errors"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/toolchain"
	"github.com/lwipgen/lwipgen/templates"
)

// CPUFlags are the code-generation flags for the Cortex-M7 of mps2-an500.
// Soft float: the firmware needs no FPU and QEMU's an500 M7 has none enabled
// by this startup code.
var CPUFlags = []string{"-mcpu=cortex-m7", "-mthumb", "-mfloat-abi=soft"}

// BuildOptions configures Build.
type BuildOptions struct {
	// OutDir receives src/ (rendered sources + lwipopts.h), obj/, and
	// firmware.elf / firmware.map. Required.
	OutDir string
	// LwipOpts is the lwipopts.h to build with. Required (for now the test
	// fixture testdata/lwipopts.h; later the sizing engine's output).
	LwipOpts string
	// LwipDir is the lwIP 2.1.3 source tree. Default: lwipsrc.Resolve
	// ($LWIP_DIR, else the lwipgen cache).
	LwipDir string
	// TemplateDir holds the firmware templates. Default: FindTemplateDir().
	TemplateDir string
	// Data is the template data; the zero value means DefaultFirmwareData().
	Data *FirmwareData
	// CC is the compiler driver. Default: arm-none-eabi-gcc.
	CC string
	// Jobs is the number of parallel compiler processes. Default: 2.
	Jobs int
	// Werror turns warnings in the firmware's own files into errors
	// (they are compiled with -Wall -Wextra; lwIP's files are not -Werror).
	Werror bool
	// Log, if set, receives the compiler commands and their output.
	Log io.Writer
}

// LwipSources lists the lwIP files the firmware needs: src/core/*.c,
// src/core/ipv4/*.c and src/netif/ethernet.c (no IPv6, no apps, no OS glue).
func LwipSources(lwipDir string) ([]string, error) {
	var files []string
	for _, pat := range []string{"src/core/*.c", "src/core/ipv4/*.c"} {
		m, err := filepath.Glob(filepath.Join(lwipDir, filepath.FromSlash(pat)))
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	eth := filepath.Join(lwipDir, "src", "netif", "ethernet.c")
	if _, err := os.Stat(eth); err != nil {
		return nil, fmt.Errorf("lwIP source not found in %s: %w", lwipDir, err)
	}
	files = append(files, eth)
	sort.Strings(files)
	if len(files) < 10 {
		return nil, fmt.Errorf("lwIP source in %s looks incomplete (%d files)", lwipDir, len(files))
	}
	return files, nil
}

type compileJob struct {
	src, obj string
	own      bool // firmware file: -Wall -Wextra (+ -Werror)
}

// Build renders the templates into OutDir/src, compiles them and lwIP, and
// links OutDir/firmware.elf, which it returns.
func Build(opts BuildOptions) (string, error) {
	return BuildContext(context.Background(), opts)
}

// BuildContext is Build with a context that cancels running compilers.
func BuildContext(ctx context.Context, opts BuildOptions) (string, error) {
	if opts.OutDir == "" {
		return "", errors.New("BuildOptions.OutDir is required")
	}
	if opts.LwipOpts == "" {
		return "", errors.New("BuildOptions.LwipOpts is required")
	}
	if opts.LwipDir == "" {
		tree, err := lwipsrc.Resolve("", "")
		if err != nil {
			return "", err
		}
		opts.LwipDir = tree.Dir
	}
	// The templates come embedded in the binary unless a directory is given.
	var tmplFS fs.FS
	if opts.TemplateDir != "" {
		tmplFS = os.DirFS(opts.TemplateDir)
	} else {
		sub, err := fs.Sub(templates.FS, "firmware/mps2-an500")
		if err != nil {
			return "", err
		}
		tmplFS = sub
	}
	data := DefaultFirmwareData()
	if opts.Data != nil {
		data = *opts.Data
	}
	if opts.CC == "" {
		opts.CC = "arm-none-eabi-gcc"
	}
	if opts.Jobs < 1 {
		opts.Jobs = 2
	}
	logw := opts.Log
	if logw == nil {
		logw = io.Discard
	}

	lwipSrc, err := LwipSources(opts.LwipDir)
	if err != nil {
		return "", err
	}
	srcDir := filepath.Join(opts.OutDir, "src")
	objDir := filepath.Join(opts.OutDir, "obj")
	for _, d := range []string{srcDir, objDir} {
		if err := os.RemoveAll(d); err != nil {
			return "", err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", err
		}
	}
	rendered, err := Render(tmplFS, srcDir, data)
	if err != nil {
		return "", err
	}
	lo, err := fsutil.ReadFile(opts.LwipOpts, fsutil.MaxInput)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(srcDir, "lwipopts.h"), lo, 0o644); err != nil {
		return "", err
	}

	common := append(append([]string{}, CPUFlags...),
		"-Os", "-g", "-std=gnu11", "-ffunction-sections", "-fdata-sections",
		"-I", srcDir, "-I", filepath.Join(opts.LwipDir, "src", "include"))

	var jobs []compileJob
	for _, r := range rendered {
		if strings.HasSuffix(r, ".c") {
			src := filepath.Join(srcDir, filepath.FromSlash(r))
			jobs = append(jobs, compileJob{src: src, obj: filepath.Join(objDir, "fw_"+strings.ReplaceAll(strings.TrimSuffix(r, ".c"), "/", "_")+".o"), own: true})
		}
	}
	for _, s := range lwipSrc {
		rel, _ := filepath.Rel(filepath.Join(opts.LwipDir, "src"), s)
		name := "lwip_" + strings.ReplaceAll(strings.TrimSuffix(filepath.ToSlash(rel), ".c"), "/", "_") + ".o"
		jobs = append(jobs, compileJob{src: s, obj: filepath.Join(objDir, name)})
	}

	if err := runJobs(ctx, opts, common, jobs, logw); err != nil {
		return "", err
	}

	elf := filepath.Join(opts.OutDir, "firmware.elf")
	args := append(append([]string{}, CPUFlags...),
		"-nostartfiles", "--specs=nano.specs", "--specs=nosys.specs",
		"-T", filepath.Join(srcDir, "link.ld"),
		"-Wl,--gc-sections", "-Wl,-Map="+filepath.Join(opts.OutDir, "firmware.map"),
		"-o", elf)
	for _, j := range jobs {
		args = append(args, j.obj)
	}
	if out, err := runTool(ctx, opts.CC, args, logw); err != nil {
		return "", fmt.Errorf("link: %w\n%s", err, out)
	}
	return elf, nil
}

func runJobs(ctx context.Context, opts BuildOptions, common []string, jobs []compileJob, logw io.Writer) error {
	errs, _ := toolchain.Parallel(ctx, opts.Jobs, len(jobs), true, func(ctx context.Context, i int) error {
		j := jobs[i]
		args := append([]string{}, common...)
		if j.own {
			args = append(args, "-Wall", "-Wextra")
			if opts.Werror {
				args = append(args, "-Werror")
			}
		}
		args = append(args, "-c", j.src, "-o", j.obj)
		if out, err := runTool(ctx, opts.CC, args, logw); err != nil {
			return fmt.Errorf("compile %s: %w\n%s", filepath.Base(j.src), err, out)
		}
		return nil
	})
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return ctx.Err()
}

var logMu sync.Mutex

// runTool runs one compiler/linker command and returns its combined output.
func runTool(ctx context.Context, name string, args []string, logw io.Writer) (string, error) {
	out, err := toolchain.Output(ctx, "", append([]string{name}, args...))
	if err != nil {
		err = errors.Unwrap(err) // the caller adds the output
	}
	logMu.Lock()
	fmt.Fprintf(logw, "$ %s %s\n%s", name, strings.Join(args, " "), out)
	logMu.Unlock()
	return out, err
}
