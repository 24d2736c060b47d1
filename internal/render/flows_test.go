package render_test

// The render tests build boards through the pipeline, which asks each
// board's flow: the test binary links them all.
import _ "github.com/lwipgen/lwipgen/internal/flows/all"
