/* lwipgen test fixture: the HAL's Ethernet driver; no vendor code */
