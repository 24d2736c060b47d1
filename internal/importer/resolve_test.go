package importer

import (
	"strings"
	"testing"
)

// Each resolver returns its value with the reason the board file prints
// beside it: an option given on the command line wins and says so, and a
// bad value's error names where it came from.
func TestResolversCarryTheirReason(t *testing.T) {
	in := &input{name: "x.ioc", version: "2.0.3", versionWhy: "x.ioc's LWIP.Version"}
	if _, _, err := resolveVersion(in, Options{}); err == nil || !strings.HasPrefix(err.Error(), "x.ioc's LWIP.Version: ") {
		t.Fatalf("version error does not say where it came from: %v", err)
	}
	d, _, err := resolveVersion(in, Options{LwIPVersion: "2.1.3"})
	if err != nil || d.Value != "2.1.3" || d.Why != "--lwip-version" {
		t.Fatalf("--lwip-version: %+v %v", d, err)
	}
	d, _, err = resolveVersion(&input{}, Options{})
	if err != nil || d.Value != "2.1.3" || !strings.Contains(d.Why, "default") {
		t.Fatalf("default version: %+v %v", d, err)
	}
	r := resolveRTOS(&input{name: "p", rtos: "freertos", cmsis: "v2", cmsisWhy: "cmsis_os2.h"}, Options{}, nil)
	if r.Value != "freertos" || r.Why != "p uses FreeRTOS through CMSIS-RTOS2: cmsis_os2.h" {
		t.Fatalf("rtos: %+v", r)
	}
	if r := resolveRTOS(&input{}, Options{RTOS: "none"}, nil); r.Value != "none" || r.Why != "--rtos" {
		t.Fatalf("--rtos: %+v", r)
	}
}
