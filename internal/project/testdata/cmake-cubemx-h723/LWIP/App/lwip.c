/* lwipgen test fixture: lwIP init; no vendor code */
