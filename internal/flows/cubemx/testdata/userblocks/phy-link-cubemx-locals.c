  /* lwipgen test fixture: a PHY_PRE_CONFIG body written for lwipgen's tests, modelled on the
   * PHY code of CubeMX's own low_level_init (CubeMX's ethernetif.c template, RTOS with the
   * LAN8742 BSP) as found around the block of
   * Channuyoah/stm32-lwip@6d1fa1d:SixAxisSTM32H723/LWIP/Target/ethernetif.c: it reads the link
   * through CubeMX's LAN8742 object into CubeMX's local PHYLinkState. lwipgen's low_level_init has
   * neither, so the block cannot compile in place and stays under #if 0. No line is copied. */
  HAL_Delay(10U);
  PHYLinkState = LAN8742_GetLinkState(&LAN8742);
  board_bcr = (uint32_t)PHYLinkState;
