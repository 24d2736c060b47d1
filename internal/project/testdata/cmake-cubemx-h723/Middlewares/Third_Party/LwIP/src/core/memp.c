/* lwipgen test fixture: lwIP memp.c; no vendor code */
