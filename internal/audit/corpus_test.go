package audit_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// The corpus (testdata/corpus) is real-world-shaped lwipopts.h files with
// hand-written expectations in their headers and, beside each, the facts the
// compiler established by compiling lwIP 2.1.3 with it (NAME.expect).
// LWIPGEN_CORPUS_CONFIRM=1 compiles lwIP once per file and rewrites the facts;
// the default run compiles a sample and checks the rest with the
// preprocessor only (values) against the cached facts.

const corpusDir = "testdata/corpus"

// corpusSample are compiled in the default run: a stock CubeMX shape that
// must compile, files the compiler refuses, and those whose refusal only
// compiling an lwIP app or PPP shows (mdns.c's, pppoe.c's #error).
var corpusSample = map[string]bool{
	"01_cubemx_h7_rtos_stock.h": true, "05_cubemx_f4_sndbuf_vs_queuelen.h": true,
	"22_forum_tuning_myths.h": true, "25_throughput_wnd_scale.h": true, "34_f7_mdns_without_igmp.h": true,
	// sockets without LWIP_TIMEVAL_PRIVATE (the port's struct timeval), and
	// an #error only lwIP's PPP sources raise
	"39_cubemx_f4_sockets_no_timeval.h": true, "40_cubemx_f4_ppp_user_code.h": true,
	// refusals that only follow from a header not found here (a vendor
	// macro read as 0, a type), a header only lwIP's sources include, and
	// a refusal only the tree's line (not the file's) raises
	"43_infineon_whd_mtu_undefined.h": true, "44_micropython_computed_include.h": true,
	"48_qnethernet_22_names_hooks.h": true, "49_lwip22_said_21_tree_refuses.h": true,
	// memp_std.h includes "lwippools.h" from the file's folder (MEM_USE_POOLS)
	"52_pools_lwippools_beside.h": true,
}

type corpusCase struct {
	name, path string
	args       []string
	expects    []expectation
	// absent are "expect-not: ID [OPTION]" lines: findings that must not be
	// reported with either engine (a wrong finding a real file showed)
	absent []expectation
	// texts are "expect-text: ID WORDS" and "expect-text-not: ID WORDS" lines:
	// the finding ID must be reported and its message and fix must (or must
	// not) hold WORDS (which MAC a message names, what it says lwIP does)
	texts []textExpectation
}

type textExpectation struct {
	id, words string
	not       bool
}

type expectation struct {
	sev    string
	tokens []string // ID and/or option
	line   string
}

// matches: warnings and infos need the ID (and the option, when given). An
// error names its rule IDs and/or options: with an ID it must be one of them;
// with options only, the finding's option must be one of them (lwIP names
// the same refusal by different rules when compiled and when evaluated).
func (e expectation) matches(f audit.Finding) bool {
	if f.Severity != e.sev {
		return false
	}
	if e.sev == audit.SevError {
		var ids, opts []string
		for _, t := range e.tokens {
			if strings.Contains(t, ".") {
				ids = append(ids, t)
			} else {
				opts = append(opts, t)
			}
		}
		want, got := opts, f.Option
		if len(ids) > 0 {
			want, got = ids, f.ID
		}
		for _, w := range want {
			if w == got {
				return true
			}
		}
		return false
	}
	if e.tokens[0] != f.ID {
		return false
	}
	return len(e.tokens) < 2 || e.tokens[1] == f.Option
}

func loadCorpus(t *testing.T) []corpusCase {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "[0-9]*.h"))
	sort.Strings(paths)
	var cs []corpusCase
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c := corpusCase{name: filepath.Base(p), path: p}
		for _, l := range strings.Split(string(b), "\n") {
			l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "*"))
			if a, ok := strings.CutPrefix(l, "args:"); ok {
				c.args = strings.Fields(a)
			}
			for _, dir := range []string{"expect-text:", "expect-text-not:"} {
				if e, ok := strings.CutPrefix(l, dir); ok {
					id, words, _ := strings.Cut(strings.TrimSpace(e), " ")
					if id == "" || strings.TrimSpace(words) == "" {
						t.Fatalf("%s: bad %s line %q", p, dir, l)
					}
					c.texts = append(c.texts, textExpectation{id: id, words: strings.TrimSpace(words), not: dir == "expect-text-not:"})
				}
			}
			if e, ok := strings.CutPrefix(l, "expect-not:"); ok {
				f := strings.Fields(e)
				if len(f) < 1 {
					t.Fatalf("%s: bad expect-not line %q", p, l)
				}
				c.absent = append(c.absent, expectation{tokens: f, line: strings.TrimSpace(e)})
			}
			if e, ok := strings.CutPrefix(l, "expect:"); ok {
				f := strings.Fields(e)
				if len(f) < 2 {
					t.Fatalf("%s: bad expect line %q", p, l)
				}
				c.expects = append(c.expects, expectation{sev: f[0], tokens: f[1:], line: strings.TrimSpace(e)})
			}
			if strings.HasPrefix(l, "*/") || l == "/" {
				break
			}
		}
		if !strings.Contains(string(b), "modelled on:") {
			t.Errorf("%s: the header does not say what the file was modelled on", p)
		}
		cs = append(cs, c)
	}
	return cs
}

func (c corpusCase) options(t *testing.T, chips board.Chips, lwipDir string) audit.Options {
	t.Helper()
	o := audit.Options{File: c.path, LwipDir: lwipDir}
	for i := 0; i < len(c.args); i++ {
		next := func() string {
			i++
			if i >= len(c.args) {
				t.Fatalf("%s: %s needs a value", c.name, c.args[i-1])
			}
			return c.args[i]
		}
		switch a := c.args[i]; a {
		case "--chip":
			n := next()
			if o.Chip = chips[n]; o.Chip == nil {
				t.Fatalf("%s: unknown chip %s", c.name, n)
			}
		case "--cpu":
			o.CPU = next()
		case "-I":
			o.IncludeDirs = append(o.IncludeDirs, filepath.Join(corpusDir, next()))
		case "-D":
			o.Defines = append(o.Defines, next())
		case "--lwip-version":
			v, err := lwip.ParseVersion(next())
			if err != nil {
				t.Fatal(err)
			}
			o.Version = v
		default:
			t.Fatalf("%s: unknown arg %q", c.name, a)
		}
	}
	return o
}

// facts are the compiler facts of NAME.expect.
type facts struct {
	compiles bool
	// explained: the compile failed, but each error is one the audit reports
	// as a warning (it follows from a header not found here, or only the
	// tree's lwIP line, not the file's, raises it)
	explained bool
	diags     []string
}

func readFacts(path string) (facts, error) {
	b, err := os.ReadFile(strings.TrimSuffix(path, ".h") + ".expect")
	if err != nil {
		return facts{}, err
	}
	var f facts
	for _, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, "compiles: yes"):
			f.compiles = true
		case strings.HasPrefix(l, "compiles: no") && strings.Contains(l, explainedNote):
			f.explained = true
		case strings.HasPrefix(l, "compile: "):
			f.diags = append(f.diags, strings.TrimPrefix(l, "compile: "))
		}
	}
	return f, nil
}

func writeFacts(path string, rep *audit.Report, names map[string]bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# compiler facts for %s, written by LWIPGEN_CORPUS_CONFIRM=1 go test -run TestCorpus ./internal/audit\n", filepath.Base(path))
	fmt.Fprintf(&b, "# %s; lwIP %s; flags: %s\n", rep.Engine, rep.LwipVersion, strings.Join(rep.CPUFlags, " "))
	// an identifier neither lwIP nor the file defines comes from a project
	// header (the RTOS's priorities, a board's buffer count): not a refusal
	ok, env := true, []string{}
	for _, d := range rep.Diagnostics {
		if !strings.Contains(d, ": error: ") && !strings.Contains(d, ": fatal error: ") {
			continue
		}
		if id := audit.Undeclared(d[strings.Index(d, ": error: ")+len(": error: "):]); id != "" && !names[id] {
			env = append(env, id)
			continue
		}
		ok = false
	}
	verdict := map[bool]string{true: "yes", false: "no"}[ok]
	if !ok && explained(rep) {
		verdict += " (" + explainedNote + ")"
	}
	if len(env) > 0 {
		verdict += " (except identifiers a project header supplies: " + strings.Join(env, ", ") + ")"
	}
	fmt.Fprintf(&b, "compiles: %s\n", verdict)
	for _, d := range rep.Diagnostics {
		fmt.Fprintf(&b, "compile: %s\n", d)
	}
	return os.WriteFile(strings.TrimSuffix(path, ".h")+".expect", []byte(b.String()), 0o644)
}

const explainedNote = "each error is reported as a warning: it follows from a header not found here, or only the tree's lwIP line raises it"

// explained says whether every compile error of the report is quoted by a
// finding that is not an error.
func explained(rep *audit.Report) bool {
	for _, d := range rep.Diagnostics {
		i := strings.Index(d, ": error: ")
		if i < 0 {
			continue
		}
		text, quoted := d[i+len(": error: "):], false
		if audit.Undeclared(text) != "" {
			continue // a project header's identifier (writeFacts counts it apart)
		}
		for _, f := range rep.Findings {
			if f.Severity != audit.SevError && f.Source == "compiler" && strings.Contains(f.Message, text) {
				quoted = true
			}
		}
		if !quoted {
			return false
		}
	}
	return true
}

// refusal says whether an error finding claims that lwIP does not compile.
func refusal(f audit.Finding) bool {
	return strings.HasPrefix(f.ID, "lwip.init.") || strings.HasPrefix(f.ID, "lwip.header.") || strings.HasPrefix(f.ID, "lwip.compile.") ||
		f.ID == "lwip.trap.wnd_scale_without_rcv_scale" || f.ID == "lwip.trap.nosys_sequential_api"
}

func TestCorpus(t *testing.T) {
	testenv.CrossCompiler(t)
	lwipDir := testenv.LwIP(t)
	// LWIPGEN_CORPUS_CONFIRM=1 re-establishes every file's facts; =NAME only
	// those of the files whose name contains NAME
	confirm := os.Getenv("LWIPGEN_CORPUS_CONFIRM")
	sc := scoreCorpus(t, lwipDir, "", confirm, t.Errorf)
	sc.log(t, "compiler")
	if sc.foundErr != sc.expErr || sc.pct(sc.foundWarn, sc.expWarn) < 90 || sc.unexpected != 0 || sc.provenWrong != 0 {
		t.Errorf("corpus numbers below the bar")
	}
}

// The built-in evaluator alone (no compiler): its numbers are printed; it
// must not claim a refusal the compiler disproves.
func TestCorpusEvaluator(t *testing.T) {
	lwipDir := testenv.LwIP(t)
	sc := scoreCorpus(t, lwipDir, "none", "", t.Logf)
	sc.log(t, "built-in evaluator")
	if sc.provenWrong != 0 {
		t.Errorf("the evaluator makes %d claims the compiler proves wrong", sc.provenWrong)
	}
}

type score struct {
	files, compiled                                                                   int
	expErr, foundErr, expWarn, foundWarn, expInfo, foundInfo, unexpected, provenWrong int
	expAbsent, presentWrong                                                           int
}

func (s score) pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

func (s score) log(t *testing.T, engine string) {
	t.Logf("corpus (%s): %d files (%d compiled with lwIP now, the rest checked against cached compiler facts)", engine, s.files, s.compiled)
	t.Logf("expected errors found: %d/%d; expected warnings found: %d/%d (%.0f%%); expected infos found: %d/%d (%.0f%%)",
		s.foundErr, s.expErr, s.foundWarn, s.expWarn, s.pct(s.foundWarn, s.expWarn), s.foundInfo, s.expInfo, s.pct(s.foundInfo, s.expInfo))
	t.Logf("errors not expected: %d; errors the compiler (or lwIP's sources) prove wrong: %d; findings that must be absent (expect-not): %d, reported anyway: %d",
		s.unexpected, s.provenWrong, s.expAbsent, s.presentWrong)
}

func scoreCorpus(t *testing.T, lwipDir, cc, confirmSel string, report func(string, ...any)) score {
	t.Helper()
	chips, diags := board.Source{}.Chips()
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cases := loadCorpus(t)
	if len(cases) < 30 {
		t.Fatalf("corpus has %d files, want at least 30", len(cases))
	}
	names := audit.ConditionalNames(lwipDir)
	var sc score
	sc.files = len(cases)
	for _, c := range cases {
		o := c.options(t, chips, lwipDir)
		o.CC = cc
		confirm := cc == "" && (confirmSel == "1" || confirmSel != "" && strings.Contains(c.name, confirmSel))
		full := cc == "" && (confirm || corpusSample[c.name])
		o.NoCompile = !full
		rep, err := audit.Run(o)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if full {
			sc.compiled++
		}
		if confirm {
			if err := writeFacts(c.path, rep, audit.SourceNames(lwipDir)); err != nil {
				t.Fatal(err)
			}
		}
		fx, err := readFacts(c.path)
		if err != nil {
			t.Fatalf("%s: %v (run with LWIPGEN_CORPUS_CONFIRM=1 to establish the facts)", c.name, err)
		}
		if full && !confirm {
			if got := strings.Join(rep.Diagnostics, "\n"); got != strings.Join(fx.diags, "\n") {
				t.Errorf("%s: compiling lwIP now says\n%s\nbut the recorded facts say\n%s", c.name, got, strings.Join(fx.diags, "\n"))
			}
		}
		// the expectations agree with the compiler: a file lwIP refuses has an
		// expected refusal, a file it compiles has none
		hasRefusal := false
		for _, e := range c.expects {
			if e.sev == audit.SevError && (strings.HasPrefix(e.tokens[0], "lwip.") || len(e.tokens) == 1 && !strings.Contains(e.tokens[0], ".")) {
				hasRefusal = true
			}
		}
		if hasRefusal == fx.compiles && !(fx.explained && !hasRefusal) {
			t.Errorf("%s: expectations say refused=%v, the compiler says compiles=%v", c.name, hasRefusal, fx.compiles)
		}
		fs := rep.Findings
		for _, te := range c.texts {
			found := false
			for _, f := range fs {
				if f.ID != te.id {
					continue
				}
				found = true
				if has := strings.Contains(f.Message+" | "+f.Fix, te.words); has == te.not {
					t.Errorf("%s (engine %q): %s: want words %q present=%v in: %s | %s", c.name, cc, te.id, te.words, !te.not, f.Message, f.Fix)
				}
			}
			if !found {
				t.Errorf("%s (engine %q): expect-text on %s, which is not reported", c.name, cc, te.id)
			}
		}
		for _, e := range c.expects {
			hit := false
			for _, f := range fs {
				if e.matches(f) {
					hit = true
				}
			}
			switch e.sev {
			case audit.SevError:
				sc.expErr++
				if hit {
					sc.foundErr++
				}
			case audit.SevWarning:
				sc.expWarn++
				if hit {
					sc.foundWarn++
				}
			case audit.SevInfo:
				sc.expInfo++
				if hit {
					sc.foundInfo++
				}
			}
			if !hit {
				report("%s: expected %q not found", c.name, e.line)
			}
		}
		for _, e := range c.absent {
			sc.expAbsent++
			for _, f := range fs {
				if f.ID == e.tokens[0] && (len(e.tokens) < 2 || f.Option == e.tokens[1]) {
					sc.presentWrong++
					t.Errorf("%s:%d: %s %s is reported, but the file's expectations say it must not be (expect-not: %s): %s", c.name, f.Line, f.ID, f.Option, e.line, f.Message)
				}
			}
		}
		for _, f := range fs {
			if f.Severity == audit.SevError {
				ok := f.ID == "lwip.compile.followup" && hasRefusal // the errors an #error brings with it
				for _, e := range c.expects {
					if e.matches(f) {
						ok = true
					}
				}
				if !ok {
					sc.unexpected++
					report("%s:%d: unexpected error %s %s: %s", c.name, f.Line, f.ID, f.Option, f.Message)
				}
				if refusal(f) && fx.compiles {
					sc.provenWrong++
					t.Errorf("%s: %s claims lwIP refuses the file, but lwIP compiles with it", c.name, f.ID)
				}
			}
			if (f.ID == "audit.unknown_option" || f.ID == "audit.not_an_option") && names[f.Option] && (o.Version == "" || lwip.SameLine(o.Version, lwip.V213)) {
				sc.provenWrong++
				t.Errorf("%s: %s says %s is not an option, but lwIP's sources read it", c.name, f.ID, f.Option)
			}
		}
	}
	return sc
}
