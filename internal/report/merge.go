package report

import (
	"encoding/json"
	"os"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// MergeKey sets one top-level key of an existing report.json (e.g. "sim",
// written by `lwipgen sim` after a build), keeping every other key as it is.
func MergeKey(path, key string, v any) error {
	raw, err := os.ReadFile(path)
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
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	_, err = fsutil.WriteIfChanged(path, append(out, '\n'), 0o644)
	return err
}
