  /* lwipgen test fixture: a PHY_PRE_CONFIG body written for lwipgen's tests, modelled on the
   * block of Channuyoah/stm32-lwip@6d1fa1d:SixAxisSTM32H723/LWIP/Target/ethernetif.c: it reads
   * the PHY through ETH_PHY_IO_ReadReg, the PHY IO function of CubeMX's own ethernetif.c, which
   * lwipgen's file does not have - so it cannot compile in place and stays under #if 0. No line
   * of that project is copied. */
  HAL_Delay(10U);
  while (ETH_PHY_IO_ReadReg(0U, 0U, &board_bcr) >= 0 && (board_bcr & 0x8000U) != 0U) {
    HAL_Delay(100U);
  }
