package project

import (
	"reflect"
	"testing"
)

// A CubeMX Makefile's compile line as `make -n` prints it
// (eritainn7/lwip-stm32@bebc048 Makefile, projectgenerator 4.9.0: $(CC) -c
// $(CFLAGS) ... $< -o $@), plus the forms other builds write.
func TestParseCompile(t *testing.T) {
	argv, err := SplitCommand(`/usr/bin/arm-none-eabi-gcc -c -mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard -DUSE_HAL_DRIVER -DSTM32F767xx -DLWIP_DEBUG=1 -U NDEBUG -ICore/Inc -I "LWIP/Target" -iquote inc -isystem /opt/sys -include cfg/pre.h -Og -Wall -fdata-sections -ffunction-sections -g -gdwarf-2 -MMD -MP -MF"build/ethernetif.d" -std=gnu11 -Wa,-a,-ad,-alms=build/ethernetif.lst LWIP/Target/ethernetif.c -o build/ethernetif.o`)
	if err != nil {
		t.Fatal(err)
	}
	u := ParseCompile(argv, "/p", "/p")
	if u == nil {
		t.Fatal("no unit")
	}
	want := Unit{File: "/p/LWIP/Target/ethernetif.c", Rel: "LWIP/Target/ethernetif.c", Dir: "/p", Compiler: "/usr/bin/arm-none-eabi-gcc", Lang: LangC,
		Quote: []string{"/p/inc"}, Includes: []string{"/p/Core/Inc", "/p/LWIP/Target"}, System: []string{"/opt/sys"},
		Defines: []Define{{Name: "USE_HAL_DRIVER", Value: "1"}, {Name: "STM32F767xx", Value: "1"}, {Name: "LWIP_DEBUG", Value: "1"}, {Name: "NDEBUG", Undef: true}},
		Forced:  []string{"/p/cfg/pre.h"}, Target: []string{"-mcpu=cortex-m7", "-mthumb", "-mfpu=fpv5-d16", "-mfloat-abi=hard"}, Std: "gnu11",
		Other: []string{"-Og", "-Wall", "-fdata-sections", "-ffunction-sections", "-g", "-gdwarf-2", "-Wa,-a,-ad,-alms=build/ethernetif.lst"}}
	if !reflect.DeepEqual(*u, want) {
		t.Errorf("got  %+v\nwant %+v", *u, want)
	}
	if m := u.Macros(); m["LWIP_DEBUG"] != "1" || len(m) != 3 {
		t.Errorf("macros %v", m)
	}
	if ParseCompile([]string{"arm-none-eabi-gcc", "a.o", "b.o", "-o", "x.elf"}, "/p", "/p") != nil {
		t.Error("a link is no compile unit")
	}
}

// CubeMX's link line (Makefile: $(CC) $(OBJECTS) $(LDFLAGS) -o $@ with
// -T$(LDSCRIPT) ... -Wl,-Map=...) and CMake's -T "..." form.
func TestParseLink(t *testing.T) {
	argv, _ := SplitCommand(`arm-none-eabi-gcc build/main.o build/startup.o -mcpu=cortex-m7 -mthumb -specs=nano.specs -TSTM32F767ZITx_FLASH.ld -L lib -lc -lm -lnosys -Wl,-Map=build/x.map,--cref -Wl,--gc-sections,-T,extra.ld -o build/x.elf`)
	l := ParseLink(argv, "/p")
	if l == nil {
		t.Fatal("no link")
	}
	if !reflect.DeepEqual(l.Scripts, []string{"/p/STM32F767ZITx_FLASH.ld", "/p/extra.ld"}) || l.Output != "/p/build/x.elf" ||
		!reflect.DeepEqual(l.LibDirs, []string{"/p/lib"}) || !reflect.DeepEqual(l.Libs, []string{"-lc", "-lm", "-lnosys"}) {
		t.Errorf("%+v", l)
	}
	argv, _ = SplitCommand(`arm-none-eabi-gcc -T "/p/STM32H743ZITX_FLASH.ld" CMakeFiles/x.dir/main.c.obj -o x.elf`)
	if l := ParseLink(argv, "/p/build"); l == nil || l.Scripts[0] != "/p/STM32H743ZITX_FLASH.ld" || l.Output != "/p/build/x.elf" {
		t.Errorf("%+v", l)
	}
}
