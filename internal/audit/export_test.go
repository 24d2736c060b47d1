package audit

// Internals the external tests (package audit_test, which link the flows
// and so their vendor glue) use.
var (
	SourceNames      = sourceNames
	ConditionalNames = conditionalNames
	Undeclared       = undeclared
)

var ChipForMCU = chipForMCU
