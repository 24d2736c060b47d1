package rtthread

import (
	"github.com/lwipgen/lwipgen/internal/audit"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// `lwipgen audit --rtconfig` on lwipgen's own vendored BSP: the port
// lwipopts.h over the vendored rtconfig.h (and rtconfig_project.h) reports
// no error, and finds what lwipgen planned.
func TestAuditRtconfigOfVendoredBSP(t *testing.T) {
	dir := bspFixture(t)
	g := prepare(t, board.Source{}, "h743-rtthread")
	if _, err := Apply(g, dir, false, nil); err != nil {
		t.Fatal(err)
	}
	in := AuditInput{
		Port:     []byte(read(t, filepath.Join(dir, "rt-thread/components/net/lwip-2.1.2/src/lwipopts.h"))),
		Rtconfig: []byte(read(t, filepath.Join(dir, "rtconfig.h"))),
		Project:  []byte(read(t, filepath.Join(dir, "rtconfig_project.h"))),
		Rules:    audit.File,
	}
	fs := Audit(in, lwip.V213, g.Board)
	var errs []string
	for _, f := range fs {
		if f.Severity == "error" {
			errs = append(errs, f.ID+" "+f.Option+": "+f.Message)
		}
	}
	if len(errs) > 0 {
		t.Fatalf("%d errors on lwipgen's own vendored BSP:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	// the RT_* values are evaluated: a segment pool below the port's derived
	// TCP_SND_QUEUELEN (4*TCP_SND_BUF/TCP_MSS) is lwIP's init.c #error
	in.Rtconfig = []byte(regexp.MustCompile(`(?m)^#define RT_LWIP_TCP_SEG_NUM \d+$`).ReplaceAllString(string(in.Rtconfig), "#define RT_LWIP_TCP_SEG_NUM 3"))
	found := false
	for _, f := range Audit(in, lwip.V213, g.Board) {
		found = found || f.Severity == "error" && f.Option == "MEMP_NUM_TCP_SEG"
	}
	if !found {
		t.Fatal("RT_LWIP_TCP_SEG_NUM 3 < TCP_SND_QUEUELEN was not found: the audit does not evaluate the Kconfig macros")
	}
}
