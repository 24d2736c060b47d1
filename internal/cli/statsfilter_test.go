package cli

import (
	"bytes"
	"testing"
)

// run shows the console without the periodic stats dumps unless asked
// (issue 31, item 9: a dump every 10 s, unasked); a dump asked for over UDP
// passes, written in any chunking.
func TestPeriodicStatsDropped(t *testing.T) {
	in := "lwipgen firmware up\n" +
		"@@stats begin seq=1 reason=periodic tag=- uptime_ms=10000\n@@mem name=HEAP avail=1\n@@stats end seq=1\n" +
		"@@stats begin seq=2 reason=udp tag=x uptime_ms=12000\n@@mem name=HEAP avail=1\n@@stats end seq=2\n" +
		"link up\n"
	want := "lwipgen firmware up\n@@stats begin seq=2 reason=udp tag=x uptime_ms=12000\n@@mem name=HEAP avail=1\n@@stats end seq=2\nlink up\n"
	for _, chunk := range []int{1, 7, len(in)} {
		var out bytes.Buffer
		f := &periodicStats{w: &out}
		for i := 0; i < len(in); i += chunk {
			f.Write([]byte(in[i:min(i+chunk, len(in))]))
		}
		if out.String() != want {
			t.Errorf("chunk %d: got %q", chunk, out.String())
		}
	}
}
