package board

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Acceptable is a warning a board may accept by its id (`accept = [ID]`):
// the cost stays, the board says it was chosen knowingly, so lwipgen stops
// printing it and report.json lists it as accepted. Like Terraform's
// lifecycle ignore_changes or a linter's suppression, it names one warning,
// never a class: an id lwipgen does not know is an error.
type Acceptable struct {
	ID      string
	Meaning string
}

// Warnings is every warning id the plan and the pipeline give (the plan
// refuses to raise an id that is not here: a board could not accept it),
// and the one error a board may accept (build.lwip_other_release).
var Warnings = []Acceptable{
	{"sizing.rx_buffers_pinned", "a pinned ethernet.rx_buffers leaves lwIP fewer zero-copy buffers than two loss recoveries at once need; the glue copies into PBUF_POOL beyond that"},
	{"sizing.interactive_window", "a latency profile on a shared RX FIFO NIC cannot bound the bulk window to 2 segments without missing target_mbps: interactive segments queue behind the bulk frames in the FIFO"},
	{"project.lwip_not_measured", "the project's own lwIP could not be measured with the cross compiler; the plan uses the model of stock lwIP"},
	{"project.lwip_differs", "the project's own lwIP has struct or pool sizes other than stock lwIP; the plan is made at the measured sizes"},
	// an error unless accepted: the build compiles another point release of the line the board plans
	{"build.lwip_other_release", "the lwIP tree found is another release of the line the board plans (2.1.3 for 2.1.2): option names, init.c rules and RAM-model structs are the line's; the build compiles it in the planned one's place"},
}

// WarningIDs lists the ids of Warnings.
func WarningIDs() []string {
	ids := make([]string, len(Warnings))
	for i, w := range Warnings {
		ids[i] = w.ID
	}
	return ids
}

// Accepts says whether the board accepts the warning id.
func (b *Board) Accepts(id string) bool { return contains(b.Accept, id) }

// decodeAccept reads `accept = ["id", ...]`: each element must be a warning
// id lwipgen gives, checked at the element's own position.
func decodeAccept(e hcl.Expression, b *Board, ev *evaluator) {
	if !present(e) {
		return
	}
	b.Ranges["accept"] = e.Range()
	elems, d := hcl.ExprList(e)
	if d.HasErrors() {
		// not a literal list: evaluate it whole (a local, a function)
		elems = []hcl.Expression{e}
	}
	ids := WarningIDs()
	for _, x := range elems {
		v, ok := ev.value(x)
		if !ok {
			continue
		}
		var vals []cty.Value
		switch {
		case v.Type() == cty.String:
			if len(elems) == 1 && x == e {
				ev.errorf(x.Range(), "Wrong type", "accept must be a list of warning ids, e.g. accept = [%q].", ids[0])
				continue
			}
			vals = []cty.Value{v}
		case v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType():
			vals = v.AsValueSlice()
		default:
			ev.errorf(x.Range(), "Wrong type", "accept must be a list of warning ids, not %s.", v.Type().FriendlyName())
			continue
		}
		for _, s := range vals {
			if s.IsNull() || s.Type() != cty.String {
				ev.errorf(x.Range(), "Wrong type", "accept lists warning ids as strings, e.g. %q.", ids[0])
				continue
			}
			id := s.AsString()
			if !contains(ids, id) {
				ev.errorf(x.Range(), "Unknown warning id", "accept: lwipgen gives no warning %q; the ids are %s.%s", id, quoteList(ids), didYouMean(id, ids))
				continue
			}
			if contains(b.Accept, id) {
				ev.errorf(x.Range(), "Warning accepted twice", "accept names %q more than once.", id)
				continue
			}
			b.Accept = append(b.Accept, id)
		}
	}
}
