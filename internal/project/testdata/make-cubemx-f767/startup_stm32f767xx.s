/* lwipgen test fixture: startup code; no vendor code */
