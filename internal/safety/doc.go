// Package safety holds lwipgen's end-to-end safety tests, run against the
// real lwipgen binary: hostile board files and project trees, SIGKILL at
// random points of a vendor run, two runs at once. It has no code of its
// own; the machinery it tests is internal/fsutil (the one write place and
// the bounded readers), internal/txn (vendoring as a transaction),
// internal/escape and the name and range checks of internal/board.
package safety
