/* startup_stm32f767xx.s - a minimal start-up written for lwipgen's tests (no ST code):
 * vector table with the stack pointer and reset handler, .data copy, .bss clear, main(). */
  .syntax unified
  .cpu cortex-m7
  .fpu softvfp
  .thumb

  .section .text.Reset_Handler,"ax",%progbits
  .global Reset_Handler
  .type Reset_Handler, %function
Reset_Handler:
  ldr sp, =_estack
  ldr r0, =_sdata
  ldr r1, =_edata
  ldr r2, =_sidata
1:cmp r0, r1
  bcs 2f
  ldr r3, [r2], #4
  str r3, [r0], #4
  b 1b
2:ldr r0, =_sbss
  ldr r1, =_ebss
  movs r3, #0
3:cmp r0, r1
  bcs 4f
  str r3, [r0], #4
  b 3b
4:bl main
  b .
  .size Reset_Handler, .-Reset_Handler

  .section .isr_vector,"a",%progbits
  .type g_pfnVectors, %object
g_pfnVectors:
  .word _estack
  .word Reset_Handler
  .size g_pfnVectors, .-g_pfnVectors
