package standalone

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"text/template"

	"github.com/lwipgen/lwipgen/internal/escape"
	"github.com/lwipgen/lwipgen/internal/firmware"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/templates"
)

// firmwareDirs maps a chip family to its self-contained firmware templates
// (only boards with no vendor SDK get one). The templates stay in the core's
// templates/firmware: the QEMU runner (internal/qemu) builds them too.
var firmwareDirs = map[string]string{"mps2": "firmware/mps2-an500"}

// HasFirmware reports whether the board builds a complete firmware rather
// than a layout probe.
func HasFirmware(p *plan.Plan) bool { _, ok := firmwareDirs[p.Board.Chip.Family]; return ok }

// FirmwareData derives the firmware template data from the plan and layout.
func FirmwareData(p *plan.Plan, l *layout.Layout) firmware.Data {
	d := firmware.Default()
	d.CoreClockHz = uint32(p.Board.Chip.Core.ClockHz)
	d.RxBudget = p.Driver.RxBudget
	data, _ := p.Board.Chip.Memory(p.Board.Chip.DataMemory)
	d.RAMOrigin, d.RAMLength = uint32(data.Base), uint32(data.Size)
	for _, c := range l.Carves {
		if c.Memory == data.Name {
			d.LwipSections, d.LwipStart, d.LwipEnd = true, uint32(c.Base), uint32(c.End)
			d.RAMOrigin, d.RAMLength = uint32(c.End), uint32(data.End()-c.End)
			if c.Base > data.Base { // memory.lwip_placement "top": the data keeps the part below
				d.RAMOrigin, d.RAMLength = uint32(data.Base), uint32(c.Base-data.Base)
			}
		}
	}
	for _, r := range append(append([]render.LayoutRegion{}, render.LayoutRegions(l.Protection)...), render.LayoutRegions(l.MPU)...) {
		d.MPU.Regions = append(d.MPU.Regions, firmware.MPURegion{Number: uint32(r.Number), RBAR: r.RBAR, RASR: r.RASR, Comment: r.Comment})
	}
	return d
}

// firmwareApp are the firmware's own application, start-up, MPU, console and
// link script: not the driver, so the simulator puts its own board file and
// workload in their place (render.RoleFirmwareApp).
var firmwareApp = map[string]bool{"main.c": true, "startup.c": true, "mpu.c": true, "mpu.h": true, "uart.c": true, "uart.h": true, "link.ld": true}

func firmwareRole(name string) render.Role {
	if firmwareApp[path.Base(name)] {
		return render.RoleFirmwareApp
	}
	return render.RoleFirmwareDriver
}

// Firmware renders the firmware sources into firmware/ (lwipopts.h comes
// from LwipOpts at the top level).
func Firmware(p *plan.Plan, l *layout.Layout) ([]render.File, error) {
	dir := firmwareDirs[p.Board.Chip.Family]
	sub, err := fs.Sub(templates.FS, dir)
	if err != nil {
		return nil, err
	}
	data := FirmwareData(p, l)
	var files []render.File
	err = fs.WalkDir(sub, ".", func(fp string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() || !strings.HasSuffix(fp, ".tmpl") {
			return err
		}
		src, err := fs.ReadFile(sub, fp)
		if err != nil {
			return err
		}
		t, err := template.New(path.Base(fp)).Funcs(escape.Funcs()).Option("missingkey=error").Parse(string(src))
		if err != nil {
			return fmt.Errorf("template %s/%s: %v", dir, fp, err)
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, data); err != nil {
			return fmt.Errorf("template %s/%s: %v", dir, fp, err)
		}
		name := strings.TrimSuffix(fp, ".tmpl")
		files = append(files, render.File{Path: "firmware/" + name, Content: buf.Bytes(), Role: firmwareRole(name)})
		return nil
	})
	return files, err
}
