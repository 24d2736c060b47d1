// Package mpu turns byte ranges that need a memory attribute (ETH DMA
// descriptors: Device; lwIP heap and RX pool: Normal non-cacheable) into
// hardware region settings, and checks such settings back:
//
//   - Cortex-M7 (ARMv7-M PMSAv7 MPU): Solve finds the fewest power-of-two,
//     size-aligned regions, with subregion disable (SRD) and overlap
//     precedence (higher region number wins), that give every span byte its
//     attribute and change no byte outside the spans. RBAR/RASR encode the
//     result as raw register values; DecodeRASR reads them back; Verify and
//     EffectiveAttr check any region set against the spans.
//   - Cortex-A9 (Zynq-7000): SolveTLB maps spans onto 1 MB first-level
//     section attributes with the values from Xilinx xil_mmu.h.
//
// The package is pure computation: no I/O, no globals that change.
package mpu
