package lwip

import (
	"bytes"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Version selects which lwIP option table, defaults and init.c rules apply.
// Three exist. 2.1.0, 2.1.1 and 2.1.2 have the same opt.h, init.c and
// struct headers (git diff STABLE-2_1_0_RELEASE STABLE-2_1_2_RELEASE);
// 2.1.3 differs from them in a few option names and defaults and one init.c
// rule (data/lwip_2.1.2_delta.tsv, read from the diff of the two tags), but
// not in any struct the RAM model sizes (TestRAMVsCompiler passes with both
// trees). STMicroelectronics' v2.1.2_Cube (stm32_mw_lwip v2.1.2_20190315 and
// v2.1.2_20230828) is upstream 2.1.2 unchanged under src/. 2.2.0 is modelled
// as 2.2.1, whose only additions are MEM_CUSTOM_ALLOCATOR/MEM_CUSTOM_* and
// LWIP_PBUF_CUSTOM_DATA_INIT.
type Version string

const (
	V212 Version = "2.1.2"
	V213 Version = "2.1.3"
	V22x Version = "2.2.x"
)

// line is the release line whose init.c rule set and RAM formulas apply
// (2.1.2 shares the 2.1.3 ones except where a rule says since).
func (v Version) line() Version {
	if v == V212 {
		return V213
	}
	return v
}

// SameLine reports whether a and b are the same release line (2.1.x, 2.2.x):
// the same init.c rules (but one), struct layouts and RAM model; 2.1.2 and
// 2.1.3 differ only in the few option names and defaults of
// data/lwip_2.1.2_delta.tsv.
func SameLine(a, b Version) bool { return a.line() == b.line() }

// before reports whether v is an older release than w.
func (v Version) before(w Version) bool {
	rank := map[Version]int{V212: 0, V213: 1, V22x: 2}
	return rank[v] < rank[w]
}

// ParseVersion accepts "2.1.3", "2.1", "2.1.2", "2.2", "2.2.0", "2.2.1", an
// optional "v"/"lwip-" prefix and "STABLE-2_2_1_RELEASE"-style tags.
//
// 2.1.0 .. 2.1.2 map to V212 (their opt.h and init.c are identical), 2.1.3
// and later 2.1.x to V213; "v2.1.2_Cube" (CubeMX's name for it) is 2.1.2.
func ParseVersion(s string) (Version, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.TrimPrefix(t, "lwip-")
	t = strings.TrimPrefix(t, "lwip")
	t = strings.TrimPrefix(t, "v")
	t = strings.TrimSuffix(t, "_cube") // CubeMX .ioc: LWIP.Version=v2.1.2_Cube
	if strings.HasPrefix(t, "stable-") {
		t = strings.TrimSuffix(strings.TrimPrefix(t, "stable-"), "_release")
		t = strings.ReplaceAll(t, "_", ".")
	}
	if t == "2.2.x" {
		return V22x, nil
	}
	parts := strings.Split(t, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return "", fmt.Errorf("lwip: cannot parse version %q (want e.g. 2.1.3 or 2.2.1)", s)
	}
	nums := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return "", fmt.Errorf("lwip: cannot parse version %q (want e.g. 2.1.3 or 2.2.1)", s)
		}
		nums[i] = n
	}
	switch {
	case nums[0] == 2 && nums[1] == 1 && (len(nums) < 3 || nums[2] >= 3):
		return V213, nil
	case nums[0] == 2 && nums[1] == 1:
		return V212, nil
	case nums[0] == 2 && nums[1] == 2:
		return V22x, nil
	}
	return "", fmt.Errorf("lwip: version %q is not supported (only 2.1.x and 2.2.x)", s)
}

// is22 reports whether v is the 2.2 line.
func (v Version) is22() bool { return v == V22x }

// TreeVersion is the version an lwIP source tree says it is.
type TreeVersion struct {
	Major, Minor, Revision int
	File                   string // the init.h read
	Line                   int    // line of LWIP_VERSION_MAJOR
}

// String is "2.1.2".
func (t TreeVersion) String() string { return fmt.Sprintf("%d.%d.%d", t.Major, t.Minor, t.Revision) }

var versionDefRe = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+LWIP_VERSION_(MAJOR|MINOR|REVISION)[ \t]+\(?[ \t]*(\d+)[uUlL]*[ \t]*\)?`)

// ReadTreeVersion reads LWIP_VERSION_MAJOR/MINOR/REVISION from the tree's
// src/include/lwip/init.h (lwipDir is the directory holding src/, as in a
// CubeMX project's Middlewares/Third_Party/LwIP).
func ReadTreeVersion(lwipDir string) (TreeVersion, error) {
	f := filepath.Join(lwipDir, "src", "include", "lwip", "init.h")
	b, err := fsutil.ReadFile(f, fsutil.MaxInput)
	if err != nil {
		return TreeVersion{}, err
	}
	return ParseInitH(b, f)
}

// ParseInitH reads the version macros of an init.h's text.
func ParseInitH(src []byte, file string) (TreeVersion, error) {
	t := TreeVersion{Major: -1, Minor: -1, Revision: -1, File: file}
	for _, m := range versionDefRe.FindAllSubmatchIndex(src, -1) {
		n, _ := strconv.Atoi(string(src[m[4]:m[5]]))
		switch string(src[m[2]:m[3]]) {
		case "MAJOR":
			t.Major = n
			t.Line = 1 + bytes.Count(src[:m[0]], []byte("\n"))
		case "MINOR":
			t.Minor = n
		case "REVISION":
			t.Revision = n
		}
	}
	if t.Major < 0 || t.Minor < 0 || t.Revision < 0 {
		return t, fmt.Errorf("%s: no LWIP_VERSION_MAJOR/MINOR/REVISION defines", file)
	}
	return t, nil
}

// Version maps the tree's version to the table that models it.
func (t TreeVersion) Version() (Version, error) { return ParseVersion(t.String()) }
