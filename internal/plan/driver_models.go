package plan

// RxModel is how a board's generated (or vendor) driver receives frames.
// This decides which memory holds a received TCP window, and therefore what
// bounds TCP_WND. The board's flow says which one its driver implements
// (Hooks.RxModel; the glue of a MAC family carries its own).
type RxModel string

// The RX designs the generic rules size for. A flow whose driver does
// something else sizes it with its own rules (Hooks.Rules, RT-Thread).
const (
	// RxCustomPool: STM32 HAL (new ETH driver) zero-copy RX. The DMA writes
	// into a driver pool of 32-byte-aligned buffers wrapped in custom pbufs
	// (HAL_ETH_RxAllocateCallback / RxLinkCallback). A received window lives in
	// that pool; PBUF_POOL is not on the RX path.
	RxCustomPool RxModel = "custom_pool"
	// RxPbufPoolDMA: the DMA writes straight into PBUF_POOL pbufs armed on the
	// ring (Xilinx xemacps adapter).
	RxPbufPoolDMA RxModel = "pbuf_pool_dma"
	// RxCopyToPool: the DMA writes into driver/library-owned ring buffers and
	// the driver copies each frame into a PBUF_POOL pbuf (GD32 firmware
	// library ENET arrays).
	RxCopyToPool RxModel = "copy_to_pool"
	// RxFIFO: a FIFO MAC without DMA (LAN9118): the CPU copies each frame
	// from the on-chip RX FIFO into a PBUF_POOL pbuf; the FIFO is the only
	// buffering while the CPU is busy.
	RxFIFO RxModel = "fifo"
)
