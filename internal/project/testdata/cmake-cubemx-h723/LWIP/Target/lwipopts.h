/* lwipgen test fixture: lwIP options; no vendor code */
