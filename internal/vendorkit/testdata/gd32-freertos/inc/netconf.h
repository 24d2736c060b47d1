/* netconf.h - written for lwipgen's tests in the shape of a GD32F4xx ENET demo's netconf.h; no GigaDevice code. */
#ifndef NETCONF_H
#define NETCONF_H
void lwip_stack_init(void);
#endif
