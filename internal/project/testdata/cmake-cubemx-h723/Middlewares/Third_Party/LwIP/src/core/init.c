/* lwipgen test fixture: lwIP init.c; no vendor code */
