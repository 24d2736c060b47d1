package audit

import (
	"encoding/json"
	"io"
	"path/filepath"
	"sort"
)

// SARIF 2.1.0 output for CI code scanning (GitHub, GitLab). Only the parts
// of the format the audit needs: one run, one rule per finding ID, one result
// per finding with its file and line.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

var sarifLevel = map[string]string{SevError: "error", SevWarning: "warning", SevInfo: "note"}

// WriteSARIF writes the report as a SARIF 2.1.0 log. File paths are made
// relative to base when they are inside it (SARIF wants URIs, "/"-separated).
func WriteSARIF(w io.Writer, r *Report, base string) error {
	index := map[string]int{}
	var rules []sarifRule
	ids := []string{}
	for _, f := range r.Findings {
		if _, ok := index[f.ID]; !ok {
			index[f.ID] = -1
			ids = append(ids, f.ID)
		}
	}
	sort.Strings(ids)
	for i, id := range ids {
		index[id] = i
		rules = append(rules, sarifRule{ID: id, ShortDescription: sarifMessage{Text: id}})
	}
	results := []sarifResult{}
	for _, f := range r.Findings {
		file := f.File
		if file == "" {
			file = r.File
		}
		if base != "" {
			if rel, err := filepath.Rel(base, file); err == nil && filepath.IsLocal(rel) {
				file = rel
			}
		}
		loc := sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(file)}}
		if f.Line > 0 {
			loc.Region = &sarifRegion{StartLine: f.Line}
		}
		msg := f.Message
		if f.Fix != "" {
			msg += " Fix: " + f.Fix
		}
		results = append(results, sarifResult{RuleID: f.ID, RuleIndex: index[f.ID], Level: sarifLevel[f.Severity],
			Message: sarifMessage{Text: msg}, Locations: []sarifLocation{{PhysicalLocation: loc}}})
	}
	log := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0",
		Runs: []sarifRun{{Tool: sarifTool{Driver: sarifDriver{Name: "lwipgen audit", InformationURI: "https://github.com/lwipgen/lwipgen", Rules: rules}}, Results: results}}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}
