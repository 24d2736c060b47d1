package audit

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Three-valued judgement. A rule over the file's options is true, false, or
// unknown: unknown when an option it reads has a value the audit cannot
// know here, because it names a macro nothing here defines (`TCP_MSS
// (MTU - 40)` with the driver header that defines MTU not read), or
// because the file does not set it and includes a configuration header
// that was not found (MicroPython's `#include "lwipopts_common.h"` sets
// MEM_ALIGNMENT 4; RT-Thread's `rtconfig.h` sets every RT_LWIP_* switch):
// lwIP's default is then only what applies if that header does not set it.
// A finding that rests on an unknown is an info that names what is unknown
// and what to pass (-I, -D, --project), never an error or a warning.

// configHeaderWords are the words of a header's name that say it may hold
// lwIP configuration. A missing main.h, cmsis_os.h or FreeRTOS.h brings
// HAL, RTOS and board macros (reported through the names the options use:
// audit.unresolved_identifier), not lwIP options: treating every unset
// option as unknown because main.h is absent would silence every CubeMX
// file's real findings.
var configHeaderWords = []string{"lwip", "opt", "conf", "common", "settings", "netif_cfg"}

// missingConfigHeaders are the includes not found whose name says they may
// set lwIP options.
func (a *auditor) missingConfigHeaders() []missingInclude {
	var out []missingInclude
	for _, m := range a.tr.missing {
		if m.Macro {
			out = append(out, m) // `#include STM32_HAL_H`: no telling what it holds
			continue
		}
		base := strings.ToLower(filepath.Base(m.Name))
		if strings.HasPrefix(base, "freertos") || strings.Contains(base, "hal_conf") {
			continue // FreeRTOSConfig.h, stm32f4xx_hal_conf.h: the RTOS's and the HAL's settings
		}
		for _, w := range configHeaderWords {
			if strings.Contains(base, w) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// unknownOf returns the options among names whose value is unknown here and
// a sentence saying why, with the fix to pass ("" when all are known).
func (a *auditor) unknownOf(names ...string) (unk []string, why, fix string) {
	if a.cfg == nil {
		return nil, "", ""
	}
	tainted := a.taintedOptions()
	missing := a.missingConfigHeaders()
	var undefined []string
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] || n == "" {
			continue
		}
		seen[n] = true
		if ids, ok := tainted[n]; ok {
			unk = append(unk, n)
			for _, id := range ids {
				if !slices.Contains(undefined, id) {
					undefined = append(undefined, id)
				}
			}
			continue
		}
		if len(missing) > 0 && !a.set(n) && a.known(n) {
			unk = append(unk, n)
		}
	}
	if len(unk) == 0 {
		return nil, "", ""
	}
	var parts, fixes []string
	if len(undefined) > 0 {
		sort.Strings(undefined)
		parts = append(parts, fmt.Sprintf("%s undefined here (#if reads it as 0, C code does not compile)", isAre(undefined)))
		fixes = append(fixes, fmt.Sprintf("-D %s=... or the include paths that define it (-I DIR)", undefined[0]))
	}
	if len(missing) > 0 {
		var hs []string
		for _, m := range missing {
			hs = append(hs, fmt.Sprintf("%q", m.Name))
		}
		var unset []string
		for _, n := range unk {
			if _, t := tainted[n]; !t {
				unset = append(unset, n)
			}
		}
		if len(unset) > 0 {
			parts = append(parts, fmt.Sprintf("the file does not set %s and includes %s, which was not read and may set it (lwIP's default is assumed)", strings.Join(unset, ", "), strings.Join(hs, ", ")))
			fixes = append(fixes, "the include paths that hold "+strings.Join(hs, ", ")+" (-I DIR)")
		}
	}
	return unk, strings.Join(parts, "; "), "pass " + strings.Join(fixes, ", and ") + ", or --project DIR: the finding is then judged on the real value"
}

// judgeUnknown turns a finding over options that are unknown here into an
// info that says so; a finding over known options is returned unchanged.
func (a *auditor) judgeUnknown(f Finding, deps []string) Finding {
	if f.Severity == SevInfo {
		return f
	}
	unk, why, fix := a.unknownOf(deps...)
	if len(unk) == 0 {
		return f
	}
	f.Message = fmt.Sprintf("unknown here (%s): if so, %s: %s", why, f.Severity, f.Message)
	f.Severity, f.Unknown, f.Fix = SevInfo, unk, fix
	return f
}

// optionsIn are lwIP's options a text names (a rule's detail, an #if).
func (a *auditor) optionsIn(text string) []string {
	var out []string
	for _, id := range reIdent.FindAllString(text, -1) {
		if a.known(id) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
