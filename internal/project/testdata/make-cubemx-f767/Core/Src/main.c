/* lwipgen test fixture: the application's main; no vendor code */
