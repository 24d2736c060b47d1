package pipeline_test

import (
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// BenchmarkGenerateAllBoards: board → plan → layout → every generated file,
// in memory, for all six boards per iteration (the issue asks for "well
// under a second"; this measures it, it does not assert it).
func BenchmarkGenerateAllBoards(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for _, name := range allBoards {
			if _, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}}); diags.HasErrors() {
				b.Fatal(diags)
			}
		}
	}
}
