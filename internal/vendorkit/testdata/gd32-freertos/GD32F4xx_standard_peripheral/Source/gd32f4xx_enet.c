/* gd32f4xx_enet.c - stand-in written for lwipgen's tests: the library's ENET entry points with trivial
 * bodies (link only); no GigaDevice code. */
#include "gd32f4xx_enet.h"

enet_descriptors_struct rxdesc_tab[ENET_RXBUF_NUM], txdesc_tab[ENET_TXBUF_NUM];
uint8_t rx_buff[ENET_RXBUF_NUM][ENET_RXBUF_SIZE];
uint8_t tx_buff[ENET_TXBUF_NUM][ENET_TXBUF_SIZE];
enet_descriptors_struct *dma_current_txdesc = txdesc_tab;
enet_descriptors_struct *dma_current_rxdesc = rxdesc_tab;

void enet_deinit(void) {}
ErrStatus enet_software_reset(void) { return SUCCESS; }
ErrStatus enet_init(enet_mediamode_enum mediamode, enet_chksumconf_enum checksum, enet_frmrecept_enum recept)
{
    (void)mediamode; (void)checksum; (void)recept;
    return SUCCESS;
}
void enet_enable(void) {}
void enet_disable(void) {}
void enet_mac_address_set(enet_macaddress_enum mac_addr, uint8_t paddr[]) { (void)mac_addr; (void)paddr; }
void enet_descriptors_chain_init(enet_dmadirection_enum direction) { (void)direction; }
void enet_rx_desc_immediate_receive_complete_interrupt(enet_descriptors_struct *desc) { (void)desc; }
void enet_transmit_checksum_config(enet_descriptors_struct *desc, uint32_t checksum) { (void)desc; (void)checksum; }
void enet_desc_flag_set(enet_descriptors_struct *desc, uint32_t desc_flag) { desc->status |= desc_flag; }
uint32_t enet_rxframe_size_get(void) { return 0U; }
ErrStatus enet_frame_receive(uint8_t *buffer, uint32_t bufsize) { (void)buffer; (void)bufsize; return SUCCESS; }
ErrStatus enet_frame_transmit(uint8_t *buffer, uint32_t length) { (void)buffer; (void)length; return SUCCESS; }
uint32_t enet_desc_information_get(enet_descriptors_struct *desc, enet_descstate_enum info_get)
{
    (void)info_get;
    return desc->buffer1_addr;
}
void enet_interrupt_enable(enet_int_enum enet_int) { (void)enet_int; }
void enet_interrupt_disable(enet_int_enum enet_int) { (void)enet_int; }
FlagStatus enet_interrupt_flag_get(enet_int_flag_enum int_flag) { (void)int_flag; return RESET; }
void enet_interrupt_flag_clear(enet_int_flag_clear_enum int_flag_clear) { (void)int_flag_clear; }
ErrStatus enet_phy_write_read(enet_phydirection_enum direction, uint16_t phy_address, uint16_t phy_reg, uint16_t *pvalue)
{
    (void)direction; (void)phy_address; (void)phy_reg;
    *pvalue = 0U;
    return SUCCESS;
}
