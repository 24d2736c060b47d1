package cubemx_test

import (
	"testing"

	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"github.com/lwipgen/lwipgen/internal/golden"
)

// Every generated file of the flow's built-in boards against its reviewed
// golden copy in testdata/golden/<board> (internal/golden; regenerate with
// go test ./internal/flows/cubemx -run Golden -update).
func TestGoldenGeneratedFiles(t *testing.T) { golden.Check(t, "cubemx", "h743", "f767", "f407") }
