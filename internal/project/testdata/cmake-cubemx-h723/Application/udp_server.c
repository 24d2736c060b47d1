/* lwipgen test fixture: the user's UDP server; no vendor code */
