package board

import "testing"

// The part numbers CubeMX writes (.ioc Mcu.UserName, startup file names) map
// to the chip file of that part, never to a sibling of its family.
func TestChipsForMCU(t *testing.T) {
	chips, d := Source{}.Chips()
	if d.HasErrors() {
		t.Fatal(d)
	}
	for mcu, want := range map[string]string{
		"STM32F429ZITx": "stm32f429zi", "STM32F407VGTx": "stm32f407", "STM32H743ZITx": "stm32h743zi",
		"STM32H723ZGTx": "stm32h723zg", "STM32F767ZITx": "stm32f767zi", "GD32F407VKT6": "gd32f407",
		"STM32F103RBTx": "", "": "",
	} {
		if got := chips.ForMCU(mcu); got != want {
			t.Errorf("ForMCU(%q) = %q, want %q", mcu, got, want)
		}
	}
}
