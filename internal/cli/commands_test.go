package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/seeds"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	rc := Main(args, &out, &errb)
	return rc, out.String(), errb.String()
}

func TestCheckJSON(t *testing.T) {
	rc, out, _ := run(t, "check", "--board", "h743", "--json")
	var r CheckResult
	if rc != 0 || json.Unmarshal([]byte(out), &r) != nil || !r.OK || r.Chip != "stm32h743zi" || r.Checks < 60 {
		t.Fatalf("check --json: rc %d, %+v", rc, r)
	}
	bad := filepath.Join(t.TempDir(), "bad.hcl")
	src, _ := os.ReadFile(filepath.Join("..", "..", "boards", "f407.hcl"))
	os.WriteFile(bad, []byte(strings.Replace(string(src), `lwip_region = "sram1"`, `lwip_region = "ccm"`, 1)), 0o644)
	rc, out, _ = run(t, "check", "--board", bad, "--json")
	r = CheckResult{}
	json.Unmarshal([]byte(out), &r)
	if rc != 1 || r.OK || len(r.Diagnostics) == 0 || r.Diagnostics[0].File != bad || r.Diagnostics[0].Line == 0 ||
		!strings.Contains(r.Diagnostics[0].Detail, "ccm") {
		t.Fatalf("ccm board: rc %d, %+v", rc, r)
	}
}

func TestExplain(t *testing.T) {
	testenv.LwIP(t)
	rc, out, _ := run(t, "explain", "TCP_WND", "--board", "h743", "--json")
	var e Explanation
	if rc != 0 || json.Unmarshal([]byte(out), &e) != nil {
		t.Fatalf("explain: rc %d %s", rc, out)
	}
	if !e.Exists || !strings.Contains(e.Meaning, "window") || !strings.Contains(e.DefinedIn, "opt.h") || e.Default == "" ||
		e.Value == nil || *e.Value <= 0 || !strings.Contains(e.Why, "BDP") {
		t.Fatalf("explain TCP_WND: %+v", e)
	}
	// the TCP clock options carry what the board's clock means
	rc, out, _ = run(t, "explain", "TCP_TMR_INTERVAL", "--board", "h743", "--json")
	e = Explanation{}
	if rc != 0 || json.Unmarshal([]byte(out), &e) != nil || e.Value == nil || e.TCPClock == nil {
		t.Fatalf("explain TCP_TMR_INTERVAL: rc %d %s", rc, out)
	}
	if c := e.TCPClock; c.IntervalMs != *e.Value || c.RTOFloorMinMs != 4**e.Value || c.DelayedAckMs != *e.Value || c.TimerCPUPct <= 0 {
		t.Fatalf("explain TCP_TMR_INTERVAL: clock %+v for %d ms", *c, *e.Value)
	}
	// the window of each direction carries the loss rate it tolerates (the send side on the board's
	// own clock); TCP_WND is the receive side
	if l := (Explanation{}); true {
		rc, out, _ = run(t, "explain", "TCP_SND_BUF", "--board", "h743", "--json")
		if rc != 0 || json.Unmarshal([]byte(out), &l) != nil || l.LossTolerance == nil || l.Value == nil {
			t.Fatalf("explain TCP_SND_BUF: rc %d %s", rc, out)
		}
		if lt := l.LossTolerance; lt.Direction != "tx" || lt.Segments != *l.Value/1460 || !lt.FastRetransmit || lt.ToleratedPct < lt.DeclaredPct || !strings.Contains(lt.TimeoutBy, "TCP_TMR_INTERVAL") {
			t.Fatalf("explain TCP_SND_BUF: loss tolerance %+v", *lt)
		}
		rc, out, _ = run(t, "explain", "TCP_SND_BUF", "--board", "h743")
		if rc != 0 || !strings.Contains(out, "loss tolerance (tx): 4 segments in flight, fast retransmit repairs a loss") {
			t.Fatalf("explain TCP_SND_BUF: %s", out)
		}
	}
	if e.LossTolerance != nil {
		t.Errorf("TCP_TMR_INTERVAL carries a loss tolerance: %+v", *e.LossTolerance)
	}
	rc, out, _ = run(t, "explain", "TCP_RCV_BUF")
	if rc != 1 || !strings.Contains(out, "TCP_WND") {
		t.Fatalf("explain of a myth: rc %d %s", rc, out)
	}
	// a value that is not a number is shown as its text
	rc, out, _ = run(t, "explain", "TCPIP_THREAD_NAME", "--board", "h743-rtthread")
	if rc != 0 || !strings.Contains(out, `h743-rtthread: "tcpip"`) {
		t.Fatalf("explain of a string value: rc %d %s", rc, out)
	}
}

func TestAuditCommand(t *testing.T) {
	src, err := seeds.Config("seed004.h")
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "lwipopts.h")
	os.WriteFile(f, src, 0o644)
	rc, out, _ := run(t, "audit", f, "--board", "zynq7035", "--json")
	var r struct {
		Errors   int `json:"errors"`
		Findings []struct {
			ID   string `json:"id"`
			Line int    `json:"line"`
		} `json:"findings"`
	}
	if rc != 1 || json.Unmarshal([]byte(out), &r) != nil || r.Errors < 4 {
		t.Fatalf("audit seed004: rc %d %+v", rc, r)
	}
}

func TestGenerateWritesReportAndIsIdempotent(t *testing.T) {
	out := t.TempDir()
	if rc, _, e := run(t, "generate", "--board", "f407", "--out", out); rc != 0 {
		t.Fatal(e)
	}
	var r map[string]json.RawMessage
	raw, _ := os.ReadFile(filepath.Join(out, "report.json"))
	if json.Unmarshal(raw, &r) != nil {
		t.Fatal("report.json")
	}
	for _, k := range []string{"board", "chip", "lwip_version", "options", "provenance", "ram", "checks", "placement", "mpu"} {
		if _, ok := r[k]; !ok {
			t.Errorf("report.json lacks %q", k)
		}
	}
	st1, _ := os.Stat(filepath.Join(out, "generated", "lwipopts.h"))
	if rc, _, e := run(t, "generate", "--board", "f407", "--out", out); rc != 0 {
		t.Fatal(e)
	}
	st2, _ := os.Stat(filepath.Join(out, "generated", "lwipopts.h"))
	if !st1.ModTime().Equal(st2.ModTime()) {
		t.Errorf("a second generate rewrote lwipopts.h")
	}
}
