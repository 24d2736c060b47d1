/* lwipgen test fixture: main; no vendor code */
