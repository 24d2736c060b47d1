package layout

// Attr is what the CPU sees in an output section: the memory attributes the
// MPU (or MMU) gives it, chosen from its objects' coherency.
type Attr string

const (
	// AttrDevice: DMA descriptors, Device (or Normal non-cacheable) memory.
	AttrDevice Attr = "device"
	// AttrNonCacheable: DMA-read buffers without cache maintenance.
	AttrNonCacheable Attr = "noncacheable"
	// AttrWriteThrough: no dirty line a whole-cache invalidate could discard.
	AttrWriteThrough Attr = "writethrough"
	// AttrCacheable: the default memory map, with cache maintenance where
	// the DMA touches it; needs no MPU region.
	AttrCacheable Attr = "cacheable"
)
