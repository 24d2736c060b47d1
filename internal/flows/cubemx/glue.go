package cubemx

import (
	"embed"
	"fmt"
	"strings"

	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

// templatesFS holds the STM32 HAL ethernetif.c template (the common glue
// templates are the core's, templates/glue/common).
//
//go:embed templates
var templatesFS embed.FS

// Glue is lwipgen's ethernetif over the STM32 HAL ETH driver (H7 EQOS, F4/F7
// DWMAC): the custom_pool RX model, zero-copy into a driver pool.
type Glue struct{}

// Inputs are the input sections of the driver objects: every selector that
// exists in the wild (CubeMX spells the descriptor sections both "Decrip" and
// "Descrip"); the last one is what the generated C code uses.
func (Glue) Inputs() map[string]plan.Input {
	return map[string]plan.Input{
		"eth_rx_descriptors": {Symbol: "DMARxDscrTab", Sections: []string{".RxDecripSection", ".RxDescripSection"}},
		"eth_tx_descriptors": {Symbol: "DMATxDscrTab", Sections: []string{".TxDecripSection", ".TxDescripSection"}},
		"eth_rx_pool":        {Symbol: "memp_memory_RX_POOL_base", Sections: []string{".Rx_PoolSection"}},
	}
}

// Render renders ethernetif.c/.h, lwipgen_sys.c/.h and the RX pool, with
// ETH_RX_DESC_CNT/ETH_TX_DESC_CNT as compile definitions.
func (g Glue) Render(p *plan.Plan, l *layout.Layout) ([]render.File, []string, error) {
	return g.RenderFor(p, l, DefaultTarget(p))
}

// RenderFor renders the glue for the project target t (ReadTarget).
func (Glue) RenderFor(p *plan.Plan, l *layout.Layout, t GlueTarget) ([]render.File, []string, error) {
	d, err := DataFor(p, l, t)
	if err != nil {
		return nil, nil, err
	}
	return render.RenderGlue(templatesFS, "templates/ethernetif.c.tmpl", d)
}

// Data is the glue template data of an STM32 board built by lwipgen itself.
func Data(p *plan.Plan, l *layout.Layout) (*render.GlueData, error) {
	return DataFor(p, l, DefaultTarget(p))
}

// DataFor is the glue template data of an STM32 board for the project target t.
func DataFor(p *plan.Plan, l *layout.Layout, t GlueTarget) (*render.GlueData, error) {
	d, err := render.NewGlueData(p, l)
	if err != nil {
		return nil, err
	}
	d.Target = t
	if c := newGlueContract(t.Cube, t.InPlace); c != nil {
		d.Contract = c
		if c.RTOS {
			d.LinkPollHow = "the sleep of ethernet_link_thread, the thread CubeMX's MX_LWIP_Init creates"
		} else {
			d.LinkPollHow = "not used: CubeMX's lwip.c runs the link check from Ethernet_Link_Periodic_Handle every 100 ms"
		}
	}
	b, dr := p.Board, p.Driver
	fam := b.Chip.Family
	if dr.RxModel != plan.RxCustomPool {
		return nil, fmt.Errorf("glue: %s: STM32 glue implements the custom_pool RX model, plan says %q", b.Name, dr.RxModel)
	}
	if dr.RxBufferSize%32 != 0 || dr.RxBufferSize > 1536 {
		return nil, fmt.Errorf("glue: %s: RX buffer size %d must be a multiple of 32 and at most 1536 (HAL RxBuffLen)", b.Name, dr.RxBufferSize)
	}
	if dr.RxBuffers < dr.RxDescriptors {
		return nil, fmt.Errorf("glue: %s: %d RX buffers cannot arm %d descriptors", b.Name, dr.RxBuffers, dr.RxDescriptors)
	}
	d.STM32 = true
	if d.RxPool, err = d.Object("eth_rx_pool"); err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(strings.TrimPrefix(d.RxPool.Symbol, "memp_memory_"), "_base")
	if name == d.RxPool.Symbol || name == "" || !isCIdent(name) {
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
		c := render.GlueCoalesce{Us: b.Ethernet.RxCoalesceUs, Applies: true, AssumedMHz: hclk / 1e6}
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
	return d, nil
}

func isCIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && i > 0) {
			return false
		}
	}
	return true
}

func stm32HAL(fam, iface string) render.GlueHAL {
	media := "HAL_ETH_RMII_MODE"
	if iface == "mii" {
		media = "HAL_ETH_MII_MODE"
	}
	if fam == "stm32h7" {
		return render.GlueHAL{
			Header: "stm32h7xx_hal.h", H7: true,
			RxIE: "ETH_DMACIER_RIE", RxStatus: "ETH_DMACSR_RI", StatusReg: "DMACSR", RBU: "ETH_DMACSR_RBU", NIS: "ETH_DMACSR_NIS", FBE: "ETH_DMACSR_FBE",
			Resume:         "WRITE_REG(heth.Instance->DMACRDTPR, READ_REG(heth.Instance->DMACRDTPR));",
			ResumeWhy:      "the RX descriptor tail pointer (DMACRDTPR) is written again",
			MediaInterface: media,
		}
	}
	return render.GlueHAL{
		Header: fam + "xx_hal.h",
		RxIE:   "ETH_DMAIER_RIE", RxStatus: "ETH_DMASR_RS", StatusReg: "DMASR", RBU: "ETH_DMASR_RBUS", NIS: "ETH_DMASR_NIS", FBE: "ETH_DMASR_FBES",
		Resume:         "WRITE_REG(heth.Instance->DMARPDR, 0U);",
		ResumeWhy:      "the receive poll demand register (DMARPDR) is written",
		MediaInterface: media,
	}
}

// DefaultPHY: NUCLEO-144 boards carry a LAN8742A.
func (Glue) DefaultPHY() string { return "LAN8742A" }

// RxModel: the HAL's zero-copy RX into the glue's pool of custom pbufs.
func (Glue) RxModel() plan.RxModel { return plan.RxCustomPool }
