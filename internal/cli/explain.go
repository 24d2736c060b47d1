package cli

import (
	"github.com/spf13/cobra"

	"fmt"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/plan"
)

func init() { register(newExplain) }

func newExplain(env *Env) *cobra.Command {
	var bf boardFlag
	var lwipDir string
	var asJSON bool
	c := &cobra.Command{
		Use:     "explain OPTION [--board BOARD]",
		Short:   "what an lwIP option means (from the lwIP source in use), its default, and this board's value and why",
		Example: "  lwipgen explain TCP_WND --board h743\n  lwipgen explain MEM_SIZE --json",
		Args:    exactlyOne("one OPTION is required (e.g. TCP_WND)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(runExplain(env, args[0], bf.ref, lwipDir, asJSON))
		},
	}
	bf.add(c, "board whose value to show")
	c.Flags().StringVar(&lwipDir, "lwip", "", "lwIP source tree")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

// Explanation is what `lwipgen explain --json` prints.
type Explanation struct {
	Option     string `json:"option"`
	Exists     bool   `json:"exists"`
	Meaning    string `json:"meaning,omitempty"`
	DefinedIn  string `json:"defined_in,omitempty"`
	Default    string `json:"default,omitempty"`
	Board      string `json:"board,omitempty"`
	Value      *int64 `json:"value,omitempty"`
	Expression string `json:"expression,omitempty"`
	Why        string `json:"why,omitempty"`
	Correction string `json:"correction,omitempty"`
	// TCPClock: for the TCP timer options, what the board's clock means
	// (RTO floor, delayed-ACK bound, timer CPU cost).
	TCPClock *plan.TCPClock `json:"tcp_clock,omitempty"`
	// LossTolerance: for TCP_SND_BUF (the device sends) and TCP_WND (the
	// peer sends), the loss rate the window survives on fast retransmit.
	LossTolerance *plan.LossTolerance `json:"loss_tolerance,omitempty"`
}

// clockOptions are the options whose meaning is the TCP clock.
var clockOptions = map[string]bool{"TCP_TMR_INTERVAL": true, "TCP_FAST_INTERVAL": true, "TCP_SLOW_INTERVAL": true}

func runExplain(env *Env, option, boardRef, lwipDir string, asJSON bool) int {
	name := strings.TrimSpace(option)
	var err error
	ver := "2.1.3"
	var p *plan.Plan
	if boardRef != "" {
		b, d := source().Load(boardRef)
		if d.HasErrors() {
			env.diags(d)
			return 2
		}
		ver = b.LwIPVersion
		if p, err = flow.Plan(b); err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen explain:", err)
			return 1
		}
	}
	v, _ := lwip.ParseVersion(ver)
	ex := Explanation{Option: name, Exists: lwip.Known(v, name)}
	if !ex.Exists {
		if truth, myth := lwip.MythFor(v, name); myth {
			ex.Correction = name + " does not exist in lwIP " + string(v) + ": " + truth
		} else if s := lwip.Suggest(v, name); s != "" {
			ex.Correction = "lwIP " + string(v) + " has no option " + name + "; did you mean " + s + "?"
		} else {
			ex.Correction = "lwIP " + string(v) + " has no option " + name
		}
	} else {
		if tree, err := lwipsrc.Resolve(lwipDir, ""); err == nil {
			if doc, err := lwip.OptDoc(tree.Dir, name); err == nil {
				ex.Meaning, ex.Default = doc.Comment, doc.Default
				ex.DefinedIn = fmt.Sprintf("%s:%d (lwIP %s)", doc.File, doc.Line, tree.Version)
			}
		}
		if ex.Default == "" {
			if o, ok := lwip.Lookup(v, name); ok {
				ex.Default = o.Default
			}
		}
		if p != nil {
			ex.Board = p.Board.Name
			if val, ok := p.Config.Int(name); ok {
				ex.Value = &val
			}
			if s, ok := p.Setting(name); ok {
				ex.Expression, ex.Why = s.Expr, s.Why
			} else {
				ex.Why = "not set by lwipgen: lwIP's default applies"
			}
			if clockOptions[name] {
				c := p.TCPClock()
				ex.TCPClock = &c
			}
			for _, l := range p.LossTolerance() {
				if l.Option == name {
					ex.LossTolerance = &l
				}
			}
		}
	}
	if asJSON {
		writeJSON(env.Stdout, ex)
	} else {
		if ex.Correction != "" { // the correction names the option itself
			fmt.Fprintln(env.Stdout, ex.Correction)
		} else {
			fmt.Fprintln(env.Stdout, name)
		}
		if ex.Meaning != "" {
			fmt.Fprintf(env.Stdout, "  meaning (%s):\n", ex.DefinedIn)
			for _, l := range strings.Split(ex.Meaning, "\n") {
				fmt.Fprintf(env.Stdout, "    %s\n", l)
			}
		}
		if ex.Default != "" {
			fmt.Fprintf(env.Stdout, "  default: %s\n", ex.Default)
		}
		if ex.Board != "" {
			if ex.Value != nil {
				fmt.Fprintf(env.Stdout, "  %s: %d", ex.Board, *ex.Value)
				if ex.Expression != "" && ex.Expression != fmt.Sprint(*ex.Value) {
					fmt.Fprintf(env.Stdout, " = %s", ex.Expression) // not "((4 * TCP_MSS))": the expression has its own parentheses
				}
				fmt.Fprintln(env.Stdout)
			} else if ex.Expression != "" {
				// a value that is not a number (a thread name, a function-like hook): its text
				fmt.Fprintf(env.Stdout, "  %s: %s\n", ex.Board, ex.Expression)
			}
			fmt.Fprintf(env.Stdout, "  why: %s\n", ex.Why)
			if c := ex.TCPClock; c != nil {
				fmt.Fprintf(env.Stdout, "  tcp clock: TCP_TMR_INTERVAL %d ms, RTO floor %d-%d ms beyond the RTT (initial RTO %d ms), delayed ACK <= %d ms, RTT variation to cover %.2f ms, timer %.3f %% CPU\n",
					c.IntervalMs, c.RTOFloorMinMs, c.RTOFloorMaxMs, c.InitialRTOMs, c.DelayedAckMs, c.RTTVarMs, c.TimerCPUPct)
			}
			if l := ex.LossTolerance; l != nil {
				fr := "fast retransmit repairs a loss (>= 4 segments in flight)"
				if !l.FastRetransmit {
					fr = "too few segments in flight for fast retransmit: every loss waits for a timeout"
				}
				fmt.Fprintf(env.Stdout, "  loss tolerance (%s): %d segments in flight, %s; a timeout costs %.1f ms (%s); at %.0f segments/s it tolerates %.3f %% loss (stalled 5 %% of the time); at the declared %g %%: %.3f %% stalled\n",
					l.Direction, l.Segments, fr, l.TimeoutCostMs, l.TimeoutBy, l.SegmentsPerSec, l.ToleratedPct, l.DeclaredPct, l.StalledPct)
			}
		}
	}
	if !ex.Exists {
		return 1
	}
	return 0
}
