package lwip

import (
	"fmt"
	"strconv"
	"strings"
)

// Version selects which lwIP option table, defaults and init.c rules apply.
// Only two tables exist because opt.h/init.c are identical within each line
// (see lwip-options-and-ram.md §1a); 2.2.0 is modelled as 2.2.1, whose only
// additions are MEM_CUSTOM_ALLOCATOR/MEM_CUSTOM_* and LWIP_PBUF_CUSTOM_DATA_INIT.
type Version string

const (
	V213 Version = "2.1.3"
	V22x Version = "2.2.x"
)

// ParseVersion accepts "2.1.3", "2.1", "2.1.2", "2.2", "2.2.0", "2.2.1", an
// optional "v"/"lwip-" prefix and "STABLE-2_2_1_RELEASE"-style tags.
//
// 2.1.0 .. 2.1.2 map to the 2.1.3 table: RT-Thread ships lwIP 2.1.2, and the
// 2.1.x point releases only fixed bugs; opt.h gained no option names between
// them, so option names and defaults match.
func ParseVersion(s string) (Version, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.TrimPrefix(t, "lwip-")
	t = strings.TrimPrefix(t, "lwip")
	t = strings.TrimPrefix(t, "v")
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
	case nums[0] == 2 && nums[1] == 1:
		return V213, nil
	case nums[0] == 2 && nums[1] == 2:
		return V22x, nil
	}
	return "", fmt.Errorf("lwip: version %q is not supported (only 2.1.x and 2.2.x)", s)
}

// is22 reports whether v is the 2.2 line.
func (v Version) is22() bool { return v == V22x }
