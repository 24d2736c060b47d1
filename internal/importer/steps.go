package importer

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// importedOptions reads the input's lwIP options: set holds those carried
// over (RTOS thread options translated), why where each comes from; the rest
// are noted in res. Options whose value names the project's own code are
// dropped from set (see dropHooks) and inCfg is the effective configuration.
func importedOptions(in *input, proj *projectFiles, v lwip.Version, verText string, res *Result) (set, why map[string]string, inCfg *lwip.Config, err error) {
	set, why = map[string]string{}, map[string]string{}
	var names []string
	for n := range in.defs {
		names = append(names, n)
	}
	sort.Strings(names)
	var onScale []string // thread priorities written relative to configMAX_PRIORITIES
	for _, n := range names {
		val := in.defs[n]
		switch {
		case n == "LWIP_RAM_HEAP_POINTER":
			in.heapPointer = val
			res.Notes = append(res.Notes, fmt.Sprintf("LWIP_RAM_HEAP_POINTER = %s (%s) is not carried over: lwipgen places the heap (ram_heap) with its linker fragment and sizes the MPU region for it; memory.lwip_region says where", val, in.where[n]))
		case !lwip.Known(v, n):
			if !strings.HasSuffix(n, "_H") && !strings.HasSuffix(n, "_H_") && !strings.HasSuffix(n, "_H__") {
				res.Notes = append(res.Notes, fmt.Sprintf("%s = %s (%s) is not an lwIP %s option (a vendor or project macro): not carried over", n, val, in.where[n], verText))
			}
		default:
			t, w := threadOption(n, val, in.cmsis)
			if mp, ok := proj.maxPriorities(); ok && strings.HasSuffix(n, "_THREAD_PRIO") && identRe.MatchString(t) {
				// GD's demo: TCPIP_THREAD_PRIO (configMAX_PRIORITIES - 2), a number on the kernel's scale
				if e := configMaxPrioRe.ReplaceAllString(t, "("+strconv.FormatInt(mp.n, 10)+")"); e != t {
					t, w = e, fmt.Sprintf("%s with configMAX_PRIORITIES %d (%s)", strings.TrimSpace(val), mp.n, mp.from)
					onScale = append(onScale, n)
				}
			}
			set[n] = t
			res.Input[n] = val
			why[n] = "from " + in.where[n]
			if w != "" {
				why[n] += ": " + w
			}
		}
	}
	if inCfg, err = lwip.Resolve(v, set); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %v", in.name, err)
	}
	for _, n := range onScale {
		if x, ok := inCfg.Int(n); ok {
			set[n] = strconv.FormatInt(x, 10) // pinned as the number the kernel gets
		}
	}
	if dropHooks(in, set, why, inCfg, res) {
		if inCfg, err = lwip.Resolve(v, set); err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %v", in.name, err)
		}
	}
	return set, why, inCfg, nil
}

// dropHooks removes from set the options whose value names the project's own
// code (CubeMX's `#define LOCK_TCPIP_CORE sys_lock_tcpip_core`): they are
// hooks, not values, and stay in the project's lwipopts.h, which the vendored
// header keeps. It reports whether it removed any.
func dropHooks(in *input, set, why map[string]string, inCfg *lwip.Config, res *Result) bool {
	for n := range set {
		inCfg.Int(n)
	}
	unknown := map[string]bool{}
	for _, u := range inCfg.Unknown() {
		unknown[u] = true
	}
	hooks := false
	for _, n := range sortedKeys(set) {
		if strings.ContainsAny(set[n], "\"'{};\\") { // a string or code, not a value an options {} entry may hold
			res.Notes = append(res.Notes, fmt.Sprintf("%s = %s (%s) is not a number or expression: kept in the project's lwipopts.h (the vendored header keeps it), not pinned", n, in.defs[n], in.where[n]))
			delete(set, n)
			delete(res.Input, n)
			delete(why, n)
			hooks = true
			continue
		}
		for _, id := range identRe.FindAllString(set[n], -1) {
			if unknown[id] {
				res.Notes = append(res.Notes, fmt.Sprintf("%s = %s (%s) names the project's own code (%s): a hook, kept in the project's lwipopts.h (the vendored header keeps it), not pinned", n, in.defs[n], in.where[n], id))
				delete(set, n)
				delete(res.Input, n)
				delete(why, n)
				hooks = true
				break
			}
		}
	}
	return hooks
}

// decoder decodes and plans a written board file. measured is the project's
// own lwIP as the cross compiler sees it (nil: no project lwIP, or it
// measures equal to lwipgen's model): every plan is made at its sizes, as
// vendor and build --project will plan the board.
type decoder struct {
	outName  string
	chips    board.Chips
	options  board.OptionCatalog
	measured *lwip.Measured
}

func (d *decoder) decode(src []byte) (*board.Board, *plan.Plan, hcl.Diagnostics, error) {
	bd, diags := board.DecodeBoard(src, d.outName, d.chips, d.options)
	if diags.HasErrors() {
		return nil, nil, diags, nil
	}
	f, err := flow.Of(bd)
	if err != nil {
		return bd, nil, diags, err
	}
	h := f.Plan(bd)
	h.Measured = d.measured
	p, err := plan.Build(bd, h)
	return bd, p, diags, err
}

// measure compiles the project's own lwIP once, with its options pinned (the
// element sizes follow its feature switches, which every board keeps), and
// keeps the measurement in dec when it differs from lwipgen's model.
func measure(ib *imported, proj *projectFiles, set map[string]string, dec *decoder, res *Result) {
	pinned := map[string]string{}
	for n, e := range set {
		pinned[n] = e
	}
	bd, p, _, err := dec.decode(ib.hcl(pinned, nil))
	if err != nil || p == nil {
		return
	}
	m, merr := pipeline.ProjectLwIP(context.Background(), bd, p, proj.model)
	switch {
	case merr != nil:
		res.Notes = append(res.Notes, fmt.Sprintf("the project's lwIP was not measured (%s): the board is sized with lwipgen's model of stock lwIP %s", machineFree(merr.Error(), proj.dir), bd.LwIPVersion))
	case m != nil:
		diffs, derr := p.Config.Differences(m)
		switch {
		case derr != nil:
			res.Notes = append(res.Notes, fmt.Sprintf("the project's lwIP (%s) was measured, but: %s", m.Tree, machineFree(derr.Error(), proj.dir)))
		case len(diffs) > 0:
			dec.measured = m
			p.Config.Measured = m // this plan is not kept: set for what the pools grow by
			res.Measured = p.Config.Finding(m, diffs)
			res.Notes = append(res.Notes, "sized at the project's lwIP as the cross compiler measured it, as vendor will plan it: "+res.Measured)
		default:
			res.Measured = p.Config.Finding(m, nil)
		}
	}
}

// pinDefaults pins every option lwipgen sets that the input leaves at lwIP's
// default. A .ioc lists only what differs from CubeMX's own defaults, which
// are not lwIP's: there, the options it does not list are left to lwipgen.
func pinDefaults(ib *imported, set map[string]string, dec *decoder) map[string]string {
	opts := map[string]string{}
	for n, e := range set {
		opts[n] = e
	}
	for round := 0; round < 3 && !ib.in.isIOC; round++ {
		_, p, _, err := dec.decode(ib.hcl(opts, nil))
		if err != nil || p == nil {
			break
		}
		added := false
		for _, s := range p.Settings {
			if _, ok := opts[s.Name]; ok {
				continue
			}
			if e, ok := ib.inCfg.Expr(s.Name); ok {
				if n, ok := ib.inCfg.Int(s.Name); ok {
					e = strconv.FormatInt(n, 10)
				}
				opts[s.Name] = e
				added = true
			}
		}
		if !added {
			break
		}
	}
	return opts
}

// changes lists, sorted, what lwipgen's own plan p0 would change in the
// project's configuration, and why.
func changes(ib *imported, set map[string]string, p0 *plan.Plan) []string {
	var out []string
	for _, s := range p0.Settings {
		want, _ := p0.Config.Int(s.Name)
		have, ok := ib.inCfg.Int(s.Name)
		if ok && have == want {
			continue
		}
		if _, listed := set[s.Name]; ib.in.isIOC && !listed {
			continue
		}
		yours := fmt.Sprint(have)
		if !ok {
			yours, _ = ib.inCfg.Expr(s.Name)
		}
		if _, set := set[s.Name]; !set {
			yours += " (lwIP default)"
		}
		out = append(out, fmt.Sprintf("%s: %s -> %d: %s", s.Name, yours, want, s.Why))
	}
	for n := range set {
		if _, ok := p0.Setting(n); ok {
			continue
		}
		have, _ := ib.inCfg.Int(n)
		if def, ok := p0.Config.Int(n); ok && def != have {
			out = append(out, fmt.Sprintf("%s: %d -> %d: lwipgen leaves it at lwIP's default", n, have, def))
		}
	}
	sort.Strings(out)
	return out
}

// headerComments are the board file's top comments: the derived chip, the
// notes and lwipgen's changes.
func headerComments(res *Result, ownSizing bool) []string {
	var comments []string
	if res.ChipFile != "" {
		comments = append(comments, "", "The chip was derived ("+res.ChipFile+"); inferred:")
		for _, i := range res.Inferred {
			comments = append(comments, "  "+i)
		}
	}
	for _, n := range res.Notes {
		comments = append(comments, "Note: "+n)
	}
	if len(res.Changes) > 0 {
		comments = append(comments, "", fmt.Sprintf("Without the options {} block lwipgen would change %d value(s) for this board:", len(res.Changes)))
		for _, c := range res.Changes {
			comments = append(comments, "  "+c)
		}
		comments = append(comments, "Delete an option below to let lwipgen size it.")
	} else if ownSizing {
		comments = append(comments, "lwipgen's own sizing for this board gives the same values.")
	}
	return comments
}

// fit finds a board the project's own configuration carries: an lwipopts.h
// does not say how many connections send at once, and lwipgen's checks (heap
// for the send buffers, segments, pools) would refuse the board with the PCB
// count; nor does LWIP_RAM_HEAP_POINTER's memory always hold the pools and RX
// buffers too. It takes the first memory (the heap pointer's, then the
// DMA-reachable RAMs, largest first) and the most connections that plan and
// place; when nothing passes, the project's own values (the findings become
// warnings). It returns the options pinned.
func fit(ib *imported, proj *projectFiles, set, opts map[string]string, chip *board.Chip, comments []string, dec *decoder, res *Result) map[string]string {
	pcbs := ib.conns
	first := ib.region
	regions := append([]string{first.Value}, dmaRAMs(chip, first.Value)...)
	// the pins of lwIP defaults the project does not set go first when they fail lwipgen's checks
	// (TCP_OOSEQ_MAX_PBUFS 0 = unlimited can take the RX buffers the ring needs): lwipgen sizes those
	own := map[string]string{}
	for n, e := range opts {
		if _, ok := set[n]; ok {
			own[n] = e
		}
	}
	optSets := []map[string]string{opts}
	if proj != nil { // an lwipopts.h alone is reproduced exactly; a project is made to vendor
		optSets = append(optSets, own)
	}
	// The .ioc's ETH_RX_BUFFER_CNT sizes CubeMX's own RX pool, which lets lwIP hold every buffer;
	// lwipgen's driver keeps rx_descriptors of them armed (plan.rx_reserve_holds), so a pool no
	// larger than the ring (CubeMX lets both be 32, e.g. an F767 iperf project) leaves the
	// project's window no buffer at all. A project's driver is lwipgen's after vendoring: when
	// nothing fits with the .ioc's count, lwipgen sizes the pool.
	for _, pinned := range []bool{true, false} {
		if !pinned && (proj == nil || ib.in.rxBufs == 0) {
			continue
		}
		for _, o := range optSets {
			ib.rxBufsPinned = pinned
			if fitRegion(ib, o, regions, first, pcbs, comments, dec, res) {
				return o
			}
		}
	}
	ib.region, ib.conns, ib.rxBufsPinned = first, pcbs, true
	res.HCL = ib.hcl(optSets[0], comments)
	return optSets[0]
}

// fitRegion tries each region and, in it, the connection counts from pcbs
// down; on success ib and res.HCL hold the board that fits.
func fitRegion(ib *imported, opts map[string]string, regions []string, first decision[string], pcbs decision[int64], comments []string, dec *decoder, res *Result) bool {
	for _, r := range regions {
		ib.region.Value = r // "" first when no heap pointer says where: lwipgen chooses
		if r != first.Value {
			ib.region.Why = "the largest DMA-reachable RAM that holds the project's heap, pools and RX buffers together"
			if first.Value != "" {
				ib.region.Why = fmt.Sprintf("%s, but %s is too small for the heap, pools and RX buffers together: %s is the largest DMA-reachable RAM that holds them", first.Why, first.Value, r)
			}
		}
		for n := pcbs.Value; n >= 1; n-- {
			ib.conns = pcbs
			ib.conns.Value = n
			if n < pcbs.Value {
				ib.conns.Why = fmt.Sprintf("MEMP_NUM_TCP_PCB %d less one spare would be %d connections, but the project's buffers (MEM_SIZE, TCP_SND_BUF, MEMP_NUM_TCP_SEG) carry %d sending at once by lwipgen's checks", ib.val("MEMP_NUM_TCP_PCB", 5), pcbs.Value, n)
			}
			res.HCL = ib.hcl(opts, comments)
			if _, p, _, err := dec.decode(res.HCL); err == nil && p != nil && !p.Diagnostics().HasErrors() {
				if _, d := layout.Plan(p); !d.HasErrors() {
					return true
				}
			}
		}
	}
	return false
}
