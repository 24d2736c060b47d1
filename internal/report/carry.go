package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"
)

// Previous is what a report.json already on disk says about itself: which
// plan it describes and whether an ELF verified it. Other commands' results
// (sim, bench, ...) are kept as Foreign, keyed as they were.
type Previous struct {
	PlanDigest string
	Stage      string
	Foreign    map[string]json.RawMessage
}

// PlanDigest identifies a plan by the files it generates (paths and bytes).
func PlanDigest(files map[string][]byte) string {
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		h.Write([]byte(n))
		h.Write([]byte{0})
		h.Write(files[n])
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// ReadPrevious parses an existing report.json; ok is false when there is none
// (or it cannot be read as a report).
func ReadPrevious(raw []byte) (Previous, bool) {
	var m map[string]json.RawMessage
	if len(raw) == 0 || json.Unmarshal(raw, &m) != nil {
		return Previous{}, false
	}
	var p Previous
	json.Unmarshal(m["plan_digest"], &p.PlanDigest)
	var s struct {
		Stage string `json:"stage"`
	}
	json.Unmarshal(m["summary"], &s)
	p.Stage = s.Stage
	own := ownKeys()
	for k, v := range m {
		if !own[k] {
			if p.Foreign == nil {
				p.Foreign = map[string]json.RawMessage{}
			}
			p.Foreign[k] = v
		}
	}
	return p, true
}

// ownKeys are the keys the pipeline writes; every other key belongs to
// another command (sim writes "sim").
func ownKeys() map[string]bool {
	keys := map[string]bool{}
	var m map[string]json.RawMessage
	b, _ := json.Marshal(&Report{})
	json.Unmarshal(b, &m)
	for k := range m {
		keys[k] = true
	}
	for _, k := range []string{"memory", "tlb"} { // omitempty
		keys[k] = true
	}
	return keys
}

// WithForeign adds the other commands' keys to a rendered report.json
// (sorted keys, as MergeKey writes them).
func WithForeign(js []byte, foreign map[string]json.RawMessage) ([]byte, error) {
	if len(foreign) == 0 {
		return js, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(js, &m); err != nil {
		return nil, err
	}
	for k, v := range foreign {
		if _, ok := m[k]; !ok {
			m[k] = v
		}
	}
	var buf bytes.Buffer
	out, err := json.MarshalIndent(m, "", "  ")
	buf.Write(out)
	buf.WriteByte('\n')
	return buf.Bytes(), err
}
