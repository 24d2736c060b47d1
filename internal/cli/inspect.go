package cli

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/lwipgen/lwipgen/internal/project"
)

func init() { register(newInspect) }

type inspectFlags struct {
	project, config, build string
	asJSON, units          bool
}

func newInspect(env *Env) *cobra.Command {
	f := &inspectFlags{}
	c := &cobra.Command{
		Use:   "inspect --project DIR",
		Short: "show the project as its own build sees it: the build read, every fact lwipgen derives (lwIP tree and version, lwipopts.h, MCU, RTOS, linker script) with the file:line it came from",
		Long: "inspect reads a project the way every other command does (import --project, vendor,\n" +
			"build --project, audit --project): from its own build (CMake configured by cmake,\n" +
			"a Makefile through make -n, an Eclipse .cproject's active configuration, a\n" +
			"compile_commands.json, Keil/IAR files as far as they go), and prints what it found\n" +
			"and where each fact came from. Start here when lwipgen decided something you did\n" +
			"not expect.",
		Example: "  lwipgen inspect --project ~/cubemx/h743\n  lwipgen inspect --project . --json\n  lwipgen inspect --project . --units --config Release",
		Args:    cobra.NoArgs,
		RunE:    func(*cobra.Command, []string) error { return status(runInspect(env, f)) },
	}
	fs := c.Flags()
	fs.StringVar(&f.project, "project", "", "the project folder (required)")
	c.MarkFlagRequired("project")
	c.MarkFlagDirname("project")
	fs.BoolVar(&f.asJSON, "json", false, "print the whole model as JSON (every unit with its flags)")
	fs.BoolVar(&f.units, "units", false, "list every translation unit with its flags")
	fs.StringVar(&f.config, "config", "", "the build configuration to read (default: the one the project marks active, else its first)")
	fs.StringVar(&f.build, "build", "", "read this build system even when the project has another that comes first: cmake, make, cdt, compile_commands, keil, iar")
	return c
}

func runInspect(env *Env, f *inspectFlags) int {
	o := project.Options{Config: f.config, System: project.System(f.build)}
	m, err := project.Open(context.Background(), f.project, o)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen inspect:", err)
		return 1
	}
	if f.asJSON {
		b, err := json.MarshalIndent(m, "", "  ")
		if err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen inspect:", err)
			return 1
		}
		fmt.Fprintln(env.Stdout, string(b))
		return 0
	}
	m.WriteText(env.Stdout, f.units)
	return 0
}
