// Package pipelinetest runs the pipeline for tests, once per board per test
// binary (the vendor tests of several flows share it).
package pipelinetest

import (
	"sync"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

var (
	mu    sync.Mutex
	cache = map[string]*flow.Generated{}
)

// Generated is the pipeline's output for board name (a built-in board or an
// .hcl path); a board with errors fails t.
func Generated(t testing.TB, name string) *flow.Generated {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	if g, ok := cache[name]; ok {
		return g
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatalf("%s: %v", name, diags)
	}
	cache[name] = g
	return g
}
