package qemu

import (
	"bytes"
	"errors"
	"fmt"
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

// IPv4 is an IPv4 address as four octets.
type IPv4 [4]uint8

// CSV renders the address as "a, b, c, d" for lwIP's IP4_ADDR(&x, a, b, c, d).
func (ip IPv4) CSV() string {
	return fmt.Sprintf("%d, %d, %d, %d", ip[0], ip[1], ip[2], ip[3])
}

func (ip IPv4) String() string {
	return fmt.Sprintf("%d.%d.%d.%d", ip[0], ip[1], ip[2], ip[3])
}

// NetConfig is the static IPv4 configuration of the firmware's netif.
type NetConfig struct {
	Addr, Netmask, Gateway IPv4
}

// Services holds the guest ports of the built-in services; 0 disables one.
type Services struct {
	Echo     uint16 // TCP echo (RFC 862)
	Discard  uint16 // TCP discard (RFC 863), byte-counting
	Chargen  uint16 // TCP chargen-style source (RFC 864 pattern)
	StatsUDP uint16 // UDP: any datagram triggers a stats dump + reply
}

// MPURegion is one PMSAv7 region, precomputed by the plan.
type MPURegion struct {
	Number  uint32 // region number (RNR); must be < MPU_TYPE.DREGION (8 on QEMU 7.2's an500)
	RBAR    uint32 // base address, aligned to the region size
	RASR    uint32 // XN|AP|TEX|S|C|B|SRD|SIZE|ENABLE
	Comment string // shown in the generated table and on the boot console
}

// MPUConfig is the MPU table. An empty Regions list still enables the MPU
// with PRIVDEFENA (default memory map for privileged code).
type MPUConfig struct {
	Regions []MPURegion
}

// FirmwareData is the data contract of the mps2-an500 templates. Every
// field is read by at least one template; see the README.md next to the
// templates for which template reads what.
type FirmwareData struct {
	CoreClockHz     uint32    // SysTick/UART clock; QEMU mps2 SYSCLK is 25 MHz
	Net             NetConfig // static IPv4
	Services        Services  // service ports
	RxBudget        int       // max frames per lwipgen_poll() (NAPI budget), >= 1
	StatsIntervalMs uint32    // periodic console stats dump; 0 = off
	StackSize       uint32    // main stack bytes (link.ld)
	MPU             MPUConfig // MPU regions
	FaultTestAddr   uint32    // 0 = off; else the firmware stores to it after init (fault-path self test)
}

// Well-known guest-side values for QEMU user networking.
var (
	GuestIP   = IPv4{10, 0, 2, 15}
	GuestMask = IPv4{255, 255, 255, 0}
	GuestGW   = IPv4{10, 0, 2, 2}
)

// Default service ports.
const (
	EchoPort     = 7
	DiscardPort  = 9
	ChargenPort  = 19
	StatsUDPPort = 7777
)

// DefaultFirmwareData returns the values the templates are tested with.
func DefaultFirmwareData() FirmwareData {
	return FirmwareData{
		CoreClockHz:     25000000,
		Net:             NetConfig{Addr: GuestIP, Netmask: GuestMask, Gateway: GuestGW},
		Services:        Services{Echo: EchoPort, Discard: DiscardPort, Chargen: ChargenPort, StatsUDP: StatsUDPPort},
		RxBudget:        8,
		StatsIntervalMs: 10000,
		StackSize:       8192,
	}
}

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

func (d FirmwareData) validate() error {
	var errs []error
	if d.CoreClockHz == 0 {
		errs = append(errs, errors.New("CoreClockHz must be > 0"))
	}
	if d.RxBudget < 1 {
		errs = append(errs, errors.New("RxBudget must be >= 1"))
	}
	if d.StackSize < 1024 || d.StackSize%8 != 0 {
		errs = append(errs, errors.New("StackSize must be >= 1024 and a multiple of 8"))
	}
	for _, r := range d.MPU.Regions {
		size := uint64(1) << ((r.RASR>>1)&0x1f + 1)
		if (r.RASR>>1)&0x1f < 4 {
			errs = append(errs, fmt.Errorf("MPU region %d: SIZE field %d < 4 (min 32 bytes)", r.Number, (r.RASR>>1)&0x1f))
		} else if uint64(r.RBAR&^0x1f)%size != 0 {
			errs = append(errs, fmt.Errorf("MPU region %d: base 0x%08x not aligned to its size %d", r.Number, r.RBAR, size))
		}
	}
	return errors.Join(errs...)
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
	if err := data.validate(); err != nil {
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
		t, err := template.New(path.Base(p)).Option("missingkey=error").Parse(string(src))
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
