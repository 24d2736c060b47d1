// Package report writes what a build planned and what the linker did:
// report.json (the keys of SPEC.md), report.md (a table per region: planned
// vs linked, and every lwIP option with its reason) and memory-map.svg.
package report

import (
	"encoding/json"
	"sort"

	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/verify"
)

// RAM is report.json "ram.predicted" / "ram.linked": symbol -> bytes, plus "total".
type RAM map[string]int64

// TLBRow is report.json "tlb" (Cortex-A9).
type TLBRow struct {
	Base       uint64 `json:"base"`
	Size       uint64 `json:"size"`
	Type       string `json:"type"`
	Descriptor uint32 `json:"descriptor"`
}

// Section is report.json "sections": each output section lwipgen owns.
type Section struct {
	Name    string `json:"name"`
	Memory  string `json:"memory"`
	Base    uint64 `json:"base"`
	Size    uint64 `json:"size"`
	Used    uint64 `json:"used"`
	Attr    string `json:"attr"`
	DMA     bool   `json:"dma"`
	Objects []struct {
		Name   string `json:"name"`
		Symbol string `json:"symbol"`
		Size   int64  `json:"size"`
	} `json:"objects"`
}

// Report is report.json.
type Report struct {
	Board       string            `json:"board"`
	Chip        string            `json:"chip"`
	LwIPVersion string            `json:"lwip_version"`
	Options     map[string]int64  `json:"options"`
	Expressions map[string]string `json:"expressions"`
	Provenance  map[string]string `json:"provenance"`
	RAM         map[string]RAM    `json:"ram"`
	Driver      plan.Driver       `json:"driver"`
	// TCPClock is what TCP_TMR_INTERVAL means here: RTO floor, delayed-ACK
	// bound, timer CPU cost (plan/rules_tcp_clock.go).
	TCPClock plan.TCPClock `json:"tcp_clock"`
	// LossTolerance is, per direction, the loss rate the send buffer and the
	// window survive on fast retransmit (plan/loss_tolerance.go).
	LossTolerance []plan.LossTolerance `json:"loss_tolerance"`
	Sections      []Section            `json:"sections"`
	Placement     []verify.Placement   `json:"placement"`
	MPU           []verify.MPURow      `json:"mpu"`
	TLB           []TLBRow             `json:"tlb,omitempty"`
	Checks        []plan.Check         `json:"checks"`
	OK            bool                 `json:"ok"`
	// Warnings are the plan's warnings, each with its id; an accepted one
	// (board accept = [ID]) is listed with "accepted": true and not printed.
	Warnings []plan.Warning `json:"warnings"`
	// Summary counts Checks per family; Memory is the size table of the
	// linked ELF (absent before linking).
	Summary Summary         `json:"summary"`
	Memory  *memusage.Usage `json:"memory,omitempty"`
	// PlanDigest names the generated files this report describes: a report
	// (and the results of sim and bench kept in it) belong to that plan.
	PlanDigest string `json:"plan_digest"`
}

// Build assembles the report; v is nil before linking. extra are checks of
// later stages (e.g. RAM model vs linked objects).
func Build(p *plan.Plan, l *layout.Layout, v *verify.Result, extra []plan.Check) *Report {
	r := &Report{Board: p.Board.Name, Chip: p.Board.Chip.Name, LwIPVersion: p.Board.LwIPVersion,
		Options: map[string]int64{}, Expressions: map[string]string{}, Provenance: p.Provenance(),
		RAM: map[string]RAM{}, Driver: p.Driver, TCPClock: p.TCPClock(), LossTolerance: p.LossTolerance(), Placement: []verify.Placement{}, MPU: []verify.MPURow{}}
	for _, s := range p.Settings {
		r.Options[s.Name] = p.Value(s.Name)
		r.Expressions[s.Name] = s.Expr
	}
	pred := RAM{}
	for k, v := range p.RAM.Symbols {
		pred[k] = v
	}
	pred["static"] = p.RAM.Static
	pred["total"] = p.RAM.Total
	r.RAM["predicted"] = pred
	for _, s := range l.Sections {
		rs := Section{Name: s.Name, Memory: s.Memory, Base: s.Base, Size: s.Size, Used: s.Used(), Attr: string(s.Attr), DMA: s.DMA}
		for _, o := range s.Objects {
			rs.Objects = append(rs.Objects, struct {
				Name   string `json:"name"`
				Symbol string `json:"symbol"`
				Size   int64  `json:"size"`
			}{o.Name, o.Symbol, o.Size})
		}
		r.Sections = append(r.Sections, rs)
	}
	for _, t := range l.TLB {
		r.TLB = append(r.TLB, TLBRow{Base: t.Base, Size: t.Size, Type: t.Attr.String(), Descriptor: t.Descriptor})
	}
	r.Checks = append(r.Checks, p.Checks...)
	r.Warnings = append([]plan.Warning{}, p.Warnings...)
	if v != nil {
		r.Placement = v.Placement
		r.MPU = v.MPU
		r.RAM["linked"] = RAM(v.Linked)
		r.Checks = append(r.Checks, v.Checks...)
	} else {
		for _, m := range l.MPU {
			r.MPU = append(r.MPU, verify.MPURow{Number: m.Number, Base: m.Base, Size: m.Size, Type: m.Attr.String(), SubregionDisable: m.SRD, RBAR: m.RBAR(), RASR: m.RASR()})
		}
	}
	r.Checks = append(r.Checks, extra...)
	sort.SliceStable(r.Checks, func(i, j int) bool { return r.Checks[i].ID < r.Checks[j].ID })
	r.Summary = summarize(r.Checks, nil)
	r.OK = r.Summary.Failed == 0
	return r
}

// JSON renders report.json (stable key order: encoding/json sorts map keys).
func (r *Report) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	return append(b, '\n'), err
}
