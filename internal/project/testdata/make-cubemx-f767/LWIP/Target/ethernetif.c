/* lwipgen test fixture: the Ethernet driver glue; no vendor code */
