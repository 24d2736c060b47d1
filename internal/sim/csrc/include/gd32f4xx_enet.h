/*
 * gd32f4xx_enet.h for lwipgen's host simulator: the GD32F4xx ENET library API subset the generated
 * glue calls (names, types and the #ifndef-guarded buffer knobs as in GigaDevice's firmware library
 * user manual), implemented by the simulator's behavioural model (csrc/model_gd32enet.c). Also the
 * declarations internal/glue's cross-compile and host link tests build the GD32 glue against (one home).
 * Not vendor code.
 */
#ifndef LWIPGEN_SIM_GD32F4XX_ENET_H
#define LWIPGEN_SIM_GD32F4XX_ENET_H

#include <stdlib.h>
#include "gd32f4xx.h"

/* Compile-time knobs, #ifndef-guarded like the library's, so -D overrides them. */
#ifndef ENET_RXBUF_NUM
#define ENET_RXBUF_NUM 5U
#endif
#ifndef ENET_TXBUF_NUM
#define ENET_TXBUF_NUM 5U
#endif
#define ENET_MAX_FRAME_SIZE 1524U
#ifndef ENET_RXBUF_SIZE
#define ENET_RXBUF_SIZE ENET_MAX_FRAME_SIZE
#endif
#ifndef ENET_TXBUF_SIZE
#define ENET_TXBUF_SIZE ENET_MAX_FRAME_SIZE
#endif

/* Built-in PHY description (DP83848 at address 1 unless a phy.h is used). */
#define DP83848 0
#define LAN8700 1
#define PHY_TYPE DP83848
#define PHY_ADDRESS ((uint16_t)1U)
#define PHY_REG_BCR 0U
#define PHY_REG_BSR 1U
#define PHY_AUTONEGOTIATION ((uint16_t)0x1000)
#define PHY_RESTART_AUTONEGOTIATION ((uint16_t)0x0200)
#define PHY_AUTONEGO_COMPLETE ((uint16_t)0x0020)
#define PHY_LINKED_STATUS ((uint16_t)0x0004)

/* ENET registers (REG32 macros in the library's header; variables of the model here). */
extern uint32_t lwipgen_sim_enet_mac_cfg;
extern uint32_t lwipgen_sim_enet_reg[12];
#define ENET_MAC_CFG lwipgen_sim_enet_mac_cfg
#define ENET_MAC_FRMF lwipgen_sim_enet_reg[0]
#define ENET_MAC_HLH lwipgen_sim_enet_reg[1]
#define ENET_MAC_HLL lwipgen_sim_enet_reg[2]
#define ENET_MAC_PHY_CTL lwipgen_sim_enet_reg[3]
#define ENET_MAC_FCTL lwipgen_sim_enet_reg[4]
#define ENET_MAC_FCTH lwipgen_sim_enet_reg[5]
#define ENET_MAC_VLT lwipgen_sim_enet_reg[6]
#define ENET_MAC_INTMSK lwipgen_sim_enet_reg[7]
#define ENET_MSC_RINTMSK lwipgen_sim_enet_reg[8]
#define ENET_MSC_TINTMSK lwipgen_sim_enet_reg[9]
#define ENET_DMA_BCTL lwipgen_sim_enet_reg[10]
#define ENET_DMA_CTL lwipgen_sim_enet_reg[11]
#define ENET_MAC_CFG_REN BIT(2)
#define ENET_MAC_CFG_TEN BIT(3)
#define ENET_MAC_CFG_DPM BIT(11)
#define ENET_MAC_CFG_SPD BIT(14)
#define ENET_DMA_BCTL_SWR BIT(0)
#define ENET_DMA_CTL_SRE BIT(1)
#define ENET_DMA_CTL_STE BIT(13)
#define PHY_RESET ((uint16_t)0x8000)
#define ENET_TDES0_DAV BIT(31)
#define ENET_TDES0_INTC BIT(30) /* interrupt on completion: TS is set when the frame has been sent */

typedef struct {
    uint32_t status;
    uint32_t control_buffer_size;
    uint32_t buffer1_addr;
    uint32_t buffer2_next_desc_addr;
#ifdef SELECT_DESCRIPTORS_ENHANCED_MODE
    uint32_t extended_status;
    uint32_t reserved;
    uint32_t timestamp_low;
    uint32_t timestamp_high;
#endif
} enet_descriptors_struct;

typedef enum { ENET_AUTO_NEGOTIATION = 0x01U, ENET_100M_FULLDUPLEX = 0x4800U } enet_mediamode_enum;
typedef enum { ENET_NO_AUTOCHECKSUM = 0x0U, ENET_AUTOCHECKSUM_DROP_FAILFRAMES = 0x400U } enet_chksumconf_enum;
typedef enum { ENET_BROADCAST_FRAMES_PASS = 0x0U } enet_frmrecept_enum;
typedef enum { ENET_DMA_TX = 0x1U, ENET_DMA_RX = 0x2U } enet_dmadirection_enum;
typedef enum { ENET_PHY_READ = 0x0U, ENET_PHY_WRITE = 0x2U } enet_phydirection_enum;
typedef enum { ENET_MAC_ADDRESS0 = 0x0U } enet_macaddress_enum;
typedef enum { TXDESC_BUFFER_1_ADDR = 1, RXDESC_FRAME_LENGTH, RXDESC_BUFFER_1_ADDR } enet_descstate_enum;
typedef enum {
    ENET_DMA_INT_TIE = 0x10000U, ENET_DMA_INT_RIE = 0x10006U, ENET_DMA_INT_FBEIE = 0x1000DU, ENET_DMA_INT_AIE = 0x1000FU, ENET_DMA_INT_NIE = 0x10010U
} enet_int_enum;
typedef enum { ENET_DMA_INT_FLAG_TS = 0x20000U, ENET_DMA_INT_FLAG_RS = 0x20006U, ENET_DMA_INT_FLAG_FBE = 0x2000DU } enet_int_flag_enum;
typedef enum {
    ENET_DMA_INT_FLAG_TS_CLR = 0x20000U, ENET_DMA_INT_FLAG_RS_CLR = 0x20006U, ENET_DMA_INT_FLAG_FBE_CLR = 0x2000DU, ENET_DMA_INT_FLAG_AI_CLR = 0x2000FU, ENET_DMA_INT_FLAG_NI_CLR = 0x20010U
} enet_int_flag_clear_enum;

#define ENET_CHECKSUM_DISABLE 0x00000000U
#define ENET_CHECKSUM_TCPUDPICMP_FULL 0x00C00000U

void enet_deinit(void);
ErrStatus enet_software_reset(void);
ErrStatus enet_init(enet_mediamode_enum mediamode, enet_chksumconf_enum checksum, enet_frmrecept_enum recept);
void enet_enable(void);
void enet_disable(void);
void enet_mac_address_set(enet_macaddress_enum mac_addr, uint8_t paddr[]);
void enet_descriptors_chain_init(enet_dmadirection_enum direction);
void enet_rx_desc_immediate_receive_complete_interrupt(enet_descriptors_struct *desc);
void enet_transmit_checksum_config(enet_descriptors_struct *desc, uint32_t checksum);
void enet_desc_flag_set(enet_descriptors_struct *desc, uint32_t desc_flag);
uint32_t enet_rxframe_size_get(void);
ErrStatus enet_frame_receive(uint8_t *buffer, uint32_t bufsize);
ErrStatus enet_frame_transmit(uint8_t *buffer, uint32_t length);
#define ENET_NOCOPY_FRAME_RECEIVE() enet_frame_receive(NULL, 0U)
#define ENET_NOCOPY_FRAME_TRANSMIT(len) enet_frame_transmit(NULL, (len))
uint32_t enet_desc_information_get(enet_descriptors_struct *desc, enet_descstate_enum info_get);
void enet_interrupt_enable(enet_int_enum enet_int);
void enet_interrupt_disable(enet_int_enum enet_int);
FlagStatus enet_interrupt_flag_get(enet_int_flag_enum int_flag);
void enet_interrupt_flag_clear(enet_int_flag_clear_enum int_flag_clear);
ErrStatus enet_phy_write_read(enet_phydirection_enum direction, uint16_t phy_address, uint16_t phy_reg, uint16_t *pvalue);

#endif /* LWIPGEN_SIM_GD32F4XX_ENET_H */
