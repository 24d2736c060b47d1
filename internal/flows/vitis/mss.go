package vitis

import (
	"fmt"
	"strings"
)

// MSS is a parsed Microprocessor Software Specification (system.mss) or a
// fragment of one: BEGIN <KIND> ... END blocks of PARAMETER name = value.
type MSS struct {
	Version string // PARAMETER VERSION outside any block ("2.2.0"), if present
	Blocks  []MSSBlock
}

// MSSBlock is one BEGIN ... END block (OS, PROCESSOR, DRIVER, LIBRARY).
type MSSBlock struct {
	Kind   string // upper case: LIBRARY, OS, ...
	Line   int    // line of BEGIN
	Params []MSSParam
}

// MSSParam is one PARAMETER line. Names are compared case-insensitively,
// as the tools do.
type MSSParam struct {
	Name  string
	Value string // unquoted
	Line  int
}

// Get returns a parameter's value (case-insensitive name).
func (b *MSSBlock) Get(name string) (string, bool) {
	for _, p := range b.Params {
		if strings.EqualFold(p.Name, name) {
			return p.Value, true
		}
	}
	return "", false
}

// Library returns the LIBRARY block whose LIBRARY_NAME is name.
func (m *MSS) Library(name string) (*MSSBlock, bool) {
	for i := range m.Blocks {
		b := &m.Blocks[i]
		if v, ok := b.Get("LIBRARY_NAME"); b.Kind == "LIBRARY" && ok && strings.EqualFold(v, name) {
			return b, true
		}
	}
	return nil, false
}

// ParseMSS parses .mss text: '#' starts a comment, BEGIN/END delimit blocks
// (no nesting), PARAMETER lines are `PARAMETER name = value` with an
// optional double-quoted value. Errors name the line.
func ParseMSS(src []byte) (*MSS, error) {
	m := &MSS{}
	var cur *MSSBlock
	n := 0
	for _, line := range strings.Split(string(src), "\n") { // no line-length limit
		n++
		if i := strings.IndexByte(line, '#'); i >= 0 && !inQuotes(line, i) {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch strings.ToUpper(f[0]) {
		case "BEGIN":
			if cur != nil {
				return nil, fmt.Errorf("mss:%d: BEGIN inside the %s block opened at line %d (missing END)", n, cur.Kind, cur.Line)
			}
			if len(f) != 2 {
				return nil, fmt.Errorf("mss:%d: want BEGIN <OS|PROCESSOR|DRIVER|LIBRARY>", n)
			}
			cur = &MSSBlock{Kind: strings.ToUpper(f[1]), Line: n}
		case "END":
			if cur == nil {
				return nil, fmt.Errorf("mss:%d: END without BEGIN", n)
			}
			m.Blocks = append(m.Blocks, *cur)
			cur = nil
		case "PARAMETER":
			rest := strings.TrimSpace(line[strings.Index(strings.ToUpper(line), "PARAMETER")+len("PARAMETER"):])
			name, val, ok := strings.Cut(rest, "=")
			name, val = strings.TrimSpace(name), strings.TrimSpace(val)
			if !ok || name == "" || strings.ContainsAny(name, " \t") {
				return nil, fmt.Errorf("mss:%d: want PARAMETER name = value", n)
			}
			if strings.HasPrefix(val, "\"") {
				if len(val) < 2 || !strings.HasSuffix(val, "\"") {
					return nil, fmt.Errorf("mss:%d: unterminated string", n)
				}
				val = val[1 : len(val)-1]
			}
			if cur == nil {
				if strings.EqualFold(name, "VERSION") {
					m.Version = val
					continue
				}
				if strings.EqualFold(name, "NAME") {
					// older SDKs (2014: tmatsuya/xapp1026@aa8929c) write the
					// file's own path above VERSION: nothing to keep
					continue
				}
				return nil, fmt.Errorf("mss:%d: PARAMETER %s outside a BEGIN/END block", n, name)
			}
			cur.Params = append(cur.Params, MSSParam{Name: name, Value: val, Line: n})
		default:
			return nil, fmt.Errorf("mss:%d: unexpected %q (want BEGIN, END or PARAMETER)", n, f[0])
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("mss:%d: the BEGIN %s block opened here has no END (add END after its last PARAMETER)", cur.Line, cur.Kind)
	}
	return m, nil
}

func inQuotes(s string, i int) bool { return strings.Count(s[:i], "\"")%2 == 1 }

// blockKeys are the LIBRARY block's own keys, not library parameters.
var blockKeys = map[string]bool{"LIBRARY_NAME": true, "LIBRARY_VER": true, "PROC_INSTANCE": true}

// SettingsOf checks a LIBRARY block against its library's table (the name
// comes from LIBRARY_NAME) and returns its parameters under their canonical
// names. Unknown names and bad values are errors naming the line.
func SettingsOf(b *MSSBlock) (lib string, s []Setting, err error) {
	lib, ok := b.Get("LIBRARY_NAME")
	if !ok {
		return "", nil, fmt.Errorf("mss:%d: LIBRARY block without LIBRARY_NAME", b.Line)
	}
	ver, _ := b.Get("LIBRARY_VER") // the table of that release: lwip211 1.6 gained udp_tx_blocking, 1.8 socket_debug
	l, err := LibAt(lib, strings.TrimSpace(ver))
	if err != nil {
		return "", nil, fmt.Errorf("mss:%d: %v", b.Line, err)
	}
	seen := map[string]int{}
	for _, p := range b.Params {
		if blockKeys[strings.ToUpper(p.Name)] {
			continue
		}
		val := p.Value
		if q, ok := l.Param(p.Name); ok && q.Type == "bool" {
			val = strings.ToLower(val) // the tools accept TRUE/True too
		}
		prm, err := l.Check(p.Name, val)
		if err != nil {
			return "", nil, fmt.Errorf("mss:%d: %v", p.Line, err)
		}
		if first, dup := seen[prm.Name]; dup {
			return "", nil, fmt.Errorf("mss:%d: %s already set at line %d", p.Line, prm.Name, first)
		}
		seen[prm.Name] = p.Line
		s = append(s, Setting{Param: prm.Name, Value: val})
	}
	return l.Name, s, nil
}
