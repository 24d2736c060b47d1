package project

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteText prints the model for a person: the build, every fact with its
// source, the flags lwIP is compiled with, and the notes; with units, every
// translation unit and its flags too. It is what `lwipgen inspect` prints,
// the place a support question starts.
func (m *Model) WriteText(w io.Writer, units bool) {
	fmt.Fprintf(w, "project %s\n", m.Root)
	switch {
	case m.Build != nil:
		b := m.Build
		how := "read from the file"
		if b.Exact {
			how = "as the build tool ran it"
		}
		fmt.Fprintf(w, "build   %s: %s", b.System, b.File)
		if b.Tool != "" {
			fmt.Fprintf(w, " (%s)", b.Tool)
		}
		if b.Config != "" {
			fmt.Fprintf(w, ", configuration %s", b.Config)
		}
		fmt.Fprintf(w, "; %d units, %s\n", len(b.Units), how)
		if b.Link != nil {
			fmt.Fprintf(w, "link    %s", strings.Join(relPaths(m, b.Link.Scripts), " "))
			if b.Link.Output != "" {
				fmt.Fprintf(w, " -> %s", m.Rel(b.Link.Output))
			}
			fmt.Fprintln(w)
		}
	case m.BuildErr != nil:
		fmt.Fprintf(w, "build   not read: %v\n", m.BuildErr)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FACT\tVALUE\tFROM\tWHY")
	for _, f := range m.Facts {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", f.Key, f.Value, f.From, f.Why)
	}
	tw.Flush()
	if u := m.LwIPUnit(); u != nil {
		fmt.Fprintf(w, "\nlwIP is compiled (%s) with:\n", m.Rel(u.File))
		writeUnitFlags(w, m, u, "  ")
	}
	notes := append([]string{}, m.Notes...)
	if m.Build != nil {
		notes = append(notes, m.Build.Notes...)
	}
	if len(notes) > 0 {
		fmt.Fprintln(w, "\nnotes:")
		for _, n := range notes {
			fmt.Fprintf(w, "  - %s\n", n)
		}
	}
	if units && m.Build != nil {
		fmt.Fprintf(w, "\nunits (%d):\n", len(m.Build.Units))
		for i := range m.Build.Units {
			u := &m.Build.Units[i]
			fmt.Fprintf(w, "  %s (%s, %s)\n", m.Rel(u.File), u.Lang, u.From)
			writeUnitFlags(w, m, u, "    ")
		}
	}
}

func writeUnitFlags(w io.Writer, m *Model, u *Unit, indent string) {
	line := func(label string, items []string) {
		if len(items) > 0 {
			fmt.Fprintf(w, "%s%-15s %s\n", indent, label, strings.Join(items, " "))
		}
	}
	line("target", u.Target)
	if u.Std != "" {
		line("std", []string{u.Std})
	}
	var defs []string
	for _, d := range u.Defines {
		if d.Undef {
			defs = append(defs, "-U"+d.Name)
		} else if d.Value == "1" {
			defs = append(defs, d.Name)
		} else {
			defs = append(defs, d.Name+"="+d.Value)
		}
	}
	line("defines", defs)
	line("forced includes", relPaths(m, u.Forced))
	line("-iquote", relPaths(m, u.Quote))
	line("-I", relPaths(m, u.Includes))
	line("-isystem", relPaths(m, u.System))
}

func relPaths(m *Model, ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = m.Rel(p)
	}
	return out
}
