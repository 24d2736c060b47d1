package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/plan"
)

func init() {
	register("explain", "what an lwIP option means (from the lwIP source in use), its default, and this board's value and why", runExplain)
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
}

func runExplain(env *Env, args []string) int {
	fs := newFlags(env, "explain", "OPTION [--board NAME|PATH] [--lwip DIR] [--json]")
	boardRef := fs.String("board", "", "board whose value to show")
	lwipDir := fs.String("lwip", "", "lwIP source tree")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil || len(pos) != 1 {
		fs.Usage()
		return 2
	}
	name := strings.TrimSpace(pos[0])
	ver := "2.1.3"
	var p *plan.Plan
	if *boardRef != "" {
		b, d := source().Load(*boardRef)
		if d.HasErrors() {
			diag.Write(env.Stderr, d)
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
			ex.Correction = truth
		} else if s := lwip.Suggest(v, name); s != "" {
			ex.Correction = "lwIP " + string(v) + " has no option " + name + "; did you mean " + s + "?"
		} else {
			ex.Correction = "lwIP " + string(v) + " has no option " + name
		}
	} else {
		if tree, err := lwipsrc.Resolve(*lwipDir, ""); err == nil {
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
		}
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(ex)
	} else {
		fmt.Fprintf(env.Stdout, "%s\n", name)
		if ex.Correction != "" {
			fmt.Fprintf(env.Stdout, "  not an lwIP option: %s\n", ex.Correction)
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
					fmt.Fprintf(env.Stdout, " (%s)", ex.Expression)
				}
				fmt.Fprintln(env.Stdout)
			}
			fmt.Fprintf(env.Stdout, "  why: %s\n", ex.Why)
		}
	}
	if !ex.Exists {
		return 1
	}
	return 0
}
