package report_test

import (
	"encoding/xml"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"context"

	"github.com/lwipgen/lwipgen/internal/board"
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
	svg, err := report.SVG(g.Layout)
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

// memory-map.svg opens in headless Chromium and renders something.
func TestSVGRendersInChromium(t *testing.T) {
	chromium := testenv.Tool(t, "chromium")
	dir := t.TempDir()
	svgPath := filepath.Join(dir, "memory-map.svg")
	os.WriteFile(svgPath, svgFor(t, "h743"), 0o644)
	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--window-size=1100,700", "--screenshot="+shot, "file://"+svgPath)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	colors := map[[3]uint32]int{}
	nonWhite := 0
	bb := img.Bounds()
	for y := bb.Min.Y; y < bb.Max.Y; y += 2 {
		for x := bb.Min.X; x < bb.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			colors[[3]uint32{r >> 8, g >> 8, b >> 8}]++
			if r>>8 < 240 || g>>8 < 240 || b>>8 < 240 {
				nonWhite++
			}
		}
	}
	if nonWhite < 2000 || len(colors) < 6 {
		t.Fatalf("screenshot looks empty: %d non-white samples, %d colors", nonWhite, len(colors))
	}
}
