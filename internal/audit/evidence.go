package audit

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/project"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
)

// Build is what the project's build compiles and calls, which the project
// model fills (audit --project): the rules that depend on what the
// application does rather than on lwipopts.h (the timers lwIP's apps keep)
// judge from it. Without it such a rule says what the file suggests, as a
// warning.
type Build struct {
	// Sources are the C files the build compiles (absolute paths, or
	// relative to the working directory).
	Sources []string
	// Calls maps a function to where the application calls it
	// ("file:line"); nil: the audit reads Sources (those outside the lwIP
	// tree) for the calls it needs.
	Calls map[string]string
	// From says where the list came from (shown in the findings).
	From string
}

// appRun is one lwIP app: the source that implements it and the call that
// starts it (the one that arms its sys_timeout).
type appRun struct {
	src, start string
}

// appStarts are the apps whose timers the timer rule counts.
var appStarts = map[string]appRun{
	"MQTT_":               {"mqtt.c", "mqtt_client_connect"},
	"SNTP_":               {"sntp.c", "sntp_init"},
	"LWIP_MDNS_RESPONDER": {"mdns.c", "mdns_resp_init"},
}

// appEvidence says whether the build compiles the app's source and where
// the application starts it ("" = not called).
func (a *auditor) appEvidence(prefix string) (compiled bool, calledAt string) {
	b := a.o.Build
	run := appStarts[prefix]
	for _, s := range b.Sources {
		if filepath.Base(s) == run.src {
			compiled = true
		}
	}
	if b.Calls != nil {
		return compiled, b.Calls[run.start]
	}
	return compiled, a.callSite(run.start)
}

// callSite finds a call of fn in the build's sources outside the lwIP tree
// (comments stripped; a declaration or definition is not a call).
func (a *auditor) callSite(fn string) string {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\s*\(`)
	def := regexp.MustCompile(`^\s*(?:[A-Za-z_][\w\s\*]*\s)` + regexp.QuoteMeta(fn) + `\s*\(`)
	found := ""
	lwipSrc := ""
	if a.o.LwipDir != "" {
		lwipSrc, _ = filepath.Abs(filepath.Join(a.o.LwipDir, "src"))
	}
	for _, s := range a.o.Build.Sources {
		if abs, _ := filepath.Abs(s); lwipSrc != "" && strings.HasPrefix(abs, lwipSrc+string(filepath.Separator)) {
			continue // lwIP's own sources define the app, they do not start it
		}
		st, err := os.Stat(s)
		if err != nil || st.Size() > 4<<20 {
			continue
		}
		b, err := fsutil.ReadFile(s, fsutil.MaxInput)
		if err != nil {
			continue
		}
		for i, l := range strings.Split(cheader.StripComments(string(b)), "\n") {
			if re.MatchString(l) && !def.MatchString(l) {
				found = fmt.Sprintf("%s:%d", s, i+1)
				break
			}
		}
		if found != "" {
			break
		}
	}
	return found
}

// ProjectBuild is the evidence of the project model: the sources its
// build compiles, each unit as the build has it.
func ProjectBuild(p *Project) *Build {
	m := p.Model
	if m == nil || m.Build == nil {
		return nil
	}
	b := &Build{From: "the units " + m.Build.File + " compiles"}
	for _, u := range m.Build.Units {
		if u.Lang == project.LangC {
			b.Sources = append(b.Sources, u.File)
		}
	}
	return b
}
