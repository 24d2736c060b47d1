package qemu

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/escape"
	"github.com/lwipgen/lwipgen/internal/firmware"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"text/template"
)

// TemplateSubdir is where the mps2-an500 firmware templates live, relative
// to the repository root.
const TemplateSubdir = "templates/firmware/mps2-an500"

// The firmware template data contract lives in internal/firmware; these
// aliases keep this package's API.
type (
	IPv4         = firmware.IPv4
	NetConfig    = firmware.NetConfig
	Services     = firmware.Services
	MPURegion    = firmware.MPURegion
	MPUConfig    = firmware.MPUConfig
	FirmwareData = firmware.Data
)

var (
	GuestIP   = firmware.GuestIP
	GuestMask = firmware.GuestMask
	GuestGW   = firmware.GuestGW
)

const (
	EchoPort     = firmware.EchoPort
	DiscardPort  = firmware.DiscardPort
	ChargenPort  = firmware.ChargenPort
	StatsUDPPort = firmware.StatsUDPPort
)

// DefaultFirmwareData returns the values the templates are tested with.
func DefaultFirmwareData() FirmwareData { return firmware.Default() }

// ExampleMPURegions is a small, valid table for mps2-an500: code SSRAM1
// read-only + executable, data SSRAM2/3 read-write + execute-never. With
// PRIVDEFENA everything else (peripherals, LAN9118) keeps the default map.
func ExampleMPURegions() []MPURegion {
	return []MPURegion{
		// SIZE=21 -> 2^22 = 4 MiB; AP=0b110 read-only; TEX=0 C=1 B=0 (normal, write-through).
		{Number: 0, RBAR: 0x00000000, RASR: 6<<24 | 1<<17 | 21<<1 | 1, Comment: "code SSRAM1 4 MiB RO"},
		// XN; AP=0b011 full access; TEX=1 C=1 B=1 (normal, write-back write-allocate).
		{Number: 1, RBAR: 0x20000000, RASR: 1<<28 | 3<<24 | 1<<19 | 1<<17 | 1<<16 | 21<<1 | 1, Comment: "data SSRAM2/3 4 MiB RW XN"},
	}
}

// FindTemplateDir locates templates/firmware/mps2-an500: first by walking
// up from the working directory, then relative to this source file (works
// for "go test" and "go run" inside the repository).
func FindTemplateDir() (string, error) {
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		starts = append(starts, filepath.Dir(file))
	}
	for _, dir := range starts {
		for d := dir; ; d = filepath.Dir(d) {
			cand := filepath.Join(d, filepath.FromSlash(TemplateSubdir))
			if st, err := os.Stat(cand); err == nil && st.IsDir() {
				return cand, nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return "", fmt.Errorf("cannot find %s above the working directory", TemplateSubdir)
}

// Render executes every "*.tmpl" file of tmpl (keeping sub-directories, e.g.
// arch/cc.h.tmpl -> outDir/arch/cc.h) with data and writes the results under
// outDir. Templates use only text/template built-ins (no sprig), and a
// missing field is an error. It returns the rendered file names (slash
// separated, relative to outDir).
func Render(tmpl fs.FS, outDir string, data FirmwareData) ([]string, error) {
	if err := data.Validate(); err != nil {
		return nil, fmt.Errorf("firmware data: %w", err)
	}
	var out []string
	err := fs.WalkDir(tmpl, ".", func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if de.IsDir() || !strings.HasSuffix(p, ".tmpl") {
			return nil
		}
		src, err := fs.ReadFile(tmpl, p)
		if err != nil {
			return err
		}
		t, err := template.New(path.Base(p)).Funcs(escape.Funcs()).Option("missingkey=error").Parse(string(src))
		if err != nil {
			return fmt.Errorf("parse %s: %w", p, err)
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, data); err != nil {
			return fmt.Errorf("render %s: %w", p, err)
		}
		rel := strings.TrimSuffix(p, ".tmpl")
		dst := filepath.Join(outDir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, buf.Bytes(), 0o644); err != nil {
			return err
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("no *.tmpl files found")
	}
	return out, nil
}
