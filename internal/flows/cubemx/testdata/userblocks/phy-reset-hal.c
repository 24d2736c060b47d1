  /* lwipgen test fixture: a PHY_PRE_CONFIG body written for lwipgen's tests, modelled on the
   * block of Channuyoah/stm32-lwip@6d1fa1d:SixAxisSTM32H723/LWIP/Target/ethernetif.c (CubeMX 6.17,
   * H723, CMSIS-RTOS v2): a PHY reset before the PHY driver is set up, then a poll of the basic
   * control register until the PHY leaves reset. This one uses only the HAL, so it compiles in
   * lwipgen's low_level_init. No line of that project is copied. */
  if (hal_eth_init_status == HAL_OK && netif != NULL) {
    uint32_t bcr = 0x8000U;
    uint32_t tries;
    (void)HAL_ETH_WritePHYRegister(&heth, 0U, 0U, 0x8000U); /* BCR soft reset */
    for (tries = 0U; tries < 50U && (bcr & 0x8000U) != 0U; tries++) {
      HAL_Delay(2U);
      if (HAL_ETH_ReadPHYRegister(&heth, 0U, 0U, &bcr) != HAL_OK) {
        break;
      }
    }
    board_phy_resets++;
  }
