package audit

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// A file written for an lwIP release lwipgen does not model (1.4, 2.0): a
// Xilinx lwip141 BSP's lwipopts.h, the port lwipopts.h of an RT-Thread
// lwip-2.0.3 component. Compiling a 2.1/2.2 tree with it says what moving
// to that tree breaks, not what is wrong with the file on its own release:
// its hard C errors ("conflicting types", a struct member the old port
// names) are one info that names the release, and an #error the 2.1/2.2
// tree raises is a warning saying it is that tree's, never an error.

// reReleaseDir matches a folder named for an lwIP release: lwip-2.0.3,
// lwip_1.4.1, lwip-1_4_1, and Xilinx's library names lwip141, lwip202.
var reReleaseDir = regexp.MustCompile(`(?i)^lwip[-_]?v?([12])[._]?([0-9])[._]?([0-9])(?:[._-].*)?$`)

// releaseInPath is the lwIP release a folder of the file's path names ("" = none).
func releaseInPath(path string) (release, dir string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	for d := filepath.Dir(abs); d != filepath.Dir(d); d = filepath.Dir(d) {
		if m := reReleaseDir.FindStringSubmatch(filepath.Base(d)); m != nil {
			return m[1] + "." + m[2] + "." + m[3], filepath.Base(d)
		}
	}
	return "", ""
}

// olderRelease is the release before 2.1 the file is written for and the
// evidence ("" when it is not, or the judged tree is itself that old).
func (a *auditor) olderRelease() (release, evidence string) {
	if a.treeVersion != "" && a.treeVersion < "2.1" {
		return "", "" // judged with a tree of that age (audit.lwip_unsupported says so)
	}
	// only the path says it for sure: removed names alone do not (Xilinx's
	// lwip211 and lwip220 generators still write 1.4's MEMP_SEPARATE_POOLS;
	// audit.lwip_version names those)
	if r, dir := releaseInPath(a.o.File); r != "" && r < "2.1" {
		return r, fmt.Sprintf("its path names lwIP %s (%s/)", r, dir)
	}
	return "", ""
}

// olderCompileFinding groups the hard compile errors of a tree newer than
// the file's release into one info.
func (a *auditor) olderCompileFinding(release, evidence string, errs []string) Finding {
	return Finding{Severity: SevInfo, ID: "audit.older_release", Source: "compiler",
		Message: fmt.Sprintf("the file is written for lwIP %s (%s); lwIP %s's sources do not compile with it (%d error(s), first: %s): what moving to %s would break, not a verdict on the file with its own release",
			release, evidence, a.judgedName(), len(errs), errs[0], a.judgedName()),
		Fix: fmt.Sprintf("judge it with the lwIP %s tree the project builds (--lwip DIR, or --project DIR)", release)}
}

func (a *auditor) judgedName() string {
	if a.treeVersion != "" {
		return a.treeVersion
	}
	return strings.TrimSpace(string(a.judged))
}
