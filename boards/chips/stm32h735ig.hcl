# STM32H735IG (STM32H735G-DK): the STM32H723's memory map plus crypto (cmsis_device_h7 Include/stm32h735xx.h
# lines 2161-2182). STM32CubeH7 issue #235: the DK example's .ld once declared RAM_D2 288 KB where 32 KB exist.
chip "stm32h735ig" {
  base        = "stm32h723zg"
  description = "STM32H735IG, Cortex-M7, 1 MB flash, 564 KB RAM, 10/100 Ethernet MAC, crypto"
}
