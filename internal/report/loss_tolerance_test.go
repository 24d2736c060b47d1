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

// report.json "loss_tolerance" and report.md's table say, per direction,
// how many segments one connection keeps in flight, what a timeout costs and
// whose clock runs it, and the loss rate the window tolerates (the send side
// on the board's TCP clock, the receive side on the peer's 200 ms).
func TestReportShowsTheLossTolerance(t *testing.T) {
	g, diags := pipeline.Prepare(pipeline.Options{Board: "f407", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	r := report.Build(g.Plan, g.Layout, nil, nil)
	raw, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Options map[string]int64 `json:"options"`
		Loss    []struct {
			Direction string  `json:"direction"`
			Option    string  `json:"option"`
			Segments  int64   `json:"segments"`
			Cost      float64 `json:"timeout_cost_ms"`
			Tolerated float64 `json:"tolerated_loss_percent"`
			Declared  float64 `json:"declared_loss_percent"`
		} `json:"loss_tolerance"`
	}
	if err := json.Unmarshal(raw, &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Loss) != 2 {
		t.Fatalf("loss_tolerance: %+v", j.Loss)
	}
	tx, rx := j.Loss[0], j.Loss[1]
	ms := j.Options["TCP_TMR_INTERVAL"]
	if tx.Direction != "tx" || tx.Option != "TCP_SND_BUF" || tx.Segments != j.Options["TCP_SND_BUF"]/1460 || tx.Cost < float64(6*ms) || tx.Cost > float64(6*ms)+5 ||
		tx.Tolerated <= tx.Declared || tx.Declared != 0.1 {
		t.Errorf("tx: %+v (TCP_TMR_INTERVAL %d)", tx, ms)
	}
	if rx.Direction != "rx" || rx.Option != "TCP_WND" || rx.Segments != j.Options["TCP_WND"]/1460 || rx.Cost < 200 || rx.Tolerated <= 0 {
		t.Errorf("rx: %+v", rx)
	}
	md, err := r.Markdown(g.Plan, g.Layout)
	if err != nil {
		t.Fatal(err)
	}
	row := fmt.Sprintf("| tx | TCP_SND_BUF | %d | yes |", tx.Segments)
	if !strings.Contains(string(md), "## Loss tolerance") || !strings.Contains(string(md), row) || !strings.Contains(string(md), fmt.Sprintf("| %g %% |", tx.Tolerated)) {
		t.Errorf("report.md lacks the loss tolerance row %q / %g %%", row, tx.Tolerated)
	}
}
