/* lwipgen test fixture: lwIP's memp.c; no vendor code */
