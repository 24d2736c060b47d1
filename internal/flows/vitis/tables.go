package vitis

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/agext/levenshtein"
)

// The parameter tables are data, one file per library version, so that a new
// BSP release is a data change (data/lwipNNN.tsv, columns documented in the
// file header). They hold names, types, defaults and ranges only.
//
//go:embed data/*.tsv
var dataFS embed.FS

// Libraries are the BSP library versions lwipgen knows, oldest first.
var Libraries = []string{"lwip211", "lwip213", "lwip220"}

// Classic and SDT are the library versions lwipgen generates for: lwip213
// for the classic .mss/xsct flow (Vitis <= 2023.1), lwip220 for the SDT flow
// (Vitis Unified, bsp.yaml/CMake).
const (
	Classic = "lwip213"
	SDT     = "lwip220"
)

// lwipOf is the lwIP release inside each library.
var lwipOf = map[string]string{"lwip211": "2.1.1", "lwip213": "2.1.3", "lwip220": "2.2.0"}

// Param is one BSP library parameter.
type Param struct {
	Name    string   // classic .mld name
	SDT     string   // SDT CMake cache variable ("" when the SDT flow has none)
	Type    string   // int | bool | enum | label
	SDTType string   // bool | int | enum | string01 | ""
	Default string   // .mld default
	Enum    []string // allowed values of an enum
	Min     int64    // integer range (when HasRange)
	Max     int64
	// HasRange: Min..Max applies. Ranges (0, 1) are the .mld's; the others are
	// lwipgen's, from what lwIP and the adapter accept: pool counts are u16
	// (memp_desc.num), tcp_wnd/tcp_snd_buf <= 65535 because the BSP cannot
	// enable LWIP_WND_SCALE, TCP_MAXRTX <= 12 (init.c), descriptors <= 8192
	// (the adapter gives each ring 64 KB of 8-byte BDs), pbuf_pool_bufsize >=
	// 1536 (the GEM RX buffer size XEMACPS_RX_BUF_SIZE: one pool pbuf must hold
	// a whole frame), emac_number 0..1 (Zynq-7000 has GEM0 and GEM1).
	HasRange bool
	Fixed    bool   // permit = none: not settable
	LwIP     string // what the generator writes for it
	Desc     string
}

// Settable reports whether a user may set the parameter.
func (p Param) Settable() bool { return !p.Fixed && p.Type != "label" }

// Library is the parameter table of one BSP library version.
type Library struct {
	Name   string // lwip211 | lwip213 | lwip220
	LwIP   string // lwIP release inside ("2.1.3")
	Params []Param
	byName map[string]int
	bySDT  map[string]int
	hasSDT bool
	Ver    string // LIBRARY_VER this table is for ("" = the library's first release)
	added  [][]string
	mu     sync.Mutex
	atVer  map[string]*Library
}

var (
	libOnce sync.Once
	libs    map[string]*Library
	hints   map[string]string
	libErr  error
)

func loadLibraries() {
	libOnce.Do(func() {
		libs = map[string]*Library{}
		for _, name := range Libraries {
			l, err := parseLibrary(name)
			if err != nil {
				libErr = err
				return
			}
			libs[name] = l
		}
		rows, err := readTSV("data/hints.tsv", 2)
		if err != nil {
			libErr = err
			return
		}
		hints = map[string]string{}
		for _, r := range rows {
			hints[strings.ToLower(r[0])] = r[1]
		}
	})
}

// Lib returns the table of a library version ("lwip213").
func Lib(name string) (*Library, error) {
	loadLibraries()
	if libErr != nil {
		return nil, libErr
	}
	base, ver, pinned := strings.Cut(strings.ToLower(strings.TrimSpace(name)), "@")
	l, ok := libs[base]
	if !ok {
		return nil, fmt.Errorf("vitis: unknown BSP library %q (known: %s)", name, strings.Join(Libraries, ", "))
	}
	if !pinned {
		return l, nil
	}
	return l.at(ver)
}

// LibAt is the table of a library at one LIBRARY_VER ("lwip211", "1.8"):
// the base table plus the rows data/<lib>.added.tsv adds up to that
// version. ver "" is the base table (the oldest release's list).
func LibAt(lib, ver string) (*Library, error) {
	if ver == "" {
		return Lib(lib)
	}
	return Lib(lib + "@" + ver)
}

// MustLib is Lib for the built-in names.
func MustLib(name string) *Library {
	l, err := Lib(name)
	if err != nil {
		panic(err)
	}
	return l
}

func readTSV(path string, cols int) ([][]string, error) {
	b, err := dataFS.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out [][]string
	sc := bufio.NewScanner(bytes.NewReader(b))
	header := true
	line := 0
	for sc.Scan() {
		line++
		t := sc.Text()
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "#") {
			continue
		}
		f := strings.Split(t, "\t")
		if len(f) != cols {
			return nil, fmt.Errorf("vitis: %s:%d: %d columns, want %d", path, line, len(f), cols)
		}
		if header {
			header = false
			continue
		}
		out = append(out, f)
	}
	return out, sc.Err()
}

func parseLibrary(name string) (*Library, error) {
	rows, err := readTSV("data/"+name+".tsv", 9)
	if err != nil {
		return nil, err
	}
	l, err := buildLibrary(name, rows)
	if err != nil {
		return nil, err
	}
	if _, err := fs.Stat(dataFS, "data/"+name+".added.tsv"); err == nil {
		if l.added, err = readTSV("data/"+name+".added.tsv", 11); err != nil {
			return nil, err
		}
		for _, f := range l.added {
			if _, err := parseVer(f[0]); err != nil {
				return nil, fmt.Errorf("vitis: %s.added.tsv: %s: %v", name, f[2], err)
			}
		}
		if _, err := buildLibrary(name, append(append([][]string{}, rows...), tails(l.added)...)); err != nil {
			return nil, err // a row added twice, or a bad row
		}
	}
	return l, nil
}

func tails(rows [][]string) [][]string {
	var out [][]string
	for _, f := range rows {
		out = append(out, f[2:])
	}
	return out
}

// at builds (once) the table of LIBRARY_VER ver: the base rows plus every
// added row whose since is <= ver.
func (l *Library) at(ver string) (*Library, error) {
	want, err := parseVer(ver)
	if err != nil {
		return nil, fmt.Errorf("vitis: %s LIBRARY_VER %q: %v", l.Name, ver, err)
	}
	if len(l.added) == 0 {
		return l, nil // every release of this library has the same list
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if v, ok := l.atVer[ver]; ok {
		return v, nil
	}
	rows, _ := readTSV("data/"+l.Name+".tsv", 9) // parsed once already in parseLibrary
	for _, f := range l.added {
		if since, _ := parseVer(f[0]); !verLess(want, since) {
			rows = append(rows, f[2:])
		}
	}
	v, err := buildLibrary(l.Name, rows)
	if err != nil {
		return nil, err
	}
	v.Ver = ver
	if l.atVer == nil {
		l.atVer = map[string]*Library{}
	}
	l.atVer[ver] = v
	return v, nil
}

// parseVer reads an .mld OPTION VERSION ("1.8", "1.10") as numbers, so that
// 1.10 sorts after 1.9.
func parseVer(s string) ([]int, error) {
	var out []int
	for _, p := range strings.Split(s, ".") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("not a version like 1.8")
		}
		out = append(out, n)
	}
	return out, nil
}

func verLess(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

func buildLibrary(name string, rows [][]string) (*Library, error) {
	l := &Library{Name: name, LwIP: lwipOf[name], byName: map[string]int{}, bySDT: map[string]int{}}
	for _, f := range rows {
		p := Param{Name: f[0], Type: f[2], Default: f[4], Fixed: f[6] == "none", LwIP: dash(f[7]), Desc: f[8]}
		p.SDT, p.SDTType = dash(f[1]), dash(f[3])
		if p.Default == "-" {
			p.Default = ""
		}
		switch r := f[5]; {
		case r == "-":
		case strings.Contains(r, ".."):
			lo, hi, ok := strings.Cut(r, "..")
			a, err1 := strconv.ParseInt(lo, 10, 64)
			b, err2 := strconv.ParseInt(hi, 10, 64)
			if !ok || err1 != nil || err2 != nil || a > b {
				return nil, fmt.Errorf("vitis: %s.tsv: %s: bad range %q", name, p.Name, r)
			}
			p.Min, p.Max, p.HasRange = a, b, true
		default:
			p.Enum = strings.Split(r, "|")
		}
		switch p.Type {
		case "int", "bool", "enum", "label":
		default:
			return nil, fmt.Errorf("vitis: %s.tsv: %s: unknown type %q", name, p.Name, p.Type)
		}
		if _, dup := l.byName[strings.ToLower(p.Name)]; dup {
			return nil, fmt.Errorf("vitis: %s.tsv: %s listed twice", name, p.Name)
		}
		l.byName[strings.ToLower(p.Name)] = len(l.Params)
		if p.SDT != "" {
			l.bySDT[p.SDT] = len(l.Params)
			l.hasSDT = true
		}
		l.Params = append(l.Params, p)
	}
	return l, nil
}

func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

// HasSDT reports whether the library exists in the SDT (CMake) flow.
func (l *Library) HasSDT() bool { return l.hasSDT }

// Param looks a classic (.mss/xsct) name up. .mss parameter names are
// case-insensitive (old examples write N_TX_DESCRIPTORS).
func (l *Library) Param(name string) (Param, bool) {
	i, ok := l.byName[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Param{}, false
	}
	return l.Params[i], true
}

// ParamSDT looks an SDT CMake cache variable up. CMake names are
// case-sensitive.
func (l *Library) ParamSDT(name string) (Param, bool) {
	i, ok := l.bySDT[strings.TrimSpace(name)]
	if !ok {
		return Param{}, false
	}
	return l.Params[i], true
}

// UnknownError is returned for a name the library does not have.
type UnknownError struct {
	Library string
	Name    string
	SDT     bool
	Hint    string // what to do instead, when known
	Suggest string // nearest real name, when one is close
}

func (e *UnknownError) Error() string {
	flow := "classic (.mss/xsct)"
	if e.SDT {
		flow = "SDT (CMake/bsp.yaml)"
	}
	msg := fmt.Sprintf("vitis: %s has no %s parameter %q", e.Library, flow, e.Name)
	if e.SDT {
		msg += " (CMake would ignore this -D silently, so lwipgen refuses it)"
	}
	if e.Hint != "" {
		msg += ": " + e.Hint
	}
	if e.Suggest != "" {
		msg += "; did you mean " + e.Suggest + "?"
	}
	return msg
}

func (l *Library) unknown(name string, sdt bool) error {
	e := &UnknownError{Library: l.Name, Name: name, SDT: sdt}
	if l.Ver != "" {
		e.Library += " " + l.Ver // the parameter may exist in a later LIBRARY_VER
	}
	key := strings.ToLower(strings.TrimSpace(name))
	if h, ok := hints[key]; ok {
		e.Hint = h
	} else if _, rest, ok := strings.Cut(key, "_"); ok && strings.HasPrefix(key, "lwip2") {
		if h, ok := hints[rest]; ok {
			e.Hint = h
		}
	}
	best, bestD := "", 1<<30
	for _, p := range l.Params {
		cand := p.Name
		if sdt {
			cand = p.SDT
		}
		if cand == "" || !p.Settable() {
			continue
		}
		d := levenshtein.Distance(key, strings.ToLower(cand), nil)
		if d < bestD {
			best, bestD = cand, d
		}
	}
	if bestD <= 3 || (bestD <= 6 && len(key) > 14) {
		e.Suggest = best
	}
	return e
}

// Check validates a classic name and value: the name must exist and be
// settable in this library version, and the value must have its type
// (true/false for bool, one of the values for enum, a decimal integer in
// range for int).
func (l *Library) Check(name, value string) (Param, error) {
	p, ok := l.Param(name)
	if !ok {
		return Param{}, l.unknown(name, false)
	}
	return p, l.checkValue(p, p.Name, value)
}

// CheckSDT validates an SDT CMake name and value (booleans as ON/OFF or
// true/false, sgmii_fixed_link as 0/1).
func (l *Library) CheckSDT(name, value string) (Param, error) {
	p, ok := l.ParamSDT(name)
	if !ok {
		return Param{}, l.unknown(name, true)
	}
	v := value
	switch p.SDTType {
	case "bool":
		switch strings.ToUpper(value) {
		case "ON", "TRUE", "1", "YES":
			v = "true"
		case "OFF", "FALSE", "0", "NO":
			v = "false"
		}
	case "string01":
		switch value {
		case "1":
			v = "true"
		case "0":
			v = "false"
		default:
			return p, fmt.Errorf("vitis: %s %s = %q: must be 0 or 1", l.Name, name, value)
		}
	}
	return p, l.checkValue(p, name, v)
}

func (l *Library) checkValue(p Param, shown, value string) error {
	if !p.Settable() {
		return fmt.Errorf("vitis: %s parameter %s is fixed by the BSP (permit = none) and cannot be set", l.Name, shown)
	}
	switch p.Type {
	case "bool":
		if value != "true" && value != "false" {
			return fmt.Errorf("vitis: %s %s = %q: a bool is true or false", l.Name, shown, value)
		}
	case "enum":
		for _, e := range p.Enum {
			if value == e {
				return nil
			}
		}
		return fmt.Errorf("vitis: %s %s = %q: must be one of %s", l.Name, shown, value, strings.Join(p.Enum, ", "))
	case "int":
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return fmt.Errorf("vitis: %s %s = %q: not a decimal integer (the BSP writes the value into lwipopts.h as is)", l.Name, shown, value)
		}
		if p.HasRange && (n < p.Min || n > p.Max) {
			return fmt.Errorf("vitis: %s %s = %d: out of range %d..%d", l.Name, shown, n, p.Min, p.Max)
		}
	}
	return nil
}

// Defaults returns every settable parameter's default, by classic name.
func (l *Library) Defaults() map[string]string {
	m := map[string]string{}
	for _, p := range l.Params {
		if p.Type != "label" {
			m[p.Name] = p.Default
		}
	}
	return m
}

// Names returns the classic parameter names in table order.
func (l *Library) Names() []string {
	out := make([]string, 0, len(l.Params))
	for _, p := range l.Params {
		out = append(out, p.Name)
	}
	return out
}

// Mapping is one row of the classic <-> SDT name table.
type Mapping struct {
	Classic string
	SDT     string // "" when the SDT flow has no such variable
}

// NameMap returns the classic -> SDT name mapping of a library (the
// irregular one: temac_ infixes, dropped lwip_ prefixes, lwip220_udp_block_tx,
// unprefixed sgmii_fixed_link), sorted by classic name.
func (l *Library) NameMap() []Mapping {
	var out []Mapping
	for _, p := range l.Params {
		out = append(out, Mapping{Classic: p.Name, SDT: p.SDT})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Classic < out[j].Classic })
	return out
}
