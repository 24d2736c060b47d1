package vitis

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/plan"
)

// ruleVitis applies what the Xilinx lwIP BSP (lwip211/213/220) hard-codes, so
// that the plan, its RAM prediction and the BSP's generated lwipopts.h agree
// (shared/reference/xilinx-vitis.md §1.2): no window scaling parameter,
// TCP_SND_QUEUELEN = 16 * TCP_SND_BUF / TCP_MSS, pbuf_pool_bufsize >= 1536
// for GEM RX buffers, MEM_ALIGNMENT 64, checksum offload always on.
// rawTimerMs is the period of the Xilinx RAW templates' TCP timer
// (platform_zynq.c: XScuTimer loaded with CPU_CLK/8 on a CPU_CLK/2 counter).
const rawTimerMs = 250

func ruleVitis(s *plan.Sizer) {
	const sec = "Xilinx BSP constraints"
	mss := s.MSS()
	maxSegs := int64(plan.U16Max) / mss
	wndSegs, sndSegs := s.Segments()
	if wndSegs > maxSegs {
		wndSegs = maxSegs
		s.SetExpr("TCP_WND", fmt.Sprintf("(%d * TCP_MSS)", maxSegs), maxSegs*mss, "TCP", "tcp.wnd",
			"capped at %d segments (%d B): the Vitis lwIP BSP has no window-scaling parameter, so TCP_WND must fit 16 bits", maxSegs, maxSegs*mss)
	}
	if sndSegs > maxSegs {
		sndSegs = maxSegs
		s.SetExpr("TCP_SND_BUF", fmt.Sprintf("(%d * TCP_MSS)", maxSegs), maxSegs*mss, "TCP", "tcp.snd_buf",
			"capped at %d segments (%d B): without window scaling tcpwnd_size_t is 16 bits", maxSegs, maxSegs*mss)
	}
	s.SetSegments(wndSegs, sndSegs)
	plan.RuleOOSEQ(s) // the out-of-order limit follows the (capped) window
	for _, n := range []string{"LWIP_WND_SCALE", "TCP_RCV_SCALE", "TCP_SNDLOWAT"} {
		s.Remove(n)
	}
	ql := 16 * s.Val("TCP_SND_BUF") / mss
	s.SetExpr("TCP_SND_QUEUELEN", "(16 * TCP_SND_BUF / TCP_MSS)", ql, sec, "vitis.snd_queuelen",
		"what the BSP writes into its lwipopts.h whatever you set (= %d)", ql)
	if s.Val("MEMP_NUM_TCP_SEG") < ql {
		s.Set("MEMP_NUM_TCP_SEG", ql, sec, "vitis.tcp_seg", "at least the BSP's hard-coded TCP_SND_QUEUELEN %d (init.c #error 60)", ql)
	}
	ruleGEMChecksums(s)
	if s.Board().RTOS == "none" {
		// the RAW application (Xilinx's templates, no_sys_no_timers): lwipgen does not write it
		s.AppDrivesTCPTimers(rawTimerMs, "Xilinx's RAW application templates: the CPU private timer loaded for 250 ms sets TcpFastTmrFlag every tick and TcpSlowTmrFlag every other one, and the main loop calls tcp_fasttmr/tcp_slowtmr; lwIP's own timers are off (no_sys_no_timers)")
	}
	if s.Val("PBUF_POOL_BUFSIZE") < 1536 {
		s.Set("PBUF_POOL_BUFSIZE", 1536, sec, "vitis.pbuf_bufsize", "the xemacps adapter programs 1536-byte GEM RX buffers from PBUF_POOL")
	}
}

// ruleGEMChecksums: the GEM's checksum engine covers the IPv4 header, TCP and
// UDP only. Its RX checksum error counters are exactly those three
// (XEMACPS_RXIPCCNT/RXTCPCCNT/RXUDPCCNT in embeddedsw
// XilinxProcessorIPLib/drivers/emacps/src/xemacps_hw.h), the xemacps driver
// enables RX and TX offload by default (XEMACPS_DEFAULT_OPTIONS in
// xemacps.h), and the lwIP BSP writes CHECKSUM_*_{IP,UDP,TCP} 0 but never
// names ICMP (lwip213.tcl, lwip220 lwipopts.h.in), so lwIP's defaults 1
// stay. ICMP must be checksummed in software: with CHECKSUM_GEN_ICMP 0
// lwIP's icmp.c sends echo replies with a zero checksum, which the GEM
// passes unchanged and the peer drops.
func ruleGEMChecksums(s *plan.Sizer) {
	if !s.Board().Ethernet.ChecksumOffload {
		return // the generic rule already has lwIP compute every checksum
	}
	for _, n := range []string{"CHECKSUM_GEN_ICMP", "CHECKSUM_CHECK_ICMP"} {
		s.Set(n, 1, "Checksums", "vitis.icmp_csum",
			"the GEM offloads IPv4 header, TCP and UDP checksums only (its checksum error counters are IP/TCP/UDP, xemacps_hw.h); ICMP stays in software, as the Xilinx BSP leaves it (no CHECKSUM_*_ICMP in its lwipopts.h)")
	}
}
