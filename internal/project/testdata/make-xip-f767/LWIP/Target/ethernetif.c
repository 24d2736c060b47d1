/* lwipgen test fixture: driver glue; no vendor code */
