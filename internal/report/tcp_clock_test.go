package report_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/report"
)

// report.json "tcp_clock" and report.md's TCP clock table say what the
// generated TCP_TMR_INTERVAL means: RTO floor 2-3 slow ticks (4-6
// intervals) beyond the RTT, delayed ACK at most one interval, lwIP's
// initial 3 s RTO in whole slow ticks (tcp_alloc), and the timer's CPU share.
func TestReportShowsTheTCPClock(t *testing.T) {
	for _, name := range []string{"h743", "f407"} {
		g, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		r := report.Build(g.Plan, g.Layout, nil, nil)
		raw, err := r.JSON()
		if err != nil {
			t.Fatal(err)
		}
		var j struct {
			Options  map[string]int64 `json:"options"`
			TCPClock map[string]any   `json:"tcp_clock"`
		}
		if err := json.Unmarshal(raw, &j); err != nil {
			t.Fatal(err)
		}
		ms := j.Options["TCP_TMR_INTERVAL"]
		c := j.TCPClock
		if ms <= 0 || c["tcp_tmr_interval_ms"] != float64(ms) || c["rto_floor_min_ms"] != float64(4*ms) ||
			c["rto_floor_max_ms"] != float64(6*ms) || c["delayed_ack_max_ms"] != float64(ms) ||
			c["initial_rto_ms"] != float64(3000/(2*ms)*(2*ms)) || c["timer_cpu_percent"] == nil {
			t.Errorf("%s: TCP_TMR_INTERVAL %d, tcp_clock %v", name, ms, c)
		}
		md, err := r.Markdown(g.Plan, g.Layout)
		if err != nil {
			t.Fatal(err)
		}
		row := fmt.Sprintf("| %d ms | %d-%d ms |", ms, 4*ms, 6*ms)
		if !strings.Contains(string(md), "## TCP clock") || !strings.Contains(string(md), row) {
			t.Errorf("%s: report.md lacks the TCP clock row %q", name, row)
		}
	}
}
