/* lwipgen test fixture: the port's sys_arch; no vendor code */
