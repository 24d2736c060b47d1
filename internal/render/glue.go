package render

import (
	"fmt"
	"io/fs"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/templates"
)

// The Ethernet driver glue shared by the flows whose chips get lwipgen's own
// ethernetif (CubeMX, GD32): the data every driver template sees, the common
// templates (templates/glue/common: ethernetif.h, lwipgen_sys.c/.h for the
// board's RTOS, lwipgen_rxpool.c/.h) and the render step. The flow owns its
// driver template (ethernetif.c) and fills the vendor part of GlueData.

// RenderGlue renders the common glue and the flow's driver template
// driverTmpl from driverFS (as ethernetif.c) over d. It returns the files and
// d.Defines, sorted.
func RenderGlue(driverFS fs.FS, driverTmpl string, d *GlueData) (files []File, defines []string, err error) {
	return RenderGlueFS(templates.FS, driverFS, driverTmpl, d)
}

// sysTemplate is the timing/RX-scheduling glue of the board's RTOS.
func sysTemplate(p *plan.Plan) (string, error) {
	switch p.Board.RTOS {
	case "none":
		return "glue/common/lwipgen_sys_none.c.tmpl", nil
	case "freertos":
		return "glue/common/lwipgen_sys_freertos.c.tmpl", nil
	}
	return "", fmt.Errorf("glue: %s: rtos %q has no %s glue (supported: none, freertos)", p.Board.Name, p.Board.RTOS, p.Board.Chip.Family)
}

// RenderGlueFS is RenderGlue with the common templates read from fsys (a
// tree shaped like templates/, e.g. os.DirFS of it).
func RenderGlueFS(fsys, driverFS fs.FS, driverTmpl string, d *GlueData) (files []File, defines []string, err error) {
	p := d.Plan
	sysTmpl, err := sysTemplate(p)
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(d.Defines)
	pool, err := GlueRxPoolFS(fsys, d.PoolCount, p.Driver.RxBudget)
	if err != nil {
		return nil, nil, err
	}
	files = append(files, pool...)
	for _, t := range []struct {
		fsys      fs.FS
		tmpl, out string
	}{
		{fsys, "glue/common/ethernetif.h.tmpl", "ethernetif.h"},
		{driverFS, driverTmpl, "ethernetif.c"},
		{fsys, "glue/common/lwipgen_sys.h.tmpl", "lwipgen_sys.h"},
		{fsys, sysTmpl, "lwipgen_sys.c"},
	} {
		out, err := ExecuteFS(t.fsys, t.tmpl, d)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, File{Path: t.out, Content: out, Role: RoleGlue})
	}
	return files, d.Defines, nil
}

// GlueRxPool renders lwipgen_rxpool.c/.h: count driver RX buffers (0: the
// driver has no pool of its own, only the budgeted drain is generated) and
// budget frames per poll. The host test renders it through this function too.
func GlueRxPool(count, budget int) ([]File, error) { return GlueRxPoolFS(templates.FS, count, budget) }

// GlueRxPoolFS is GlueRxPool with the templates read from fsys.
func GlueRxPoolFS(fsys fs.FS, count, budget int) ([]File, error) {
	if count < 0 || count > 65535 {
		return nil, fmt.Errorf("glue: %d RX buffers out of range (0..65535)", count)
	}
	if budget < 1 {
		return nil, fmt.Errorf("glue: RX budget %d, must be at least 1", budget)
	}
	data := map[string]any{"Count": count, "Budget": budget}
	var files []File
	for _, f := range []string{"lwipgen_rxpool.h", "lwipgen_rxpool.c"} {
		out, err := ExecuteFS(fsys, "glue/common/"+f+".tmpl", data)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: f, Content: out, Role: RoleGlue})
	}
	return files, nil
}

// GlueData is what the glue templates see. NewGlueData fills the common
// part; the flow sets its vendor part (the STM32 or GD32 fields).
type GlueData struct {
	Board  *board.Board
	Plan   *plan.Plan
	Driver plan.Driver
	STM32  bool
	GD32   bool
	HAL    GlueHAL // STM32 only

	RxDesc, TxDesc GlueObject
	RxPool         GlueObject // STM32: the zero-copy pool
	RxBuf, TxBuf   GlueObject // GD32: library ring buffers
	PoolCount      int        // buffers of the driver's own RX pool (0 for GD32)
	Enhanced       bool       // GD32: 32-byte enhanced descriptors

	MAC           []string // "0x02", ...
	PHYAddress    int
	PHYAddressWhy string
	GD32Interface string
	DCache        bool
	NoDMA         []GlueRange
	TxTimeoutMs   int
	LinkPollMs    int
	LinkPollHow   string // what waits LinkPollMs between two link checks (the flow's glue says)
	Coalesce      GlueCoalesce
	Defines       []string
	// Target is what the flow read from the project the glue goes into (for the CubeMX flow: the
	// HAL's type spelling, whether the project has an ETH_IRQHandler, the core-locking hooks to
	// define), for the flow's own driver template; Contract is the generated-code contract of the
	// project's vendor tool that the common templates follow (names the vendor's other files call,
	// USER CODE blocks), nil when there is none.
	Target   any
	Contract any

	layout *layout.Layout
}

// GlueObject is a placed DMA object as the C code names it.
type GlueObject struct {
	Symbol   string
	Section  string // input section the C attribute (or the library's -fdata-sections) uses
	Align    int64
	PoolName string // RX pool: NAME of LWIP_MEMPOOL_DECLARE(NAME, ...)
}

// GlueRange is a memory the Ethernet DMA cannot reach.
type GlueRange struct{ Name, Base, End string }

// GlueHAL holds what differs between the H7 (EQOS) and F4/F7 (DWMAC) HAL ETH drivers.
type GlueHAL struct {
	Header         string
	H7             bool
	RxIE           string // RX interrupt enable bit (DMACIER / DMAIER)
	RxStatus       string // RX status bit (DMACSR / DMASR)
	StatusReg      string // DMA status register field of ETH_TypeDef
	RBU            string // receive-buffer-unavailable status bit
	NIS            string // normal interrupt summary bit (cleared with RI, as HAL_ETH_IRQHandler does)
	FBE            string // fatal bus error status bit
	Resume         string // C statement that resumes a suspended RX DMA
	ResumeWhy      string
	MediaInterface string
}

// GlueCoalesce is the RX interrupt watchdog setting (H7 only).
type GlueCoalesce struct {
	Us         int
	Applies    bool
	AssumedMHz int64
	RWT        int64 // value written at the nominal clock
	Wanted     int64 // before clamping to the 8-bit field
	Clamped    bool
	MaxUs      int64
}

// NewGlueData derives the common glue data: driver plan, MAC, PHY address,
// descriptor objects, TX timeout, memories the DMA cannot reach.
func NewGlueData(p *plan.Plan, l *layout.Layout) (*GlueData, error) {
	if p == nil || p.Board == nil || p.Board.Chip == nil {
		return nil, fmt.Errorf("glue: plan without board")
	}
	if _, err := sysTemplate(p); err != nil {
		return nil, err
	}
	b := p.Board
	dr := p.Driver
	d := &GlueData{Board: b, Plan: p, Driver: dr, DCache: b.Chip.Core.DCache, LinkPollMs: 500, layout: l,
		LinkPollHow: "an lwIP sys_timeout, in lwIP's context"}
	if dr.RxDescriptors < 1 || dr.TxDescriptors < 1 || dr.RxBufferSize < 64 || dr.RxBudget < 1 {
		return nil, fmt.Errorf("glue: %s: driver plan incomplete (rx %d, tx %d descriptors, %d B buffers, budget %d)",
			b.Name, dr.RxDescriptors, dr.TxDescriptors, dr.RxBufferSize, dr.RxBudget)
	}
	mac, err := macBytes(b.Ethernet.MAC)
	if err != nil {
		return nil, fmt.Errorf("glue: %s: ethernet.mac_address: %v", b.Name, err)
	}
	d.MAC = mac
	if d.RxDesc, err = d.Object("eth_rx_descriptors"); err != nil {
		return nil, err
	}
	if d.TxDesc, err = d.Object("eth_tx_descriptors"); err != nil {
		return nil, err
	}
	// TX ring drain time at 10 Mbit/s (the slowest link): one full frame on
	// the wire is 1538 byte times (preamble, header, 1500, FCS, gap).
	drainUs := float64(dr.TxDescriptors) * 1538 * 8 / 10
	d.TxTimeoutMs = int(math.Ceil(2 * drainUs / 1000))
	if d.TxTimeoutMs < 5 {
		d.TxTimeoutMs = 5
	}
	for _, m := range b.Chip.Memories {
		if !m.DMA {
			d.NoDMA = append(d.NoDMA, GlueRange{Name: m.Name, Base: fmt.Sprintf("0x%08X", m.Base), End: fmt.Sprintf("0x%08X", m.Base+m.Size)})
		}
	}
	d.PHYAddress, d.PHYAddressWhy = phyAddress(b.Ethernet.PHY)

	return d, nil
}

// Object is the placed object name as the C code names it: its symbol, the
// input section its attribute uses, its alignment (at least 4).
func (d *GlueData) Object(name string) (GlueObject, error) {
	b := d.Board
	if d.layout == nil {
		return GlueObject{}, fmt.Errorf("glue: %s: no layout", b.Name)
	}
	_, o, ok := d.layout.SectionOf(name)
	if !ok {
		return GlueObject{}, fmt.Errorf("glue: %s: the layout did not place %q", b.Name, name)
	}
	sec := o.PrimaryInput()
	if o.Symbol == "" || sec == "" {
		return GlueObject{}, fmt.Errorf("glue: %s: object %q has no symbol or input section", b.Name, name)
	}
	a := o.Align
	if a < 4 {
		a = 4
	}
	return GlueObject{Symbol: o.Symbol, Section: sec, Align: a}, nil
}

// phyAddress is the MDIO address the glue defaults to (LWIPGEN_PHY_ADDRESS overrides it).
func phyAddress(phy string) (int, string) {
	switch strings.ToUpper(phy) {
	case "LAN8742A", "LAN8742", "LAN8720", "LAN8720A":
		return 0, "NUCLEO boards strap the " + phy + " to address 0; override with -DLWIPGEN_PHY_ADDRESS"
	case "DP83848":
		return 1, "ST and GigaDevice evaluation boards strap the DP83848 to address 1; override with -DLWIPGEN_PHY_ADDRESS"
	}
	return 0, "address of the " + phy + " not known to lwipgen; override with -DLWIPGEN_PHY_ADDRESS"
}

// macBytes turns "02:80:e1:00:00:01" into C byte literals.
func macBytes(s string) ([]string, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 6 {
		return nil, fmt.Errorf("%q is not six colon-separated bytes", s)
	}
	out := make([]string, 6)
	for i, h := range parts {
		v, err := strconv.ParseUint(h, 16, 8)
		if err != nil || len(h) != 2 {
			return nil, fmt.Errorf("%q: byte %d (%q) is not two hex digits", s, i+1, h)
		}
		out[i] = fmt.Sprintf("0x%02X", v)
	}
	return out, nil
}
