package audit

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// The rules people get wrong in real lwipopts.h files. Each has its reason
// and a fix; each runs on the effective values (the compiler's when there is
// one), so a default the file does not set is what lwIP uses.

func (a *auditor) val(n string) int64 {
	v, _ := a.cfg.Int(n)
	return v
}

func (a *auditor) num(n string) (int64, bool) { return a.cfg.Int(n) }

// rule adds a finding located at the file's definition of the first option
// of opts it defines (else at the first one).
func (a *auditor) rule(src, sev, id string, opts []string, msg, fix string) {
	opt := opts[0]
	for _, o := range opts {
		if _, ok := a.lines[o]; ok && inAudited(a.files[o]) {
			opt = o
			break
		}
	}
	file, line := a.at(opt)
	a.add(a.judgeUnknown(Finding{File: file, Line: line, Severity: sev, ID: id, Option: opt, Message: msg, Fix: fix, Source: src}, opts))
}

func (a *auditor) set(n string) bool {
	_, ok := a.lines[n]
	return ok && inAudited(a.files[n])
}

func (a *auditor) ruleFindings(src string, compileErr map[string]bool) {
	a.timerRules(src)
	a.fragmentRules(src)
	if mss := a.val("TCP_MSS"); a.val("LWIP_TCP") != 0 && mss > 0 {
		a.tcpBufferRules(src, mss, a.val("LWIP_ETHERNET") != 0 || a.val("LWIP_ARP") != 0)
	}
	if a.val("NO_SYS") == 0 && a.val("SYS_LIGHTWEIGHT_PROT") == 0 {
		a.rule(src, SevError, "audit.lightweight_prot_rtos", []string{"SYS_LIGHTWEIGHT_PROT", "NO_SYS"},
			"SYS_LIGHTWEIGHT_PROT 0 with an RTOS (NO_SYS 0): memp and pbuf allocation are not protected, and the tcpip thread races the Ethernet RX task and every netconn/socket caller on the pools (corrupted free lists, rare hard faults)",
			"SYS_LIGHTWEIGHT_PROT 1 (the port's sys_arch_protect)")
	}
	a.timeoutRule(src)
	a.alignmentRule(src)
	a.debugRule(src)
}

// timerRules: the TCP timers lwIP derives from TCP_TMR_INTERVAL.
func (a *auditor) timerRules(src string) {
	// timers: lwIP derives both from TCP_TMR_INTERVAL (tcp_priv.h)
	if tmr := a.val("TCP_TMR_INTERVAL"); tmr > 0 {
		if a.set("TCP_FAST_INTERVAL") && a.val("TCP_FAST_INTERVAL") != tmr {
			a.rule(src, SevError, "audit.tcp_fast_interval", []string{"TCP_FAST_INTERVAL"},
				fmt.Sprintf("TCP_FAST_INTERVAL = %d but TCP_TMR_INTERVAL = %d: tcp_tmr() runs the fast timer every TCP_TMR_INTERVAL, so every delayed-ACK and refused-data timing is off", a.val("TCP_FAST_INTERVAL"), tmr),
				"remove TCP_FAST_INTERVAL (lwIP derives it)")
		}
		if a.set("TCP_SLOW_INTERVAL") && a.val("TCP_SLOW_INTERVAL") != 2*tmr {
			a.rule(src, SevError, "audit.tcp_slow_interval", []string{"TCP_SLOW_INTERVAL"},
				fmt.Sprintf("TCP_SLOW_INTERVAL = %d but tcp_tmr() runs the slow timer every 2*TCP_TMR_INTERVAL = %d: every TCP timeout (RTO, keepalive, TIME_WAIT) is off by that ratio", a.val("TCP_SLOW_INTERVAL"), 2*tmr),
				"remove TCP_SLOW_INTERVAL (lwIP derives it)")
		}
	}
}

// fragmentRules: IP fragments against the checksum engine and the pool.
func (a *auditor) fragmentRules(src string) {
	// IP fragments and the MAC's checksum engine
	if a.val("IP_FRAG") != 0 && a.val("LWIP_IPV4") != 0 {
		for _, n := range []string{"CHECKSUM_GEN_ICMP", "CHECKSUM_GEN_UDP"} {
			if v, ok := a.num(n); ok && v == 0 {
				// a warning: only packets above the MTU suffer (stock CubeMX F4/F7
				// files have it, and exit 0 is right for them)
				msg, fix := fragCsum(n, strings.TrimPrefix(n, "CHECKSUM_GEN_"), a.chip())
				a.rule(src, SevWarning, "audit.csum_offload_vs_frag", []string{n, "IP_FRAG"}, msg, fix)
				break
			}
		}
	}
	if a.val("IP_REASSEMBLY") != 0 && a.val("LWIP_IPV4") != 0 && a.val("PBUF_POOL_SIZE") > 0 && a.val("IP_REASS_MAX_PBUFS") >= a.val("PBUF_POOL_SIZE") {
		a.rule(src, SevWarning, "audit.reass_pool", []string{"IP_REASS_MAX_PBUFS", "PBUF_POOL_SIZE"},
			fmt.Sprintf("IP_REASS_MAX_PBUFS %d >= PBUF_POOL_SIZE %d: fragments waiting for reassembly can hold every pool pbuf, and then no frame at all can be received until the reassembly times out", a.val("IP_REASS_MAX_PBUFS"), a.val("PBUF_POOL_SIZE")),
			"keep IP_REASS_MAX_PBUFS well below PBUF_POOL_SIZE (or IP_REASSEMBLY 0)")
	}
}

// tcpBufferRules: pbufs, MSS, window and send buffer against one TCP
// connection's frames (eth: the netif is Ethernet).
func (a *auditor) tcpBufferRules(src string, mss int64, eth bool) {
	frame := mss + 40 + a.val("PBUF_LINK_HLEN") + a.val("PBUF_LINK_ENCAPSULATION_HLEN")
	if buf, ok := a.num("PBUF_POOL_BUFSIZE"); ok && buf < frame && a.val("PBUF_POOL_SIZE") > 0 {
		a.rule(src, SevWarning, "audit.pbuf_split", []string{"PBUF_POOL_BUFSIZE", "TCP_MSS"},
			fmt.Sprintf("PBUF_POOL_BUFSIZE %d < one full frame (TCP_MSS %d + 40 + link header %d = %d): every full-size frame needs a chain of pool pbufs (drivers that copy into one pbuf drop it)", buf, mss, frame-mss-40, frame),
			"use lwIP's default (LWIP_MEM_ALIGN_SIZE(TCP_MSS+40+PBUF_LINK_ENCAPSULATION_HLEN+PBUF_LINK_HLEN)) or at least 1524")
	}
	if buf := a.val("PBUF_POOL_BUFSIZE"); buf >= 2048 && a.val("PBUF_POOL_SIZE") > 0 {
		a.rule(src, SevWarning, "audit.pbuf_oversized", []string{"PBUF_POOL_BUFSIZE"},
			fmt.Sprintf("PBUF_POOL_BUFSIZE %d: one Ethernet frame needs %d; the rest of every pool buffer (%d B x %d) is never used", buf, frame, buf-frame, a.val("PBUF_POOL_SIZE")),
			"size pool buffers for one frame; jumbo frames need a MAC that supports them")
	}
	if eth && mss < 1460 {
		// also when left at lwIP's default of 536 (opt.h's RFC 879 minimum):
		// a 1500-byte Ethernet frame carries 1460
		what := fmt.Sprintf("TCP_MSS %d", mss)
		if !a.set("TCP_MSS") {
			what = fmt.Sprintf("TCP_MSS is left at lwIP's default %d", mss)
		}
		file, line := a.at("TCP_MSS") // the file's line, or none for lwIP's default
		a.add(a.judgeUnknown(Finding{File: file, Line: line, Severity: SevWarning, ID: "audit.tcp_mss_small", Option: "TCP_MSS", Source: src,
			Message: fmt.Sprintf("%s on Ethernet, where 1460 fits one 1500-byte frame: every segment carries %.0f%% of what a frame can, so the same data takes %.1fx the packets and ACKs, and the peer's window fills with small segments", what, 100*float64(mss)/1460, 1460/float64(mss)),
			Fix:     "#define TCP_MSS 1460 (1500 - 20 IP - 20 TCP), with TCP_WND and TCP_SND_BUF in multiples of it"}, []string{"TCP_MSS", "LWIP_ETHERNET", "LWIP_ARP"}))
	}
	if eth && mss > 1460 {
		a.rule(src, SevWarning, "audit.tcp_mss_above_mtu", []string{"TCP_MSS"},
			fmt.Sprintf("TCP_MSS %d exceeds the Ethernet MTU's 1460: segments above the MTU are fragmented by IP (or, with LWIP_CALCULATE_EFF_SEND_MSS, never reach that size and the buffers sized for it are wasted)", mss),
			"TCP_MSS 1460")
	}
	if wnd := a.val("TCP_WND"); wnd < 2*mss {
		a.rule(src, SevWarning, "audit.tcp_wnd_small", []string{"TCP_WND", "TCP_MSS"},
			fmt.Sprintf("TCP_WND %d < 2*TCP_MSS (%d): the peer can send one segment, then waits for lwIP's delayed ACK (up to TCP_FAST_INTERVAL); throughput collapses to about one segment per 250 ms on a fast link", wnd, 2*mss),
			"TCP_WND at least 4*TCP_MSS (and PBUF_POOL_SIZE to match)")
	}
	sb := a.val("TCP_SND_BUF")
	if ms := a.val("MEM_SIZE"); a.val("MEM_LIBC_MALLOC") == 0 && a.val("MEM_USE_POOLS") == 0 && sb > 0 && ms < sb+sb/4 {
		a.rule(src, SevWarning, "audit.mem_size_send", []string{"MEM_SIZE", "TCP_SND_BUF"},
			fmt.Sprintf("MEM_SIZE %d cannot hold one connection's send buffer (TCP_SND_BUF %d plus pbuf and segment headers): tcp_write with TCP_WRITE_FLAG_COPY (netconn/socket writes) stalls with ERR_MEM long before the window is used", ms, sb),
			fmt.Sprintf("MEM_SIZE at least %d per concurrently sending connection, plus what else allocates from the heap", sb+sb/4))
	}
	if sb > 0xFFFF && a.val("LWIP_WND_SCALE") == 0 {
		a.rule(src, SevError, "audit.tcp_snd_buf_u16", []string{"TCP_SND_BUF"},
			fmt.Sprintf("TCP_SND_BUF %d does not fit tcpwnd_size_t (u16_t) without LWIP_WND_SCALE: lwIP silently truncates it to %d", sb, sb&0xFFFF),
			"TCP_SND_BUF <= 65535, or LWIP_WND_SCALE 1 with TCP_RCV_SCALE")
	}
}

func (a *auditor) chip() *board.Chip {
	if a.o.Chip != nil {
		return a.o.Chip
	}
	if a.o.Board != nil {
		return a.o.Board.Chip
	}
	return nil
}

// appTimers are lwIP apps that keep a sys_timeout of their own while they run,
// recognised by their options in the file.
var appTimers = []struct{ prefix, app string }{
	{"MQTT_", "the MQTT client (keep-alive/request timer per client)"},
	{"SNTP_", "the SNTP client (poll/retry timer)"},
	{"LWIP_MDNS_RESPONDER", "the mDNS responder (probe/announce timers)"},
}

func (a *auditor) timeoutRule(src string) {
	if a.val("LWIP_TIMERS") == 0 {
		return
	}
	var apps, appOpts, notRun []string
	for _, at := range appTimers {
		for _, n := range a.tr.order {
			if strings.HasPrefix(n, at.prefix) && inAudited(a.files[n]) && (at.prefix != "LWIP_MDNS_RESPONDER" || a.val(n) != 0) {
				if a.o.Build != nil {
					// the project's build says whether the app runs: a leftover
					// SNTP_SET_SYSTEM_TIME in a project without SNTP code arms no timer
					run := appStarts[at.prefix]
					compiled, called := a.appEvidence(at.prefix)
					if !compiled || called == "" {
						why := fmt.Sprintf("the build does not compile %s", run.src)
						if compiled {
							why = fmt.Sprintf("the build compiles %s but nothing in the application calls %s()", run.src, run.start)
						}
						notRun = append(notRun, fmt.Sprintf("%s (set by %s; %s)", at.app, n, why))
						break
					}
				}
				apps, appOpts = append(apps, at.app), append(appOpts, n)
				break
			}
		}
	}
	if len(notRun) > 0 {
		a.rule(src, SevInfo, "audit.app_not_run", []string{"MEMP_NUM_SYS_TIMEOUT"},
			fmt.Sprintf("no timer counted for %s: the file configures the app, but %s", strings.Join(notRun, "; "), or(a.o.Build.From, "the project's build")), "")
	}
	internal, ok := a.num("LWIP_NUM_SYS_TIMEOUT_INTERNAL")
	if len(apps) == 0 || !ok {
		return
	}
	have := a.val("MEMP_NUM_SYS_TIMEOUT")
	// lwIP's own timers: LWIP_NUM_SYS_TIMEOUT_INTERNAL adds its switches as
	// numbers, so a switch set above 1 (arduino-pico's LWIP_ARP 7) counts
	// timers lwIP never starts: room the file made for its apps on purpose
	own, counted := a.ownTimeouts(internal)
	if need := own + int64(len(apps)); have < need {
		// an error only on the build's evidence that the apps run; from the
		// file's options alone (a leftover SNTP_SET_SYSTEM_TIME) a warning
		sev, evidence := SevWarning, " The file's options are the only sign that they run: audit with --project so the build's sources say whether it compiles and starts them."
		if a.o.Build != nil {
			sev, evidence = SevError, " The build compiles and starts them."
		}
		a.rule(src, sev, "audit.sys_timeout_apps", append([]string{"MEMP_NUM_SYS_TIMEOUT"}, appOpts...),
			fmt.Sprintf("MEMP_NUM_SYS_TIMEOUT %d leaves no room for the application's timers: lwIP itself needs %d (LWIP_NUM_SYS_TIMEOUT_INTERNAL) and %s each add one; sys_timeout() then fails (an assert, or silently no keep-alive/poll).%s", have, own, strings.Join(apps, " and "), evidence),
			fmt.Sprintf("#define MEMP_NUM_SYS_TIMEOUT (LWIP_NUM_SYS_TIMEOUT_INTERNAL + %d)", len(apps)))
	} else if len(counted) > 0 && have < internal+int64(len(apps)) {
		a.rule(src, SevInfo, "audit.switch_counts_timeouts", counted,
			fmt.Sprintf("%s is a switch lwIP tests only for non-zero, but LWIP_NUM_SYS_TIMEOUT_INTERNAL adds it as a number: its %d counts %d timeouts lwIP never starts, which is the room MEMP_NUM_SYS_TIMEOUT %d leaves for %s (lwIP itself needs %d)", counted[0], a.val(counted[0]), internal-own, have, strings.Join(apps, " and "), own),
			fmt.Sprintf("say what it is for: #define MEMP_NUM_SYS_TIMEOUT (LWIP_NUM_SYS_TIMEOUT_INTERNAL + %d) and %s 1", len(apps), counted[0]))
	}
}

// timeoutSwitches are the switches opt.h's LWIP_NUM_SYS_TIMEOUT_INTERNAL
// adds as numbers (times their weight), per line; the IPv6 ones are
// multiplied by LWIP_IPV6 and handled apart.
var timeoutSwitches = map[lwip.Version][]struct {
	name   string
	weight int64
}{
	lwip.V213: {{"LWIP_TCP", 1}, {"IP_REASSEMBLY", 1}, {"LWIP_ARP", 1}, {"LWIP_DHCP", 2}, {"LWIP_AUTOIP", 1}, {"LWIP_IGMP", 1}, {"LWIP_DNS", 1}},
	lwip.V22x: {{"LWIP_TCP", 1}, {"IP_REASSEMBLY", 1}, {"LWIP_ARP", 1}, {"LWIP_DHCP", 2}, {"LWIP_ACD", 1}, {"LWIP_IGMP", 1}, {"LWIP_DNS", 1}},
}

// ownTimeouts is the number of timers lwIP itself starts: internal (the
// compiler's LWIP_NUM_SYS_TIMEOUT_INTERNAL) less what switches set above 1
// add; counted names the file's switches that did so.
func (a *auditor) ownTimeouts(internal int64) (int64, []string) {
	line := a.v
	if line == lwip.V212 {
		line = lwip.V213
	}
	var extra int64
	var counted []string
	for _, t := range timeoutSwitches[line] {
		if v := a.val(t.name); v > 1 {
			extra += (v - 1) * t.weight
			if a.set(t.name) {
				counted = append(counted, t.name)
			}
		}
	}
	if own := internal - extra; extra > 0 && own > 0 {
		return own, counted
	}
	return internal, nil
}

func (a *auditor) cpu() string {
	if a.o.CPU != "" {
		return a.o.CPU
	}
	if a.o.Chip != nil {
		return a.o.Chip.Core.CPU
	}
	return ""
}

func (a *auditor) alignmentRule(src string) {
	cpu := a.cpu()
	al := a.val("MEM_ALIGNMENT")
	need := int64(4)
	if a.o.Chip != nil && a.o.Chip.Core.MemAlign > 0 {
		need = int64(a.o.Chip.Core.MemAlign)
	}
	if strings.HasPrefix(cpu, "cortex") && al < 4 {
		a.rule(src, SevError, "audit.mem_alignment", []string{"MEM_ALIGNMENT"},
			fmt.Sprintf("MEM_ALIGNMENT %d on %s: heap and pool elements are only %d-byte aligned, but the compiler uses word and double-word accesses (LDRD/LDM fault on unaligned addresses; Cortex-M0 faults on any)", al, cpu, al),
			"MEM_ALIGNMENT 4")
	} else if cpu != "" && al < need {
		a.rule(src, SevWarning, "audit.mem_alignment", []string{"MEM_ALIGNMENT"},
			fmt.Sprintf("MEM_ALIGNMENT %d is below the %d that %s's port uses", al, need, cpu), fmt.Sprintf("MEM_ALIGNMENT %d", need))
	}
}

func (a *auditor) debugRule(src string) {
	if _, on := a.tr.final["LWIP_DEBUG"]; on && a.set("LWIP_DEBUG") {
		a.rule(src, SevWarning, "audit.debug_on", []string{"LWIP_DEBUG"},
			"LWIP_DEBUG is defined: every LWIP_DEBUGF with an enabled *_DEBUG prints through LWIP_PLATFORM_DIAG (slow, and stack-hungry in the tcpip thread)",
			"leave LWIP_DEBUG undefined in production builds")
	}
	for _, n := range []string{"MEMP_OVERFLOW_CHECK", "MEM_OVERFLOW_CHECK", "MEMP_SANITY_CHECK", "MEM_SANITY_CHECK"} {
		if a.set(n) && a.val(n) != 0 {
			a.rule(src, SevWarning, "audit.overflow_check_on", []string{n},
				fmt.Sprintf("%s = %d: guard bytes on every element and a walk over pools on each free cost RAM and CPU time", n, a.val(n)),
				"a debugging aid: set it to 0 in production builds")
		}
	}
}

// checks maps lwIP's own rules (init.c #errors, header #errors, traps) over
// the effective values. When lwIP's sources were compiled, the compiler's
// verdict stands: an #error it did not raise is not reported.
func (a *auditor) checks(src string) []Finding {
	var fs []Finding
	for _, c := range lwip.Checks(a.cfg) {
		if c.OK || !c.Fatal {
			continue
		}
		refusal := strings.HasPrefix(c.ID, "lwip.init.") || strings.HasPrefix(c.ID, "lwip.header.") ||
			c.ID == "lwip.trap.wnd_scale_without_rcv_scale" || c.ID == "lwip.trap.nosys_sequential_api"
		switch {
		case c.ID == "lwip.trap.tcp_nodelay_defined", c.ID == "lwip.trap.dhcp_does_arp_check_renamed", c.ID == "lwip.trap.tcp_snd_buf_u16":
			continue // reported by the name and send-buffer rules
		case c.ID == "lwip.trap.nosys_sequential_api":
			continue // init.c's sequential_api_needs_os #error says the same
		case refusal && a.compiled:
			continue // the compiler said whether it refuses
		}
		file, line, opt := a.blame(c.Detail)
		msg := c.Detail
		if refusal {
			msg = "lwIP would refuse to compile: " + c.Detail
		}
		fs = append(fs, a.judgeUnknown(Finding{File: file, Line: line, Severity: SevError, ID: c.ID, Option: opt, Message: msg, Source: src}, a.optionsIn(c.Detail)))
	}
	return fs
}

// otherLine checks the file against the other lwIP line (2.1.x vs 2.2.x):
// what only that line refuses or ignores is a warning.
func (a *auditor) otherVersion() lwip.Version {
	if a.v == lwip.V22x {
		return lwip.V213
	}
	return lwip.V22x
}

func (a *auditor) otherLine() {
	other := a.otherVersion()
	set := map[string]string{}
	for n, d := range a.tr.final {
		if d.File == "<command-line>" {
			continue
		}
		if v, ok := a.values[n]; ok && d.Params == "" && isNumber(v) {
			set[n] = v
		} else {
			set[n+d.Params] = d.Value
		}
	}
	oc, err := resolveSet(other, set)
	if err != nil {
		return
	}
	mine := map[string]bool{}
	for _, c := range lwip.Checks(a.cfg) {
		if !c.OK && c.Fatal {
			mine[c.ID] = true
		}
	}
	for _, c := range lwip.Checks(oc) {
		if c.OK || !c.Fatal || mine[c.ID] || !(strings.HasPrefix(c.ID, "lwip.init.") || strings.HasPrefix(c.ID, "lwip.header.")) {
			continue
		}
		file, line, opt := a.blame(c.Detail)
		a.add(Finding{File: file, Line: line, Severity: SevWarning, ID: "other_line." + strings.TrimPrefix(c.ID, "lwip."), Option: opt, Source: "evaluator",
			Message: fmt.Sprintf("lwIP %s would refuse this file (checked by lwipgen's %s rules): %s", other, other, c.Detail),
			Fix:     "fix it now if the project may move to lwIP " + string(other)})
	}
	for _, n := range a.tr.order {
		d := a.tr.final[n]
		if !inAudited(d.File) {
			continue
		}
		if t, ok := lwip.MythFor(other, n); ok {
			if _, mine := lwip.MythFor(a.v, n); !mine {
				a.add(Finding{File: d.File, Line: d.Line, Severity: SevWarning, ID: "other_line.ignored", Option: n, Source: "evaluator",
					Message: fmt.Sprintf("on lwIP %s: %s", other, t)})
			}
		}
	}
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// cTypeNames may remain in an expanded option value (casts) without making
// it unresolved.
var cTypeNames = map[string]bool{"u8_t": true, "u16_t": true, "u32_t": true, "u64_t": true, "s8_t": true, "s16_t": true, "s32_t": true,
	"uint8_t": true, "uint16_t": true, "uint32_t": true, "uint64_t": true, "int8_t": true, "int16_t": true, "int32_t": true,
	"size_t": true, "mem_size_t": true, "unsigned": true, "signed": true, "int": true, "long": true, "short": true, "char": true,
	"sizeof": true, "struct": true, "const": true, "void": true, "mem_ptr_t": true, "UL": true, "U": true}

// unresolvedValues: an option whose value, after the real preprocessor
// expanded it, still names something neither lwIP nor the file defines
// (osPriorityHigh, configMAX_PRIORITIES, a board macro). lwIP fails to
// compile on it unless a header the port includes defines it; the values
// probe sees it without compiling.
func (a *auditor) unresolvedValues() {
	if a.values == nil {
		return
	}
	reported := map[string]bool{}
	for _, f := range a.fs {
		if f.ID == "audit.unresolved_identifier" {
			reported[f.Option] = true
		}
	}
	declared := a.declaredInFile()
	for _, n := range a.tr.order {
		d := a.tr.final[n]
		if !inAudited(d.File) || d.Params != "" || reported[n] || !a.known(n) {
			continue
		}
		v, ok := a.values[n]
		if !ok || isNumber(v) || strings.ContainsAny(v, "\"'{") {
			continue
		}
		var unk []string
		for _, id := range reIdent.FindAllString(v, -1) {
			if _, defined := a.tr.final[id]; !defined && !declared[id] && !cTypeNames[id] && !(id[0] >= '0' && id[0] <= '9') && !a.known(id) {
				unk = append(unk, id)
			}
		}
		if len(unk) == 0 {
			continue
		}
		a.add(Finding{File: d.File, Line: d.Line, Severity: SevWarning, ID: "audit.unresolved_identifier", Option: n, Source: "rule",
			Message: fmt.Sprintf("%s expands to %q: %s is defined neither by lwIP nor by this file, so lwIP compiles only where a header the port includes (RTOS, HAL, board) defines it", n, v, strings.Join(unk, ", ")),
			Fix:     "pass the project's include paths (-I, --project) so its value is checked"})
	}
}

// declaredInFile are the identifiers the audited file names in C code
// outside preprocessor lines: the prototypes and externs a lwipopts.h
// carries for the functions its macros call (CubeMX H7's
// `void sys_lock_tcpip_core(void);` under `#define LOCK_TCPIP_CORE
// sys_lock_tcpip_core`, in the ETH_CODE USER CODE block).
func (a *auditor) declaredInFile() map[string]bool {
	out := map[string]bool{}
	b, err := fsutil.ReadFile(a.o.File, fsutil.MaxInput)
	if err != nil {
		return out
	}
	lines := strings.Split(cheader.StripComments(string(b)), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			for strings.HasSuffix(strings.TrimRight(l, " \t\r"), "\\") && i+1 < len(lines) { // continued directive
				i++
				l = lines[i]
			}
			continue
		}
		for _, id := range reIdent.FindAllString(l, -1) {
			out[id] = true
		}
	}
	return out
}
