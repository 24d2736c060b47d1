package plan

// Coherency is how an object stays coherent between the CPU's data cache and
// the Ethernet DMA: the layout chooses its memory attributes from it
// (layout.Attr) and the verifier checks the image gives them.
type Coherency string

const (
	// CoherencyNone: the DMA never touches the object, or no data cache.
	CoherencyNone Coherency = "none"
	// CoherencyDevice: DMA descriptors, polled by both sides: Device (or
	// Normal non-cacheable) memory.
	CoherencyDevice Coherency = "device"
	// CoherencyNonCacheable: read by the DMA without cache maintenance
	// (lwIP reads it unaligned, so not Device).
	CoherencyNonCacheable Coherency = "noncacheable"
	// CoherencyWriteThrough: no dirty line a whole-cache invalidate could discard.
	CoherencyWriteThrough Coherency = "writethrough"
	// CoherencyInvalidate: cacheable, the driver invalidates before the CPU reads DMA data.
	CoherencyInvalidate Coherency = "invalidate"
	// CoherencyClean: cacheable, the driver cleans before the DMA reads.
	CoherencyClean Coherency = "clean"
)
