/*
 * mps2_an500.h for lwipgen's host simulator: the names the generated mps2-an500 firmware's driver
 * (lan9118.c) and time base (sys.c) use, with the memory-mapped registers behind an accessor into
 * the simulator's register model (csrc/model_lan9118.c) instead of target addresses, and the Cortex-M
 * intrinsics (PRIMASK, WFI) on the simulator's interrupt model. Register addresses are the
 * generated header's (ARMv7-M ARM B3, QEMU hw/arm/mps2.c AN500 map). Stores into registers are
 * rewritten to SIM_REG_WRITE by the simulator's build (internal/sim/device.go), loads go through
 * REG32; lwipgen's own code.
 */
#ifndef LWIPGEN_MPS2_AN500_H
#define LWIPGEN_MPS2_AN500_H

#include <stdint.h>

#define LWIPGEN_CORE_CLOCK_HZ   25000000u

volatile uint32_t *sim_reg32(uintptr_t addr);
volatile uint8_t *sim_reg8(uintptr_t addr);
void sim_wr_begin(void);
void sim_wr_end(void);
#define REG32(addr) (*sim_reg32((uintptr_t)(addr)))
#define SIM_REG_WRITE(reg, v) do { uint32_t sim_v_ = (uint32_t)(v); sim_wr_begin(); (reg) = sim_v_; sim_wr_end(); } while (0)

#define SCB_ICSR        REG32(0xE000ED04u)
#define SCB_VTOR        REG32(0xE000ED08u)
#define SCB_AIRCR       REG32(0xE000ED0Cu)
#define SCB_SCR         REG32(0xE000ED10u)
#define SCB_CCR         REG32(0xE000ED14u)
#define SCB_SHPR3       REG32(0xE000ED20u)
#define SCB_SHCSR       REG32(0xE000ED24u)
#define SCB_CFSR        REG32(0xE000ED28u)
#define SCB_HFSR        REG32(0xE000ED2Cu)
#define SCB_MMFAR       REG32(0xE000ED34u)
#define SCB_BFAR        REG32(0xE000ED38u)
#define SCB_CPUID       REG32(0xE000ED00u)
#define SHCSR_MEMFAULTENA   (1u << 16)
#define SHCSR_BUSFAULTENA   (1u << 17)
#define SHCSR_USGFAULTENA   (1u << 18)
#define CFSR_MMARVALID      (1u << 7)
#define CFSR_BFARVALID      (1u << 15)

#define SYST_CSR        REG32(0xE000E010u)
#define SYST_RVR        REG32(0xE000E014u)
#define SYST_CVR        REG32(0xE000E018u)
#define SYST_CSR_ENABLE     (1u << 0)
#define SYST_CSR_TICKINT    (1u << 1)
#define SYST_CSR_CLKSOURCE  (1u << 2)

#define NVIC_ISER(n)    REG32(0xE000E100u + 4u * (n))
#define NVIC_ICER(n)    REG32(0xE000E180u + 4u * (n))
#define NVIC_ICPR(n)    REG32(0xE000E280u + 4u * (n))
#define NVIC_IPR_BYTE(irq) (*sim_reg8((uintptr_t)(0xE000E400u + (irq))))

#define MPU_TYPE        REG32(0xE000ED90u)
#define MPU_CTRL        REG32(0xE000ED94u)
#define MPU_RNR         REG32(0xE000ED98u)
#define MPU_RBAR        REG32(0xE000ED9Cu)
#define MPU_RASR        REG32(0xE000EDA0u)
#define MPU_CTRL_ENABLE     (1u << 0)
#define MPU_CTRL_HFNMIENA   (1u << 1)
#define MPU_CTRL_PRIVDEFENA (1u << 2)

#define MPS2_UART0_BASE     0x40004000u
#define MPS2_LAN9118_BASE   0xA0000000u
#define MPS2_LAN9118_IRQ    13u

extern int dev_primask;
void dev_irq_poll(void);
static inline uint32_t lwipgen_get_primask(void) { return (uint32_t)dev_primask; }
static inline void lwipgen_set_primask(uint32_t v) { dev_primask = (int)(v & 1u); if (!dev_primask) { dev_irq_poll(); } }
static inline void lwipgen_irq_disable(void) { dev_primask = 1; }
static inline void lwipgen_irq_enable(void) { lwipgen_set_primask(0u); }
static inline void lwipgen_wfi(void) {}
static inline void lwipgen_dsb(void) {}
static inline void lwipgen_isb(void) {}

#define SEMIHOST_SYS_EXIT                   0x18u
#define ADP_STOPPED_APPLICATION_EXIT        0x20026u
#define ADP_STOPPED_RUNTIME_ERROR_UNKNOWN   0x20023u
void lwipgen_semihost_exit(int success) __attribute__((noreturn));

#endif /* LWIPGEN_MPS2_AN500_H */
