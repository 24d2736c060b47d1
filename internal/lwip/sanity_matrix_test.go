package lwip

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/lwipgen/lwipgen/internal/lwip/lwiptest"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// sanityCase is one experiment of testdata/sanity_matrix.txt (a copy of the
// reference matrix: 46 configs compiled against 2.1.3 and 2.2.1).
type sanityCase struct {
	name      string
	pre, post []string // "#define X v" / "#undef X" lines
	expect    map[Version][]string
}

// sanityBase is the common config the matrix was run with (reference
// cfg/base.h): NO_SYS=1 IPv4+ARP+ETHERNET+ICMP+UDP+TCP+DHCP, no stats. Each
// line is guarded so a case can override it.
var sanityBase = map[string]string{
	"NO_SYS": "1", "LWIP_NETCONN": "0", "LWIP_SOCKET": "0", "MEM_ALIGNMENT": "4",
	"LWIP_DHCP": "1", "LWIP_STATS": "0", "LWIP_ARP": "1", "LWIP_ETHERNET": "1",
	"LWIP_ICMP": "1", "LWIP_UDP": "1", "LWIP_TCP": "1",
}

var reCaseHead = regexp.MustCompile(`^## (\S+)\s+\[(.*)\]$`)

func loadSanityMatrix(t *testing.T) []sanityCase {
	f, err := os.Open("testdata/sanity_matrix.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []sanityCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := reCaseHead.FindStringSubmatch(line); m != nil {
			c := sanityCase{name: m[1], expect: map[Version][]string{}}
			body := m[2]
			post := ""
			if i := strings.Index(body, "||POST||"); i >= 0 {
				body, post = body[:i], body[i+len("||POST||"):]
			}
			split := func(s string) []string {
				var out []string
				for _, p := range strings.Split(s, "; ") {
					if p = strings.TrimSpace(p); p != "" {
						out = append(out, p)
					}
				}
				return out
			}
			c.pre, c.post = split(body), split(post)
			cases = append(cases, c)
			continue
		}
		line = strings.TrimSpace(line)
		for _, v := range []struct {
			p string
			v Version
		}{{"2.1.3: ", V213}, {"2.2.1: ", V22x}} {
			if !strings.HasPrefix(line, v.p) {
				continue
			}
			rest := strings.TrimPrefix(line, v.p)
			cur := &cases[len(cases)-1]
			if strings.HasPrefix(rest, "OK") {
				cur.expect[v.v] = []string{}
				continue
			}
			rest = strings.TrimPrefix(rest, "ERR ")
			for _, e := range strings.Split(rest, " || ") {
				e = e[strings.Index(e, ": ")+2:] // drop "init.c: "
				e = strings.TrimPrefix(e, "#error ")
				cur.expect[v.v] = append(cur.expect[v.v], strings.Trim(e, "\""))
			}
		}
	}
	if len(cases) != 46 {
		t.Fatalf("parsed %d cases, want 46", len(cases))
	}
	return cases
}

func (c sanityCase) defs() map[string]string {
	m := map[string]string{}
	for k, v := range sanityBase {
		m[k] = v
	}
	apply := func(lines []string) {
		for _, l := range lines {
			f := strings.Fields(l)
			switch {
			case f[0] == "#define" && len(f) >= 2:
				m[f[1]] = strings.Join(f[2:], " ")
			case f[0] == "#undef":
				delete(m, f[1])
			}
		}
	}
	apply(c.pre)
	apply(c.post)
	return m
}

func (c sanityCase) header() string {
	var b strings.Builder
	b.WriteString("#ifndef LWIPOPTS_H\n#define LWIPOPTS_H\n")
	for _, l := range c.pre {
		b.WriteString(l + "\n")
	}
	keys := make([]string, 0, len(sanityBase))
	for k := range sanityBase {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString("#ifndef " + k + "\n#define " + k + " " + sanityBase[k] + "\n#endif\n")
	}
	for _, l := range c.post {
		b.WriteString(l + "\n")
	}
	b.WriteString("#endif\n")
	return b.String()
}

// predictedErrors is what the compiler should report, in order: init.c
// #errors, then other files' #errors, then the tcp_in.c TCP_RCV_SCALE error.
func predictedErrors(cfg *Config) []string {
	var out []string
	for _, ch := range Errors(Checks(cfg)) {
		switch {
		case strings.HasPrefix(ch.ID, "lwip.init."), strings.HasPrefix(ch.ID, "lwip.header."):
			out = append(out, ErrorMessage(ch.Detail))
		case ch.ID == "lwip.trap.wnd_scale_without_rcv_scale":
			// tcp_in.c is only reached when init.c built (make stops at the first failure)
			if len(out) == 0 {
				out = append(out, "'TCP_RCV_SCALE' undeclared (first use in this function)")
			}
		}
	}
	return out
}

// sameSet compares a prediction with the matrix, whose texts are sorted and
// sometimes truncated (so: prefix match).
func sameSet(pred, want []string) bool {
	if len(want) == 0 {
		return len(pred) == 0
	}
	p := append([]string(nil), pred...)
	sort.Strings(p)
	// the matrix lists tcp_in.c and tcp_out.c: one message in our prediction
	w := uniq(want)
	if len(p) != len(w) {
		return false
	}
	sort.Strings(w)
	for i := range w {
		if !strings.HasPrefix(p[i], w[i]) {
			return false
		}
	}
	return true
}

func uniq(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// TestSanityMatrixPrediction: every case of the reference matrix, both
// versions, predicted errors == the errors the compiler reported.
func TestSanityMatrixPrediction(t *testing.T) {
	for _, c := range loadSanityMatrix(t) {
		for _, v := range []Version{V213, V22x} {
			cfg, err := Resolve(v, c.defs())
			if err != nil {
				t.Fatalf("%s/%s: %v", c.name, v, err)
			}
			pred := predictedErrors(cfg)
			if !sameSet(pred, c.expect[v]) {
				t.Errorf("%s/%s:\n predicted %q\n matrix    %q", c.name, v, pred, c.expect[v])
			}
		}
	}
}

// lwipTrees returns the lwIP trees to compile against with their version.
func lwipTrees(t *testing.T) map[Version]string {
	testenv.CrossCompiler(t)
	trees := map[Version]string{}
	add := func(d string) {
		if d == "" {
			return
		}
		tv, err := ReadTreeVersion(d)
		if err != nil {
			return
		}
		if v, err := tv.Version(); err == nil {
			trees[v] = d
		}
	}
	add(testenv.LwIP(t))
	// A 2.2 tree beside the default one in the cache adds its cases (optional:
	// CI has only Debian's 2.1.3).
	if os.Getenv("LWIP_DIR") == "" {
		add(filepath.Join(lwipsrc.CacheDir(), "lwip-2.2.1"))
	}
	return trees
}

// TestSanityMatrixCompiler compiles init.c (+ the file the matrix names, e.g.
// tcp_in.c for TCP_RCV_SCALE, etharp.c for ARP_TABLE_SIZE) for every case and
// asserts prediction == compiler: pass/fail, the first #error, and the whole
// ordered list of errors.
func TestSanityMatrixCompiler(t *testing.T) {
	trees := lwipTrees(t)
	cases := loadSanityMatrix(t)
	work := t.TempDir()
	type job struct {
		c   sanityCase
		v   Version
		dir string
	}
	var jobs []job
	for v, dir := range trees {
		for _, c := range cases {
			jobs = append(jobs, job{c, v, dir})
		}
	}
	var mu sync.Mutex
	toolchain.Parallel(context.Background(), 2, len(jobs), false, func(_ context.Context, i int) error {
		j := jobs[i]
		cfg, err := Resolve(j.v, j.c.defs())
		if err != nil {
			t.Error(err)
			return nil
		}
		pred := predictedErrors(cfg)
		files := []string{"core/init.c"}
		for _, ch := range Errors(Checks(cfg)) {
			switch {
			case ch.ID == "lwip.trap.wnd_scale_without_rcv_scale" && len(pred) == 1:
				files = append(files, "core/tcp_in.c")
			case ch.ID == "lwip.header.arp_table_size":
				files = append(files, "core/ipv4/etharp.c")
			}
		}
		res, err := lwiptest.Compile(lwiptest.Build{LwipDir: j.dir, Opts: j.c.header(), Files: files, WorkDir: work, Jobs: 1})
		if err != nil {
			t.Error(err)
			return nil
		}
		// The #error list must match exactly and in order. The C error
		// "'TCP_RCV_SCALE' undeclared" may also show up in init.c's code
		// after its #errors; it must appear iff our trap fired.
		var got []string
		rcv := false
		for _, d := range res.Errors {
			if strings.Contains(d.Text, "'TCP_RCV_SCALE' undeclared") {
				rcv = true
				continue
			}
			got = append(got, d.ErrorText())
		}
		got = uniq(got)
		trap := false
		for _, ch := range Errors(Checks(cfg)) {
			trap = trap || ch.ID == "lwip.trap.wnd_scale_without_rcv_scale"
		}
		if len(pred) > 0 && strings.Contains(pred[len(pred)-1], "TCP_RCV_SCALE") {
			pred = pred[:len(pred)-1]
		}
		if trap != rcv && (len(pred) == 0 || rcv) {
			t.Errorf("%s/%s: TCP_RCV_SCALE trap predicted=%v compiler=%v", j.c.name, j.v, trap, rcv)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(got) != len(pred) {
			t.Errorf("%s/%s: compiler errors %q, predicted %q", j.c.name, j.v, got, pred)
			return nil
		}
		for i := range got {
			if got[i] != pred[i] {
				t.Errorf("%s/%s: error %d: compiler %q, predicted %q", j.c.name, j.v, i, got[i], pred[i])
			}
		}
		return nil
	})
}
