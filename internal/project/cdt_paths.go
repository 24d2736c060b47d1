package project

import (
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// How an Eclipse project names files: the .project beside a .cproject
// (project name, natures, linked resources and path variables) and the
// variables CDT expands in option values. Eclipse's own rules, with the
// projects they were read from:
//   - CDT runs the compiler in the build folder <root>/<configuration>, so a
//     relative "../Core/Inc" is <root>/Core/Inc (stm32-hotspot/STM32H7-LwIP-
//     Examples@b4bcc6c STM32H743_Nucleo_ETH/.cproject);
//   - STM32CubeIDE and RT-Thread Studio write workspace paths quoted,
//     "${workspace_loc:/${ProjName}/X}" and "${workspace_loc://${ProjName}//X}"
//     (RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi@d46b6832
//     projects/industry_io_gateway/.cproject);
//   - GD32 Embedded Builder writes "${ProjDirPath}\dir" with a Windows
//     separator, and .project links files in from the folder above with
//     PARENT-1-PROJECT_LOC/... into virtual folders (MarsDawn/DawnBGC@f784430
//     GD32EBuilder_project/.project).

// eclipseProject is what lwipgen reads of a .project.
type eclipseProject struct {
	Name    string
	Comment string
	Natures []string
	Links   []eclipseLink
	Vars    map[string]string // <variableList>: name -> raw value
}

// eclipseLink is a linked resource: a file (type 1) or folder (type 2) of
// the project tree that lives elsewhere, or a virtual folder.
type eclipseLink struct {
	Name     string // resource path in the project tree (slash)
	Folder   bool
	Location string // as written (location or locationURI)
	Line     int
	Abs      string // resolved file-system path; "" for a virtual folder or an unresolvable one
	Virtual  bool
}

func parseEclipseProject(name string, src []byte) (*eclipseProject, error) {
	root, err := parseXML(name, src)
	if err != nil {
		return nil, err
	}
	p := &eclipseProject{Name: root.text("name"), Comment: root.text("comment"), Vars: map[string]string{}}
	if n := root.kid("natures"); n != nil {
		for _, k := range n.kids("nature") {
			p.Natures = append(p.Natures, strings.TrimSpace(k.Text))
		}
	}
	if lr := root.kid("linkedResources"); lr != nil {
		for _, l := range lr.kids("link") {
			loc := l.text("locationURI")
			if loc == "" {
				loc = l.text("location")
			}
			p.Links = append(p.Links, eclipseLink{
				Name:     strings.Trim(strings.TrimSpace(l.text("name")), "/"),
				Folder:   l.text("type") == "2",
				Location: loc,
				Line:     l.line(src),
			})
		}
	}
	if vl := root.kid("variableList"); vl != nil {
		for _, v := range vl.kids("variable") {
			p.Vars[v.text("name")] = v.text("value")
		}
	}
	return p, nil
}

// cdtPaths resolves the paths a .cproject and .project write.
type cdtPaths struct {
	root     string // the project directory, absolute
	name     string // ${ProjName}
	config   string // ${ConfigName}
	buildDir string // where the compiler runs
	vars     map[string]string
	links    []eclipseLink // resolved, longest name first
	unknown  map[string]bool
	foreign  map[string]bool // absolute paths of another machine (C:/...)
}

func newCDTPaths(root, name string, proj *eclipseProject) *cdtPaths {
	p := &cdtPaths{root: root, name: name, vars: map[string]string{}, unknown: map[string]bool{}, foreign: map[string]bool{}}
	if proj != nil {
		p.vars = proj.Vars
		for _, l := range proj.Links {
			l.Abs, l.Virtual = p.location(l.Location)
			p.links = append(p.links, l)
		}
	}
	sort.SliceStable(p.links, func(i, j int) bool { return len(p.links[i].Name) > len(p.links[j].Name) })
	return p
}

var (
	parentLocRe = regexp.MustCompile(`^PARENT-(\d+)-(PROJECT_LOC|WORKSPACE_LOC)$`)
	driveRe     = regexp.MustCompile(`^[A-Za-z]:/`)
)

// location resolves a .project location or locationURI: "virtual:/virtual",
// PROJECT_LOC/x, PARENT-n-PROJECT_LOC/x, WORKSPACE_LOC/x, a <variableList>
// variable, ${VAR}/x (as URIs escape it: $%7BVAR%7D/x), file:/ or plain
// absolute paths. It returns "" when the location cannot be resolved.
func (p *cdtPaths) location(loc string) (abs string, virtual bool) {
	if u, err := url.PathUnescape(loc); err == nil {
		loc = u
	}
	loc = strings.ReplaceAll(strings.TrimSpace(loc), `\`, "/")
	if strings.HasPrefix(loc, "virtual:") {
		return "", true
	}
	loc = strings.TrimPrefix(loc, "file:")
	for i := 0; i < 8 && strings.HasPrefix(loc, "${"); i++ {
		end := strings.IndexByte(loc, '}')
		if end < 0 {
			return "", false
		}
		loc = loc[2:end] + loc[end+1:]
	}
	head, rest, _ := strings.Cut(loc, "/")
	base, ok := p.variable(head, 0)
	if !ok {
		switch {
		case driveRe.MatchString(loc) || strings.HasPrefix(loc, "/") && driveRe.MatchString(loc[1:]):
			p.foreign[loc] = true
			return strings.TrimPrefix(loc, "/"), false
		case path.IsAbs(loc):
			return filepath.Clean(loc), false
		}
		return "", false
	}
	return filepath.Clean(filepath.Join(base, filepath.FromSlash(rest))), false
}

// variable is an Eclipse path variable's value (PROJECT_LOC,
// PARENT-n-PROJECT_LOC, WORKSPACE_LOC, or the project's own), as a
// directory; depth bounds a variable defined through another.
func (p *cdtPaths) variable(v string, depth int) (string, bool) {
	switch {
	case v == "PROJECT_LOC":
		return p.root, true
	case v == "WORKSPACE_LOC":
		return filepath.Dir(p.root), true
	}
	if m := parentLocRe.FindStringSubmatch(v); m != nil {
		n, _ := strconv.Atoi(m[1])
		d := p.root
		if m[2] == "WORKSPACE_LOC" {
			d = filepath.Dir(d)
		}
		for i := 0; i < n && i < 64; i++ {
			d = filepath.Dir(d)
		}
		return d, true
	}
	if raw, ok := p.vars[v]; ok && depth < 4 {
		if u, err := url.PathUnescape(raw); err == nil {
			raw = u
		}
		raw = strings.TrimPrefix(strings.TrimPrefix(raw, "${"), "$")
		raw = strings.ReplaceAll(raw, "}", "")
		head, rest, _ := strings.Cut(raw, "/")
		if base, ok := p.variable(head, depth+1); ok {
			return filepath.Join(base, filepath.FromSlash(rest)), true
		}
		if path.IsAbs(raw) {
			return filepath.Clean(raw), true
		}
	}
	return "", false
}

// resource is the file-system path of a path in the project tree
// (slash, relative to the project), through the linked resources; virtual
// is set for a path inside a virtual folder that no link maps.
func (p *cdtPaths) resource(rel string) (abs string, virtual bool) {
	rel = strings.Trim(path.Clean("/"+rel), "/")
	for _, l := range p.links {
		if rel == l.Name || strings.HasPrefix(rel, l.Name+"/") {
			if l.Virtual {
				if rel == l.Name {
					return "", true
				}
				continue // a link below the virtual folder, or nothing
			}
			if l.Abs == "" {
				return "", false
			}
			return filepath.Join(l.Abs, filepath.FromSlash(strings.TrimPrefix(rel[len(l.Name):], "/"))), false
		}
	}
	if rel == "" {
		return p.root, false
	}
	return filepath.Join(p.root, filepath.FromSlash(rel)), false
}

// unquote strips the quotes CDT's makefiles would have the shell strip:
// one pair of surrounding double or single quotes.
func unquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
		return v[1 : len(v)-1]
	}
	return v
}

// expand substitutes the build variables CDT knows in s, innermost first
// (${workspace_loc:/${ProjName}/X} needs ${ProjName} before workspace_loc).
// An unknown variable is left as written and remembered for a note.
func (p *cdtPaths) expand(s string) string {
	for i := 0; i < 16; i++ {
		open := strings.LastIndex(s, "${")
		if open < 0 {
			return s
		}
		end := strings.IndexByte(s[open:], '}')
		if end < 0 {
			return s
		}
		end += open
		name := s[open+2 : end]
		val, ok := p.value(name)
		if !ok {
			p.unknown[name] = true
			// keep it, but let the loop look at the variables before it
			return p.expand(s[:open]) + s[open:]
		}
		s = s[:open] + val + s[end+1:]
	}
	return s
}

// value is one CDT build variable.
func (p *cdtPaths) value(name string) (string, bool) {
	v, arg, hasArg := strings.Cut(name, ":")
	switch {
	case v == "ProjName":
		return p.name, true
	case v == "ConfigName":
		return p.config, true
	case v == "ProjDirPath":
		return filepath.ToSlash(p.root), true
	case v == "workspace_loc" && !hasArg:
		return filepath.ToSlash(filepath.Dir(p.root)), true
	case v == "workspace_loc":
		return filepath.ToSlash(p.workspacePath(arg)), true
	}
	if d, ok := p.variable(v, 0); ok {
		return filepath.ToSlash(d), true
	}
	return "", false
}

// workspacePath resolves ${workspace_loc:/Project/rest}: this project's
// own resources through its links, another workspace project as a folder
// beside this one (where Eclipse workspaces keep them).
func (p *cdtPaths) workspacePath(arg string) string {
	var segs []string
	for _, s := range strings.Split(strings.ReplaceAll(arg, `\`, "/"), "/") {
		if s != "" && s != "." {
			segs = append(segs, s)
		}
	}
	if len(segs) == 0 {
		return filepath.Dir(p.root)
	}
	if segs[0] == p.name {
		abs, _ := p.resource(strings.Join(segs[1:], "/"))
		if abs == "" {
			abs = filepath.Join(p.root, filepath.FromSlash(strings.Join(segs[1:], "/")))
		}
		return abs
	}
	return filepath.Join(filepath.Dir(p.root), filepath.FromSlash(strings.Join(segs, "/")))
}

// path resolves a path-valued option (include directory, forced include,
// linker script, library directory): quotes, variables, Windows
// separators, and a relative path against the build folder.
func (p *cdtPaths) path(v string) string {
	v = p.expand(unquote(v))
	v = strings.ReplaceAll(v, `\`, "/")
	if driveRe.MatchString(v) {
		p.foreign[v] = true
		return path.Clean(v)
	}
	if path.IsAbs(v) {
		return filepath.Clean(filepath.FromSlash(v))
	}
	return filepath.Clean(filepath.Join(p.buildDir, filepath.FromSlash(v)))
}

// exclusion is a source entry's excluding="a|b/|c*" list, in Eclipse's
// pattern grammar (JDT's, which CDT reuses): paths relative to the entry, *
// within a segment, ** across segments, ? one character, a trailing / for
// everything below. A resource is excluded when it or a folder above it
// matches. RT-Thread Studio writes the patterns with a leading "//".
type exclusion []*regexp.Regexp

func parseExclusion(list string) exclusion {
	var ex exclusion
	for _, pat := range strings.Split(list, "|") {
		pat = strings.TrimLeft(strings.TrimSpace(pat), "/")
		if pat == "" {
			continue
		}
		if strings.HasSuffix(pat, "/") {
			pat += "**"
		}
		var b strings.Builder
		b.WriteString("^")
		segs := strings.Split(pat, "/")
		for i, s := range segs {
			switch {
			case s == "**" && i == len(segs)-1:
				b.WriteString(".*")
			case s == "**":
				b.WriteString("(?:[^/]*/)*")
				continue
			default:
				for _, r := range s {
					switch r {
					case '*':
						b.WriteString("[^/]*")
					case '?':
						b.WriteString("[^/]")
					default:
						b.WriteString(regexp.QuoteMeta(string(r)))
					}
				}
			}
			if i < len(segs)-1 {
				b.WriteString("/")
			}
		}
		b.WriteString("$")
		if re, err := regexp.Compile(b.String()); err == nil {
			ex = append(ex, re)
		}
	}
	return ex
}

// excludes says whether rel (relative to the entry, slash) or a folder
// above it matches a pattern.
func (ex exclusion) excludes(rel string) bool {
	if len(ex) == 0 || rel == "" {
		return false
	}
	for p := rel; ; {
		for _, re := range ex {
			if re.MatchString(p) {
				return true
			}
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return false
		}
		p = p[:i]
	}
}
