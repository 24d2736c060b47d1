package vendorkit

import "github.com/lwipgen/lwipgen/internal/textdiff"

// unifiedDiff labels a project file's diff the way git does (a/ b/, and
// /dev/null for a file that did not exist).
func unifiedDiff(path string, a, b []byte, existedBefore bool) string {
	from := "a/" + path
	if !existedBefore {
		from = "/dev/null"
	}
	return textdiff.Unified(from, "b/"+path, a, b)
}
