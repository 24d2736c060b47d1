package lwip

import (
	"bufio"
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/agext/levenshtein"
)

// The option tables are data extracted from lwIP's opt.h (lwip_opts_*.tsv:
// name, default, section) and from the other overridable `#ifndef` knobs
// outside opt.h (other_opts_*.tsv: name, default, file). They are facts about
// lwIP, not lwIP code.
//
//go:embed data/*.tsv
var dataFS embed.FS

// Option is one row of an option table.
type Option struct {
	Name    string
	Default string // as written in the table (may carry a note in parentheses)
	Section string // opt.h section, or the file for options outside opt.h
	InOptH  bool
}

type table struct {
	opts  []Option
	byKey map[string]*Option
}

var (
	tablesOnce sync.Once
	tables     map[Version]*table
)

func loadTables() {
	tables = map[Version]*table{}
	for _, v := range []Version{V213, V22x} {
		t := &table{byKey: map[string]*Option{}}
		for _, f := range []struct {
			file string
			opth bool
		}{{"data/lwip_opts_" + string(v) + ".tsv", true}, {"data/other_opts_" + string(v) + ".tsv", false}} {
			rows, err := readTSV(f.file)
			if err != nil {
				panic(err)
			}
			for _, r := range rows {
				if len(r) < 3 {
					continue
				}
				if _, dup := t.byKey[r[0]]; dup {
					continue // first definition wins (opt.h before others)
				}
				t.opts = append(t.opts, Option{Name: r[0], Default: r[1], Section: r[2], InOptH: f.opth})
				t.byKey[r[0]] = &t.opts[len(t.opts)-1]
			}
		}
		// re-point the map after the slice stopped growing
		for i := range t.opts {
			t.byKey[t.opts[i].Name] = &t.opts[i]
		}
		tables[v] = t
	}
	tables[V212] = deltaTable(tables[V213], "data/lwip_2.1.2_delta.tsv")
}

// deltaTable derives an older release's table from a newer one and the
// differences read from the two tags' diff (name, change, value, source):
// "absent" drops an option the older release does not have, "default"
// replaces a default, "added" adds an option only the older one has.
func deltaTable(from *table, file string) *table {
	rows, err := readTSV(file)
	if err != nil {
		panic(err)
	}
	change := map[string][]string{}
	for _, r := range rows {
		change[r[0]] = r
	}
	t := &table{byKey: map[string]*Option{}}
	for _, o := range from.opts {
		if r, ok := change[o.Name]; ok {
			switch r[1] {
			case "absent":
				continue
			case "default":
				o.Default = r[2]
			}
		}
		t.opts = append(t.opts, o)
	}
	for _, r := range rows {
		if r[1] == "added" {
			t.opts = append(t.opts, Option{Name: r[0], Default: r[2], Section: r[3]})
		}
	}
	for i := range t.opts {
		t.byKey[t.opts[i].Name] = &t.opts[i]
	}
	return t
}

func readTSV(name string) ([][]string, error) {
	f, err := dataFS.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		if first { // header
			first = false
			continue
		}
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	return rows, sc.Err()
}

func tableFor(v Version) *table {
	tablesOnce.Do(loadTables)
	t, ok := tables[v]
	if !ok {
		panic(fmt.Sprintf("lwip: unknown version %q", v))
	}
	return t
}

// Options lists every known option of version v (opt.h first, then the
// overridable knobs outside opt.h).
func Options(v Version) []Option {
	return append([]Option(nil), tableFor(v).opts...)
}

// Lookup returns the table row for name.
func Lookup(v Version, name string) (Option, bool) {
	o, ok := tableFor(v).byKey[name]
	if !ok {
		return Option{}, false
	}
	return *o, true
}

// Known reports whether name is an option a lwipopts.h may define for
// version v: an opt.h option, or an overridable knob elsewhere in lwIP
// (TCP_TMR_INTERVAL, TCP_KEEPIDLE_DEFAULT, LWIP_RAM_HEAP_POINTER,
// LWIP_SUPPORT_CUSTOM_PBUF, LWIP_TIMEVAL_PRIVATE,
// LWIP_DISABLE_TCP_SANITY_CHECKS, ...). TCP_RCV_SCALE and ETH_PAD_SIZE are
// in opt.h.
func Known(v Version, name string) bool {
	_, ok := tableFor(v).byKey[name]
	return ok
}

// Suggest returns the known option closest to name (for "did you mean"), or
// "" when nothing is reasonably close. An audit of a file with thousands of
// unknown names asks for each several times: the answer is kept per name,
// the sorted names per version, and names whose lengths alone differ by
// more than the limit are not compared. (levenshtein's MaxCost would stop
// early but panics on strings of different lengths in v1.2.1.)
func Suggest(v Version, name string) string {
	if name == "" {
		return ""
	}
	key := string(v) + "\x00" + name
	if s, ok := suggested.Load(key); ok {
		return s.(string)
	}
	s := suggest(v, name)
	suggested.Store(key, s)
	return s
}

var (
	suggested sync.Map // version NUL name -> Suggest's answer
	// SuggestComparisons counts the edit distances Suggest computed (the
	// audit's linearity test reads it).
	SuggestComparisons atomic.Int64
	sortedNames        sync.Map // Version -> []string
)

func namesSorted(v Version) []string {
	if n, ok := sortedNames.Load(v); ok {
		return n.([]string)
	}
	names := make([]string, 0, len(tableFor(v).opts))
	for _, o := range tableFor(v).opts {
		names = append(names, o.Name)
	}
	sort.Strings(names) // deterministic tie-break
	sortedNames.Store(v, names)
	return names
}

func suggest(v Version, name string) string {
	if truth, ok := mythRename[name]; ok && Known(v, truth) {
		return truth
	}
	upper := strings.ToUpper(name)
	// accept up to ~1/3 of the length in edits
	limit := len(name)/3 + 1
	best, bestD := "", 1<<30
	for _, n := range namesSorted(v) {
		if diff := len(n) - len(upper); diff > limit || -diff > limit {
			continue // the distance is at least the difference in length
		}
		SuggestComparisons.Add(1)
		d := levenshtein.Distance(upper, n, nil)
		if d < bestD {
			best, bestD = n, d
		}
	}
	if bestD > limit {
		return ""
	}
	return best
}
