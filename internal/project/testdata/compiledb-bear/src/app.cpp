/* lwipgen test fixture: a source of the compile database; no vendor code */
