package mpu

import "math/bits"

// Granule is the finest boundary an ARMv7-M MPU can draw: the 32-byte
// minimum region, which is also the subregion size of a 256-byte region.
const Granule = 32

// addrLimit is the end of the 32-bit address space (one 4 GB region).
const addrLimit = uint64(1) << 32

// Representable reports whether [base, base+size) can be given an attribute
// exactly by some set of MPU regions: it is non-empty, inside the 32-bit
// address space, and both ends sit on a 32-byte boundary. How many regions it
// takes is Solve's business.
func Representable(base, size uint64) bool {
	return size > 0 && base%Granule == 0 && size%Granule == 0 && base < addrLimit && size <= addrLimit-base
}

// MinimalAlignment returns the smallest power-of-two region size (≥ 32 B)
// that can hold size bytes: the alignment a section of that size needs so
// that one region (with subregions disabled at its end) can cover it.
func MinimalAlignment(size uint64) uint64 {
	if size <= Granule {
		return Granule
	}
	return uint64(1) << bits.Len64(size-1)
}

// PadForMPU returns the section size and alignment that let one MPU region
// cover the section exactly: align = MinimalAlignment(size), and the size is
// rounded up to the region's subregion size (align/8) when the region has
// subregions (≥ 256 B), else to align itself. Placing a section of
// alignedSize at an align boundary leaves the tail subregions disabled, so no
// neighbouring byte changes attribute. Example: 96 KB -> (96 KB, 128 KB),
// 100 KB -> (112 KB, 128 KB), 100 B -> (128 B, 128 B).
func PadForMPU(size uint64) (alignedSize, align uint64) {
	align = MinimalAlignment(size)
	step := align
	if align >= 256 {
		step = align / 8
	}
	if size == 0 {
		return 0, align
	}
	return (size + step - 1) / step * step, align
}
