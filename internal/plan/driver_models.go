package plan

// How each MAC family's generated driver receives frames. This decides which
// memory holds a received TCP window, and therefore what bounds TCP_WND.
const (
	// rxCustomPool: STM32 HAL (new ETH driver) zero-copy RX. The DMA writes
	// into a driver pool of 32-byte-aligned buffers wrapped in custom pbufs
	// (HAL_ETH_RxAllocateCallback / RxLinkCallback). A received window lives in
	// that pool; PBUF_POOL is not on the RX path.
	rxCustomPool = "custom_pool"
	// rxPbufPoolDMA: the DMA writes straight into PBUF_POOL pbufs armed on the
	// ring (Xilinx xemacps adapter).
	rxPbufPoolDMA = "pbuf_pool_dma"
	// rxCopyToPool: the DMA writes into driver/library-owned ring buffers and
	// the driver copies each frame into a PBUF_POOL pbuf (GD32 firmware
	// library ENET arrays).
	rxCopyToPool = "copy_to_pool"
	// rxFIFO: a FIFO MAC without DMA (LAN9118): the CPU copies each frame
	// from the on-chip RX FIFO into a PBUF_POOL pbuf; the FIFO is the only
	// buffering while the CPU is busy.
	rxFIFO = "fifo"
)

// rxModelOf maps the chip's MAC family to the RX design of lwipgen's driver glue.
var rxModelOf = map[string]string{
	"stm32h7-eqos": rxCustomPool,
	"stm32-dwmac":  rxCustomPool,
	"gd32-enet":    rxCopyToPool,
	"xemacps":      rxPbufPoolDMA,
	"lan9118":      rxFIFO,
}
