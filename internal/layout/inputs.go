package layout

import "strings"

// driverSymbols: the C symbol and the input sections that hold each driver
// object, per RX model of the generated glue. GNU ld silently makes an
// unmatched input section an orphan in the default RAM, so every selector
// that exists in the wild is listed (CubeMX spells the descriptor sections
// both "Decrip" and "Descrip"), and the verifier checks the result.
var driverSymbols = map[string]map[string]struct {
	Symbol string
	Inputs []string
}{
	"custom_pool": {
		"eth_rx_descriptors": {"DMARxDscrTab", []string{".RxDecripSection", ".RxDescripSection"}},
		"eth_tx_descriptors": {"DMATxDscrTab", []string{".TxDecripSection", ".TxDescripSection"}},
		"eth_rx_pool":        {"memp_memory_RX_POOL_base", []string{".Rx_PoolSection"}},
	},
	"copy_to_heap": {
		// RT-Thread's ART-Pi-style H7 driver (drv_eth.c): its own descriptor and
		// RX buffer arrays, in the sections its CubeMX heritage names.
		"eth_rx_descriptors": {"DMARxDscrTab", []string{".RxDescripSection", ".RxDecripSection"}},
		"eth_tx_descriptors": {"DMATxDscrTab", []string{".TxDescripSection", ".TxDecripSection"}},
		"eth_rx_buffers":     {"Rx_Buff", []string{".RxArraySection"}},
	},
	"copy_to_pool": {
		// GD32F4 firmware library: the arrays live in gd32f4xx_enet.c without a
		// section attribute; with -fdata-sections each has its own .bss.NAME.
		"eth_rx_descriptors": {"rxdesc_tab", []string{".bss.rxdesc_tab"}},
		"eth_tx_descriptors": {"txdesc_tab", []string{".bss.txdesc_tab"}},
		"eth_rx_buffers":     {"rx_buff", []string{".bss.rx_buff"}},
		"eth_tx_buffers":     {"tx_buff", []string{".bss.tx_buff"}},
	},
}

// inputsFor returns the selectors for an object (lwIP arrays come from
// -fdata-sections: .bss.<symbol>).
func inputsFor(model string, name, symbol string) (string, []string) {
	if m, ok := driverSymbols[model]; ok {
		if d, ok := m[name]; ok {
			return d.Symbol, d.Inputs
		}
	}
	return symbol, []string{".bss." + symbol}
}

// PrimaryInput is the section name the generated C code uses for an object
// (the last selector, the spelling current ST examples use, e.g.
// .RxDescripSection): templates put `__attribute__((section(...)))` on it.
func (p Placed) PrimaryInput() string {
	if len(p.Inputs) == 0 {
		return ""
	}
	return p.Inputs[len(p.Inputs)-1]
}

// IsLwIP reports whether the object is one of lwIP's own arrays.
func (p Placed) IsLwIP() bool {
	return p.Owner == "lwip" || strings.HasPrefix(p.Symbol, "memp_memory_")
}
