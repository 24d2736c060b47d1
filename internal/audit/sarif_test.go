package audit

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
)

// The SARIF 2.1.0 shape code-scanning services require: version and schema,
// one run with a named driver, rules referenced by index, results with a
// level of error|warning|note, a message and a physical location whose
// region starts at line >= 1.
func TestSARIFShape(t *testing.T) {
	rep, err := Run(Options{File: filepath.Join(corpusDir, "22_forum_tuning_myths.h"), CC: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) < 3 {
		t.Fatalf("want findings to render, got %v", rep.Findings)
	}
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, rep, ""); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name           string `json:"name"`
					InformationURI string `json:"informationUri"`
					Rules          []struct {
						ID               string `json:"id"`
						ShortDescription struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex *int   `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	dec := json.NewDecoder(&buf)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&log); err != nil {
		t.Fatalf("SARIF does not decode into the 2.1.0 subset: %v", err)
	}
	if log.Version != "2.1.0" || log.Schema == "" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name == "" {
		t.Fatalf("header: %+v", log)
	}
	run := log.Runs[0]
	ids := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "" || ids[r.ID] || r.ShortDescription.Text == "" {
			t.Errorf("rule %+v empty or duplicate", r)
		}
		ids[r.ID] = true
	}
	if len(run.Results) != len(rep.Findings) {
		t.Fatalf("%d results for %d findings", len(run.Results), len(rep.Findings))
	}
	levels := map[string]bool{"error": true, "warning": true, "note": true}
	for i, r := range run.Results {
		if r.RuleIndex == nil || *r.RuleIndex < 0 || *r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[*r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %d: ruleIndex does not point at %s", i, r.RuleID)
		}
		if !levels[r.Level] || r.Message.Text == "" || len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.ArtifactLocation.URI == "" {
			t.Errorf("result %d: %+v", i, r)
		}
		if reg := r.Locations[0].PhysicalLocation.Region; reg != nil && reg.StartLine < 1 {
			t.Errorf("result %d: startLine %d", i, reg.StartLine)
		}
		if want := map[string]string{SevError: "error", SevWarning: "warning", SevInfo: "note"}[rep.Findings[i].Severity]; r.Level != want {
			t.Errorf("result %d: level %s for %s", i, r.Level, rep.Findings[i].Severity)
		}
	}
}
