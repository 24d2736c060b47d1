package board

import "strings"

// ForMCU is the chip file that describes an MCU part number ("STM32F429ZITx",
// "STM32H743ZI", "GD32F407VK"): the longest chip name the part number starts
// with ("stm32f429zi", not "stm32f4..."); "" when no chip file describes it.
// import and audit map a project's MCU with it, so the two never disagree
// on a chip (audit then stands a family's chip in for a part without a
// file of its own; import derives one from the project's linker script).
func (c Chips) ForMCU(mcu string) string {
	u, best := strings.ToLower(strings.TrimSpace(mcu)), ""
	if u == "" {
		return ""
	}
	for name := range c {
		if strings.HasPrefix(u, name) && len(name) > len(best) {
			best = name
		}
	}
	return best
}
