package plan_test

import (
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Intent tests: each states what a sizing rule must produce for a small case,
// derived from the rule's reason (TCP, lwIP's code, the hardware), not from
// the current output. A rule that loses its reason fails here, whatever the
// golden files say.

func build(t *testing.T, b *board.Board) *plan.Plan {
	t.Helper()
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func segs(p *plan.Plan, opt string) int64 { return p.Value(opt) / p.Value("TCP_MSS") }

// Fast retransmit needs three duplicate ACKs, i.e. three segments sent after
// the lost one: a window or send buffer of fewer than 4 segments turns every
// loss into a retransmission timeout. A 1 Mbps, 0.1 ms link has a BDP of a
// fraction of one segment, so only the floor can put 4 there.
func TestFastRetransmitFloor(t *testing.T) {
	for _, name := range []string{"h743", "f407", "gd32f407", "zynq7035"} {
		t.Run(name, func(t *testing.T) {
			b := load(t, name)
			b.Workload.TargetMbps, b.Workload.RTTMs = 1, 0.1
			p := build(t, b)
			if n := segs(p, "TCP_WND"); n < 4 {
				t.Errorf("TCP_WND is %d segments: fewer than 4 cannot trigger fast retransmit", n)
			}
			if n := segs(p, "TCP_SND_BUF"); n < 4 {
				t.Errorf("TCP_SND_BUF is %d segments: fewer than 4 cannot trigger fast retransmit", n)
			}
		})
	}
}

// lwIP ACKs every second full segment at once and holds the ACK of an odd
// last one for the delayed-ACK timer: the window is an even number of
// segments whatever the target rate.
func TestWindowIsEven(t *testing.T) {
	for _, mbps := range []float64{3, 7, 13, 29, 41, 57, 73, 90} {
		b := load(t, "h743")
		b.Workload.TargetMbps = mbps
		if n := segs(build(t, b), "TCP_WND"); n%2 != 0 {
			t.Errorf("%g Mbps: TCP_WND is %d segments (odd)", mbps, n)
		}
	}
}

// The LAN9118 has no DMA: its RX FIFO is the only receive buffering, and two
// frames of it stay free for the next window's first frames. The window is
// computed here from the chip's FIFO size and the Ethernet frame format only.
func TestFIFOWindowKeepsTwoFramesFree(t *testing.T) {
	b := load(t, "mps2-an500")
	b.Workload.TargetMbps, b.Workload.RTTMs = 80, 2 // a BDP of ~27 frames, far beyond the FIFO
	p := build(t, b)
	mss := p.Value("TCP_MSS")
	frameWords := (mss+20+20+14+3)/4 + 1 // data words + the status word
	frames := int64(b.Chip.Ethernet.RxFIFOBytes/4) / frameWords
	want := frames - 2
	if want%2 == 1 {
		want-- // and even (TestWindowIsEven)
	}
	if n := segs(p, "TCP_WND"); n != want {
		t.Errorf("TCP_WND is %d segments; the %d B FIFO holds %d frames, 2 stay free: want %d", n, b.Chip.Ethernet.RxFIFOBytes, frames, want)
	}
	if p.Driver.RxWindowFrames != int(frames-2) {
		t.Errorf("RxWindowFrames %d, want %d", p.Driver.RxWindowFrames, frames-2)
	}
}

// PBUF_POOL holds what the receive path keeps at once: one window per
// receiving stream held by TCP, what the driver has armed or copies per poll,
// and 2 more so ARP and ICMP can still be answered when every window is full.
func TestPbufPoolHoldsWindowsPlusTwo(t *testing.T) {
	for _, name := range []string{"gd32f407", "mps2-an500", "zynq7035"} {
		t.Run(name, func(t *testing.T) {
			b := load(t, name)
			if name == "zynq7035" {
				b.Workload.TargetMbps /= 4 // a window below the BSP's 64240 B cap, so TCP_WND is the window held
			}
			p := build(t, b)
			streams := int64(max(b.Workload.RxStreams, 1))
			held := segs(p, "TCP_WND") * streams
			driver := int64(p.Driver.RxBudget) // copied out per poll before TCP consumes them
			if name == "zynq7035" {
				driver = int64(p.Driver.RxDescriptors) // DMA writes into pbufs armed on the ring
			}
			if got, min := p.Value("PBUF_POOL_SIZE"), held+driver+2; got < min {
				t.Errorf("PBUF_POOL_SIZE %d < %d windows + %d driver + 2 for ARP/ICMP = %d", got, held, driver, min)
			}
		})
	}
}

// A zero-copy RX pool keeps the ring armed while TCP holds a window: the
// driver's buffers are the descriptors plus one window per stream; and
// PBUF_POOL, which then carries no RX data, still satisfies init.c #error 67
// (PBUF_POOL_SIZE * (PBUF_POOL_BUFSIZE - 54) >= TCP_WND).
func TestZeroCopyPoolKeepsTheRingArmed(t *testing.T) {
	b := load(t, "h743")
	b.Ethernet.RxBuffers = 0 // let the rule choose
	p := build(t, b)
	d := p.Driver
	if int64(d.RxBuffers-d.RxDescriptors) < segs(p, "TCP_WND") {
		t.Errorf("%d RX buffers for %d descriptors and a %d-segment window", d.RxBuffers, d.RxDescriptors, segs(p, "TCP_WND"))
	}
	if p.Value("PBUF_POOL_SIZE")*(p.Value("PBUF_POOL_BUFSIZE")-54) < p.Value("TCP_WND") {
		t.Errorf("PBUF_POOL_SIZE %d x (%d - 54) < TCP_WND %d", p.Value("PBUF_POOL_SIZE"), p.Value("PBUF_POOL_BUFSIZE"), p.Value("TCP_WND"))
	}
	if d.RxDescriptors < 4 || d.TxDescriptors < 4 {
		t.Errorf("rings of %d/%d descriptors", d.RxDescriptors, d.TxDescriptors)
	}
}

// Control blocks: two TCP PCBs per connection (a connection beyond the pool
// is refused, the other pools only slow down; the sweep's 2x point) plus one
// so a new connection can open while another sits in TIME_WAIT; at least one listener; one UDP PCB per
// endpoint plus the DHCP and DNS clients; one ARP entry per peer plus the
// gateway and a spare, within 4..32.
func TestControlBlocksFollowTheWorkload(t *testing.T) {
	b := load(t, "gd32f407")
	b.Workload.TCPConnections, b.Workload.TCPListeners, b.Workload.UDPEndpoints = 3, 0, 2
	b.Workload.DHCP, b.Workload.DNS = true, true
	p := build(t, b)
	for opt, want := range map[string]int64{
		"MEMP_NUM_TCP_PCB": 7, "MEMP_NUM_TCP_PCB_LISTEN": 1, "MEMP_NUM_UDP_PCB": 4, "ARP_TABLE_SIZE": 7,
		"LWIP_DHCP": 1, "LWIP_DNS": 1,
	} {
		if got := p.Value(opt); got != want {
			t.Errorf("%s = %d, want %d", opt, got, want)
		}
	}
	b.Workload.TCPConnections, b.Workload.UDPEndpoints, b.Workload.DHCP, b.Workload.DNS = 1, 0, false, false
	if got := build(t, b).Value("ARP_TABLE_SIZE"); got != 4 {
		t.Errorf("ARP_TABLE_SIZE for one peer = %d, want the floor 4", got)
	}
	b.Workload.TCPConnections, b.Workload.UDPEndpoints = 40, 8
	b.Memory.LwIPBudget *= 5
	if got := build(t, b).Value("ARP_TABLE_SIZE"); got != 32 {
		t.Errorf("ARP_TABLE_SIZE for 48 peers = %d, want the cap 32", got)
	}
}

// Every connection's unacknowledged segments and every stream's out-of-order
// segments come from one pool, which must also cover one connection's whole
// send queue (init.c #error 60). The heap holds every connection's copied
// send buffer: at MEM_ALIGNMENT 4 a copied segment costs MSS + 80 B.
func TestSegmentsAndHeapCoverTheSendBuffers(t *testing.T) {
	for _, name := range []string{"h743", "f407", "mps2-an500"} {
		t.Run(name, func(t *testing.T) {
			b := load(t, name)
			p := build(t, b)
			conns := int64(max(b.Workload.TCPConnections, 1))
			streams := int64(max(b.Workload.RxStreams, 1))
			snd, wnd := segs(p, "TCP_SND_BUF"), segs(p, "TCP_WND")
			if got := p.Value("MEMP_NUM_TCP_SEG"); got < conns*snd+streams*wnd || got < p.Value("TCP_SND_QUEUELEN") {
				t.Errorf("MEMP_NUM_TCP_SEG %d < %d x %d + %d x %d (or TCP_SND_QUEUELEN %d)", got, conns, snd, streams, wnd, p.Value("TCP_SND_QUEUELEN"))
			}
			if p.Value("MEM_ALIGNMENT") == 4 {
				if heap := p.Value("MEM_SIZE"); heap < conns*snd*(p.Value("TCP_MSS")+80) || heap%1024 != 0 {
					t.Errorf("MEM_SIZE %d for %d connections x %d segments of %d B", heap, conns, snd, p.Value("TCP_MSS")+80)
				}
			}
		})
	}
}

// Integration: bare metal has only the raw API (init.c #error 29) and needs
// no locking since ISRs only set flags; an RTOS gets sockets, core locking and
// newlib's struct timeval. MEM_ALIGNMENT is the core's port alignment, and a
// MAC that offloads checksums switches lwIP's software checksums off.
func TestSystemIntegration(t *testing.T) {
	bare := load(t, "f407")
	bare.RTOS = "none"
	p := build(t, bare)
	for opt, want := range map[string]int64{"NO_SYS": 1, "SYS_LIGHTWEIGHT_PROT": 0, "LWIP_NETCONN": 0, "LWIP_SOCKET": 0} {
		if got := p.Value(opt); got != want {
			t.Errorf("bare metal: %s = %d, want %d", opt, got, want)
		}
	}
	if got := p.Value("MEM_ALIGNMENT"); got != int64(bare.Chip.Core.MemAlign) {
		t.Errorf("MEM_ALIGNMENT %d, core %d", got, bare.Chip.Core.MemAlign)
	}
	rtos := load(t, "h743")
	p = build(t, rtos)
	for opt, want := range map[string]int64{"NO_SYS": 0, "SYS_LIGHTWEIGHT_PROT": 1, "LWIP_TCPIP_CORE_LOCKING": 1, "LWIP_SOCKET": 1, "LWIP_TIMEVAL_PRIVATE": 0} {
		if got := p.Value(opt); got != want {
			t.Errorf("FreeRTOS: %s = %d, want %d", opt, got, want)
		}
	}
	if got := p.Value("TCPIP_MBOX_SIZE"); got < int64(p.Driver.RxBudget) {
		t.Errorf("TCPIP_MBOX_SIZE %d cannot hold one RX budget (%d frames)", got, p.Driver.RxBudget)
	}
	if got := p.Value("DEFAULT_TCP_RECVMBOX_SIZE"); got < segs(p, "TCP_WND") {
		t.Errorf("DEFAULT_TCP_RECVMBOX_SIZE %d < one window of %d segments", got, segs(p, "TCP_WND"))
	}
	for _, off := range []bool{false, true} {
		rtos.Ethernet.ChecksumOffload = off
		p := build(t, rtos)
		want := int64(1)
		if off {
			want = 0
		}
		for _, opt := range []string{"CHECKSUM_GEN_IP", "CHECKSUM_GEN_TCP", "CHECKSUM_CHECK_UDP", "CHECKSUM_CHECK_ICMP"} {
			if got := p.Value(opt); got != want {
				t.Errorf("checksum_offload=%v: %s = %d, want %d", off, opt, got, want)
			}
		}
		if p.Driver.ChecksumHW != off {
			t.Errorf("checksum_offload=%v: the glue's ChecksumHW is %v", off, p.Driver.ChecksumHW)
		}
	}
}
