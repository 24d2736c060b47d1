package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/finding"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/spf13/cobra"
)

func init() { register(newAudit) }

// auditFlags are audit's flags (the logic is audit.Run).
type auditFlags struct {
	board                                                         boardFlag
	version, format, project, chip, cpu, lwipDir, cc, ld, elf, rt string
	asJSON, noCompile                                             bool
	incs, defs                                                    []string
}

func newAudit(env *Env) *cobra.Command {
	f := &auditFlags{}
	c := &cobra.Command{
		Use:   "audit FILE | --project DIR",
		Short: "lint an existing lwipopts.h with the compiler as the judge: #errors, redefinitions, options that do nothing, the rules people get wrong",
		Example: "  lwipgen audit Core/Inc/lwipopts.h --chip stm32h743zi\n  lwipgen audit --project ~/cubemx/h743 --format sarif\n" +
			"  lwipgen audit port/lwipopts.h --rtconfig rtconfig.h",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 || (len(args) == 0 && f.project == "") {
				return usagef("one FILE (an lwipopts.h) or --project DIR is required, got %d arguments", len(args))
			}
			if f.asJSON {
				f.format = "json"
			}
			switch f.format {
			case "text", "json", "sarif":
			default:
				return usagef("--format %q: want text, json or sarif", f.format)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return status(runAudit(env, args, f)) },
	}
	fs := c.Flags()
	f.board.add(c, "board: its chip and workload are checked too (workload checks need a board)")
	fs.StringVar(&f.version, "lwip-version", "", "lwIP version the file is for (default: the lwIP tree's, else 2.1.3)")
	fs.BoolVar(&f.asJSON, "json", false, "print JSON (same as --format json)")
	fs.StringVar(&f.format, "format", "text", "text | json | sarif (SARIF 2.1.0 for CI code scanning)")
	c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json", "sarif"}, cobra.ShellCompDirectiveNoFileComp))
	fs.StringVar(&f.project, "project", "", "a CubeMX, GD32, RT-Thread or Vitis project (or one with compile_commands.json): finds lwipopts.h, include paths, defines, lwIP, MCU and linker script")
	c.MarkFlagDirname("project")
	fs.StringArrayVarP(&f.incs, "include", "I", nil, "include directory (repeatable)")
	fs.StringArrayVarP(&f.defs, "define", "D", nil, "preprocessor definition NAME[=VALUE] (repeatable)")
	fs.StringVar(&f.chip, "chip", "", "chip (boards/chips/NAME.hcl) for the chip rules (alignment, checksum engine, DMA-reachable heap)")
	fs.StringVar(&f.cpu, "cpu", "", "CPU (cortex-m4, cortex-m7, cortex-a9) when no chip is known")
	fs.StringVar(&f.lwipDir, "lwip", "", "lwIP source tree (default: the project's, $LWIP_DIR, the fetch-lwip cache)")
	fs.StringVar(&f.cc, "cc", "", "C compiler (default arm-none-eabi-gcc, else gcc; \"none\" uses the built-in evaluator)")
	fs.StringVar(&f.ld, "linker-script", "", "linker script: check LWIP_RAM_HEAP_POINTER against its memories and pinned sections")
	fs.StringVar(&f.elf, "elf", "", "the linked firmware: check LWIP_RAM_HEAP_POINTER against the sections it really has")
	fs.BoolVar(&f.noCompile, "no-compile", false, "read the values with the preprocessor only; do not compile lwIP's sources")
	fs.StringVar(&f.rt, "rtconfig", "", "RT-Thread: the BSP's rtconfig.h; FILE is then the port lwipopts.h (rtconfig_project.h next to rtconfig.h is read when included)")
	return c
}

func runAudit(env *Env, pos []string, af *auditFlags) int {
	boardRef, version, format, project, chipName, cpu, lwipDir, cc, ldScript, elfFile, noCompile, rtconfig :=
		&af.board.ref, &af.version, &af.format, &af.project, &af.chip, &af.cpu, &af.lwipDir, &af.cc, &af.ld, &af.elf, &af.noCompile, &af.rt
	incs, defs := af.incs, af.defs
	var err error
	fail := func(err error) int {
		fmt.Fprintln(env.Stderr, "lwipgen audit:", err)
		return 2
	}
	var b *board.Board
	if *boardRef != "" {
		bb, d := source().Load(*boardRef)
		if d.HasErrors() {
			env.diags(d)
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
		withProject(&o, p)
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
			env.diags(d)
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
	if p != nil && o.Chip != nil {
		o.Measure = pipeline.AuditMeasure(pipeline.AuditTarget{Root: p.Root, ProjectLwipDir: p.LwipDir, AuditedLwipDir: o.LwipDir, Lwipopts: o.File, IncludeDirs: o.IncludeDirs, Defines: o.Defines, Core: o.Chip.Core})
	}
	// Ctrl-C or SIGTERM stops the compiler; Run then returns and removes
	// its scratch directory (a default signal would end the process first)
	ctx, stop := interrupt.Context(context.Background())
	defer stop()
	o.Context = ctx
	rep, err := audit.Run(o)
	if ctx.Err() != nil {
		return fail(fmt.Errorf("interrupted; nothing was written"))
	}
	if err != nil {
		return fail(err)
	}
	if p != nil {
		// files of the project that must agree with each other (the flow's)
		if f, ok := flow.Lookup(p.Kind); ok {
			if pa, ok := f.(flow.ProjectFilesAuditor); ok {
				if more := pa.AuditProjectFiles(p.Root); len(more) > 0 {
					rep.Findings = audit.Sort(append(rep.Findings, more...))
					rep.Errors, rep.Warnings = audit.Errors(rep.Findings), finding.Count(rep.Findings, finding.SevWarning)
				}
			}
		}
	}
	switch *format {
	case "json":
		writeJSON(env.Stdout, struct {
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
		writeAuditText(env.Stdout, rep, p)
	}
	if rep.Errors > 0 {
		return 1
	}
	return 0
}

// withProject audits the project's lwipopts.h as its build compiles it: its
// include paths, definitions and forced includes before the command line's,
// its lwIP tree and linker script unless given, its compiler and what its
// build compiles and calls (the app-timer rules judge from that).
func withProject(o *audit.Options, p *audit.Project) {
	o.File = p.Lwipopts
	o.IncludeDirs = append(p.IncludeDirs, o.IncludeDirs...)
	o.Defines = append(p.Defines, o.Defines...)
	if o.LwipDir == "" {
		o.LwipDir = p.LwipDir
	}
	if o.LinkerScript == "" {
		o.LinkerScript = p.LinkerScript
	}
	o.ProjectCompiler = p.Compiler
	o.Build = audit.ProjectBuild(p)
	o.ForcedIncludes = append(p.Forced, o.ForcedIncludes...)
}

// writeAuditText prints the audit for a terminal: the project, the engine
// and port that judged the file, each finding with its fix, the counts.
func writeAuditText(w io.Writer, rep *audit.Report, p *audit.Project) {
	if p != nil {
		fmt.Fprintf(w, "project %s (%s): %s; MCU %s -> chip %s; linker script %s; %d include dirs, %d defines\n",
			p.Root, p.Kind, p.Lwipopts, or(p.MCU, "unknown"), or(p.Chip, "none"), or(p.LinkerScript, "none"), len(p.IncludeDirs), len(p.Defines))
		if p.Model != nil && p.Model.BuildErr != nil {
			// a malformed .cproject or compile_commands.json: say where, and
			// that the audit ran without the build's flags
			fmt.Fprintf(w, "build not read: %v; the audit uses no flags, include paths or defines from it: fix the file (or regenerate it) to audit with them\n", p.Model.BuildErr)
		}
	}
	from := ""
	if rep.LwipVersionFrom != "" {
		from = " (" + rep.LwipVersionFrom + ")"
	}
	fmt.Fprintf(w, "judged by %s; lwIP %s%s%s\n", rep.Engine, rep.LwipVersion, from, map[bool]string{true: ", lwIP's sources compiled with the file", false: ""}[rep.Compiled])
	if rep.Port != "" {
		fmt.Fprintf(w, "port: %s\n", rep.Port)
	}
	for _, f := range rep.Findings {
		where := or(f.File, rep.File)
		if f.Line > 0 {
			where = fmt.Sprintf("%s:%d", where, f.Line)
		}
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", where, f.Severity, f.Message, f.ID)
		if f.Fix != "" {
			fmt.Fprintf(w, "    fix: %s\n", f.Fix)
		}
	}
	fmt.Fprintf(w, "%d error(s), %d warning(s), %d finding(s)\n", rep.Errors, rep.Warnings, len(rep.Findings))
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
		writeJSON(env.Stdout, rep)
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
