package cubemx

import "github.com/lwipgen/lwipgen/internal/project"

// The cores of the STM32 parts this flow's chips cover, for IDEs that store
// the part and take -mcpu from their own device database (STM32CubeIDE's
// target_mcu "STM32H743ZITx"): every STM32H7 and STM32F7 is a Cortex-M7,
// every STM32F4 a Cortex-M4. The dual-core H745/H747/H755/H757 number the
// Cortex-M7 0 and the Cortex-M4 1, as CubeIDE's target_cpuid does (1 in the
// CM4 project of stm32-hotspot/STM32H7-LwIP-Examples@b4bcc6c
// STM32H745_Nucleo_M7_ETH/CM4/.cproject, 0 in its CM7 one).
func init() {
	project.RegisterDeviceCPU("STM32H7", "cortex-m7")
	for _, dual := range []string{"STM32H745", "STM32H747", "STM32H755", "STM32H757"} {
		project.RegisterDeviceCPU(dual, "cortex-m7", "cortex-m4")
	}
	project.RegisterDeviceCPU("STM32F7", "cortex-m7")
	project.RegisterDeviceCPU("STM32F4", "cortex-m4")
}
