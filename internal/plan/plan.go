// Package plan is the sizing engine: small rules that read the Board (and the
// decisions of earlier rules) and return lwIP option values, each with the
// reason it has that value. It then asks the lwip package to resolve the
// result the way the C preprocessor will, to check it against every rule
// lwIP's init.c enforces, and to predict its RAM to the byte.
package plan

import (
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// Setting is one #define of the generated lwipopts.h.
type Setting struct {
	Name    string `json:"name"`
	Expr    string `json:"expr"`    // C expression written into lwipopts.h
	Why     string `json:"why"`     // provenance: the rule, formula or override behind it
	Rule    string `json:"rule"`    // id of the rule that produced it, "override" for options {}
	Section string `json:"section"` // heading it is grouped under in lwipopts.h
}

// Check is one rule that was evaluated, with its outcome.
type Check struct {
	ID     string     `json:"id"`
	OK     bool       `json:"ok"`
	Detail string     `json:"detail"`
	Range  *hcl.Range `json:"-"` // the HCL attribute to blame, when one is to blame
}

// Warning is a cost the plan (or the pipeline) cannot avoid without the
// board changing: one line says what, the next why, the last how to fix it
// or accept it. ID is what a board's `accept` names (board.Warnings).
type Warning struct {
	ID        string     `json:"id"`
	Attribute string     `json:"attribute,omitempty"` // the board attribute it is about
	What      string     `json:"what"`
	Why       string     `json:"why"`
	Fix       string     `json:"fix,omitempty"`
	Accepted  bool       `json:"accepted"` // the board accepts it: not printed
	Range     *hcl.Range `json:"-"`
}

// Warn adds a warning about the board attribute at path (or the board when
// path is ""), accepted when the board accepts its id.
func (p *Plan) Warn(id, path, what, why, fix string) {
	p.Warnings = append(p.Warnings, newWarning(p.Board, id, path, what, why, fix))
}

func newWarning(b *board.Board, id, path, what, why, fix string) Warning {
	if !slices.Contains(board.WarningIDs(), id) {
		panic("plan: warning id " + id + " is not in board.Warnings") // a board could not accept it
	}
	r := b.DeclRange
	if path != "" {
		r = b.RangeOf(path)
	}
	return Warning{ID: id, Attribute: path, What: what, Why: why, Fix: fix, Accepted: b.Accepts(id), Range: &r}
}

// Driver is what the generated Ethernet glue needs from the plan.
type Driver struct {
	RxModel        RxModel `json:"rx_model"` // see driver_models.go
	RxDescriptors  int     `json:"rx_descriptors"`
	TxDescriptors  int     `json:"tx_descriptors"`
	RxBuffers      int     `json:"rx_buffers"`       // driver-owned RX buffers (custom pool or library arrays); 0 when RX uses PBUF_POOL
	RxBufferSize   int     `json:"rx_buffer_size"`   // bytes per RX buffer, a multiple of the cache line
	DescriptorSize int     `json:"descriptor_size"`  // bytes per DMA descriptor
	RxBudget       int     `json:"rx_budget"`        // frames handled per poll (NAPI-style budget)
	NagleOff       bool    `json:"nagle_off"`        // the glue disables Nagle on every new connection
	ChecksumHW     bool    `json:"checksum_offload"` // the MAC inserts and verifies checksums
	RxWindowFrames int     `json:"rx_window_frames"` // full frames the receive path can hold at once
	// RxReserve is how many RX buffers lwIP may never hold: the ones the DMA
	// ring needs armed (LWIPGEN_RX_RESERVE). 0 when the DMA has buffers of its
	// own (copy drivers, FIFO MACs), so lwIP holding its pool never stops the MAC.
	RxReserve    int    `json:"rx_reserve"`
	RxReserveWhy string `json:"rx_reserve_why,omitempty"`
	// RxLwIPShare is how many RX buffers lwIP may hold at once (received
	// windows and out-of-order segments), the pool minus the reserve.
	RxLwIPShare int `json:"rx_lwip_share"`
}

// Plan is the sizing engine's output.
type Plan struct {
	Board    *board.Board
	Version  lwip.Version
	Settings []Setting
	Config   *lwip.Config // every option resolved as the preprocessor will
	RAM      lwip.RAM     // predicted lwIP RAM (ram_heap, memp_memory_*_base, static)
	Driver   Driver
	Objects  []Object // memory objects the layout stage places
	Checks   []Check
	// Warnings are costs of the board's own pinned values that the plan works
	// around (e.g. a pinned RX pool that covers fewer recoveries); the build
	// goes on, the diagnostics name the attribute, unless the board accepts
	// the warning's id (board accept = [...]).
	Warnings []Warning `json:"-"`

	// From the board's flow (Hooks): the driver objects' input sections and
	// whether the firmware gets a protection map; the layout reads them.
	Inputs  map[string]Input `json:"-"`
	Protect bool             `json:"-"`
	// PortTimeval: lwipopts.h leaves struct timeval to the vendor's port (Hooks.PortTimeval).
	PortTimeval bool `json:"-"`
	hooks       Hooks
	fifoSnd     int64 // segments the FIFO send-side rule asked for (0: it did not apply); see fitFIFOSendBuffers
	lossSnd     int64 // segments minSendSegments raised the send buffer to for the declared loss (0: not above 4); see fitLossSendBuffers
}

// Object is a block of RAM that must be placed: an lwIP array or a driver DMA array.
type Object struct {
	Name      string    `json:"name"`      // stable id, e.g. "lwip_heap", "eth_rx_descriptors"
	Symbol    string    `json:"symbol"`    // C symbol that holds it
	Section   string    `json:"section"`   // input section the compiler emits it in
	Size      int64     `json:"size"`      // bytes
	Align     int64     `json:"align"`     // required alignment
	DMA       bool      `json:"dma"`       // the Ethernet DMA reads or writes it
	Coherency Coherency `json:"coherency"` // coherency.go
	Owner     string    `json:"owner"`     // lwip | driver
	Why       string    `json:"why"`
	// Address is non-zero for memory the C code reaches through a fixed
	// address (a user's LWIP_RAM_HEAP_POINTER): no symbol, so the linker must
	// reserve the range or it will place other data on top of it.
	Address uint64 `json:"address,omitempty"`
}

// Value returns the resolved integer value of an option (generated or lwIP default).
func (p *Plan) Value(name string) int64 {
	v, _ := p.Config.Int(name)
	return v
}

// Setting returns the generated setting with that name.
func (p *Plan) Setting(name string) (Setting, bool) {
	for _, s := range p.Settings {
		if s.Name == name {
			return s, true
		}
	}
	return Setting{}, false
}

// Provenance maps each generated option to its reason.
func (p *Plan) Provenance() map[string]string {
	m := map[string]string{}
	for _, s := range p.Settings {
		m[s.Name] = s.Why
	}
	return m
}

// Failed lists the checks that did not pass.
func (p *Plan) Failed() []Check {
	var f []Check
	for _, c := range p.Checks {
		if !c.OK {
			f = append(f, c)
		}
	}
	return f
}

// blamedOption is the line of the board's option a check's text names
// first (a failed lwIP #error quotes the options it tests), nil when it
// names none: the error then points at that option's own line, not at the
// board's first line (issue 29 item 12).
func (p *Plan) blamedOption(detail string) *hcl.Range {
	if p.Board == nil {
		return nil
	}
	if r := p.optionNamedIn(detail); r != nil {
		return r
	}
	// an option lwipgen derived from the board's (TCP_SND_QUEUELEN from
	// TCP_SND_BUF): the board option its reason names
	for _, st := range p.Settings {
		if st.Rule != "override" && wordIndex(detail, st.Name) >= 0 {
			if r := p.optionNamedIn(st.Why); r != nil {
				return r
			}
		}
	}
	return nil
}

// wordIndex is the offset of name in s as a whole identifier, -1 if none.
func wordIndex(s, name string) int {
	for off := 0; ; {
		j := strings.Index(s[off:], name)
		if j < 0 {
			return -1
		}
		j += off
		end := j + len(name)
		if (j == 0 || !isIdent(s[j-1])) && (end == len(s) || !isIdent(s[end])) {
			return j
		}
		off = end
	}
}

// optionNamedIn is the range of the board option text names first.
func (p *Plan) optionNamedIn(detail string) *hcl.Range {
	best, at := -1, len(detail)
	for i, o := range p.Board.Options {
		if j := wordIndex(detail, o.Name); j >= 0 && j < at {
			best, at = i, j
		}
	}
	if best < 0 {
		return nil
	}
	r := p.Board.Options[best].Range
	return &r
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// Diagnostics turns failed checks into HCL diagnostics on the attribute to blame.
func (p *Plan) Diagnostics() hcl.Diagnostics {
	var d hcl.Diagnostics
	for _, c := range p.Failed() {
		r := c.Range
		if r == nil {
			r = p.blamedOption(c.Detail)
		}
		if r == nil {
			rr := p.Board.DeclRange
			r = &rr
		}
		d = append(d, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Check " + c.ID + " failed", Detail: c.Detail, Subject: r})
	}
	for _, w := range p.Warnings {
		if w.Accepted {
			continue
		}
		detail := w.Why
		if w.Fix != "" {
			detail += "\n" + w.Fix
		}
		d = append(d, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: w.What, Detail: detail, Subject: w.Range, Extra: diag.WarningID(w.ID)})
	}
	return d
}

func sortChecks(c []Check) {
	sort.SliceStable(c, func(i, j int) bool { return c[i].ID < c[j].ID })
}
