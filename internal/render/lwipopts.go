package render

import "github.com/lwipgen/lwipgen/internal/plan"

// Section is a heading of lwipopts.h and the settings under it, in plan order.
type Section struct {
	Name     string
	Settings []plan.Setting
}

// LwipOpts renders lwipopts.h for a plan.
func LwipOpts(p *plan.Plan) (File, error) {
	var secs []Section
	idx := map[string]int{}
	for _, s := range p.Settings {
		i, ok := idx[s.Section]
		if !ok {
			i = len(secs)
			idx[s.Section] = i
			secs = append(secs, Section{Name: s.Section})
		}
		secs[i].Settings = append(secs[i].Settings, s)
	}
	out, err := Execute("lwipopts.h.tmpl", map[string]any{"Plan": p, "Sections": secs})
	return File{Path: "lwipopts.h", Content: out}, err
}
