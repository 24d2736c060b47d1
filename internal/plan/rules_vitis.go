package plan

import "fmt"

// ruleVitis applies what the Xilinx lwIP BSP (lwip211/213/220) hard-codes, so
// that the plan, its RAM prediction and the BSP's generated lwipopts.h agree
// (shared/reference/xilinx-vitis.md §1.2): no window scaling parameter,
// TCP_SND_QUEUELEN = 16 * TCP_SND_BUF / TCP_MSS, pbuf_pool_bufsize >= 1536
// for GEM RX buffers, MEM_ALIGNMENT 64, checksum offload always on.
func ruleVitis(s *sizer) {
	if s.b.Vendor != "vitis" {
		return
	}
	const sec = "Xilinx BSP constraints"
	maxSegs := int64(u16Max) / s.mss
	if s.wndSegs > maxSegs {
		s.wndSegs = maxSegs
		s.setExpr("TCP_WND", fmt.Sprintf("(%d * TCP_MSS)", maxSegs), maxSegs*s.mss, "TCP", "tcp.wnd",
			"capped at %d segments (%d B): the Vitis lwIP BSP has no window-scaling parameter, so TCP_WND must fit 16 bits", maxSegs, maxSegs*s.mss)
		ruleOOSEQ(s) // the out-of-order limit follows the capped window
	}
	if s.sndSegs > maxSegs {
		s.sndSegs = maxSegs
		s.setExpr("TCP_SND_BUF", fmt.Sprintf("(%d * TCP_MSS)", maxSegs), maxSegs*s.mss, "TCP", "tcp.snd_buf",
			"capped at %d segments (%d B): without window scaling tcpwnd_size_t is 16 bits", maxSegs, maxSegs*s.mss)
	}
	for _, n := range []string{"LWIP_WND_SCALE", "TCP_RCV_SCALE", "TCP_SNDLOWAT"} {
		if i, ok := s.idx[n]; ok {
			s.settings = append(s.settings[:i], s.settings[i+1:]...)
			delete(s.idx, n)
			delete(s.val, n)
			for k, j := range s.idx {
				if j > i {
					s.idx[k] = j - 1
				}
			}
		}
	}
	ql := 16 * s.val["TCP_SND_BUF"] / s.mss
	s.setExpr("TCP_SND_QUEUELEN", "(16 * TCP_SND_BUF / TCP_MSS)", ql, sec, "vitis.snd_queuelen",
		"what the BSP writes into its lwipopts.h whatever you set (= %d)", ql)
	if s.val["MEMP_NUM_TCP_SEG"] < ql {
		s.set("MEMP_NUM_TCP_SEG", ql, sec, "vitis.tcp_seg", "at least the BSP's hard-coded TCP_SND_QUEUELEN %d (init.c #error 60)", ql)
	}
	if s.val["PBUF_POOL_BUFSIZE"] < 1536 {
		s.set("PBUF_POOL_BUFSIZE", 1536, sec, "vitis.pbuf_bufsize", "the xemacps adapter programs 1536-byte GEM RX buffers from PBUF_POOL")
	}
}
