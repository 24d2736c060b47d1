/* gd32f4xx_it.c - written for lwipgen's tests in the shape of a GD32F4xx FreeRTOS ENET demo's interrupt file:
 * ENET_IRQHandler acknowledges the RX interrupt and gives the port's g_rx_semaphore. No GigaDevice code. */
#include "gd32f4xx.h"
#include "FreeRTOS.h"
#include "semphr.h"

extern xSemaphoreHandle g_rx_semaphore;

void NMI_Handler(void) {}

void HardFault_Handler(void)
{
    while (1) {
    }
}

void ENET_IRQHandler(void)
{
    BaseType_t xHigherPriorityTaskWoken = pdFALSE;
    if (SET == enet_interrupt_flag_get(ENET_DMA_INT_FLAG_RS)) {
        xSemaphoreGiveFromISR(g_rx_semaphore, &xHigherPriorityTaskWoken);
    }
    enet_interrupt_flag_clear(ENET_DMA_INT_FLAG_RS_CLR);
    enet_interrupt_flag_clear(ENET_DMA_INT_FLAG_NI_CLR);
    portEND_SWITCHING_ISR(xHigherPriorityTaskWoken);
}
