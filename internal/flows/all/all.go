// Package all registers every vendor flow. Only the top of the program
// imports it (internal/cli, targets, cmd, and tests that need flows); core
// packages ask internal/flow for the board's flow instead.
package all

import (
	_ "github.com/lwipgen/lwipgen/internal/flows/cubemx"     // STM32CubeMX (STM32 H7/F7/F4 HAL)
	_ "github.com/lwipgen/lwipgen/internal/flows/gd32"       // GD32F4 firmware library
	_ "github.com/lwipgen/lwipgen/internal/flows/rtthread"   // RT-Thread BSP
	_ "github.com/lwipgen/lwipgen/internal/flows/standalone" // self-contained firmware (QEMU mps2-an500)
	_ "github.com/lwipgen/lwipgen/internal/flows/vitis"      // Xilinx Vitis BSP
)
