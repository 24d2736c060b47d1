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
	if s.Val("PBUF_POOL_BUFSIZE") < 1536 {
		s.Set("PBUF_POOL_BUFSIZE", 1536, sec, "vitis.pbuf_bufsize", "the xemacps adapter programs 1536-byte GEM RX buffers from PBUF_POOL")
	}
}
