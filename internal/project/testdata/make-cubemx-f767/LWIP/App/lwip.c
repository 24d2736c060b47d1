/* lwipgen test fixture: CubeMX's lwIP init file; no vendor code */
