package vendorkit_test

// The flows register their glue (and themselves) in init(); importing them
// from this external test package links them into the test binary, so the
// package's own tests can render a board's glue the way its flow does.
import _ "github.com/lwipgen/lwipgen/internal/flows/all"
