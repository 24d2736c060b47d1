/* lwipgen test fixture: the project's lwIP options; no vendor code */
