// Package bench measures firmware side by side on the emulated board: lwIP's
// default options, the seed articles' "tuned" configuration and lwipgen's
// generated one, built from the same firmware sources and run under the same
// QEMU, so the only difference is the lwIP configuration.
package bench

import "strings"

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
	return Config{Name: "lwIP defaults", Why: "opt.h defaults + the firmware's integration settings", LwipOpts: wrap(base)}
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
