package rtthread

import (
	"context"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"os"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/finding"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/project"
)

func init() { flow.Register(Flow{}) }

// Flow is the RT-Thread BSP flow: lwipgen does not own lwipopts.h there, it
// sizes through Kconfig, rtconfig_project.h and port patches (rules.go, decide.go) and
// keeps the BSP's own driver (drv_eth.c).
type Flow struct{}

// Name is the board's vendor value.
func (Flow) Name() string { return "rtthread" }

// driverInputs: the ART-Pi-style H7 driver (drv_eth.c) has its own
// descriptor and RX buffer arrays, in the sections its CubeMX heritage names.
var driverInputs = map[string]plan.Input{
	"eth_rx_descriptors": {Symbol: "DMARxDscrTab", Sections: []string{".RxDescripSection", ".RxDecripSection"}},
	"eth_tx_descriptors": {Symbol: "DMATxDscrTab", Sections: []string{".TxDescripSection", ".TxDecripSection"}},
	"eth_rx_buffers":     {Symbol: "Rx_Buff", Sections: []string{".RxArraySection"}},
}

// Plan: the RT-Thread rules replace the generic ones; afterwards the RAM
// with the port's MEMP_OVERFLOW_CHECK, the driver's objects and RT-Thread's
// own checks.
func (Flow) Plan(*board.Board) plan.Hooks {
	return plan.Hooks{
		// the BSP's drv_eth.c copies each frame into a heap pbuf (rules.go)
		RxModel: rxCopyToHeap,
		Rules:   rtthreadRules,
		Finish:  []func(*plan.Plan, *plan.Sizer){rtthreadPost},
		Inputs:  driverInputs,
	}
}

// Render: lwipopts.h becomes the port's header over rtconfig.h and
// rtconfig_project.h, plus the BSP files under rtthread/. No lwipgen glue:
// the BSP keeps its own driver.
func (Flow) Render(p *plan.Plan, l *layout.Layout) (*flow.Rendered, error) {
	files, err := Files(p, l)
	if err != nil {
		return nil, fmt.Errorf("RT-Thread BSP files: %v", err)
	}
	return &flow.Rendered{Files: files}, nil
}

// CheckProject refuses a BSP of an RT-Thread release lwipgen does not model
// before vendor plans and measures anything for it (flow.ProjectChecker).
func (Flow) CheckProject(dir string) error {
	m, err := project.Open(context.Background(), dir, project.Options{Offline: true})
	if err != nil {
		return nil // vendor reads the project again and says what is wrong with it
	}
	return checkRelease(m)
}

// Vendor writes the configuration into the BSP at o.Project.
func (Flow) Vendor(g *flow.Generated, o flow.VendorOptions) (*flow.VendorResult, error) {
	res, err := applyBSP(g, o)
	if err != nil {
		return nil, err
	}
	verb := map[bool]string{true: "would change", false: "changed"}[o.DryRun]
	sum := fmt.Sprintf("%s: %d file(s) %s in %s", g.Board.Name, len(res.Changed), verb, o.Project)
	if res.Backup != "" {
		sum += fmt.Sprintf("; previous content in %s (lwipgen vendor --project %s --undo)", res.Backup, o.Project)
	}
	return &flow.VendorResult{Summary: sum, Warnings: res.Warnings}, nil
}

// AuditProject audits the port lwipopts.h (header) with the BSP's
// rtconfig.h (context) and the rtconfig_project.h beside it when included.
func (Flow) AuditProject(header []byte, headerPath, context string, v lwip.Version, b *board.Board, rules flow.OptionRules) ([]finding.Finding, error) {
	rtc, err := cheader.ReadHeader(context) // regular, bounded, text, comments closed
	if err != nil {
		return nil, err
	}
	in := AuditInput{Rules: rules, Port: header, Rtconfig: rtc, PortName: headerPath, RtconfigName: context}
	if strings.Contains(string(rtc), `#include "rtconfig_project.h"`) {
		pj := filepath.Join(filepath.Dir(context), "rtconfig_project.h")
		c, err := cheader.ReadHeader(pj)
		if err == nil {
			in.Project, in.ProjectName = c, pj
		} else if !os.IsNotExist(err) {
			return nil, err
		}
	}
	return Audit(in, v, b), nil
}
