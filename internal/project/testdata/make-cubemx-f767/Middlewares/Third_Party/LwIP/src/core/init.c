/* lwipgen test fixture: lwIP's init.c; no vendor code */
