package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"
)

// glueRun runs one board's generated driver (lwipgen's configuration only) for a short bulk workload.
func glueRun(t *testing.T, board string, o Options) ConfigResult {
	t.Helper()
	needHost(t)
	g := prepare(t, board)
	if _, ok := runsGlue(g.Plan); !ok {
		t.Fatalf("%s: the generated driver does not run in the simulator", board)
	}
	if o.CacheDir == "" {
		o.CacheDir = testCache
	}
	if o.Workload == "" {
		o.Workload = "bulk"
	}
	if o.Duration == 0 {
		o.Duration = 100 * time.Millisecond
	}
	if o.Warmup == 0 {
		o.Warmup = 20 * time.Millisecond
	}
	r, err := Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	c := r.Configs[0]
	if c.Glue == nil {
		t.Fatalf("%s: ran without the generated driver", board)
	}
	var tab bytes.Buffer
	r.WriteTable(&tab)
	js, _ := json.MarshalIndent(c.Glue, "", " ")
	t.Logf("%s\n%s", tab.String(), js)
	return c
}

func TestGlueF407Smoke(t *testing.T) {
	c := glueRun(t, "f407", Options{})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
}
