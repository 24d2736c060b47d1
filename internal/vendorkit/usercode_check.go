package vendorkit

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// ucMarkerRe is any CubeMX USER CODE marker.
var ucMarkerRe = regexp.MustCompile(`/\* USER CODE (BEGIN|END) ([^*]+?) \*/`)

// checkUserCode refuses a C file whose USER CODE markers lwipgen cannot
// read unambiguously - a BEGIN without its END, an END without its BEGIN,
// blocks crossed, a marker inside a string literal - naming file:line, so
// no user code is ever dropped by a block read to the wrong END.
func checkUserCode(rel string, text []byte) error {
	switch path.Ext(rel) {
	case ".c", ".h", ".cpp", ".hpp", ".cc":
	default:
		return nil
	}
	s := string(text)
	if !strings.Contains(s, "USER CODE") {
		return nil
	}
	open, openLine := "", 0
	for n, line := range strings.Split(s, "\n") {
		for _, m := range ucMarkerRe.FindAllStringSubmatchIndex(line, -1) {
			kind, name := line[m[2]:m[3]], line[m[4]:m[5]]
			if inString(line[:m[0]]) {
				return fmt.Errorf("%s:%d:%d: a USER CODE %s %s marker inside a string literal: lwipgen cannot tell where the block ends; move the text out of the string (e.g. split it: \"USER CODE \" \"END\")", rel, n+1, m[0]+1, kind, name)
			}
			switch {
			case kind == "BEGIN" && open != "":
				return fmt.Errorf("%s:%d: USER CODE BEGIN %s has no END %s before BEGIN %s at line %d: lwipgen would drop the code between them; add /* USER CODE END %s */", rel, openLine, open, open, name, n+1, open)
			case kind == "BEGIN":
				open, openLine = name, n+1
			case open == "":
				return fmt.Errorf("%s:%d: USER CODE END %s without its BEGIN: add /* USER CODE BEGIN %s */ where the block starts", rel, n+1, name, name)
			case name != open:
				return fmt.Errorf("%s:%d: USER CODE END %s closes BEGIN %s (line %d): the markers are crossed; fix them", rel, n+1, name, open, openLine)
			default:
				open = ""
			}
		}
	}
	if open != "" {
		return fmt.Errorf("%s:%d: USER CODE BEGIN %s has no END %s: lwipgen would not know where your code ends; add /* USER CODE END %s */", rel, openLine, open, open, open)
	}
	return nil
}

// inString reports whether the end of prefix (a line's start) lies inside a
// C string literal: an odd number of unescaped double quotes outside
// character literals and comments.
func inString(prefix string) bool {
	in := false
	for i := 0; i < len(prefix); i++ {
		switch c := prefix[i]; {
		case c == '\\' && in:
			i++
		case c == '"':
			in = !in
		case !in && c == '\'':
			if j := strings.IndexByte(prefix[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		case !in && c == '/' && i+1 < len(prefix) && prefix[i+1] == '/':
			return false
		}
	}
	return in
}
