/* lwipgen test fixture: startup; no vendor code */
