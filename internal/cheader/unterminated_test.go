package cheader

import (
	"strings"
	"testing"
)

// An rtconfig.h (or any header lwipgen reads) with an unterminated string is
// refused at the quote's line:col; a lone quote in #error / #warning text,
// a char literal and an escaped quote are not (issue 29 item 12).
func TestUnterminatedStringRefused(t *testing.T) {
	bad := "#define RT_NAME_MAX 8\n#define RT_CONSOLE_DEVICE_NAME \"uart1\n#define RT_LWIP_TCP_PCB_NUM 4\n"
	err := Check("rtconfig.h", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "rtconfig.h:2:32") || !strings.Contains(err.Error(), "closing") {
		t.Errorf("got %v, want rtconfig.h:2:32 and what to do", err)
	}
	for _, ok := range []string{
		"#define RT_CONSOLE_DEVICE_NAME \"uart1\"\n",
		"#define Q \"a\\\"b\"\n#define C '\"'\n",
		"#error \"don't\n#warning it's \" odd\n",
		"// a \" in a comment\n/* and \" here */\n",
	} {
		if err := Check("rtconfig.h", []byte(ok)); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
}
