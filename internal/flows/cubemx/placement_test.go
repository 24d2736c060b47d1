package cubemx

import (
	"strings"
	"testing"
)

// Block 0 of CubeMX's F7 ethernetif.c as Alexandr-Gusev/udp_echo_server_STM32F767ZI
// has it: a section of its own for the RX pool lwipgen places. The line is
// kept, inside lwipgen's #if 0; other lines are untouched; a second pass (the
// next vendor run reads lwipgen's file) changes nothing.
func TestSupersedePlacements(t *testing.T) {
	syms := []string{"DMARxDscrTab", "memp_memory_RX_POOL_base", "ram_heap"}
	body := "\n__attribute__((section(\".RxPoolSection\"))) extern u8_t memp_memory_RX_POOL_base[];\nstatic int my_counter; /* memp_memory_RX_POOL_base is used below */\nextern u8_t memp_memory_RX_POOL_base[];\n"
	got, found := supersedePlacements(body, syms)
	if len(found) != 1 || found[0] != "memp_memory_RX_POOL_base" {
		t.Fatalf("found %v", found)
	}
	want := "\n#if 0 /* lwipgen: lwip_sections.ld places memp_memory_RX_POOL_base; this placement would override it */\n" +
		"__attribute__((section(\".RxPoolSection\"))) extern u8_t memp_memory_RX_POOL_base[];\n#endif /* lwipgen */\n" +
		"static int my_counter; /* memp_memory_RX_POOL_base is used below */\nextern u8_t memp_memory_RX_POOL_base[];\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	again, found2 := supersedePlacements(got, syms)
	if again != got || len(found2) != 0 {
		t.Errorf("second pass changed the body (found %v):\n%s", found2, again)
	}
	for _, l := range strings.Split(body, "\n") {
		if !strings.Contains(got, l) {
			t.Errorf("user line lost: %q", l)
		}
	}
	// an address placement (MDK's at()) of a descriptor table, and a DMA buffer of the user's own name
	if _, f := supersedePlacements("__attribute__((at(0x2007C000))) ETH_DMADescTypeDef DMARxDscrTab[4];\n__attribute__((section(\".MyBuf\"))) uint8_t my_buf[64];", syms); len(f) != 1 || f[0] != "DMARxDscrTab" {
		t.Errorf("at() / unrelated section: found %v", f)
	}
}
