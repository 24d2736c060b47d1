/* startup_gd32f407.c - written for lwipgen's tests: a minimal C start-up for the GD32F407 (vector table,
 * .data copy, .bss clear, main); the demos use GD's startup_gd32f407_427.s instead. No GigaDevice code. */
#include <stdint.h>
extern uint32_t _estack, _sidata, _sdata, _edata, _sbss, _ebss;
extern int main(void);
void SystemInit(void);
void Reset_Handler(void);
void NMI_Handler(void);
void HardFault_Handler(void);
void ENET_IRQHandler(void);

void Reset_Handler(void)
{
    uint32_t *s = &_sidata, *d = &_sdata;
    while (d < &_edata) {
        *d++ = *s++;
    }
    for (d = &_sbss; d < &_ebss; d++) {
        *d = 0U;
    }
    SystemInit();
    (void)main();
    for (;;) {
    }
}

__attribute__((section(".isr_vector"), used)) static void (*const vectors[16 + 62])(void) = {
    (void (*)(void))(&_estack), Reset_Handler, NMI_Handler, HardFault_Handler,
    [16 + 61] = ENET_IRQHandler,
};
