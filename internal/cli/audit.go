package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
)

func init() {
	register("audit", "lint an existing lwipopts.h with the compiler as the judge: #errors, redefinitions, options that do nothing, the rules people get wrong", runAudit)
}

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

func runAudit(env *Env, args []string) int {
	fs := newFlags(env, "audit", "FILE | --project DIR [-I DIR]... [-D NAME[=V]]... [--chip NAME] [--cpu CPU] [--board NAME|PATH] [--format text|json|sarif]")
	boardRef := fs.String("board", "", "board: its chip and workload are checked too (workload checks need a board)")
	version := fs.String("lwip-version", "", "lwIP version the file is for (default: the lwIP tree's, else 2.1.3)")
	asJSON := fs.Bool("json", false, "print JSON (same as --format json)")
	format := fs.String("format", "text", "text | json | sarif (SARIF 2.1.0 for CI code scanning)")
	project := fs.String("project", "", "a CubeMX, GD32, RT-Thread or Vitis project (or one with compile_commands.json): finds lwipopts.h, include paths, defines, lwIP, MCU and linker script")
	var incs, defs listFlag
	fs.Var(&incs, "I", "include directory (repeatable)")
	fs.Var(&defs, "D", "preprocessor definition NAME[=VALUE] (repeatable)")
	chipName := fs.String("chip", "", "chip (boards/chips/NAME.hcl) for the chip rules (alignment, checksum engine, DMA-reachable heap)")
	cpu := fs.String("cpu", "", "CPU (cortex-m4, cortex-m7, cortex-a9) when no chip is known")
	lwipDir := fs.String("lwip", "", "lwIP source tree (default: the project's, $LWIP_DIR, the fetch-lwip cache)")
	cc := fs.String("cc", "", "C compiler (default arm-none-eabi-gcc, else gcc; \"none\" uses the built-in evaluator)")
	ldScript := fs.String("linker-script", "", "linker script: check LWIP_RAM_HEAP_POINTER against its memories and pinned sections")
	elfFile := fs.String("elf", "", "the linked firmware: check LWIP_RAM_HEAP_POINTER against the sections it really has")
	noCompile := fs.Bool("no-compile", false, "read the values with the preprocessor only; do not compile lwIP's sources")
	rtconfig := fs.String("rtconfig", "", "RT-Thread: the BSP's rtconfig.h; FILE is then the port lwipopts.h (rtconfig_project.h next to rtconfig.h is read when included)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 2
	}
	if *asJSON {
		*format = "json"
	}
	if (len(pos) != 1 && *project == "") || len(pos) > 1 || (*format != "text" && *format != "json" && *format != "sarif") {
		fs.Usage()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(env.Stderr, "lwipgen audit:", err)
		return 2
	}
	var b *board.Board
	if *boardRef != "" {
		bb, d := source().Load(*boardRef)
		if d.HasErrors() {
			diag.Write(env.Stderr, d)
			return 2
		}
		b = bb
	}
	if *rtconfig != "" {
		return auditRTThread(env, pos[0], *rtconfig, *version, b, *format)
	}
	o := audit.Options{IncludeDirs: incs, Defines: defs, LwipDir: *lwipDir, CC: *cc, CPU: *cpu, Board: b, LinkerScript: *ldScript, ELF: *elfFile, NoCompile: *noCompile}
	var p *audit.Project
	if *project != "" {
		if p, err = audit.DetectProject(*project); err != nil {
			return fail(err)
		}
		o.File = p.Lwipopts
		o.IncludeDirs = append(p.IncludeDirs, o.IncludeDirs...)
		o.Defines = append(p.Defines, o.Defines...)
		if o.LwipDir == "" {
			o.LwipDir = p.LwipDir
		}
		if o.LinkerScript == "" {
			o.LinkerScript = p.LinkerScript
		}
		if *chipName == "" {
			*chipName = p.Chip
		}
	}
	if len(pos) == 1 {
		o.File = pos[0]
	}
	if o.LwipDir == "" {
		if t, err := lwipsrc.Resolve("", ""); err == nil {
			o.LwipDir = t.Dir
		}
	}
	if *version != "" {
		v, err := lwip.ParseVersion(*version)
		if err != nil {
			return fail(err)
		}
		o.Version = v
	} else if b != nil {
		o.Version, _ = lwip.ParseVersion(b.LwIPVersion)
	}
	if *chipName != "" {
		chips, d := source().Chips()
		if d.HasErrors() {
			diag.Write(env.Stderr, d)
			return 2
		}
		c, ok := chips[*chipName]
		if !ok {
			return fail(fmt.Errorf("unknown chip %q (known: %s)", *chipName, strings.Join(chips.Names(), ", ")))
		}
		o.Chip = c
	} else if b != nil {
		o.Chip = b.Chip
	}
	rep, err := audit.Run(o)
	if err != nil {
		return fail(err)
	}
	switch *format {
	case "json":
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			*audit.Report
			Project *audit.Project `json:"project,omitempty"`
		}{rep, p})
	case "sarif":
		base := ""
		if p != nil {
			base = p.Root
		}
		if err := audit.WriteSARIF(env.Stdout, rep, base); err != nil {
			return fail(err)
		}
	default:
		if p != nil {
			fmt.Fprintf(env.Stdout, "project %s (%s): %s; MCU %s -> chip %s; linker script %s; %d include dirs, %d defines\n",
				p.Root, p.Kind, p.Lwipopts, or(p.MCU, "unknown"), or(p.Chip, "none"), or(p.LinkerScript, "none"), len(p.IncludeDirs), len(p.Defines))
		}
		fmt.Fprintf(env.Stdout, "judged by %s; lwIP %s%s\n", rep.Engine, rep.LwipVersion, map[bool]string{true: ", lwIP's sources compiled with the file", false: ""}[rep.Compiled])
		for _, f := range rep.Findings {
			where := or(f.File, rep.File)
			if f.Line > 0 {
				where = fmt.Sprintf("%s:%d", where, f.Line)
			}
			fmt.Fprintf(env.Stdout, "%s: %s: %s [%s]\n", where, f.Severity, f.Message, f.ID)
			if f.Fix != "" {
				fmt.Fprintf(env.Stdout, "    fix: %s\n", f.Fix)
			}
		}
		fmt.Fprintf(env.Stdout, "%d error(s), %d warning(s), %d finding(s)\n", rep.Errors, rep.Warnings, len(rep.Findings))
	}
	if rep.Errors > 0 {
		return 1
	}
	return 0
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// auditRTThread is the RT-Thread port audit (rtconfig.h + the port's lwipopts.h).
func auditRTThread(env *Env, file, rtconfig, version string, b *board.Board, format string) int {
	src, err := cheader.ReadHeader(file) // regular, bounded, text, comments closed
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen audit:", err)
		return 2
	}
	ver := "2.1.3"
	if b != nil {
		ver = b.LwIPVersion
	}
	if version != "" {
		ver = version
	}
	v, err := lwip.ParseVersion(ver)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen audit:", err)
		return 2
	}
	// The RT-Thread flow audits the port header with the BSP's rtconfig.h.
	f, _ := flow.Lookup("rtthread")
	af, ok := f.(flow.Auditor)
	if !ok {
		fmt.Fprintln(env.Stderr, "lwipgen audit: --rtconfig needs the rtthread flow")
		return 2
	}
	findings, err := af.AuditProject(src, file, rtconfig, v, b)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen audit:", err)
		return 2
	}
	rep := &audit.Report{File: file, Engine: "RT-Thread port evaluator", LwipVersion: string(v), Findings: findings, Errors: audit.Errors(findings)}
	switch format {
	case "json":
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	case "sarif":
		audit.WriteSARIF(env.Stdout, rep, "")
	default:
		for _, f := range findings {
			where := file
			if f.Line > 0 {
				where = fmt.Sprintf("%s:%d", file, f.Line)
			}
			fmt.Fprintf(env.Stdout, "%s: %s: %s [%s]\n", where, f.Severity, f.Message, f.ID)
		}
		fmt.Fprintf(env.Stdout, "%d error(s), %d finding(s)\n", rep.Errors, len(findings))
	}
	if rep.Errors > 0 {
		return 1
	}
	return 0
}
