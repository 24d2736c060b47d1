/* lwipgen test fixture: the vendor ENET driver; no vendor code */
