package plan

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// objects lists the RAM blocks the layout stage must place: every lwIP array
// the RAM model predicts, and the driver's DMA arrays.
func objects(p *Plan) []Object {
	b := p.Board
	dcache := b.Chip.Core.DCache
	align := int64(b.Chip.Core.MemAlign)
	line := int64(b.Chip.Core.DCacheLine)
	if line == 0 {
		line = 4
	}
	var objs []Object
	var syms []string
	for s := range p.RAM.Symbols {
		// The heap and the pools are what lwipgen places; statistics counters
		// (lwip_stats, memp_stats_*) stay in the ordinary .bss.
		if s == "ram_heap" || strings.HasPrefix(s, "memp_memory_") {
			syms = append(syms, s)
		}
	}
	sort.Strings(syms)
	for _, sym := range syms {
		o := Object{Name: sym, Symbol: sym, Section: ".bss." + sym, Size: p.RAM.Symbols[sym], Align: align, Owner: "lwip", Coherency: CoherencyNone}
		switch {
		case sym == "ram_heap" && p.Driver.RxModel == RxFIFO:
			o.Name = "lwip_heap"
			o.Why = "PBUF_RAM packets; the FIFO MAC has no DMA, the CPU copies frames out"
		case sym == "ram_heap" && p.Driver.RxModel == RxPbufPoolDMA:
			o.Name = "lwip_heap"
			o.DMA = true
			o.Coherency = CoherencyClean
			o.Why = "PBUF_RAM packets are read by the GEM DMA; the xemacps adapter flushes each TX pbuf from the D-cache before handing it over"
		case sym == "ram_heap":
			o.Name = "lwip_heap"
			o.DMA = true
			o.Why = "PBUF_RAM packets (copied TX data, ARP/ICMP replies) are read by the Ethernet DMA in place"
			if dcache {
				o.Coherency = CoherencyNonCacheable
				o.Why += "; non-cacheable so the DMA never reads stale data"
			}
		case sym == "memp_memory_PBUF_POOL_base" && p.Driver.RxModel == RxPbufPoolDMA:
			o.DMA = true
			o.Align = line
			o.Coherency = CoherencyInvalidate
			o.Why = "RX frames are DMA-written into PBUF_POOL pbufs; the adapter invalidates each buffer before use"
		case strings.HasPrefix(sym, "memp_memory_"):
			o.Why = "lwIP pool " + strings.TrimSuffix(strings.TrimPrefix(sym, "memp_memory_"), "_base") + ", CPU only"
		}
		objs = append(objs, o)
	}
	if ptr, ok := p.Config.UserValue("LWIP_RAM_HEAP_POINTER"); ok {
		addr, err := p.Config.Eval(ptr)
		if err != nil { // pointer casts: take the address literal
			if m := hexAddr.FindString(ptr); m != "" {
				addr, err = strconv.ParseInt(m[2:], 16, 64)
			}
		}
		if err == nil && addr > 0 {
			ms := int64(8)
			if p.Value("MEM_SIZE") > 64000 {
				ms = 12
			}
			a := int64(p.Value("MEM_ALIGNMENT"))
			size := alignUp(p.Value("MEM_SIZE"), a) + 2*alignUp(ms, a) + a - 1 // mem.c: what mem_init touches
			o := Object{Name: "lwip_heap", Symbol: "__lwipgen_heap_reserved", Size: size, Align: a, DMA: true, Owner: "lwip", Address: uint64(addr),
				Coherency: CoherencyNone, Why: fmt.Sprintf("options { LWIP_RAM_HEAP_POINTER = %s }: the heap is a raw pointer the linker cannot see, so lwipgen reserves its %d B there", ptr, size)}
			if dcache {
				o.Coherency = CoherencyNonCacheable
			}
			objs = append(objs, o)
		}
	}
	d := p.Driver
	// The xemacps adapter allocates and maps its own BD rings (bd_space); the
	// FIFO MAC has none.
	if d.RxDescriptors > 0 && d.DescriptorSize > 0 && d.RxModel != RxPbufPoolDMA {
		coh := CoherencyNone
		if dcache {
			coh = CoherencyDevice
		}
		dalign := int64(b.Chip.Ethernet.DescriptorAlign)
		if dalign < 4 {
			dalign = 4
		}
		objs = append(objs,
			Object{Name: "eth_rx_descriptors", Symbol: "DMARxDscrTab", Size: int64(d.RxDescriptors * d.DescriptorSize), Align: dalign, DMA: true, Coherency: coh, Owner: "driver",
				Why: fmt.Sprintf("%d RX descriptors x %d B, shared with the DMA", d.RxDescriptors, d.DescriptorSize)},
			Object{Name: "eth_tx_descriptors", Symbol: "DMATxDscrTab", Size: int64(d.TxDescriptors * d.DescriptorSize), Align: dalign, DMA: true, Coherency: coh, Owner: "driver",
				Why: fmt.Sprintf("%d TX descriptors x %d B, shared with the DMA", d.TxDescriptors, d.DescriptorSize)})
	}
	switch d.RxModel {
	case RxCustomPool:
		elem := alignUp(32+int64(d.RxBufferSize), 32) // struct pbuf_custom (20 B) padded to 32 + 32-aligned buffer
		coh := CoherencyNone
		if dcache {
			coh = CoherencyInvalidate
		}
		objs = append(objs, Object{Name: "eth_rx_pool", Symbol: "memp_memory_RX_POOL_base", Size: int64(d.RxBuffers)*elem + align - 1, Align: line, DMA: true, Coherency: coh, Owner: "driver",
			Why: fmt.Sprintf("%d zero-copy RX buffers x %d B (custom pbuf + %d B buffer, 32-byte aligned so cache invalidation never touches a neighbour)", d.RxBuffers, elem, d.RxBufferSize)})
	case RxCopyToPool:
		objs = append(objs, Object{Name: "eth_rx_buffers", Symbol: "rx_buff", Size: int64(d.RxDescriptors * d.RxBufferSize), Align: 4, DMA: true, Coherency: CoherencyNone, Owner: "vendor",
			Why: fmt.Sprintf("%d RX ring buffers x %d B owned by the vendor ENET library", d.RxDescriptors, d.RxBufferSize)},
			Object{Name: "eth_tx_buffers", Symbol: "tx_buff", Size: int64(d.TxDescriptors * d.RxBufferSize), Align: 4, DMA: true, Coherency: CoherencyNone, Owner: "vendor",
				Why: fmt.Sprintf("%d TX ring buffers x %d B owned by the vendor ENET library", d.TxDescriptors, d.RxBufferSize)})
	}
	return objs
}

var hexAddr = regexp.MustCompile(`0[xX][0-9a-fA-F]+`)
