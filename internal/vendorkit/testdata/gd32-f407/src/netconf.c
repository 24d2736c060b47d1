/* netconf.c - written for lwipgen's tests (GD32 demo shape; no GigaDevice code) */
void lwip_stack_init(void) {}
