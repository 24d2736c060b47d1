package report

import (
	"encoding/json"
	"fmt"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// MergeKey sets one top-level key of an existing report.json (e.g. "sim",
// written by `lwipgen sim` after a build), keeping every other key as it is.
func MergeKey(path, key string, v any) error {
	raw, err := fsutil.ReadFile(path, fsutil.MaxInput)
	if err != nil {
		return err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return err
	}
	val, err := json.Marshal(v)
	if err != nil {
		return err
	}
	m[key] = val
	return writeJSON(path, m)
}

// writeJSON writes v indented (keys sorted), only when the content changes.
func writeJSON(path string, v any) error {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fsutil.WriteIfChanged(path, append(out, '\n'), 0o644)
	return err
}

// MergePath sets the object member at path (e.g. "sim", "sweep") in the JSON
// file, creating the objects on the way and keeping every other key. When both
// the existing value and v are objects, v's members are merged into it, so
// `sim` and `sim --sweep` can each update their part of "sim" without
// dropping the other's.
func MergePath(path string, keys []string, v any) error {
	if len(keys) == 0 {
		return fmt.Errorf("MergePath: no key")
	}
	raw, err := fsutil.ReadFile(path, fsutil.MaxInput)
	if err != nil {
		return err
	}
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var val any
	if err := json.Unmarshal(b, &val); err != nil {
		return err
	}
	m := root
	for _, k := range keys[:len(keys)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	last := keys[len(keys)-1]
	old, okOld := m[last].(map[string]any)
	nv, okNew := val.(map[string]any)
	if okOld && okNew {
		for k, x := range nv {
			old[k] = x
		}
	} else {
		m[last] = val
	}
	return writeJSON(path, root)
}
