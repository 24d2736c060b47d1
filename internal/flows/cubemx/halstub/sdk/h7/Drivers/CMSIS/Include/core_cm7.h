/* core_cm7.h - lwipgen test stand-in for the CMSIS Cortex-M7 core header: the names CubeMX code and lwipgen's glue
 * use (intrinsics, SCB, cache maintenance, NVIC), our own text. Shared by the H7 and F7 stand-ins. */
#ifndef LWIPGEN_SDK_CORE_CM7_H
#define LWIPGEN_SDK_CORE_CM7_H
#include <stdint.h>

#define __IO volatile
#define __I volatile const
#define __O volatile
#define __STATIC_INLINE static inline
#define __STATIC_FORCEINLINE static inline __attribute__((always_inline))
#define __ALIGNED(x) __attribute__((aligned(x)))
#define __WEAK __attribute__((weak))

#ifdef LWIPGEN_HALSTUB_HOST
/* LWIPGEN_HALSTUB_HOST: a host program runs the code (halstub.HostHeaders) and defines these itself. */
uint32_t __get_PRIMASK(void);
void __set_PRIMASK(uint32_t v);
uint32_t __get_IPSR(void);
void __disable_irq(void);
void __enable_irq(void);
void __DSB(void);
void __ISB(void);
void __NOP(void);
#else
__STATIC_FORCEINLINE uint32_t __get_PRIMASK(void) { uint32_t r; __asm volatile("mrs %0, primask" : "=r"(r)); return r; }
__STATIC_FORCEINLINE void __set_PRIMASK(uint32_t v) { __asm volatile("msr primask, %0" : : "r"(v) : "memory"); }
__STATIC_FORCEINLINE uint32_t __get_IPSR(void) { uint32_t r; __asm volatile("mrs %0, ipsr" : "=r"(r)); return r; }
__STATIC_FORCEINLINE void __disable_irq(void) { __asm volatile("cpsid i" : : : "memory"); }
__STATIC_FORCEINLINE void __enable_irq(void) { __asm volatile("cpsie i" : : : "memory"); }
__STATIC_FORCEINLINE void __DSB(void) { __asm volatile("dsb 0xF" : : : "memory"); }
__STATIC_FORCEINLINE void __ISB(void) { __asm volatile("isb 0xF" : : : "memory"); }
__STATIC_FORCEINLINE void __NOP(void) { __asm volatile("nop"); }
#endif
#define __BKPT(value) __asm volatile("bkpt " #value)

typedef struct {
    __I uint32_t CPUID;
    __IO uint32_t ICSR;
    __IO uint32_t VTOR;
    __IO uint32_t AIRCR;
    __IO uint32_t SCR;
    __IO uint32_t CCR;
    uint32_t RESERVED[142];
    __O uint32_t ICIALLU;
    uint32_t RESERVED1[6];
    __O uint32_t DCIMVAC;
    __O uint32_t DCISW;
    __O uint32_t DCCMVAU;
    __O uint32_t DCCMVAC;
} SCB_Type;
#define SCB ((SCB_Type *)0xE000ED00UL)
#define SCB_ICSR_VECTACTIVE_Msk (0x1FFUL)
#define SCB_CCR_IC_Msk (1UL << 17)
#define SCB_CCR_DC_Msk (1UL << 16)

__STATIC_INLINE void SCB_EnableICache(void) { __DSB(); SCB->ICIALLU = 0U; SCB->CCR |= SCB_CCR_IC_Msk; __DSB(); __ISB(); }
__STATIC_INLINE void SCB_EnableDCache(void) { __DSB(); SCB->CCR |= SCB_CCR_DC_Msk; __DSB(); __ISB(); }
__STATIC_INLINE void SCB_CleanDCache_by_Addr(volatile void *addr, int32_t dsize)
{
    uintptr_t a = (uintptr_t)addr;
    for (int32_t n = dsize; n > 0; n -= 32, a += 32U) { SCB->DCCMVAC = (uint32_t)a; }
    __DSB();
}
__STATIC_INLINE void SCB_InvalidateDCache_by_Addr(volatile void *addr, int32_t dsize)
{
    uintptr_t a = (uintptr_t)addr;
    for (int32_t n = dsize; n > 0; n -= 32, a += 32U) { SCB->DCIMVAC = (uint32_t)a; }
    __DSB();
}
#endif
