/* gd32f4xx_enet_eval.c - written for lwipgen's tests in the shape of the GD32F4xx ENET demos' board set-up:
 * clocks, NVIC, then the MAC/DMA with the library's enet_init(ENET_AUTO_NEGOTIATION, ...), which waits for
 * the link and for auto-negotiation. No GigaDevice code. */
#include "gd32f4xx.h"
#include "gd32f4xx_enet_eval.h"
#include "main.h"

static __IO uint32_t enet_init_status = 0;

static void nvic_configuration(void)
{
    nvic_priority_group_set(NVIC_PRIGROUP_PRE2_SUB2);
    nvic_irq_enable(ENET_IRQn, 2, 0);
}

static void enet_mac_dma_config(void)
{
    ErrStatus reval_state = ERROR;
    rcu_periph_clock_enable(RCU_ENET);
    rcu_periph_clock_enable(RCU_ENETTX);
    rcu_periph_clock_enable(RCU_ENETRX);
    enet_deinit();
    reval_state = enet_software_reset();
    if (ERROR == reval_state) {
        while (1) {
        }
    }
    enet_init_status = enet_init(ENET_AUTO_NEGOTIATION, ENET_AUTOCHECKSUM_DROP_FAILFRAMES, ENET_BROADCAST_FRAMES_PASS);
}

void enet_system_setup(void)
{
    nvic_configuration();
    rcu_periph_clock_enable(RCU_SYSCFG);
    syscfg_enet_phy_interface_config(SYSCFG_ENET_PHY_RMII);
    enet_mac_dma_config();
    if (0 == enet_init_status) {
        while (1) {
        }
    }
    enet_interrupt_enable(ENET_DMA_INT_NIE);
    enet_interrupt_enable(ENET_DMA_INT_RIE);
}
