package cli

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

func init() {
	register("audit", "lint an existing lwipopts.h: non-existent options, #error rules it hits, hardware limits", runAudit)
}

func runAudit(env *Env, args []string) int {
	fs := newFlags(env, "audit", "FILE [--board NAME|PATH] [--lwip-version 2.1.3] [--rtconfig rtconfig.h] [--json]")
	boardRef := fs.String("board", "", "board to check hardware limits against")
	version := fs.String("lwip-version", "", "lwIP version (default: the board's, else 2.1.3)")
	asJSON := fs.Bool("json", false, "print JSON")
	rtconfig := fs.String("rtconfig", "", "RT-Thread: the BSP's rtconfig.h; FILE is then the port lwipopts.h (rtconfig_project.h next to rtconfig.h is read when included)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
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
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(map[string]any{"file": pos[0], "lwip_version": string(v), "findings": findings, "errors": audit.Errors(findings)})
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
