/* audit fixture: a port header for another toolchain, written for lwipgen; no vendor text.
 * modelled on: Keil/IAR-only arch/cc.h files that include a vendor compiler header gcc does not have
 */
#ifndef FIXTURE_OTHER_CC_H
#define FIXTURE_OTHER_CC_H
#include <vendor_only_compiler_intrinsics.h>
#endif
