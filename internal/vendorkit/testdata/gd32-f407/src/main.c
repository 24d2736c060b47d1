/* main.c - written for lwipgen's tests in the shape of the GD32F4xx ENET demo; no GigaDevice code */
#include "main.h"

int main(void)
{
    for (;;) {
    }
}
