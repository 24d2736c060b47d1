package simdev

import (
	"slices"
	"testing"
)

func TestRegistry(t *testing.T) {
	Register(Device{Name: "test model a"}, "test-mac-b", "test-mac-a")
	if d, ok := Lookup("test-mac-a"); !ok || d.Name != "test model a" {
		t.Errorf("Lookup: %v %v", d, ok)
	}
	if _, ok := Lookup("test-mac-none"); ok {
		t.Error("an unregistered MAC has a device")
	}
	if got := MACs(); !slices.IsSorted(got) || !slices.Contains(got, "test-mac-b") {
		t.Errorf("MACs() = %v", got)
	}
	RegisterRTOS("test-rtos", func(mac string) (Device, bool) { return Device{Name: mac}, mac == "x" })
	if f, ok := LookupRTOS("test-rtos"); !ok {
		t.Error("LookupRTOS: not found")
	} else if d, ok := f("x"); !ok || d.Name != "x" {
		t.Errorf("the RTOS's device: %v %v", d, ok)
	}
	for name, again := range map[string]func(){
		"MAC":  func() { Register(Device{}, "test-mac-a") },
		"RTOS": func() { RegisterRTOS("test-rtos", nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("a second %s registration was accepted", name)
				}
			}()
			again()
		}()
	}
}
