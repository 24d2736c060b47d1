package audit

import (
	"fmt"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

func val(cfg *lwip.Config, name string) int64 {
	v, _ := cfg.Int(name)
	return v
}

// timerFindings: lwIP derives TCP_FAST_INTERVAL = TCP_TMR_INTERVAL and
// TCP_SLOW_INTERVAL = 2*TCP_TMR_INTERVAL (tcp_priv.h); setting them apart
// breaks the timer arithmetic (seed 004).
func timerFindings(cfg *lwip.Config, lines map[string]int) []Finding {
	var fs []Finding
	tmr := val(cfg, "TCP_TMR_INTERVAL")
	if l, ok := lines["TCP_FAST_INTERVAL"]; ok && tmr > 0 && val(cfg, "TCP_FAST_INTERVAL") != tmr {
		fs = append(fs, Finding{Line: l, Severity: "error", ID: "audit.tcp_fast_interval", Option: "TCP_FAST_INTERVAL",
			Message: fmt.Sprintf("TCP_FAST_INTERVAL = %d but TCP_TMR_INTERVAL = %d: tcp_tmr() runs the fast timer every TCP_TMR_INTERVAL, so they must be equal (lwIP derives it; do not set it)", val(cfg, "TCP_FAST_INTERVAL"), tmr)})
	}
	if l, ok := lines["TCP_SLOW_INTERVAL"]; ok && tmr > 0 && val(cfg, "TCP_SLOW_INTERVAL") != 2*tmr {
		fs = append(fs, Finding{Line: l, Severity: "error", ID: "audit.tcp_slow_interval", Option: "TCP_SLOW_INTERVAL",
			Message: fmt.Sprintf("TCP_SLOW_INTERVAL = %d but tcp_tmr() runs the slow timer every 2*TCP_TMR_INTERVAL = %d: every TCP timeout (RTO, keepalive, TIME_WAIT) would be off by that ratio", val(cfg, "TCP_SLOW_INTERVAL"), 2*tmr)})
	}
	mss := val(cfg, "TCP_MSS")
	buf := val(cfg, "PBUF_POOL_BUFSIZE")
	frame := mss + 40 + val(cfg, "PBUF_LINK_HLEN") + val(cfg, "PBUF_LINK_ENCAPSULATION_HLEN")
	if mss > 0 && buf < frame {
		fs = append(fs, Finding{Line: lines["PBUF_POOL_BUFSIZE"], Severity: "warning", ID: "audit.pbuf_split", Option: "PBUF_POOL_BUFSIZE",
			Message: fmt.Sprintf("PBUF_POOL_BUFSIZE %d < a full frame (MSS %d + 40 + link header %d = %d): every full-size frame needs two pool pbufs", buf, mss, frame-mss-40, frame)})
	}
	return fs
}

// hardwareFindings check the file against the board's chip and workload.
func hardwareFindings(cfg *lwip.Config, lines map[string]int, b *board.Board) []Finding {
	var fs []Finding
	add := func(opt, sev, id, format string, args ...any) {
		fs = append(fs, Finding{Line: lines[opt], Severity: sev, ID: id, Option: opt, Message: fmt.Sprintf(format, args...)})
	}
	chip := b.Chip
	mss := val(cfg, "TCP_MSS")
	wnd := val(cfg, "TCP_WND")
	if a := int64(chip.Core.MemAlign); val(cfg, "MEM_ALIGNMENT") < a {
		add("MEM_ALIGNMENT", "error", "audit.mem_alignment", "MEM_ALIGNMENT %d is below the %d that %s needs (misaligned pools fault or slow down)", val(cfg, "MEM_ALIGNMENT"), a, chip.Core.CPU)
	}
	if fifo := int64(chip.Ethernet.RxFIFOBytes); fifo > 0 && mss > 0 {
		frameWords := (mss+54+3)/4 + 1
		frames := fifo / 4 / frameWords
		if wnd > frames*mss {
			add("TCP_WND", "error", "audit.wnd_rx_fifo", "TCP_WND %d = %.1f segments, but the %s RX FIFO (%d B) holds %d full frames: the tail of every window is dropped and each window waits for a retransmit timeout",
				wnd, float64(wnd)/float64(mss), chip.Ethernet.MAC, fifo, frames)
		}
	}
	if b.Ethernet.RxBuffers > 0 && mss > 0 && wnd > int64(b.Ethernet.RxBuffers)*mss {
		add("TCP_WND", "warning", "audit.wnd_rx_buffers", "TCP_WND %d needs %d RX buffers of data in flight; the board has %d", wnd, (wnd+mss-1)/mss, b.Ethernet.RxBuffers)
	}
	hwcsum := chip.Ethernet.ChecksumOffload && b.Ethernet.ChecksumOffload
	for _, n := range []string{"CHECKSUM_GEN_IP", "CHECKSUM_GEN_TCP", "CHECKSUM_GEN_UDP", "CHECKSUM_CHECK_IP", "CHECKSUM_CHECK_TCP", "CHECKSUM_CHECK_UDP"} {
		if val(cfg, n) == 0 && !hwcsum {
			add(n, "error", "audit.checksum_offload", "%s = 0 but the %s MAC of this board does not compute checksums: packets go out with bad checksums", n, chip.Ethernet.MAC)
		}
	}
	if hwcsum && val(cfg, "CHECKSUM_GEN_TCP") == 1 && lines["CHECKSUM_GEN_TCP"] > 0 {
		add("CHECKSUM_GEN_TCP", "warning", "audit.checksum_software", "the MAC computes checksums; CHECKSUM_GEN_*/CHECK_* = 1 spends CPU time on work the hardware does")
	}
	if ptr, ok := cfg.UserValue("LWIP_RAM_HEAP_POINTER"); ok {
		if addr, err := parseAddr(ptr); err == nil {
			if m, in := chip.MemoryAt(addr); in && !m.DMA {
				add("LWIP_RAM_HEAP_POINTER", "error", "audit.heap_not_dma", "LWIP_RAM_HEAP_POINTER %s is in %s, which the %s Ethernet DMA cannot reach; TX payloads in the heap would never reach the wire", ptr, m.Name, chip.Ethernet.MAC)
			} else if in && m.Cacheable && chip.Core.DCache {
				add("LWIP_RAM_HEAP_POINTER", "warning", "audit.heap_cacheable", "LWIP_RAM_HEAP_POINTER %s is in cacheable %s: make it non-cacheable with an MPU region or clean the D-cache before each DMA read. The linker does not see a raw heap pointer either; lwipgen places .bss.ram_heap instead", ptr, m.Name)
			}
		}
	}
	if b.Ethernet.SpeedMbps > 0 && mss > 0 {
		limit := float64(b.Ethernet.SpeedMbps) * float64(mss) / float64(mss+78)
		if b.Workload.TargetMbps > limit {
			add("TCP_MSS", "error", "audit.above_line_rate", "the workload asks %g Mbps but TCP goodput at %d Mbps tops out at %.1f Mbps", b.Workload.TargetMbps, b.Ethernet.SpeedMbps, limit)
		}
	}
	return fs
}

func parseAddr(s string) (uint64, error) {
	var v uint64
	s = trimCast(s)
	_, err := fmt.Sscanf(s, "0x%x", &v)
	if err != nil {
		_, err = fmt.Sscanf(s, "0X%x", &v)
	}
	return v, err
}

// trimCast removes "((uint8_t*)" style casts and parentheses around an address.
func trimCast(s string) string {
	out := []rune{}
	depth := 0
	for _, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		default:
			out = append(out, r)
		}
	}
	t := string(out)
	for _, cast := range []string{"uint8_t*", "u8_t*", "void*", "uint8_t *", "u8_t *", "void *"} {
		t = strings.ReplaceAll(t, cast, "")
	}
	return strings.TrimSpace(t)
}
