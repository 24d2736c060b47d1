package board

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Chip strings reach generated text: family builds the HAL header name
// (#include "<family>xx_hal.h"), core.* become compiler flags
// (-mcpu=<cpu>), vendor and mac select tables and appear in comments,
// description is quoted in comments. Each is held to a grammar when the
// chip is read, so no later stage emits a quote, a comment end, a newline
// or a shell word through them.
var (
	familyRe = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)
	// cortex-m7, armv7e-m, fpv5-sp-d16, hard: a GCC option value
	coreWordRe = regexp.MustCompile(`^[a-z0-9][a-z0-9+._-]{0,31}$`)
	macRe      = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)
	// rtos_version is a release number, printed in generated comments
	versionRe = regexp.MustCompile(`^[0-9]{1,4}(\.[0-9]{1,4}){0,3}$`)
)

const maxDescription = 200

// describeText says why s cannot be a description ("" when it can): it is
// quoted in generated C, linker, Tcl and CMake comments.
func describeText(s string) string {
	if len(s) > maxDescription {
		return fmt.Sprintf("it is %d characters long (at most %d)", len(s), maxDescription)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return fmt.Sprintf("byte 0x%02x at offset %d is not printable ASCII", s[i], i)
		}
	}
	for _, bad := range []string{"*/", "/*", `\`, `"`, "??", "$", "`"} {
		if strings.Contains(s, bad) {
			return fmt.Sprintf("it contains %q, which would end or escape a comment or string of a generated file", bad)
		}
	}
	return ""
}

// checkGrammar reports a chip or board string that breaks its grammar at the
// attribute's position.
func checkGrammar(ev *evaluator, e hcl.Expression, what, v string, re *regexp.Regexp, shape string) {
	if v == "" || !present(e) {
		return
	}
	if re == nil {
		if why := describeText(v); why != "" {
			ev.errorf(e.Range(), "Invalid "+what, "%s %q cannot be used: %s.", what, clip(v), why)
		}
		return
	}
	if !re.MatchString(v) {
		ev.errorf(e.Range(), "Invalid "+what, "%s %q cannot be used: it must be %s (it reaches generated C and compiler flags).", what, clip(v), shape)
	}
}

// clip keeps an echoed value short.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
