// Package bench measures firmware side by side on the emulated board: lwIP's
// default options, the seed articles' "tuned" configuration and lwipgen's
// generated one, built from the same firmware sources and run under the same
// QEMU, so the only difference is the lwIP configuration.
package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"

	"github.com/lwipgen/lwipgen/internal/seeds"
)

// base is what the mps2-an500 firmware itself needs from any lwipopts.h
// (bare metal raw API, 32-bit alignment, the stats its console dump prints).
// Everything else is left to the configuration under test.
const base = `#define NO_SYS 1
#define LWIP_SOCKET 0
#define LWIP_NETCONN 0
#define SYS_LIGHTWEIGHT_PROT 0
#define MEM_ALIGNMENT 4
#define LWIP_STATS 1
#define LWIP_STATS_DISPLAY 0
`

// Config is one configuration under test.
type Config struct {
	Name     string
	Why      string
	LwipOpts string // the whole lwipopts.h
}

// DefaultsConfig is lwIP 2.1.3's opt.h defaults (TCP_MSS 536, TCP_WND 4*MSS,
// MEM_SIZE 1600, PBUF_POOL_SIZE 16) plus only what the firmware needs.
func DefaultsConfig() Config {
	return Config{Name: "lwip-defaults", Why: "opt.h defaults + the firmware's integration settings", LwipOpts: wrap(base)}
}

// SeedConfig is the "seed-style" tuning of the articles: MSS 1460,
// TCP_WND = TCP_SND_BUF = 16*MSS, PBUF_POOL_SIZE 32, MEMP_NUM_TCP_SEG 64
// (with the 64 KB heap the articles pair it with). Its window overcommits
// the LAN9118 RX FIFO, so the firmware's compile-time guard is switched off.
func SeedConfig() Config {
	return Config{Name: "seed-style", Why: "TCP_MSS 1460, TCP_WND = TCP_SND_BUF = 16*MSS, PBUF_POOL_SIZE 32, MEMP_NUM_TCP_SEG 64, MEM_SIZE 64K",
		LwipOpts: wrap(base + `#define TCP_MSS 1460
#define TCP_WND (16 * TCP_MSS)
#define TCP_SND_BUF (16 * TCP_MSS)
#define PBUF_POOL_SIZE 32
#define MEMP_NUM_TCP_SEG 64
#define MEM_SIZE (64 * 1024)
#define LWIPGEN_ALLOW_RX_FIFO_OVERCOMMIT 1
`)}
}

func wrap(defs string) string {
	var b strings.Builder
	b.WriteString("#ifndef LWIPGEN_BENCH_LWIPOPTS_H\n#define LWIPGEN_BENCH_LWIPOPTS_H\n")
	b.WriteString(defs)
	b.WriteString("#endif\n")
	return b.String()
}

// sizingKeys are the options a vendor baseline keeps on the emulated board:
// its buffer and window sizing. Integration settings (NO_SYS, sockets,
// hardware checksums the LAN9118 model does not offload, DHCP, stats off)
// come from base, since the bench firmware is bare metal with software
// checksums and a stats dump.
var sizingKeys = map[string]bool{
	"TCP_MSS": true, "TCP_WND": true, "TCP_SND_BUF": true, "TCP_SND_QUEUELEN": true,
	"TCP_SNDLOWAT": true, "TCP_SNDQUEUELOWAT": true, "TCP_WND_UPDATE_THRESHOLD": true,
	"TCP_QUEUE_OOSEQ": true, "TCP_OOSEQ_MAX_PBUFS": true, "TCP_OOSEQ_MAX_BYTES": true, "TCP_OVERSIZE": true,
	"MEM_SIZE": true, "PBUF_POOL_SIZE": true, "PBUF_POOL_BUFSIZE": true,
	"MEMP_NUM_PBUF": true, "MEMP_NUM_TCP_SEG": true, "MEMP_NUM_TCP_PCB": true, "MEMP_NUM_TCP_PCB_LISTEN": true,
	"MEMP_NUM_UDP_PCB": true, "MEMP_NUM_SYS_TIMEOUT": true, "LWIP_TCP_SACK_OUT": true,
}

// baselineFamilies are the vendor baselines run on mps2-an500: those written
// for the same core (Cortex-M7: STM32F7's CubeMX default and ST's example).
var baselineFamilies = []string{"stm32f7"}

// BaselineConfigs returns the vendor baselines that fit mps2-an500, reduced
// to their sizing (sizingKeys); why says what was kept.
func BaselineConfigs() ([]Config, error) {
	var out []Config
	for _, fam := range baselineFamilies {
		for _, b := range seeds.Baselines("", fam) {
			h, err := b.Header()
			if err != nil {
				return nil, err
			}
			var defs strings.Builder
			var kept []string
			for _, d := range cheader.Defines(h) {
				if sizingKeys[d.Name] {
					fmt.Fprintf(&defs, "#undef %s\n#define %s %s\n", d.Name, d.Name, d.Value)
					kept = append(kept, d.Name)
				}
			}
			// A vendor window may overcommit the LAN9118 RX FIFO: measured as it is.
			defs.WriteString("#define LWIPGEN_ALLOW_RX_FIFO_OVERCOMMIT 1\n")
			out = append(out, Config{Name: b.Name, Why: b.Label + ": sizing kept (" + strings.Join(kept, ", ") + "), else opt.h",
				LwipOpts: wrap(base + defs.String())})
		}
	}
	return out, nil
}

// UserConfigs reads the user's own lwipopts.h files (bench --lwipopts), each
// a whole configuration named after its file without the extension; a name
// that is already taken (by a built-in configuration or another file) is an
// error, so every row of the table says which file it measured.
func UserConfigs(paths []string, have []Config) ([]Config, error) {
	taken := map[string]bool{}
	for _, c := range have {
		taken[c.Name] = true
	}
	var out []Config
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("--lwipopts: %v", err)
		}
		name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		if taken[name] {
			return nil, fmt.Errorf("--lwipopts %s: the configuration name %q is already taken; rename the file", p, name)
		}
		taken[name] = true
		if err := benchable(p, data); err != nil {
			return nil, err
		}
		out = append(out, Config{Name: name, Why: "your file " + p, LwipOpts: string(data)})
	}
	return out, nil
}

// withUser puts the user's configurations before lwipgen's, which stays last.
func withUser(cs, user []Config) []Config {
	if len(user) == 0 {
		return cs
	}
	out := make([]Config, 0, len(cs)+len(user))
	var gen []Config
	for _, c := range cs {
		if c.Name == "lwipgen" {
			gen = append(gen, c)
		} else {
			out = append(out, c)
		}
	}
	out = append(out, user...)
	return append(out, gen...)
}

// libcHeaders are the C library headers a lwipopts.h may include on the
// bench firmware (newlib has them).
var libcHeaders = map[string]bool{"stdint.h": true, "stddef.h": true, "stdlib.h": true, "string.h": true, "stdio.h": true,
	"stdbool.h": true, "limits.h": true, "errno.h": true, "sys/time.h": true, "time.h": true, "assert.h": true, "stdarg.h": true}

var reBenchInclude = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*[<"]([^">]+)[">]`)

// benchable refuses, with the reason, a file the bench firmware cannot build:
// the mps2-an500 firmware is bare metal on the raw API (NO_SYS 1, no RTOS
// port) and has only lwIP's and the C library's headers. A CubeMX FreeRTOS
// file (stm32-hotspot/STM32H7-LwIP-Examples STM32H743_Nucleo_ETH
// LWIP/Target/lwipopts.h: NO_SYS left at lwIP's 0, `#include "main.h"`)
// builds on its own board, which `sim BOARD --lwipopts` runs.
func benchable(path string, data []byte) error {
	code := cheader.StripComments(string(data))
	nosys := ""
	for _, d := range cheader.Defines(data) {
		if d.Name == "NO_SYS" {
			nosys = d.Value
		}
	}
	var why []string
	switch nosys {
	case "1", "(1)":
	case "":
		why = append(why, "it leaves NO_SYS at lwIP's default 0 (an RTOS with the sequential API)")
	default:
		why = append(why, fmt.Sprintf("it sets NO_SYS %s (an RTOS with the sequential API)", nosys))
	}
	var own []string
	for _, m := range reBenchInclude.FindAllStringSubmatch(code, -1) {
		if !libcHeaders[m[1]] && !strings.HasPrefix(m[1], "lwip/") && !strings.HasPrefix(m[1], "arch/") {
			own = append(own, m[1])
		}
	}
	if len(own) > 0 {
		why = append(why, fmt.Sprintf("it includes %s, a header of its own project the firmware does not have", strings.Join(own, ", ")))
	}
	if len(why) == 0 {
		return nil
	}
	return fmt.Errorf("--lwipopts %s: the bench firmware (mps2-an500, bare metal, raw API, NO_SYS 1) cannot build it: %s. Run it on its own board with the simulator instead (lwipgen sim BOARD --compare --lwipopts %s), which takes its #defines and provides what its project would", path, strings.Join(why, "; "), path)
}
