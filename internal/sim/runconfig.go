package sim

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// The steps of runConfig: the configuration's driver rings, its device
// build, the device's CPU cost and command line, and what the run measured.

// configDriver is the board's driver with the configuration's rings (a
// baseline's own descriptor and buffer counts where it sets them).
func configDriver(d plan.Driver, c *config) plan.Driver {
	if c.Driver.RxDescriptors > 0 {
		d.RxDescriptors = c.Driver.RxDescriptors
	}
	if c.Driver.RxBuffers > 0 {
		d.RxBuffers = c.Driver.RxBuffers
	}
	if c.Driver.TxDescriptors > 0 {
		d.TxDescriptors = c.Driver.TxDescriptors
	}
	if d.RxModel == plan.RxCopyToPool {
		d.RxBuffers = d.RxDescriptors // one library buffer per descriptor
	}
	return d
}

// buildConfigDevice builds the board's generated driver, rendered by its flow
// with this configuration's rings d, on its driver model; it records the host
// overrides and the glue run in cr.
func buildConfigDevice(ctx context.Context, p *plan.Plan, c *config, d plan.Driver, tree *lwipsrc.Tree, cache string, o Options, cr *ConfigResult) (*nodeBuild, error) {
	ipv6, _ := c.Resolved.Value("LWIP_IPV6")
	m, _ := runsGlue(p) // Run refused a board without one
	dc, err := renderDevice(o.gen, d, m, o.patchGlue)
	if err != nil {
		return nil, err
	}
	lockHeader := coreLockHeader
	if m.RTOS {
		cr.Overrides = rtosOverrides(cr.Overrides)
		lockHeader = rtosCoreLockHeader
	} else {
		cr.Overrides = append(cr.Overrides, coreLockOverride)
	}
	hdr := c.Header
	if dc.Config != nil && c.Name == CfgLwipgen {
		hdr = dc.Config // the vendor build's header (Vitis: the BSP's lwipopts.h), as generated
	}
	if m.OwnTimers {
		cr.Overrides = withoutOverrides(cr.Overrides, "LWIP_TIMERS", "LWIP_TIMERS_CUSTOM")
	}
	cr.Glue = &GlueRun{Model: m.Name, Sources: append(append([]string{}, dc.Sources...), dc.Headers...), Defines: dc.Defines}
	if len(c.Hooks) > 0 {
		dc = dc.with("lwipgen_sim_hooks.c", hooksSource(c.Hooks)) // not the generated driver's: listed in Added
	}
	return buildDevice(ctx, tree, cache, dc, append(optsHeader(hdr, cr.Overrides), lockHeader...), ipv6 != 0, p.Board.Chip.Core.DCache)
}

// configCPU is the device's CPU cost: the default of the core and clock, or
// the user's, scaled by the sweep's CPU axis.
func configCPU(p *plan.Plan, c *config, o Options) CPU {
	cpu := defaultCPU(p, c.Resolved)
	if o.CPUNsPerFrame != nil || o.CPUNsPerByte != nil {
		if o.CPUNsPerFrame != nil {
			// a timer pass is priced in frames' worth of work: it scales with the user's frame cost
			// (zero when the validation runs take the CPU out of the measurement)
			if cpu.TxNsPerFrame > 0 {
				k := *o.CPUNsPerFrame / cpu.TxNsPerFrame
				cpu.TimerNsPerPass *= k
				cpu.TimerNsPerPCB *= k
			}
			cpu.RxNsPerFrame, cpu.TxNsPerFrame = *o.CPUNsPerFrame, *o.CPUNsPerFrame
		}
		if o.CPUNsPerByte != nil {
			cpu.RxNsPerByte, cpu.TxNsPerByte = *o.CPUNsPerByte, *o.CPUNsPerByte
		}
		cpu.Source = "set by the user"
	}
	if o.CPUScale != 1 {
		cpu.RxNsPerFrame *= o.CPUScale
		cpu.TxNsPerFrame *= o.CPUScale
		cpu.RxNsPerByte *= o.CPUScale
		cpu.TxNsPerByte *= o.CPUScale
		cpu.TimerNsPerPass *= o.CPUScale
		cpu.TimerNsPerPCB *= o.CPUScale
		cpu.Source += fmt.Sprintf(", x%g", o.CPUScale)
	}
	return cpu
}

// deviceArgs is the device node's command line. rx_model, rx_desc,
// rx_buf_size and tx_desc are read by the peer's NIC only (a device without
// a driver model); a generated driver has its rings compiled in.
func deviceArgs(d plan.Driver, cpu CPU, link Link, o Options) []string {
	txDesc := d.TxDescriptors
	if txDesc <= 0 {
		txDesc = 2 // FIFO MACs have no TX descriptors: about two full frames fit their TX FIFO
	}
	args := []string{
		"role=device", "rx_model=" + string(d.RxModel),
		fmt.Sprintf("rx_desc=%d", d.RxDescriptors),
		fmt.Sprintf("rx_buf_size=%d", max(d.RxBufferSize, 1536)), fmt.Sprintf("tx_desc=%d", txDesc),
		fmt.Sprintf("rate_bps=%d", link.RateBps), fmt.Sprintf("seed=%d", o.Seed),
		fmt.Sprintf("cpu_rx_frame_ns=%d", int64(math.Round(cpu.RxNsPerFrame))),
		fmt.Sprintf("cpu_tx_frame_ns=%d", int64(math.Round(cpu.TxNsPerFrame))),
		fmt.Sprintf("cpu_rx_byte_ps=%d", int64(math.Round(cpu.RxNsPerByte*1000))),
		fmt.Sprintf("cpu_tx_byte_ps=%d", int64(math.Round(cpu.TxNsPerByte*1000))),
		fmt.Sprintf("cpu_tmr_pass_ns=%d", int64(math.Round(cpu.TimerNsPerPass))),
		fmt.Sprintf("cpu_tmr_pcb_ns=%d", int64(math.Round(cpu.TimerNsPerPCB))),
	}
	if o.rrRefuse > 0 {
		args = append(args, fmt.Sprintf("rr_refuse=%d", o.rrRefuse))
	}
	return args
}

// countConnections records the connections the workload opened; none is an
// error, and a start-up failure when the driver said why.
func countConnections(cr *ConfigResult, st *nodeStats) error {
	up := 0
	for _, cn := range st.Conns {
		if cn.Up == 1 {
			up++
		}
	}
	cr.Connections = up
	if cr.Glue == nil || up > 0 {
		return nil
	}
	msg := "the device accepted no connection within 10 s: its generated driver never brought the netif up (or never moved a frame)"
	if st.Dev != nil {
		for _, ck := range st.Dev.Checks {
			msg += fmt.Sprintf("; driver check failed: %s (%d times): %s", ck.Kind, ck.Count, ck.First)
		}
		if len(st.Dev.Checks) > 0 {
			// the driver said why (zynq7035 with lwIP's defaults: init_dma cannot arm the RX ring
			// from a 16-pbuf pool): a configuration the board does not start with, a result
			cr.StartupFailure = msg
			return errors.New(startupPrefix + msg)
		}
	}
	return errors.New(msg)
}

// summarize fills in what the phases measured: rates and latencies, the
// retransmissions of the measured phases (end minus base), the pools and heap,
// and where frames were lost.
func (cr *ConfigResult) summarize(base, basePeer, end, endPeer *nodeStats) {
	for _, ph := range cr.Phases {
		switch ph.Name {
		case "tx":
			cr.TxMbps = ph.TxMbps
		case "rx":
			cr.RxMbps = ph.RxMbps
		case "rr":
			cr.P50Us, cr.P99Us = ph.P50Us, ph.P99Us
		}
	}
	cr.RetxDevice = end.NIC["retx_segs"] - base.NIC["retx_segs"]
	cr.RetxPeer = endPeer.NIC["retx_segs"] - basePeer.NIC["retx_segs"]
	for _, m := range end.Memp {
		cr.Pools = append(cr.Pools, m)
		cr.PoolErrors += m.Err
	}
	cr.Heap = end.Mem
	cr.Heap.Name = "HEAP"
	cr.PoolErrors += end.Mem.Err
	cr.Errors = ErrorSplit{AllocFailures: cr.PoolErrors, BackPressure: werr(end) - werr(base),
		MACMissed: end.NIC["rx_missed"], RingStarved: end.NIC["rx_starved"], DriverDrops: end.NIC["rx_nobuf"] + end.NIC["rx_input_err"]}
	cr.Errors.Clean = cr.Errors.AllocFailures == 0 && cr.Errors.MACMissed == 0 && cr.Errors.DriverDrops == 0
	cr.TCP = end.TCP
	cr.NIC = end.NIC
}
