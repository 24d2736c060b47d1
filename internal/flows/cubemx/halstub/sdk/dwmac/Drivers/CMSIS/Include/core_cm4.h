/* core_cm4.h - lwipgen test stand-in for the CMSIS Cortex-M4 core header: the names CubeMX code and lwipgen's glue
 * use (intrinsics, SCB, cache maintenance, NVIC), our own text. The Cortex-M4 has no data cache: no SCB cache functions. */
#ifndef LWIPGEN_SDK_CORE_CM4_H
#define LWIPGEN_SDK_CORE_CM4_H
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
} SCB_Type;
#define SCB ((SCB_Type *)0xE000ED00UL)
#define SCB_ICSR_VECTACTIVE_Msk (0x1FFUL)
#endif
