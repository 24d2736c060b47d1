  /* lwipgen test fixture: a PHY_PRE_CONFIG body written for lwipgen's tests, modelled on the
   * block of Channuyoah/stm32-lwip@6d1fa1d:SixAxisSTM32H723/LWIP/Target/ethernetif.c (CubeMX 6.17,
   * H723, CMSIS-RTOS v2): a PHY reset before the PHY driver is set up, then a poll of the basic
   * control register through CubeMX's ETH_PHY_IO_ReadReg until the PHY leaves reset. It uses
   * netif and hal_eth_init_status, locals of CubeMX's low_level_init. No line of that project
   * is copied. */
  if (hal_eth_init_status == HAL_OK && netif != NULL) {
    uint32_t tries;
    (void)ETH_PHY_IO_WriteReg(0U, 0U, 0x8000U); /* BCR soft reset */
    board_bcr = 0x8000U;
    for (tries = 0U; tries < 50U && (board_bcr & 0x8000U) != 0U; tries++) {
      HAL_Delay(2U);
      if (ETH_PHY_IO_ReadReg(0U, 0U, &board_bcr) < 0) {
        break;
      }
    }
    board_phy_resets++;
  }
