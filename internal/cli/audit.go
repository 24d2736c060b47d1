package cli

import (
	"github.com/spf13/cobra"

	"fmt"
	"os"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

func init() { register(newAudit) }

type auditFlags struct {
	board             boardFlag
	version, rtconfig string
	asJSON            bool
}

func newAudit(env *Env) *cobra.Command {
	f := &auditFlags{}
	c := &cobra.Command{
		Use:     "audit FILE",
		Short:   "lint an existing lwipopts.h: non-existent options, #error rules it hits, hardware limits",
		Example: "  lwipgen audit Core/Inc/lwipopts.h --board h743\n  lwipgen audit port/lwipopts.h --rtconfig rtconfig.h",
		Args:    exactlyOne("one FILE (an lwipopts.h) is required"),
		RunE:    func(cmd *cobra.Command, args []string) error { return status(runAudit(env, args[0], f)) },
	}
	f.board.add(c, "board to check hardware limits against")
	c.Flags().StringVar(&f.version, "lwip-version", "", "lwIP version (default: the board's, else 2.1.3)")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print JSON")
	c.Flags().StringVar(&f.rtconfig, "rtconfig", "", "RT-Thread: the BSP's rtconfig.h; FILE is then the port lwipopts.h (rtconfig_project.h next to rtconfig.h is read when included)")
	return c
}

func runAudit(env *Env, file string, f *auditFlags) int {
	pos := []string{file}
	boardRef, version, asJSON, rtconfig := &f.board.ref, &f.version, &f.asJSON, &f.rtconfig
	src, err := os.ReadFile(pos[0])
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen audit:", err)
		return 2
	}
	var b *board.Board
	ver := "2.1.3"
	if *boardRef != "" {
		var diags = source()
		bb, d := diags.Load(*boardRef)
		if d.HasErrors() {
			diag.Write(env.Stderr, d)
			return 2
		}
		b, ver = bb, bb.LwIPVersion
	}
	if *version != "" {
		ver = *version
	}
	v, err := lwip.ParseVersion(ver)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen audit:", err)
		return 2
	}
	var findings []audit.Finding
	if *rtconfig != "" {
		// The RT-Thread flow audits the port header with the BSP's rtconfig.h.
		f, _ := flow.Lookup("rtthread")
		af, ok := f.(flow.Auditor)
		if !ok {
			fmt.Fprintln(env.Stderr, "lwipgen audit: --rtconfig needs the rtthread flow")
			return 2
		}
		if findings, err = af.AuditProject(src, pos[0], *rtconfig, v, b); err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen audit:", err)
			return 2
		}
	} else {
		findings = audit.File(audit.Parse(src), v, b)
	}
	if *asJSON {
		writeJSON(env.Stdout, map[string]any{"file": pos[0], "lwip_version": string(v), "findings": findings, "errors": audit.Errors(findings)})
	} else {
		for _, f := range findings {
			where := pos[0]
			if f.Line > 0 {
				where = fmt.Sprintf("%s:%d", pos[0], f.Line)
			}
			fmt.Fprintf(env.Stdout, "%s: %s: %s [%s]\n", where, f.Severity, f.Message, f.ID)
		}
		fmt.Fprintf(env.Stdout, "%d error(s), %d finding(s)\n", audit.Errors(findings), len(findings))
	}
	if audit.Errors(findings) > 0 {
		return 1
	}
	return 0
}
