package vitis

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Flag is an lwIP option the plan sizes that no BSP parameter expresses,
// carried into the BSP build as a compiler definition instead of being lost.
//
// Why a -D works: every option in lwIP's opt.h is `#if !defined X ...
// #define X default`, so a definition on the command line wins over the
// default. It must not be one the generated lwipopts.h defines itself: that
// #define would come after the command line's, gcc warns "X redefined" and
// the header's value is the one compiled (TestCarriedFlagsWin asks gcc).
//
// Where it goes: the classic flow's processor parameter extra_compiler_flags
// (cpu_cortexa9.mdd: "Extra compiler flags used in BSP and library
// generation"; lwip213/lwip220 src/Makefile compiles every lwIP and adapter
// file with $(EXTRA_COMPILER_FLAGS)), set with xsct `bsp config
// extra_compiler_flags`; the SDT flow's proc_extra_compiler_flags
// (lib/bsp/standalone/src/xilstandalone.cmake; the domain CMakeLists.txt that
// scripts/pyesw/create_bsp.py writes has ADD_DEFINITIONS(-c
// ${proc_extra_compiler_flags}) for every library), stored in bsp.yaml's
// proc_config. All in Xilinx/embeddedsw.
type Flag struct {
	Name  string `json:"name"`
	Value int64  `json:"value"`
	Why   string `json:"why"`
}

// Arg is the flag as the compiler takes it.
func (f Flag) Arg() string { return "-D" + f.Name + "=" + strconv.FormatInt(f.Value, 10) }

// Define is the flag as a compile definition (NAME=VALUE, no -D).
func (f Flag) Define() string { return f.Name + "=" + strconv.FormatInt(f.Value, 10) }

// FlagArgs joins the flags as one extra_compiler_flags fragment.
func FlagArgs(fs []Flag) string {
	var a []string
	for _, f := range fs {
		a = append(a, f.Arg())
	}
	return strings.Join(a, " ")
}

// toolchainExtraCFlags is the SDT Cortex-A9 default of proc_extra_compiler_flags
// (TOOLCHAIN_EXTRA_C_FLAGS in embeddedsw cmake/toolchainfiles/cortexa9_toolchain.cmake).
const toolchainExtraCFlags = " -O2 -g -Wall -Wextra -fno-tree-loop-distribute-patterns"

// classicExtraCFlags is the classic cpu_cortexa9 extra_compiler_flags default
// (cpu_cortexa9.mdd 2.x; Vitis 2020+ platform.tcl files record it with
// -fno-tree-loop-distribute-patterns appended).
const classicExtraCFlags = "-mcpu=cortex-a9 -mfpu=vfpv3 -mfloat-abi=hard -nostartfiles -g -Wall -Wextra -fno-tree-loop-distribute-patterns"

// carriedFlags returns the plan settings that the header h leaves to lwIP's
// defaults although the plan wants another value, and that no BSP parameter
// of lib controls: each becomes a -D of the BSP build. Options the header
// defines (a -D would be a redefinition the header wins), options a BSP
// parameter owns (the parameter is the way to change them, and lwipgen sets
// it) and options the generator hard-codes are never carried.
func carriedFlags(p *plan.Plan, h *Header) ([]Flag, error) {
	base, err := h.resolve(nil)
	if err != nil {
		return nil, err
	}
	defined := h.Defines()
	byParam := map[string]bool{}
	for _, prm := range MustLib(h.Library).Params {
		if prm.LwIP != "" {
			byParam[prm.LwIP] = true
		}
	}
	v, err := lwip.ParseVersion(MustLib(h.Library).LwIP)
	if err != nil {
		return nil, err
	}
	var out []Flag
	for _, s := range p.Settings {
		if _, ok := defined[s.Name]; ok || byParam[s.Name] || bspOwned[s.Name] != "" || !lwip.Known(v, s.Name) {
			continue
		}
		want := p.Value(s.Name)
		got, ok := base.Int(s.Name)
		if !ok || got == want {
			continue
		}
		out = append(out, Flag{Name: s.Name, Value: want, Why: fmt.Sprintf("plan %s = %d (%s); no %s parameter, and its generated lwipopts.h leaves lwIP's default %d", s.Name, want, s.Why, h.Library, got)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// flagSettings are the flags as Resolve settings.
func flagSettings(fs []Flag) map[string]string {
	m := map[string]string{}
	for _, f := range fs {
		m[f.Name] = strconv.FormatInt(f.Value, 10)
	}
	return m
}

// carriedChecks prove the flags of each header are safe and do what they
// are for: no flag names a macro the header defines (gcc would keep the
// header's value), and the BSP build's configuration (header + flags) keeps
// the plan's RX reserve: all out-of-order queues together stay inside the
// pool pbufs the GEM's RX ring does not hold armed (plan.rx_reserve_holds,
// recomputed with the BSP's pbuf_pool_size and n_rx_descriptors).
func carriedChecks(p *plan.Plan, b *BSP, r *Result) []plan.Check {
	var out []plan.Check
	keys := make([]string, 0, len(r.Headers))
	for k := range r.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		h := r.Headers[key]
		id := strings.ReplaceAll(key, "/", ".")
		defs := h.Defines()
		var clash, list []string
		for _, f := range h.Flags {
			if _, ok := defs[f.Name]; ok {
				clash = append(clash, f.Name)
			}
			list = append(list, f.Arg())
		}
		where := "the processor's extra_compiler_flags (vitis/bsp.tcl)"
		if h.Flow == "sdt" {
			where = "proc_extra_compiler_flags (vitis/bsp.yaml proc_config, vitis/empyro.py)"
		}
		out = append(out, plan.Check{ID: "vitis." + id + ".carried_flags", OK: len(clash) == 0, Detail: okOr(len(clash) == 0,
			fmt.Sprintf("options with no %s parameter go to %s: %s; none is defined by the generated lwipopts.h, so each wins over opt.h's #ifndef default", h.Library, where, strings.Join(orNoneS(list), " ")),
			fmt.Sprintf("%s defined by the generated lwipopts.h too: the header's value would be compiled", strings.Join(clash, ", ")))})
		if cfg := r.Configs[key]; cfg != nil {
			out = append(out, rxReserveCheck(p, b, cfg, "vitis."+id+".rx_reserve_holds"))
		}
	}
	return out
}

// rxReserveCheck is plan.rx_reserve_holds for the BSP build: with
// TCP_QUEUE_OOSEQ on, TCP_OOSEQ_MAX_PBUFS (0 = unlimited) must be set and
// leave the pbufs the RX ring needs armed (n_rx_descriptors of the BSP's
// pbuf_pool_size).
func rxReserveCheck(p *plan.Plan, b *BSP, cfg *lwip.Config, id string) plan.Check {
	if p.Driver.RxReserve <= 0 {
		return plan.Check{ID: id, OK: true, Detail: "the plan keeps no RX reserve"}
	}
	ooseq, _ := cfg.Int("TCP_QUEUE_OOSEQ")
	n, _ := cfg.Int("TCP_OOSEQ_MAX_PBUFS")
	pool, _ := cfg.Int("PBUF_POOL_SIZE")
	rx := b.Int("n_rx_descriptors")
	share := pool - rx
	ok := ooseq == 0 || (n > 0 && n <= share)
	return plan.Check{ID: id, OK: ok, Detail: fmt.Sprintf(
		"BSP build: TCP_OOSEQ_MAX_PBUFS %d (0 = unlimited) with TCP_QUEUE_OOSEQ %d; the out-of-order queue must fit the %d pool pbufs (PBUF_POOL_SIZE %d - %d RX BDs) lwIP may hold, or it takes those the GEM's RX ring needs armed",
		n, ooseq, share, pool, rx)}
}
