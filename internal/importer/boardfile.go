package importer

import (
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/lwipgen/lwipgen/internal/lwip"
)

// imported is the board being imported: every decision the board file
// carries, and the project's effective lwIP configuration. The fitting step
// (fit.go) changes region, conns and rxBufsPinned and writes the file again.
type imported struct {
	in                          *input
	proj                        *projectFiles // nil: a lone .ioc or lwipopts.h
	boardName                   string
	version, chip, vendor, rtos decision[string]
	phy, iface, region          decision[string]
	speed, mpuFirst             decision[int]
	conns                       decision[int64]
	rxBufsPinned                bool // false: the .ioc's RX pool size is left to lwipgen (step 4)
	inCfg                       *lwip.Config
	why                         map[string]string // option -> where the project sets it
}

// val is an option's effective value in the project, def when it has none.
func (ib *imported) val(name string, def int64) int64 {
	if n, ok := ib.inCfg.Int(name); ok {
		return n
	}
	return def
}

// hcl writes the board file with opts pinned in its options {} block and
// comments at the top.
func (ib *imported) hcl(opts map[string]string, comments []string) []byte {
	in := ib.in
	f := hclwrite.NewEmptyFile()
	root := f.Body()
	comment(root, append([]string{"Imported by lwipgen from " + in.name + ". Each value says where it came from."}, comments...)...)
	b := root.AppendNewBlock("board", []string{ib.boardName}).Body()
	attr(b, "chip", cty.StringVal(ib.chip.Value), ib.chip.Why)
	attr(b, "vendor", cty.StringVal(ib.vendor.Value), ib.vendor.Why)
	attr(b, "rtos", cty.StringVal(ib.rtos.Value), ib.rtos.Why)
	if ib.rtos.Value == "freertos" && in.cmsis != "" {
		attr(b, "rtos_api", cty.StringVal("cmsis_"+in.cmsis), "the project's CMSIS-RTOS layer: "+in.cmsisWhy)
	}
	if mp, ok := ib.proj.maxPriorities(); ok && ib.rtos.Value == "freertos" {
		attr(b, "rtos_priorities", cty.NumberIntVal(mp.n), "configMAX_PRIORITIES of the project's FreeRTOSConfig.h, "+mp.from+": thread priorities are chosen below it")
	}
	attr(b, "lwip_version", cty.StringVal(ib.version.Value), ib.version.Why)
	b.AppendNewline()
	ib.ethernetBlock(b)
	b.AppendNewline()
	ib.workloadBlock(b)
	if ib.region.Value != "" || ib.mpuFirst.Value > 0 {
		b.AppendNewline()
		mem := b.AppendNewBlock("memory", nil).Body()
		if ib.region.Value != "" {
			attr(mem, "lwip_region", cty.StringVal(ib.region.Value), ib.region.Why)
		}
		if ib.mpuFirst.Value > 0 {
			attr(mem, "mpu_first_region", cty.NumberIntVal(int64(ib.mpuFirst.Value)), ib.mpuFirst.Why)
		}
	}
	if len(opts) > 0 {
		b.AppendNewline()
		ob := b.AppendNewBlock("options", nil).Body()
		comment(ob, "The imported configuration, pinned: the generated lwipopts.h has these effective values.")
		var on []string
		for n := range opts {
			on = append(on, n)
		}
		sort.Strings(on)
		for _, n := range on {
			w := ib.why[n]
			if w == "" {
				w = "lwIP's default (the project does not set it), kept: lwipgen would choose otherwise"
			}
			attr(ob, n, optionValue(opts[n]), w)
		}
	}
	return hclwrite.Format(f.Bytes())
}

func (ib *imported) ethernetBlock(b *hclwrite.Body) {
	in := ib.in
	eth := b.AppendNewBlock("ethernet", nil).Body()
	attr(eth, "phy", cty.StringVal(ib.phy.Value), ib.phy.Why)
	attr(eth, "interface", cty.StringVal(ib.iface.Value), ib.iface.Why)
	attr(eth, "speed_mbps", cty.NumberIntVal(int64(ib.speed.Value)), ib.speed.Why)
	if in.rxDesc > 0 {
		attr(eth, "rx_descriptors", cty.NumberIntVal(int64(in.rxDesc)), "the .ioc's ETH.ETH_RX_DESC_CNT")
	}
	if in.txDesc > 0 {
		attr(eth, "tx_descriptors", cty.NumberIntVal(int64(in.txDesc)), "the .ioc's ETH.ETH_TX_DESC_CNT")
	}
	switch {
	case in.rxBufs > 0 && ib.rxBufsPinned:
		attr(eth, "rx_buffers", cty.NumberIntVal(int64(in.rxBufs)), "the .ioc's LWIP.ETH_RX_BUFFER_CNT")
	case in.rxBufs > 0:
		comment(eth, fmt.Sprintf("rx_buffers: not the .ioc's LWIP.ETH_RX_BUFFER_CNT %d: that is the pool of CubeMX's driver, which lwipgen's replaces;", in.rxBufs),
			fmt.Sprintf("lwipgen's keeps the %d RX descriptors armed, so %d buffers leave lwIP too few for the project's TCP_WND: lwipgen sizes the pool", in.rxDesc, in.rxBufs))
	}
	if ib.val("CHECKSUM_GEN_IP", 1) == 0 && ib.val("CHECKSUM_CHECK_TCP", 1) == 0 {
		attr(eth, "checksum_offload", cty.True, "CHECKSUM_GEN_IP and CHECKSUM_CHECK_TCP are 0: the MAC computes checksums")
	}
}

func (ib *imported) workloadBlock(b *hclwrite.Body) {
	wl := b.AppendNewBlock("workload", nil).Body()
	comment(wl, "An lwipopts.h says nothing about the traffic: inferred from the pools (the inverse of lwipgen's PCB rules).")
	attr(wl, "profile", cty.StringVal("balanced"), "nothing in the input says whether throughput or latency matters more")
	attr(wl, "tcp_connections", cty.NumberIntVal(ib.conns.Value), ib.conns.Why)
	attr(wl, "tcp_listeners", cty.NumberIntVal(ib.val("MEMP_NUM_TCP_PCB_LISTEN", 8)), "MEMP_NUM_TCP_PCB_LISTEN")
	attr(wl, "udp_endpoints", cty.NumberIntVal(max(0, ib.val("MEMP_NUM_UDP_PCB", 4)-b2i(ib.val("LWIP_DHCP", 0) != 0)-b2i(ib.val("LWIP_DNS", 0) != 0))), "MEMP_NUM_UDP_PCB less the PCBs of DHCP and DNS")
	attr(wl, "dhcp", cty.BoolVal(ib.val("LWIP_DHCP", 0) != 0), "LWIP_DHCP")
	attr(wl, "dns", cty.BoolVal(ib.val("LWIP_DNS", 0) != 0), "LWIP_DNS")
}
