package report_test

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"html"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"context"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/report"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

func svgFor(t *testing.T, name string) []byte {
	t.Helper()
	g, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	svg, err := report.SVG(g.Layout, nil)
	if err != nil {
		t.Fatal(err)
	}
	return svg
}

// The memory map is well-formed XML and names every section and MPU region.
func TestSVGWellFormed(t *testing.T) {
	for _, name := range []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500"} {
		svg := svgFor(t, name)
		d := xml.NewDecoder(strings.NewReader(string(svg)))
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: invalid SVG: %v", name, err)
			}
		}
		if name == "h743" {
			for _, want := range []string{".lwip_nocache", ".lwip_dma_desc", "MPU region", "dtcm", "sram1"} {
				if !strings.Contains(string(svg), want) {
					t.Errorf("h743 map lacks %q", want)
				}
			}
		}
	}
}

// headless runs Chromium on a file with the given extra flags.
func headless(t *testing.T, dir, file string, flags ...string) []byte {
	t.Helper()
	chromium := testenv.Tool(t, "chromium")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir=" + filepath.Join(dir, "profile")}, flags...)
	cmd := exec.CommandContext(ctx, chromium, append(args, "file://"+file)...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, errb.String())
	}
	return []byte(out.String())
}

// measurePage embeds the SVG in a page whose script measures every text's
// box as Chromium lays it out and lists the pairs that overlap and the
// texts that leave the picture.
const measurePage = `<!DOCTYPE html><html><body style="margin:0">%s<pre id="result"></pre><script>
const svg = document.querySelector("svg").getBoundingClientRect();
const ts = [...document.querySelectorAll("svg text")].map(t => { const r = t.getBoundingClientRect(); return {s: t.textContent, l: r.left, t: r.top, r: r.right, b: r.bottom}; });
const bad = [];
for (let i = 0; i < ts.length; i++) {
  const a = ts[i];
  if (a.l < svg.left - 0.5 || a.r > svg.right + 0.5 || a.t < svg.top - 0.5 || a.b > svg.bottom + 0.5) bad.push("outside: " + a.s);
  for (let j = i + 1; j < ts.length; j++) {
    const b = ts[j];
    if (a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5) bad.push(a.s + " / " + b.s);
  }
}
document.getElementById("result").textContent = JSON.stringify({texts: ts.length, bad: bad});
</script></body></html>`

// The memory maps of h743 (data cache, MPU) and f407 (no cache) render in
// headless Chromium with no two labels overlapping and none outside the
// picture, measured on Chromium's own layout of the text; a screenshot of
// each shows the colours the legend lists.
func TestSVGLabelsDoNotOverlap(t *testing.T) {
	for _, name := range []string{"h743", "f407"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			svg := svgFor(t, name)
			page := filepath.Join(dir, "measure.html")
			os.WriteFile(page, []byte(fmt.Sprintf(measurePage, svg)), 0o644)
			dom := string(headless(t, dir, page, "--virtual-time-budget=5000", "--dump-dom"))
			m := regexp.MustCompile(`<pre id="result">(.*?)</pre>`).FindStringSubmatch(dom)
			if m == nil {
				t.Fatalf("no measurement in the page:\n%.500s", dom)
			}
			var res struct {
				Texts int      `json:"texts"`
				Bad   []string `json:"bad"`
			}
			if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &res); err != nil {
				t.Fatal(err)
			}
			if res.Texts < 15 || len(res.Bad) > 0 {
				t.Fatalf("%d texts measured; overlapping or outside: %q", res.Texts, res.Bad)
			}
			// the screenshot shows every colour the legend lists
			svgPath := filepath.Join(dir, "memory-map.svg")
			os.WriteFile(svgPath, svg, 0o644)
			shot := filepath.Join(dir, "shot.png")
			w, h := svgSize(t, svg)
			headless(t, dir, svgPath, fmt.Sprintf("--window-size=%d,%d", w, h), "--screenshot="+shot)
			f, err := os.Open(shot)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]int{}
			bb := img.Bounds()
			for y := bb.Min.Y; y < bb.Max.Y; y++ {
				for x := bb.Min.X; x < bb.Max.X; x++ {
					r, g, b, _ := img.At(x, y).RGBA()
					seen[fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)]++
				}
			}
			for _, c := range legendColours(t, svg) {
				if seen[c] < 100 { // the legend swatch alone is 14x10 px
					t.Errorf("legend colour %s covers only %d px of the screenshot", c, seen[c])
				}
			}
		})
	}
}

func svgSize(t *testing.T, svg []byte) (int, int) {
	m := regexp.MustCompile(`<svg [^>]*width="(\d+)" height="(\d+)"`).FindSubmatch(svg)
	if m == nil {
		t.Fatal("svg has no size")
	}
	w, _ := strconv.Atoi(string(m[1]))
	h, _ := strconv.Atoi(string(m[2]))
	return w, h
}

// legendColours are the fills of the legend's swatches.
func legendColours(t *testing.T, svg []byte) []string {
	i := strings.Index(string(svg), `<g transform="translate(10,36)">`)
	j := strings.Index(string(svg[i:]), "</g>")
	var out []string
	for _, m := range regexp.MustCompile(`fill="(#[0-9a-f]{6})"`).FindAllStringSubmatch(string(svg[i:i+j]), -1) {
		out = append(out, m[1])
	}
	if len(out) < 3 {
		t.Fatalf("legend has %d colours", len(out))
	}
	return out
}

// Every colour drawn is in the legend and every legend entry is drawn; the
// memories are in address order, flash included; cache attributes appear
// only on a core with a data cache.
func TestSVGLegendMatchesWhatIsDrawn(t *testing.T) {
	for _, name := range []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500"} {
		svg := string(svgFor(t, name))
		legend := map[string]bool{}
		for _, c := range legendColours(t, []byte(svg)) {
			legend[c] = true
		}
		i := strings.Index(svg, `<g transform="translate(10,36)">`)
		body := svg[i+strings.Index(svg[i:], "</g>"):]
		drawn := map[string]bool{}
		for _, m := range regexp.MustCompile(`<rect [^>]*fill="(#[0-9a-f]{6})"`).FindAllStringSubmatch(body, -1) {
			drawn[m[1]] = true
		}
		for c := range drawn {
			if !legend[c] {
				t.Errorf("%s: colour %s drawn but not in the legend", name, c)
			}
		}
		for c := range legend {
			if !drawn[c] {
				t.Errorf("%s: legend lists %s, which is not drawn", name, c)
			}
		}
		g, _ := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
		prev := -1
		mems := append([]board.Memory(nil), g.Board.Chip.Memories...)
		sort.Slice(mems, func(i, j int) bool { return mems[i].Base < mems[j].Base })
		for _, m := range mems {
			at := strings.Index(body, `font-weight="bold">`+m.Name+`</text>`)
			if at < 0 || at < prev {
				t.Errorf("%s: memory %s missing or out of address order", name, m.Name)
			}
			prev = at
		}
		if strings.Contains(svg, "cacheable") != g.Board.Chip.Core.DCache {
			t.Errorf("%s: cache attributes shown=%v, core has a data cache=%v", name, strings.Contains(svg, "cacheable"), g.Board.Chip.Core.DCache)
		}
	}
}

// The memory map is drawn from the size table's numbers: each memory's row
// says the table's used bytes and percentage in the table's units
// (memusage.Human), draws a box where each linked section lies, and
// lwipgen's part says both what it reserves and what its objects use
// (issue 31, item 5: the map showed reserved bytes and empty bars where the
// table showed used ones).
func TestSVGDrawsTheSizeTable(t *testing.T) {
	g, diags := pipeline.Prepare(pipeline.Options{Board: "h743", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	u := &memusage.Usage{}
	for _, m := range g.Board.Chip.Memories {
		u.Regions = append(u.Regions, memusage.Region{Name: m.Name, Kind: string(m.Kind), Base: m.Base, Size: m.Size})
	}
	dtcm := &u.Regions[slices.IndexFunc(u.Regions, func(r memusage.Region) bool { return r.Name == "dtcm" })]
	dtcm.Used, dtcm.Spans = 5000, []memusage.Span{{Start: dtcm.Base, End: dtcm.Base + 5000, Name: ".bss"}}
	svg, err := report.SVG(g.Layout, u)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range u.Regions {
		if want := fmt.Sprintf("%s used (%.1f%%)", memusage.Human(r.Used), r.Percent()); !strings.Contains(string(svg), want) {
			t.Errorf("%s row lacks the table's %q", r.Name, want)
		}
	}
	if !strings.Contains(string(svg), "<title>.bss 0x20000000..0x20001388 4.9 KiB</title>") {
		t.Errorf("no box for dtcm's linked .bss")
	}
	if !regexp.MustCompile(`\d KiB reserved, [\d.]+ KiB of it in lwIP`).Match(svg) {
		t.Errorf("lwipgen's part does not show reserved and used")
	}
	before, _ := report.SVG(g.Layout, nil)
	if strings.Contains(string(before), " used (") {
		t.Errorf("a map drawn before linking claims used bytes")
	}
}
