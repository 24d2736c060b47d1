package project

import (
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A CDT configuration's settings as a tree of resource infos: the root
// <folderInfo resourcePath=""> with the tool chain and its tools, then
// <folderInfo resourcePath="dir"> and <fileInfo resourcePath="dir/f.c">
// overriding options for what is under them. An override stores the option
// under the id of the option it overrides (numeric instance suffixes
// appended), so options are matched by their definition id with those
// suffixes removed.

// toolKind is what a CDT tool does.
type toolKind int

const (
	kindOther toolKind = iota
	kindC
	kindCXX
	kindASM
	kindLinkC
	kindLinkCXX
)

// toolKindOf classifies a tool by its definition id (superClass).
func toolKindOf(id string) toolKind {
	l := strings.ToLower(id)
	cxx := strings.Contains(l, "cpp") || strings.Contains(l, "cxx") || strings.Contains(l, "g++")
	switch {
	case strings.Contains(l, "archiver"):
		return kindOther
	case strings.Contains(l, "linker"):
		if cxx {
			return kindLinkCXX
		}
		return kindLinkC
	case strings.Contains(l, "assembler"):
		return kindASM
	case strings.Contains(l, "compiler"):
		if cxx {
			return kindCXX
		}
		return kindC
	}
	return kindOther
}

// cdtOption is one stored option.
type cdtOption struct {
	Key      string   // its definition id, instance suffixes removed
	Type     string   // valueType
	Value    string   // value, or defaultValue when it has none
	HasValue bool     // a value (or defaultValue) is stored
	List     []string // listOptionValue values the user set (builtIn ones are the compiler's own)
	Line     int
}

var (
	instanceRe      = regexp.MustCompile(`(\.\d+)+$`)
	libraryArtefact = regexp.MustCompile(`buildArtefactType\.(staticLib|sharedLib)`)
)

// optionKey is an id without the instance numbers CDT appends
// ("...option.includepaths.632126595" -> "...option.includepaths").
func optionKey(id string) string { return instanceRe.ReplaceAllString(id, "") }

func readOption(n *xmlNode, src []byte) cdtOption {
	id := n.Attr["superClass"]
	if id == "" {
		id = n.Attr["id"]
	}
	o := cdtOption{Key: optionKey(id), Type: n.Attr["valueType"], Line: n.line(src)}
	if v, ok := n.Attr["value"]; ok {
		o.Value, o.HasValue = v, true
	} else if v, ok := n.Attr["defaultValue"]; ok {
		o.Value, o.HasValue = v, true
	}
	for _, l := range n.kids("listOptionValue") {
		if l.Attr["builtIn"] == "true" {
			continue
		}
		o.List = append(o.List, l.Attr["value"])
	}
	return o
}

// optSet is options by key, in the order they were first stored; a later
// store of a key replaces its value in place.
type optSet struct {
	order []string
	by    map[string]cdtOption
}

func (s *optSet) set(o cdtOption) {
	if s.by == nil {
		s.by = map[string]cdtOption{}
	}
	if _, ok := s.by[o.Key]; !ok {
		s.order = append(s.order, o.Key)
	}
	s.by[o.Key] = o
}

func (s *optSet) list() []cdtOption {
	out := make([]cdtOption, 0, len(s.order))
	for _, k := range s.order {
		out = append(out, s.by[k])
	}
	return out
}

func (s *optSet) merge(o *optSet) {
	for _, k := range o.order {
		s.set(o.by[k])
	}
}

func (s *optSet) clone() *optSet {
	c := &optSet{}
	c.merge(s)
	return c
}

// resInfo is a folderInfo or fileInfo: the tool-chain options and the tool
// options (by kind) it stores for the resources under Path.
type resInfo struct {
	Path  string // project-relative, slash; "" for the whole project
	File  bool
	Line  int
	Chain string // the tool chain's definition id (root folderInfo)
	TC    optSet
	Tools map[toolKind]*optSet
}

func readResInfo(n *xmlNode, src []byte) *resInfo {
	ri := &resInfo{
		Path:  strings.Trim(path.Clean("/"+strings.ReplaceAll(n.Attr["resourcePath"], `\`, "/")), "/"),
		File:  n.Name == "fileInfo",
		Line:  n.line(src),
		Tools: map[toolKind]*optSet{},
	}
	tools := n.kids("tool")
	if tc := n.kid("toolChain"); tc != nil {
		ri.Chain = optionKey(tc.Attr["superClass"])
		if ri.Chain == "" {
			ri.Chain = optionKey(tc.Attr["id"])
		}
		for _, o := range tc.kids("option") {
			ri.TC.set(readOption(o, src))
		}
		tools = append(tools, tc.kids("tool")...)
	}
	for _, t := range tools {
		id := t.Attr["superClass"]
		if id == "" {
			id = t.Attr["id"]
		}
		k := toolKindOf(id)
		if k == kindOther {
			continue
		}
		if ri.Tools[k] == nil {
			ri.Tools[k] = &optSet{}
		}
		for _, o := range t.kids("option") {
			ri.Tools[k].set(readOption(o, src))
		}
	}
	return ri
}

// cdtConfig is one build configuration of a .cproject.
type cdtConfig struct {
	ID, Name     string
	Line         int    // of its <configuration>
	ArtifactName string // as written (${ProjName} by default)
	ArtifactExt  string
	Library      bool // builds a static or shared library
	Managed      bool // CDT generates the makefiles from these settings
	Infos        []*resInfo
	Entries      []srcEntry
	Chain        string
}

// srcEntry is one <sourceEntries> entry: a source folder of the project
// tree and what is excluded below it.
type srcEntry struct {
	Path string // project-relative, slash; "" for the whole project
	Ex   exclusion
	Raw  string
}

// readConfigs lists a .cproject's managed-build configurations in file
// order (the order CDT falls back to the first of).
func readConfigs(root *xmlNode, src []byte, projName string) []*cdtConfig {
	var out []*cdtConfig
	for _, sm := range root.kids("storageModule") {
		if sm.Attr["moduleId"] != "org.eclipse.cdt.core.settings" {
			continue
		}
		for _, cc := range sm.kids("cconfiguration") {
			var cfgNode *xmlNode
			name := ""
			for _, m := range cc.kids("storageModule") {
				switch m.Attr["moduleId"] {
				case "cdtBuildSystem":
					cfgNode = m.kid("configuration")
				case "org.eclipse.cdt.core.settings":
					name = m.Attr["name"]
				}
			}
			if cfgNode == nil {
				continue
			}
			if n := cfgNode.Attr["name"]; n != "" {
				name = n
			}
			c := &cdtConfig{
				ID: cc.Attr["id"], Name: name, Line: cfgNode.line(src),
				ArtifactName: cfgNode.Attr["artifactName"], ArtifactExt: cfgNode.Attr["artifactExtension"],
				Library: libraryArtefact.MatchString(cfgNode.Attr["buildArtefactType"] + " " + cfgNode.Attr["buildProperties"]),
				Managed: true,
			}
			for _, k := range cfgNode.Kids {
				switch k.Name {
				case "folderInfo", "fileInfo":
					ri := readResInfo(k, src)
					if ri.Path == "" && !ri.File && c.Chain == "" {
						c.Chain = ri.Chain
					}
					if tc := k.kid("toolChain"); tc != nil {
						if b := tc.kid("builder"); b != nil && b.Attr["managedBuildOn"] == "false" {
							c.Managed = false
						}
					}
					c.Infos = append(c.Infos, ri)
				case "sourceEntries":
					for _, e := range k.kids("entry") {
						if e.Attr["kind"] != "sourcePath" {
							continue
						}
						c.Entries = append(c.Entries, srcEntry{Path: entryPath(e.Attr["name"], projName), Ex: parseExclusion(e.Attr["excluding"]), Raw: e.Attr["excluding"]})
					}
				}
			}
			if len(c.Entries) == 0 {
				c.Entries = []srcEntry{{}} // CDT's default: the whole project is one source folder
			}
			sort.SliceStable(c.Infos, func(i, j int) bool { return infoDepth(c.Infos[i]) < infoDepth(c.Infos[j]) })
			out = append(out, c)
		}
	}
	return out
}

// infoDepth orders resource infos root first, folders by depth, files last.
func infoDepth(ri *resInfo) int {
	d := 0
	if ri.Path != "" {
		d = 1 + strings.Count(ri.Path, "/")
	}
	if ri.File {
		d += 1000
	}
	return d
}

// entryPath is a source entry's folder relative to the project: CDT writes
// it project-relative ("Core") or, rarely, as a workspace path
// ("/Project/src", "${ProjName}/src").
func entryPath(name, projName string) string {
	raw := strings.ReplaceAll(name, `\`, "/")
	n := strings.Trim(raw, "/")
	first, rest, _ := strings.Cut(n, "/")
	if first == "${ProjName}" || strings.HasPrefix(raw, "/") && projName != "" && first == projName {
		n = rest
	}
	return strings.Trim(path.Clean("/"+n), "/")
}

// under says whether rel is p or below it ("" is the whole project).
func under(rel, p string) bool {
	return p == "" || rel == p || strings.HasPrefix(rel, p+"/")
}

// scope is the resource infos that apply to rel, root first.
func (c *cdtConfig) scope(rel string) []*resInfo {
	var out []*resInfo
	for _, ri := range c.Infos {
		if ri.File && ri.Path == rel || !ri.File && under(rel, ri.Path) {
			out = append(out, ri)
		}
	}
	return out
}

// entryFor is the most specific source entry containing rel.
func (c *cdtConfig) entryFor(rel string) *srcEntry {
	var best *srcEntry
	for i := range c.Entries {
		e := &c.Entries[i]
		if under(rel, e.Path) && (best == nil || len(e.Path) > len(best.Path)) {
			best = e
		}
	}
	return best
}

// included says whether the IDE builds the resource rel (a file).
func (c *cdtConfig) included(rel string) bool {
	e := c.entryFor(rel)
	if e == nil {
		return false
	}
	return !e.Ex.excludes(strings.TrimPrefix(strings.TrimPrefix(rel, e.Path), "/"))
}

// mayContain says whether the folder rel can hold a file the IDE builds,
// so a walk need not go into a folder every entry excludes.
func (c *cdtConfig) mayContain(rel string) bool {
	for i := range c.Entries {
		e := &c.Entries[i]
		if strings.HasPrefix(e.Path, rel+"/") || rel == "" {
			return true
		}
		if under(rel, e.Path) && !e.Ex.excludes(strings.TrimPrefix(strings.TrimPrefix(rel, e.Path), "/")) {
			return true
		}
	}
	return false
}

// effective are the options that apply to a file rel compiled by a tool
// of kind k: the tool chain's, then the tool's, each overridden by deeper
// folders and the file's own info.
func (c *cdtConfig) effective(rel string, k toolKind) (tc, tool *optSet) {
	tc, tool = &optSet{}, &optSet{}
	for _, ri := range c.scope(rel) {
		tc.merge(&ri.TC)
		if t := ri.Tools[k]; t != nil {
			tool.merge(t)
		}
	}
	return tc, tool
}

// scopeKey names the set of infos that apply to rel, for caching.
func (c *cdtConfig) scopeKey(rel string) string {
	var b strings.Builder
	for _, ri := range c.scope(rel) {
		b.WriteString(strconv.Itoa(ri.Line))
		b.WriteByte(',')
	}
	return b.String()
}
