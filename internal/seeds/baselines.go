package seeds

import (
	"embed"
	"fmt"
	"sort"
)

// baselineFS holds the configurations a user would really pick instead of
// lwipgen's: what the vendor tool writes by default, the vendor's own example
// configuration, and the seed articles' settings completed with the vendor
// tool's defaults (baselines/README.md names every source).
//
//go:embed baselines/*.h
var baselineFS embed.FS

// Baseline is one configuration to compare lwipgen's plan with, including the
// driver-side values the vendor keeps outside lwipopts.h (descriptor rings,
// RX buffers), which decide how much of a window the receive path can hold.
type Baseline struct {
	Name   string // short id, shown in tables and report.json
	Label  string
	File   string // baselines/*.h (vendor values), or "" for a seed alone
	Seed   string // a seed file applied over File (the article patched the vendor's file)
	Source string // where the values come from
	// RTOS is the board.RTOS the configuration was written for ("none" for a
	// NO_SYS demo, "freertos" for an RTOS demo), or "" when it fits any board:
	// a NO_SYS demo cannot start lwIP's tcpip thread, and an RTOS demo is not
	// what a bare-metal user starts from.
	RTOS string
	// Driver values of the vendor's ethernetif / BSP; 0 keeps the plan's.
	RxDescriptors int
	RxBuffers     int // driver-owned RX buffers (zero-copy pool or library copy buffers)
	TxDescriptors int
}

// Header is the configuration as a user's lwipopts.h would read: the vendor's
// values, then the seed article's changes over them.
func (b Baseline) Header() ([]byte, error) {
	var out []byte
	if b.File != "" {
		v, err := baselineFS.ReadFile("baselines/" + b.File)
		if err != nil {
			return nil, err
		}
		out = append(out, v...)
	}
	if b.Seed != "" {
		s, err := Config(b.Seed)
		if err != nil {
			return nil, err
		}
		if b.File != "" {
			out = append(out, []byte("\n/* ---- the seed article's changes over the vendor file ---- */\n")...)
			out = append(out, undefFirst(s)...)
		} else {
			out = append(out, s...)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("baseline %s has neither a vendor file nor a seed", b.Name)
	}
	return out, nil
}

// vendor defaults per chip family, as the vendor's tool or example sets them.
var familyBaselines = map[string][]Baseline{
	"stm32h7": {
		{Name: "cubemx-h7", Label: "STM32CubeMX default (H7)", File: "cubemx_h7.h", Source: "CubeMX 6.x LWIP/Target/lwipopts.h, GUI untouched; ETH_RX_DESC_CNT 4 (hal_conf), ETH_RX_BUFFER_CNT 12 (ethernetif.c)", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
		{Name: "st-h7-example", Label: "ST example (STM32CubeH7 LwIP_HTTP_Server_Netconn_RTOS)", File: "st_h7_example.h", Source: "STM32CubeH7 Projects/NUCLEO-H743ZI/Applications/LwIP/LwIP_HTTP_Server_Netconn_RTOS; ETH_RX_BUFFER_CNT 12, ETH_RX_DESC_CNT 4", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
	},
	"stm32f7": {
		{Name: "cubemx-f7", Label: "STM32CubeMX default (F7)", File: "cubemx_f7.h", Source: "CubeMX 6.x LWIP/Target/lwipopts.h, GUI untouched; ETH_RX_DESC_CNT 4 (HAL default), ETH_RX_BUFFER_CNT 12", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
		{Name: "st-f7-example", Label: "ST example (STM32CubeF7 LwIP_HTTP_Server_Netconn_RTOS)", File: "st_f7_example.h", Source: "STM32CubeF7 Projects/STM32F767ZI-Nucleo/Applications/LwIP/LwIP_HTTP_Server_Netconn_RTOS; 4 RX descriptors, 12 RX buffers", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
	},
	"stm32f4": {
		{Name: "cubemx-f4", Label: "STM32CubeMX default (F4)", File: "cubemx_f4.h", Source: "CubeMX 6.x LWIP/Target/lwipopts.h, GUI untouched; ETH_RX_DESC_CNT 4 (HAL default), ETH_RX_BUFFER_CNT 12", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
		{Name: "st-f4-example", Label: "ST example (STM32CubeF4 LwIP_HTTP_Server_Netconn_RTOS)", File: "st_f4_example.h", Source: "STM32CubeF4 Projects/STM324xG_EVAL/Applications/LwIP/LwIP_HTTP_Server_Netconn_RTOS; 4 RX descriptors, 12 RX buffers", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
	},
	"gd32f4": {
		{Name: "gd32-demo", Label: "GD32F4xx firmware library lwIP demo (NO_SYS)", File: "gd32_demo.h", Source: "GD32F4xx lwip-2.2.0/port/GD32F4xx Telnet demo inc/lwipopts.h; ENET_RXBUF_NUM/ENET_TXBUF_NUM 5", RxDescriptors: 5, RxBuffers: 5, TxDescriptors: 5, RTOS: "none"},
		{Name: "gd32-freertos-demo", Label: "GD32F4xx demo suite FreeRTOS lwIP demo (FreeRTOS_tcpudp)", File: "gd32_freertos_demo.h", Source: "GD32F4xx_Demo_Suites_V2.2.0 GD32450I_EVAL 27_ENET/Projects/FreeRTOS_tcpudp inc/lwipopts.h; ENET_RXBUF_NUM/ENET_TXBUF_NUM 5 (gd32f4xx_enet.h), 6-deep mailboxes (its sys_arch.c)", RxDescriptors: 5, RxBuffers: 5, TxDescriptors: 5, RTOS: "freertos"},
	},
	"zynq7000": {
		{Name: "xilinx-bsp", Label: "Vitis lwIP BSP defaults (lwip213)", File: "xilinx_bsp.h", Source: "lwip213.mld PARAM defaults + the .tcl's fixed defines; n_rx_descriptors 64, n_tx_descriptors 64", RxDescriptors: 64, TxDescriptors: 64},
	},
}

// seedBaseline is the seed article printed for a board, and the vendor file it patched.
var seedBaseline = map[string]Baseline{
	"h743": {Name: "seed000-h7", Label: "seed 000 H743 config over the CubeMX H7 defaults", File: "cubemx_h7.h", Seed: "seed000_h7.h", Source: "seed 000 (article) over CubeMX's H7 lwipopts.h and driver defaults", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
	"f767": {Name: "seed000-f4", Label: "seed 000 F4/F7 config over the CubeMX F7 defaults", File: "cubemx_f7.h", Seed: "seed000_f4.h", Source: "seed 000 (article) over CubeMX's F7 lwipopts.h and driver defaults", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
	"f407": {Name: "seed000-f4", Label: "seed 000 F4/F7 config over the CubeMX F4 defaults", File: "cubemx_f4.h", Seed: "seed000_f4.h", Source: "seed 000 (article) over CubeMX's F4 lwipopts.h and driver defaults", RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4},
	// seed 001 ran lwIP 2.1.2 on FreeRTOS ("初始配置基本是官方例程默认"): its changes go over GD's FreeRTOS demo
	"gd32f407": {Name: "seed001", Label: "seed 001 final config over the GD32 FreeRTOS demo", File: "gd32_freertos_demo.h", Seed: "seed001_after.h", Source: "seed 001 (article; ETH_RXBUFNB 12) over the GD32F4xx FreeRTOS_tcpudp demo lwipopts.h", RxDescriptors: 12, RxBuffers: 12, TxDescriptors: 5, RTOS: "freertos"},
	"zynq7035": {Name: "seed004", Label: "seed 004 tuned lwipopts over the Vitis BSP defaults", File: "xilinx_bsp.h", Seed: "seed004.h", Source: "seed 004 (article) over the Vitis lwip213 BSP defaults", RxDescriptors: 64, TxDescriptors: 64},
}

// Baselines lists every vendor baseline of the chip family and the board's
// seed article, whatever RTOS they were written for.
func Baselines(board, family string) []Baseline {
	return BaselinesFor(board, family, "")
}

// BaselinesFor lists what a user of this board would pick instead of lwipgen:
// the vendor's defaults and examples for the chip family that fit the board's
// RTOS (board.RTOS: none, freertos, ...; "" keeps all), then the seed
// article's configuration completed with those defaults.
func BaselinesFor(board, family, rtos string) []Baseline {
	var out []Baseline
	for _, b := range familyBaselines[family] {
		if b.fits(rtos) {
			out = append(out, b)
		}
	}
	if s, ok := seedBaseline[board]; ok && s.fits(rtos) {
		out = append(out, s)
	}
	return out
}

func (b Baseline) fits(rtos string) bool {
	return rtos == "" || b.RTOS == "" || b.RTOS == rtos
}

// Families lists the chip families that have vendor baselines.
func Families() []string {
	var f []string
	for k := range familyBaselines {
		f = append(f, k)
	}
	sort.Strings(f)
	return f
}

// undefFirst turns "#define X v" lines into "#undef X" + "#define X v", so a
// seed's value replaces the vendor file's without a redefinition warning.
func undefFirst(src []byte) []byte {
	var out []byte
	start := 0
	for i := 0; i <= len(src); i++ {
		if i < len(src) && src[i] != '\n' {
			continue
		}
		line := src[start:i]
		start = i + 1
		if name, ok := defineName(line); ok {
			out = append(out, "#undef "+name+"\n"...)
		}
		out = append(out, line...)
		out = append(out, '\n')
	}
	return out
}

func defineName(line []byte) (string, bool) {
	const p = "#define "
	if len(line) <= len(p) || string(line[:len(p)]) != p {
		return "", false
	}
	rest := line[len(p):]
	n := 0
	for n < len(rest) && rest[n] != ' ' && rest[n] != '\t' && rest[n] != '(' {
		n++
	}
	if n == 0 {
		return "", false
	}
	return string(rest[:n]), true
}
