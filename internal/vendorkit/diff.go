package vendorkit

import udiff "github.com/aymanbagabas/go-udiff"

// unifiedDiff labels a project file's diff the way git does (a/ b/, and
// /dev/null for a file that did not exist).
func unifiedDiff(path string, a, b []byte, existedBefore bool) string {
	from := "a/" + path
	if !existedBefore {
		from = "/dev/null"
	}
	return udiff.Unified(from, "b/"+path, string(a), string(b))
}
