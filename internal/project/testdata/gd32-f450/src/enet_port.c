/* lwipgen test fixture: the ENET port; no vendor code */
