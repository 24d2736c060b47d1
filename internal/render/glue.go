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

// Glue renders the Ethernet driver glue and the timing/RX-scheduling glue of
// the board: ethernetif.c/.h for the chip family's vendor driver,
// lwipgen_sys.c/.h for the board's RTOS, and lwipgen_rxpool.c/.h (the pure,
// host-tested pool and budget logic). defines are the compile definitions
// (without "-D") that must reach every translation unit, the vendor driver's
// included, because the vendor sizes its own arrays with them.
//
// Families other than stm32h7, stm32f7, stm32f4 and gd32f4 get no files here
// (zynq7000 and mps2 have their own generators).
func Glue(p *plan.Plan, l *layout.Layout) (files []File, defines []string, err error) {
	return GlueFS(templates.FS, p, l)
}

// GlueFS is Glue with the templates read from fsys (a tree shaped like
// templates/, e.g. os.DirFS of it).
func GlueFS(fsys fs.FS, p *plan.Plan, l *layout.Layout) (files []File, defines []string, err error) {
	return glueFS(fsys, p, l, DefaultTarget(p))
}

func glueFS(fsys fs.FS, p *plan.Plan, l *layout.Layout, t GlueTarget) (files []File, defines []string, err error) {
	if p == nil || p.Board == nil || p.Board.Chip == nil {
		return nil, nil, fmt.Errorf("glue: plan without board")
	}
	fam := p.Board.Chip.Family
	var driverTmpl string
	switch fam {
	case "stm32h7", "stm32f7", "stm32f4":
		driverTmpl = "glue/stm32/ethernetif.c.tmpl"
	case "gd32f4":
		driverTmpl = "glue/gd32f4/ethernetif.c.tmpl"
	default:
		return nil, nil, nil
	}
	var sysTmpl string
	switch p.Board.RTOS {
	case "none":
		sysTmpl = "glue/common/lwipgen_sys_none.c.tmpl"
	case "freertos":
		sysTmpl = "glue/common/lwipgen_sys_freertos.c.tmpl"
	default:
		return nil, nil, fmt.Errorf("glue: %s: rtos %q has no %s glue (supported: none, freertos)", p.Board.Name, p.Board.RTOS, fam)
	}
	d, err := newGlueData(p, l)
	if err != nil {
		return nil, nil, err
	}
	d.Target = t
	d.Cube = newGlueCube(t.Cube)
	pool, err := GlueRxPoolFS(fsys, d.PoolCount, p.Driver.RxBudget)
	if err != nil {
		return nil, nil, err
	}
	files = append(files, pool...)
	for _, t := range []struct{ tmpl, out string }{
		{"glue/common/ethernetif.h.tmpl", "ethernetif.h"},
		{driverTmpl, "ethernetif.c"},
		{"glue/common/lwipgen_sys.h.tmpl", "lwipgen_sys.h"},
		{sysTmpl, "lwipgen_sys.c"},
	} {
		out, err := ExecuteFS(fsys, t.tmpl, d)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, File{Path: t.out, Content: out})
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
		files = append(files, File{Path: f, Content: out})
	}
	return files, nil
}

// glueData is what the glue templates see.
type glueData struct {
	Board  *board.Board
	Plan   *plan.Plan
	Driver plan.Driver
	STM32  bool
	GD32   bool
	HAL    glueHAL // STM32 only

	RxDesc, TxDesc glueObject
	RxPool         glueObject // STM32: the zero-copy pool
	RxBuf, TxBuf   glueObject // GD32: library ring buffers
	PoolCount      int        // buffers of the driver's own RX pool (0 for GD32)
	Enhanced       bool       // GD32: 32-byte enhanced descriptors

	MAC           []string // "0x02", ...
	PHYAddress    int
	PHYAddressWhy string
	GD32Interface string
	DCache        bool
	NoDMA         []glueRange
	TxTimeoutMs   int
	LinkPollMs    int
	Coalesce      glueCoalesce
	Defines       []string
	Target        GlueTarget
	Cube          *glueCube // nil when the project is not CubeMX's
}

// glueObject is a placed DMA object as the C code names it.
type glueObject struct {
	Symbol   string
	Section  string // input section the C attribute (or the library's -fdata-sections) uses
	Align    int64
	PoolName string // RX pool: NAME of LWIP_MEMPOOL_DECLARE(NAME, ...)
}

type glueRange struct{ Name, Base, End string }

// glueHAL holds what differs between the H7 (EQOS) and F4/F7 (DWMAC) HAL ETH drivers.
type glueHAL struct {
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

// glueCoalesce is the RX interrupt watchdog setting (H7 only).
type glueCoalesce struct {
	Us         int
	Applies    bool
	AssumedMHz int64
	RWT        int64 // value written at the nominal clock
	Wanted     int64 // before clamping to the 8-bit field
	Clamped    bool
	MaxUs      int64
}

func newGlueData(p *plan.Plan, l *layout.Layout) (*glueData, error) {
	b := p.Board
	dr := p.Driver
	fam := b.Chip.Family
	d := &glueData{Board: b, Plan: p, Driver: dr, DCache: b.Chip.Core.DCache, LinkPollMs: 500}
	if dr.RxDescriptors < 1 || dr.TxDescriptors < 1 || dr.RxBufferSize < 64 || dr.RxBudget < 1 {
		return nil, fmt.Errorf("glue: %s: driver plan incomplete (rx %d, tx %d descriptors, %d B buffers, budget %d)",
			b.Name, dr.RxDescriptors, dr.TxDescriptors, dr.RxBufferSize, dr.RxBudget)
	}
	mac, err := macBytes(b.Ethernet.MAC)
	if err != nil {
		return nil, fmt.Errorf("glue: %s: ethernet.mac_address: %v", b.Name, err)
	}
	d.MAC = mac
	obj := func(name string) (glueObject, error) {
		if l == nil {
			return glueObject{}, fmt.Errorf("glue: %s: no layout", b.Name)
		}
		_, o, ok := l.SectionOf(name)
		if !ok {
			return glueObject{}, fmt.Errorf("glue: %s: the layout did not place %q", b.Name, name)
		}
		sec := o.PrimaryInput()
		if o.Symbol == "" || sec == "" {
			return glueObject{}, fmt.Errorf("glue: %s: object %q has no symbol or input section", b.Name, name)
		}
		a := o.Align
		if a < 4 {
			a = 4
		}
		return glueObject{Symbol: o.Symbol, Section: sec, Align: a}, nil
	}
	if d.RxDesc, err = obj("eth_rx_descriptors"); err != nil {
		return nil, err
	}
	if d.TxDesc, err = obj("eth_tx_descriptors"); err != nil {
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
			d.NoDMA = append(d.NoDMA, glueRange{Name: m.Name, Base: fmt.Sprintf("0x%08X", m.Base), End: fmt.Sprintf("0x%08X", m.Base+m.Size)})
		}
	}
	d.PHYAddress, d.PHYAddressWhy = phyAddress(b.Ethernet.PHY)

	switch fam {
	case "stm32h7", "stm32f7", "stm32f4":
		if dr.RxModel != "custom_pool" {
			return nil, fmt.Errorf("glue: %s: STM32 glue implements the custom_pool RX model, plan says %q", b.Name, dr.RxModel)
		}
		if dr.RxBufferSize%32 != 0 || dr.RxBufferSize > 1536 {
			return nil, fmt.Errorf("glue: %s: RX buffer size %d must be a multiple of 32 and at most 1536 (HAL RxBuffLen)", b.Name, dr.RxBufferSize)
		}
		if dr.RxBuffers < dr.RxDescriptors {
			return nil, fmt.Errorf("glue: %s: %d RX buffers cannot arm %d descriptors", b.Name, dr.RxBuffers, dr.RxDescriptors)
		}
		d.STM32 = true
		if d.RxPool, err = obj("eth_rx_pool"); err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(strings.TrimPrefix(d.RxPool.Symbol, "memp_memory_"), "_base")
		if name == d.RxPool.Symbol || name == "" || cIdent(name) != name {
			return nil, fmt.Errorf("glue: %s: RX pool symbol %q is not memp_memory_<NAME>_base", b.Name, d.RxPool.Symbol)
		}
		d.RxPool.PoolName = name
		d.PoolCount = dr.RxBuffers
		d.HAL = stm32HAL(fam, b.Ethernet.Interface)
		d.Defines = []string{
			fmt.Sprintf("ETH_RX_DESC_CNT=%dU", dr.RxDescriptors),
			fmt.Sprintf("ETH_TX_DESC_CNT=%dU", dr.TxDescriptors),
		}
		if b.Ethernet.RxCoalesceUs > 0 && fam == "stm32h7" {
			// RWT counts units of 256 HCLK cycles. H743 at 480 MHz: HCLK = 240 MHz
			// (HPRE /2, the CubeMX default); the code reads the real HCLK at run time.
			hclk := b.Chip.Core.ClockHz / 2
			c := glueCoalesce{Us: b.Ethernet.RxCoalesceUs, Applies: true, AssumedMHz: hclk / 1e6}
			c.RWT = (int64(c.Us)*hclk/1e6 + 255) / 256
			c.Wanted = c.RWT
			c.MaxUs = 255 * 256 * 1e6 / hclk
			if c.RWT > 255 {
				c.RWT, c.Clamped = 255, true
			}
			if c.RWT < 1 {
				c.RWT = 1
			}
			d.Coalesce = c
		}
	case "gd32f4":
		if dr.RxModel != "copy_to_pool" {
			return nil, fmt.Errorf("glue: %s: GD32 glue implements the copy_to_pool RX model, plan says %q", b.Name, dr.RxModel)
		}
		if dr.RxBufferSize < 1524 {
			return nil, fmt.Errorf("glue: %s: RX buffer size %d cannot hold a whole frame (ENET_MAX_FRAME_SIZE 1524); the GD32 library drops frames that span descriptors", b.Name, dr.RxBufferSize)
		}
		d.GD32 = true
		if d.RxBuf, err = obj("eth_rx_buffers"); err != nil {
			return nil, err
		}
		if d.TxBuf, err = obj("eth_tx_buffers"); err != nil {
			return nil, err
		}
		switch dr.DescriptorSize {
		case 16:
		case 32:
			d.Enhanced = true
		default:
			return nil, fmt.Errorf("glue: %s: GD32 ENET descriptors are 16 (normal) or 32 (enhanced) bytes, plan says %d", b.Name, dr.DescriptorSize)
		}
		switch b.Ethernet.Interface {
		case "rmii":
			d.GD32Interface = "SYSCFG_ENET_PHY_RMII"
		case "mii":
			d.GD32Interface = "SYSCFG_ENET_PHY_MII"
		default:
			return nil, fmt.Errorf("glue: %s: GD32F4 ENET supports mii or rmii, not %q", b.Name, b.Ethernet.Interface)
		}
		d.Defines = []string{
			fmt.Sprintf("ENET_RXBUF_NUM=%dU", dr.RxDescriptors),
			fmt.Sprintf("ENET_TXBUF_NUM=%dU", dr.TxDescriptors),
			fmt.Sprintf("ENET_RXBUF_SIZE=%dU", dr.RxBufferSize),
			// The layout sizes tx_buff with the RX buffer size as well.
			fmt.Sprintf("ENET_TXBUF_SIZE=%dU", dr.RxBufferSize),
		}
		if d.Enhanced {
			d.Defines = append(d.Defines, "SELECT_DESCRIPTORS_ENHANCED_MODE")
		}
	}
	sort.Strings(d.Defines)
	return d, nil
}

func stm32HAL(fam, iface string) glueHAL {
	media := "HAL_ETH_RMII_MODE"
	if iface == "mii" {
		media = "HAL_ETH_MII_MODE"
	}
	if fam == "stm32h7" {
		return glueHAL{
			Header: "stm32h7xx_hal.h", H7: true,
			RxIE: "ETH_DMACIER_RIE", RxStatus: "ETH_DMACSR_RI", StatusReg: "DMACSR", RBU: "ETH_DMACSR_RBU", NIS: "ETH_DMACSR_NIS", FBE: "ETH_DMACSR_FBE",
			Resume:         "WRITE_REG(heth.Instance->DMACRDTPR, READ_REG(heth.Instance->DMACRDTPR));",
			ResumeWhy:      "the RX descriptor tail pointer (DMACRDTPR) is written again",
			MediaInterface: media,
		}
	}
	return glueHAL{
		Header: fam + "xx_hal.h",
		RxIE:   "ETH_DMAIER_RIE", RxStatus: "ETH_DMASR_RS", StatusReg: "DMASR", RBU: "ETH_DMASR_RBUS", NIS: "ETH_DMASR_NIS", FBE: "ETH_DMASR_FBES",
		Resume:         "WRITE_REG(heth.Instance->DMARPDR, 0U);",
		ResumeWhy:      "the receive poll demand register (DMARPDR) is written",
		MediaInterface: media,
	}
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
