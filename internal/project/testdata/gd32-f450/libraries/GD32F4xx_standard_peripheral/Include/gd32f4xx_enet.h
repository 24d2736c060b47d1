/* lwipgen test fixture: the vendor ENET header; no vendor code */
