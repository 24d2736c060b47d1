package vendorkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An ENET_IRQHandler whose opening line carries a comment with a brace
// (`void ENET_IRQHandler(void) /* { */`, issue 29 item 9) and whose body has
// a "}" in a comment and in a string was not recognised: the demo's handler
// was left feeding the replaced driver, without a word. Found and rewired
// in the code alone, the handler calls lwipgen's ethernetif_irq() and the
// code after it is intact.
func TestVendorRewiresIRQWithBracesInComments(t *testing.T) {
	g := generated(t, "gd32f407")
	dir := copyTree(t, filepath.Join("testdata", "gd32-freertos"))
	it := filepath.Join(dir, "src", "gd32f4xx_it.c")
	b, err := os.ReadFile(it)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(b), "void ENET_IRQHandler(void)\n{\n", "void ENET_IRQHandler(void) /* { */\n{\n    /* } a brace in a comment */\n    static const char tag[] = \"}\"; (void)tag;\n", 1)
	if text == string(b) {
		t.Fatal("fixture: ENET_IRQHandler not found as expected")
	}
	text += "\nvoid after_the_handler(void) {}\n"
	os.WriteFile(it, []byte(text), 0o644)
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	out, _ := os.ReadFile(it)
	s := string(out)
	if !strings.Contains(s, "ethernetif_irq();") || strings.Contains(s, "xSemaphoreGiveFromISR(g_rx_semaphore") {
		t.Errorf("handler not rewired:\n%s", s)
	}
	if !strings.Contains(s, "void ENET_IRQHandler(void) /* { */") || !strings.Contains(s, "void after_the_handler(void) {}") {
		t.Errorf("text outside the handler's body changed:\n%s", s)
	}
}
