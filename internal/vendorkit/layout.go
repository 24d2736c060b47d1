package vendorkit

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/project"
)

// Layout is what a vendor flow tells vendorkit about the projects it
// vendors into (registered from the flow's init with RegisterLayout): which
// of the project model's builds lwipgen can add its files to, where its own
// folder goes, and what the vendor's generated files look like. vendorkit
// asks the layout of the flow whose detector claimed the project (the
// project model's Flow); it never tests a flow's name itself.
type Layout struct {
	Flow     string // the flow's name, as its project detector reports it
	Describe string // the project kind in messages: "a CubeMX project (a .ioc or LWIP/Target/lwipopts.h)"
	OwnDir   string // lwipgen's own folder in the project
	// Kinds are the builds lwipgen adds its files to, and what the project
	// is then called.
	Kinds map[project.System]Kind
	// Refuse says why a project whose build is not among Kinds (or that has
	// none, or whose build the flow's files say is another) cannot be
	// vendored; nil for a plain message.
	Refuse func(dir string, p *Project, m *project.Model) error
	// NoLwipopts is the message when the build compiles no lwipopts.h.
	NoLwipopts string
	// HALConf is the file-name pattern of the vendor HAL's configuration
	// header, "" when the vendor has none lwipgen checks.
	HALConf string
	// Generated says the project's driver files come from a code generator
	// with USER CODE blocks (CubeMX): lwipgen's blocks go inside them, its
	// MPU set-up is called from main.c, the generator's ethernetif.c/.h are
	// replaced in the lwipopts.h folder and its MSP functions moved.
	Generated bool
	// AdaptPortDriver is set when the project may carry its own lwIP port
	// driver (ethernetif.c) that lwipgen's replaces in place (a GD32 demo):
	// it finds the driver (PortEdit.ReplaceDriver), adapts what calls it and
	// returns the compile definitions the glue then needs. Other port
	// drivers left in the tree are warned about.
	AdaptPortDriver func(e *PortEdit) (defines []string)
}

var (
	layoutMu sync.RWMutex
	layouts  = map[string]Layout{}
)

// RegisterLayout adds a flow's project layout.
func RegisterLayout(l Layout) {
	layoutMu.Lock()
	defer layoutMu.Unlock()
	layouts[l.Flow] = l
}

func layoutOf(flow string) (Layout, bool) {
	layoutMu.RLock()
	defer layoutMu.RUnlock()
	l, ok := layouts[flow]
	return l, ok
}

// notOurs says that the project is of no flow vendorkit writes into,
// naming every kind it knows.
func notOurs(dir string, m *project.Model) error {
	layoutMu.RLock()
	var kinds []string
	for _, l := range layouts {
		kinds = append(kinds, l.Describe)
	}
	layoutMu.RUnlock()
	sort.Strings(kinds)
	what := "no project lwipgen vendors into"
	if f, ok := flow.Lookup(m.Flow); ok {
		if _, vendors := f.(flow.Vendorer); vendors {
			// RT-Thread: its flow vendors the BSP itself (.config,
			// rtconfig.h) and the BSP is built by its own tool
			what = fmt.Sprintf("a project of the %s flow: lwipgen vendor writes into it with a board of that flow (vendor = %q), and build --project does not build it", m.Flow, m.Flow)
		} else {
			what = "a project of the " + m.Flow + " flow; " + flow.NotVendored(f, "BOARD")
		}
	}
	return fmt.Errorf("project %s: %s; the other flows' boards vendor into, and build --project builds, %s", dir, what, strings.Join(kinds, ", or "))
}
