package gd32

import (
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// GD32 firmware-library demos keep their own lwIP port driver
// (lwip-2.1.x/port/GD32F4xx/{FreeRTOS,Basic}/ethernetif.c, listed in the
// demo's build) and an ENET_IRQHandler in src/gd32f4xx_it.c that feeds that
// driver (the FreeRTOS port's g_rx_semaphore). lwipgen's glue takes the
// driver's place: ethernetif.c/.h are replaced in place, so the project's
// own build list stays right, and the demo's interrupt handler is turned
// into a call of the glue's ethernetif_irq() inside an lwipgen block (the
// glue's own ENET_IRQHandler is then compiled out). The previous content
// is in the backup.
func adaptPortDriver(e *vendorkit.PortEdit) []string {
	drv := portDriver(e)
	if drv == "" {
		return nil
	}
	e.ReplaceDriver(drv)
	if d := editIRQ(e); d != "" {
		return []string{d}
	}
	return nil
}

// portDriver returns the project's own ethernetif.c (outside lwipgen's
// folder), or "" when there is none or more than one.
func portDriver(e *vendorkit.PortEdit) string {
	found := e.Files(func(_, name string) bool { return name == "ethernetif.c" })
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

var enetIRQRe = regexp.MustCompile(`(?m)^void\s+ENET_IRQHandler\s*\(\s*void\s*\)\s*\{`)

// projectIRQ returns the project's C file (outside lwipgen's folder and the
// replaced driver) that defines ENET_IRQHandler, or "".
func projectIRQ(e *vendorkit.PortEdit) string {
	files := e.Files(func(rel, _ string) bool { return strings.HasSuffix(rel, ".c") && rel != e.Driver() })
	for _, rel := range files {
		if t, ok := e.Read(rel); ok && enetIRQRe.MatchString(cheader.CodeOnly(t)) {
			return rel
		}
	}
	return ""
}

// editIRQ makes the project's ENET_IRQHandler call the glue's
// ethernetif_irq() and returns the compile definition that compiles the
// glue's own handler out ("" when the project has none).
func editIRQ(e *vendorkit.PortEdit) string {
	rel := projectIRQ(e)
	if rel == "" {
		return ""
	}
	body := "/* lwipgen: the ENET interrupt belongs to lwipgen's driver in " + e.Driver() + "; the demo's body is in the backup */\nextern void ethernetif_irq(void);\nethernetif_irq();\n"
	e.ReplaceBody(rel, "ENET_IRQHandler", "enet-irq", body)
	e.Warnf("%s: ENET_IRQHandler now calls lwipgen's ethernetif_irq() (the demo's body is in the backup)", rel)
	return "LWIPGEN_ENET_IRQHANDLER=0"
}
