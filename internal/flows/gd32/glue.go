package gd32

import (
	"embed"
	"fmt"

	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

// templatesFS holds the GD32F4 ENET ethernetif.c template (the common glue
// templates are the core's, templates/glue/common).
//
//go:embed templates
var templatesFS embed.FS

// Glue is lwipgen's ethernetif over the GD32F4 firmware library ENET driver:
// the copy_to_pool RX model (the library's own ring buffers, copied into
// PBUF_POOL pbufs).
type Glue struct{}

// Inputs: the arrays live in gd32f4xx_enet.c without a section attribute;
// with -fdata-sections each has its own .bss.NAME.
func (Glue) Inputs() map[string]plan.Input {
	return map[string]plan.Input{
		"eth_rx_descriptors": {Symbol: "rxdesc_tab", Sections: []string{".bss.rxdesc_tab"}},
		"eth_tx_descriptors": {Symbol: "txdesc_tab", Sections: []string{".bss.txdesc_tab"}},
		"eth_rx_buffers":     {Symbol: "rx_buff", Sections: []string{".bss.rx_buff"}},
		"eth_tx_buffers":     {Symbol: "tx_buff", Sections: []string{".bss.tx_buff"}},
	}
}

// Render renders ethernetif.c/.h, lwipgen_sys.c/.h and the RX budget, with
// the library's ENET_* array sizes as compile definitions.
func (Glue) Render(p *plan.Plan, l *layout.Layout) ([]render.File, []string, error) {
	d, err := Data(p, l)
	if err != nil {
		return nil, nil, err
	}
	return render.RenderGlue(templatesFS, "templates/ethernetif.c.tmpl", d)
}

// Data is the glue template data of a GD32F4 board.
func Data(p *plan.Plan, l *layout.Layout) (*render.GlueData, error) {
	d, err := render.NewGlueData(p, l)
	if err != nil {
		return nil, err
	}
	b, dr := p.Board, p.Driver
	if dr.RxModel != plan.RxCopyToPool {
		return nil, fmt.Errorf("glue: %s: GD32 glue implements the copy_to_pool RX model, plan says %q", b.Name, dr.RxModel)
	}
	if dr.RxBufferSize < 1524 {
		return nil, fmt.Errorf("glue: %s: RX buffer size %d cannot hold a whole frame (ENET_MAX_FRAME_SIZE 1524); the GD32 library drops frames that span descriptors", b.Name, dr.RxBufferSize)
	}
	d.GD32 = true
	if d.RxBuf, err = d.Object("eth_rx_buffers"); err != nil {
		return nil, err
	}
	if d.TxBuf, err = d.Object("eth_tx_buffers"); err != nil {
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
	return d, nil
}

// DefaultPHY: GigaDevice's GD32F4 evaluation boards carry a DP83848.
func (Glue) DefaultPHY() string { return "DP83848" }

// RxModel: the library's ENET arrays are the DMA's rings; the glue copies
// each frame into a PBUF_POOL pbuf.
func (Glue) RxModel() plan.RxModel { return plan.RxCopyToPool }
