/* startup_stm32f767zitx.s - written for lwipgen's tests (no ST code): the start-up CubeMX projects have, in
 * short: SystemInit, .data copy, .bss clear, main(), and a vector table whose handlers are weak aliases of
 * Default_Handler (so a project without ETH_IRQHandler still links, and spins there on an ETH interrupt). */
  .syntax unified
  .cpu cortex-m7
  .fpu softvfp
  .thumb

  .section .text.Reset_Handler,"ax",%progbits
  .global Reset_Handler
  .type Reset_Handler, %function
Reset_Handler:
  ldr sp, =_estack
  bl SystemInit
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

  .section .text.Default_Handler,"ax",%progbits
Default_Handler:
  b Default_Handler
  .size Default_Handler, .-Default_Handler

  .section .isr_vector,"a",%progbits
  .type g_pfnVectors, %object
g_pfnVectors:
  .word _estack
  .word Reset_Handler
  .word NMI_Handler
  .word HardFault_Handler
  .word MemManage_Handler
  .word BusFault_Handler
  .word UsageFault_Handler
  .word 0, 0, 0, 0
  .word SVC_Handler
  .word DebugMon_Handler
  .word 0
  .word PendSV_Handler
  .word SysTick_Handler
  .rept 61
  .word Default_Handler
  .endr
  .word ETH_IRQHandler
  .size g_pfnVectors, .-g_pfnVectors

  .macro weak name
  .weak \name
  .thumb_set \name, Default_Handler
  .endm
  weak NMI_Handler
  weak HardFault_Handler
  weak MemManage_Handler
  weak BusFault_Handler
  weak UsageFault_Handler
  weak SVC_Handler
  weak DebugMon_Handler
  weak PendSV_Handler
  weak SysTick_Handler
  weak ETH_IRQHandler
