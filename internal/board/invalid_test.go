package board_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

// baseBoard is a minimal valid board. Each invalid case fills its slots or
// replaces one value; the expected positions refer to these lines:
//
//	 1  board "b" {
//	 2    chip   = "stm32h743zi"
//	 3    vendor = "cubemx"
//	 4    rtos   = "none"
//	 5    ethernet {
//	 6      phy            = "LAN8742A"
//	 7      interface      = "rmii"
//	 8      speed_mbps     = 100
//	 9      rx_descriptors = 4
//	10      <eth>
//	11    }
//	12    workload {
//	13      profile = "balanced"
//	14      <wl>
//	15    }
//	16    <top>
//	17  }
//	18  <after>
//
// A slot given several lines pushes the lines after it down.
const baseBoard = `board "b" {
  chip   = "stm32h743zi"
  vendor = "cubemx"
  rtos   = "none"
  ethernet {
    phy            = "LAN8742A"
    interface      = "rmii"
    speed_mbps     = 100
    rx_descriptors = 4
    @ETH
  }
  workload {
    profile = "balanced"
    @WL
  }
  @TOP
}
@AFTER
`

type edit func(string) string

func slot(name, indent string, lines []string) edit {
	return func(s string) string { return strings.Replace(s, name, strings.Join(lines, "\n"+indent), 1) }
}

func eth(lines ...string) edit   { return slot("@ETH", "    ", lines) }
func wl(lines ...string) edit    { return slot("@WL", "    ", lines) }
func top(lines ...string) edit   { return slot("@TOP", "  ", lines) }
func after(lines ...string) edit { return slot("@AFTER", "", lines) }

// mem writes a memory { } block into the top slot: its first attribute is on line 17.
func mem(lines ...string) edit {
	all := []string{"memory {"}
	for _, l := range lines {
		all = append(all, "  "+l)
	}
	return top(append(all, "}")...)
}

// set replaces the one occurrence of old.
func set(old, new string) edit {
	return func(s string) string {
		if strings.Count(s, old) != 1 {
			panic("set: " + old + " does not occur exactly once")
		}
		return strings.Replace(s, old, new, 1)
	}
}

func src(edits ...edit) string {
	s := baseBoard
	for _, e := range edits {
		s = e(s)
	}
	for _, p := range []string{"@ETH", "@WL", "@TOP", "@AFTER"} {
		s = strings.Replace(s, p, "", 1)
	}
	return s
}

// invalidCases: each is a bad board file, the first error it must produce
// (summary and detail substrings, line:column of its subject) and how many
// errors the file produces in total.
var invalidCases = []struct {
	name    string
	src     string
	summary string
	detail  string
	at      string
	errs    int
}{
	// structure
	{"unknown top-level block", src(after("network {", "}")), "Unsupported block type", `Blocks of type "network" are not expected here`, "18:1", 1},
	{"unknown block in board", src(top("wifi {}")), "Unsupported block type", `Blocks of type "wifi" are not expected here`, "16:3", 1},
	{"unknown top-level attribute", src(after(`foo = 1`)), "Unsupported argument", `An argument named "foo" is not expected here`, "18:1", 1},
	{"unknown board attribute", src(top(`lwip_verison = "2.1.3"`)), "Unsupported argument", `Did you mean "lwip_version"?`, "16:3", 1},
	{"unknown ethernet attribute", src(eth("rx_bufers = 8")), "Unsupported argument", `An argument named "rx_bufers" is not expected here. Did you mean "rx_buffers"?`, "10:5", 1},
	{"unknown workload attribute", src(wl("tcp_connection = 2")), "Unsupported argument", `Did you mean "tcp_connections"?`, "14:5", 1},
	{"unknown memory attribute", src(mem(`lwip_regoin = "sram1"`)), "Unsupported argument", `Did you mean "lwip_region"?`, "17:5", 1},
	{"missing chip", src(set(`chip   = "stm32h743zi"`, "")), "Missing required argument", `The argument "chip" is required`, "1:11", 1},
	{"missing vendor", src(set(`vendor = "cubemx"`, "")), "Missing required argument", `The argument "vendor" is required`, "1:11", 1},
	{"missing rtos", src(set(`rtos   = "none"`, "")), "Missing required argument", `The argument "rtos" is required`, "1:11", 1},
	{"missing phy", src(set(`phy            = "LAN8742A"`, "")), "Missing required argument", `The argument "phy" is required`, "5:12", 1},
	{"missing interface", src(set(`interface      = "rmii"`, "")), "Missing required argument", `The argument "interface" is required`, "5:12", 1},
	{"missing speed_mbps", src(set("speed_mbps     = 100", "")), "Missing required argument", `The argument "speed_mbps" is required`, "5:12", 1},
	{"chip null through a local", src(set(`"stm32h743zi"`, `local.c`), after(`locals { c = null }`)), "Missing required argument", `The argument "chip" is required, but its value is null.`, "2:12", 1},
	{"phy null", src(set(`"LAN8742A"`, `null`)), "Missing required argument", `The argument "phy" is required`, "6:22", 1},
	{"missing profile", src(set(`profile = "balanced"`, "")), "Missing required argument", `The argument "profile" is required`, "12:12", 1},
	{"missing ethernet block", "board \"b\" {\n  chip   = \"stm32h743zi\"\n  vendor = \"cubemx\"\n  rtos   = \"none\"\n  workload { profile = \"balanced\" }\n}\n",
		"Missing ethernet block", `needs an ethernet { phy, interface, speed_mbps } block`, "1:1", 1},
	{"two boards", src(after(`board "c" {`, `  chip   = "stm32f407"`, `  vendor = "cubemx"`, `  rtos   = "none"`,
		`  ethernet {`, `    phy        = "DP83848"`, `    interface  = "rmii"`, `    speed_mbps = 100`, `  }`,
		`  workload { profile = "latency" }`, `}`)), "One board per file", "has 2", "18:1", 1},
	{"no board", "locals {\n  n = 1\n}\n", "One board per file", "has 0", "1:1", 1},
	{"syntax error", src(set("speed_mbps     = 100", "speed_mbps     = ")), "Invalid expression", "Expected the start of an expression", "8:22", 1},

	// wrong types
	{"string where number", src(set("speed_mbps     = 100", `speed_mbps     = "100"`)), "Wrong type", "ethernet.speed_mbps must be a number, not string", "8:22", 1},
	{"number where bool", src(wl("dhcp = 1")), "Wrong type", "workload.dhcp must be true or false, not number", "14:12", 1},
	{"list where string", src(set(`"LAN8742A"`, `["LAN8742A"]`)), "Wrong type", "ethernet.phy must be a string, not tuple", "6:22", 1},
	{"number where vendor string", src(set(`"cubemx"`, `5`)), "Wrong type", "vendor must be a string, not number", "3:12", 1},
	{"fraction where count", src(eth("tx_descriptors = 8.5")), "Not a whole number", "ethernet.tx_descriptors must be a whole number, got 8.5", "10:22", 1},

	// chip and memory references
	{"unknown chip near miss", src(set(`"stm32h743zi"`, `"stm32h743"`)), "Unknown chip", `There is no chip "stm32h743". Known chips: "gd32f407", "gd32f450", "gd32f470", "mps2-an500", "stm32f407", "stm32f429zi", "stm32f439zi", "stm32f746zg", "stm32f756zg", "stm32f767zi", "stm32f769ni", "stm32h723zg", "stm32h725ig", "stm32h735ig", "stm32h743zi", "stm32h747xi", "stm32h753zi", "xc7z035". Did you mean "stm32h743zi"?`, "2:12", 1},
	{"unknown chip far off", src(set(`"stm32h743zi"`, `"esp32"`)), "Unknown chip", `There is no chip "esp32".`, "2:12", 1},
	// did-you-mean offers only a memory that can hold lwIP: never the CPU-only DTCM, nor one smaller than the budget
	{"memory not in chip", src(mem(`lwip_region = "dtcmm"`)), "Unknown memory", `memory.lwip_region: chip stm32h743zi has no memory "dtcmm"; lwIP can use "axi_sram", "sram1", "sram2", "sram3", "sram4", "bkpsram"; not "itcm", "dtcm" (out of the Ethernet DMA's reach); not "flash" (not RAM).`, "17:19", 1},
	{"memory near one too small", src(mem(`lwip_region = "sram3x"`, `lwip_budget = "64KiB"`)), "Unknown memory", `lwIP can use "axi_sram", "sram1", "sram2", "sram4"; not "sram3", "bkpsram" (smaller than memory.lwip_budget); not "itcm", "dtcm" (out of the Ethernet DMA's reach); not "flash" (not RAM). Did you mean "sram1"?`, "17:19", 1},
	{"memory the DMA cannot reach, budget larger", src(mem(`lwip_region = "dtcm"`, `lwip_budget = "256KiB"`)), "Memory not reachable by the Ethernet DMA", `memory.lwip_region = "dtcm": the stm32h7-eqos Ethernet DMA of stm32h743zi cannot reach dtcm`, "17:19", 1},
	{"dma region not in chip", src(mem(`dma_region = "ccm"`)), "Unknown memory", `memory.dma_region: chip stm32h743zi has no memory "ccm"`, "17:18", 1},
	{"memory is flash", src(mem(`lwip_region = "flash"`)), "Not a RAM", `memory.lwip_region: "flash" is flash, not RAM`, "17:19", 1},
	{"interface not on chip", src(set(`"rmii"`, `"rgmii"`)), "Interface not available", `Chip "stm32h743zi" supports "mii", "rmii", not "rgmii".`, "7:22", 1},

	// ranges
	{"rx_descriptors 1", src(set("rx_descriptors = 4", "rx_descriptors = 1")), "Value out of range", "ethernet.rx_descriptors must be between 2 and 1024, got 1.", "9:22", 1},
	{"tcp_connections -1", src(wl("tcp_connections = -1")), "Value out of range", "workload.tcp_connections must be between 0 and 1024, got -1.", "14:23", 1},
	{"rtt_ms 0", src(wl("rtt_ms = 0")), "Value out of range", "workload.rtt_ms must be between 0.001 and 10000, got 0.", "14:14", 1},
	{"speed 25", src(set("speed_mbps     = 100", "speed_mbps     = 25")), "Invalid link speed", "ethernet.speed_mbps must be 10, 100 or 1000, got 25.", "8:22", 1},
	{"speed 10000", src(set("speed_mbps     = 100", "speed_mbps     = 10000")), "Value out of range", "ethernet.speed_mbps must be between 10 and 1000, got 10000.", "8:22", 1},
	{"speed above MAC limit", src(set(`"stm32h743zi"`, `"gd32f407"`), set(`"cubemx"`, `"gd32"`), set("speed_mbps     = 100", "speed_mbps     = 1000")),
		"Link speed above the MAC's limit", "ethernet.speed_mbps = 1000, but the gd32-enet MAC of gd32f407 is limited to 100 Mbps.", "8:22", 1},
	{"target above link speed", src(wl("target_mbps = 200")), "Target above the link speed", "workload.target_mbps = 200 cannot exceed the link speed ethernet.speed_mbps = 100", "14:19", 1},
	{"rx_buffers below rx_descriptors", src(eth("rx_buffers     = 2")), "Too few RX buffers", "ethernet.rx_buffers (2) must be at least rx_descriptors (4)", "10:22", 1},
	{"empty workload", src(wl("tcp_connections = 0", "tcp_listeners   = 0", "udp_endpoints   = 0")), "Empty workload", "nothing to size lwIP for", "12:3", 1},
	{"bad MAC address", src(eth(`mac_address    = "02:00:00:00:00"`)), "Invalid MAC address", `must look like "02:00:00:00:00:01", got "02:00:00:00:00".`, "10:22", 1},
	{"bad MAC hex digit", src(eth(`mac_address    = "02:00:00:00:00:0g"`)), "Invalid MAC address", `got "02:00:00:00:00:0g"`, "10:22", 1},
	{"checksum offload on a MAC without", src(set(`"stm32h743zi"`, `"mps2-an500"`), set(`"cubemx"`, `"standalone"`), set(`"rmii"`, `"internal"`), eth("checksum_offload = true")),
		"No checksum offload on this MAC", "The lan9118 MAC of mps2-an500 cannot compute checksums", "10:24", 1},

	// enums
	{"vendor typo", src(set(`"cubemx"`, `"cubmx"`)), "Invalid vendor", `vendor must be one of "cubemx", "gd32", "vitis", "standalone", "rtthread", got "cubmx". Did you mean "cubemx"?`, "3:12", 1},
	{"rtos typo", src(set(`"none"`, `"freerots"`)), "Invalid rtos", `got "freerots". Did you mean "freertos"?`, "4:12", 1},
	{"profile typo", src(set(`"balanced"`, `"throughtput"`)), "Invalid workload.profile", `got "throughtput". Did you mean "throughput"?`, "13:15", 1},
	{"interface typo", src(set(`"rmii"`, `"rmi"`)), "Invalid ethernet.interface", `got "rmi". Did you mean "rmii"?`, "7:22", 1},
	{"lwip_version unsupported", src(top(`lwip_version = "2.0.3"`)), "Unsupported lwIP version", `lwip_version must be one of "2.1.2", "2.1.3", "2.2.0", "2.2.1" for rtos = "none", got "2.0.3". Did you mean "2.1.3"?`, "16:18", 1},
	{"lwip_version unknown", src(top(`lwip_version = "1.4.1"`)), "Unsupported lwIP version", `got "1.4.1".`, "16:18", 1},
	{"vendor flow not for chip", src(set(`"cubemx"`, `"vitis"`)), "Vendor flow not available for this chip", `vendor = "vitis" does not apply to chip "stm32h743zi"; it supports "cubemx", "standalone", "rtthread".`, "3:12", 1},
	{"rtthread rtos without rtthread vendor", src(set(`"none"`, `"rtthread"`)), `rtos = "rtthread" needs vendor = "rtthread"`, `set vendor = "rtthread"`, "4:12", 1},
	{"rtthread vendor without rtthread rtos", src(set(`"cubemx"`, `"rtthread"`)), `RT-Thread BSP needs rtos = "rtthread"`, `set rtos = "rtthread"`, "4:12", 1},

	// memory budget and sizes
	{"budget larger than region", src(mem(`lwip_region = "sram1"`, `lwip_budget = "200KiB"`)), "Budget larger than the region", "memory.lwip_budget = 200KiB exceeds sram1, which is 128KiB.", "18:19", 1},
	{"budget too small", src(mem(`lwip_budget = 1024`)), "Budget too small", "memory.lwip_budget = 1024 bytes", "17:19", 1},
	{"size with unknown unit", src(mem(`lwip_budget = "12QB"`)), "Invalid size", `memory.lwip_budget: "12QB" has an unknown unit "QB"`, "17:19", 1},
	{"negative size", src(mem(`lwip_budget = -4096`)), "Invalid size", "memory.lwip_budget must be a non-negative whole number of bytes, got -4096.", "17:19", 1},
	{"size of wrong type", src(mem(`lwip_budget = true`)), "Wrong type", `memory.lwip_budget must be a number or a string such as "160KiB"`, "17:19", 1},

	// board-local chips
	{"chip base unknown", src(after(`chip "x" { base = "nosuch" }`)), "Unknown chip", `There is no chip "nosuch" to base "x" on.`, "18:19", 2},
	{"chip base near miss", src(after(`chip "x" { base = "stm32h743" }`)), "Unknown chip", `Did you mean "stm32h743zi"?`, "18:19", 2},
	{"chip override adds overlapping memory", src(set(`"stm32h743zi"`, `"my"`), after(`chip "my" {`, `  base = "stm32h743zi"`, `  memory "extra" {`, `    base = "0x20010000"`, `    size = "64KiB"`, `  }`, `}`)),
		"Overlapping memories", `Memory "extra" [0x20010000, 0x20020000) overlaps "dtcm" [0x20000000, 0x20020000).`, "20:3", 1},
	{"chip override grows a memory into the next", src(set(`"stm32h743zi"`, `"my"`), after(`chip "my" {`, `  base = "stm32h743zi"`, `  memory "sram1" { size = "256KiB" }`, `}`)),
		"Overlapping memories", `Memory "sram1" [0x30000000, 0x30040000) overlaps "sram2" [0x30020000, 0x30040000).`, "20:3", 1},
	{"chip override new memory without base", src(after(`chip "my" {`, `  base = "stm32h743zi"`, `  memory "x" { size = "4KiB" }`, `}`)), "Incomplete memory", `A new memory "x" needs both base and size.`, "20:3", 2},
	{"chip override bad memory kind", src(after(`chip "my" {`, `  base = "stm32h743zi"`, `  memory "sram4" { kind = "rom" }`, `}`)), "Invalid memory kind", `kind must be one of "ram", "flash", got "rom". Did you mean "ram"?`, "20:27", 1},
	{"remove unknown memory", src(after(`chip "my" {`, `  base            = "stm32h743zi"`, `  remove_memories = ["sram5"]`, `}`)), "Unknown memory", `remove_memories: chip my has no memory "sram5"`, "20:21", 1},
	{"remove without base", src(after(`chip "my" {`, `  core { cpu = "cortex-m7" }`, `  remove_memories = ["sram4"]`, `}`)), "Nothing to remove", `remove_memories needs base`, "20:21", 1},
	{"remove and declare", src(after(`chip "my" {`, `  base            = "stm32h743zi"`, `  remove_memories = ["sram4"]`, `  memory "sram4" { size = "32KiB" }`, `}`)), "Memory removed and declared", `Memory "sram4" is in remove_memories and declared again here`, "21:3", 1},
	{"remove the lwip region", src(set(`"stm32h743zi"`, `"my"`), top(`memory { lwip_region = "sram1" }`), after(`chip "my" {`, `  base            = "stm32h743zi"`, `  remove_memories = ["sram1"]`, `}`)), "Unknown memory", `memory.lwip_region: chip my has no memory "sram1"`, "16:26", 1},
	{"chip override memory clock without bit", src(after(`chip "my" {`, `  base = "stm32h743zi"`, `  memory "sram4" { clock_register = "0x580244E0" }`, `}`)), "Incomplete memory clock", `Memory "sram4": clock_register and clock_bit go together`, "20:3", 1},
	{"chip override memory clock bit out of range", src(after(`chip "my" {`, `  base = "stm32h743zi"`, `  memory "sram4" {`, `    clock_register = "0x580244E0"`, `    clock_bit = 32`, `  }`, `}`)), "Value out of range", "memory clock_bit must be between 0 and 31, got 32.", "22:17", 1},
	{"chip override zero size", src(after(`chip "my" {`, `  base = "stm32h743zi"`, `  memory "sram4" { size = 0 }`, `}`)), "Invalid memory size", `Memory "sram4" must have a non-zero size.`, "20:27", 1},
	{"chip override unknown flow", src(after(`chip "my" {`, `  base  = "stm32h743zi"`, `  flows = ["cubmx"]`, `}`)), "Unknown vendor flow", `flows: "cubmx" is not one of`, "20:11", 1},

	// locals
	{"duplicate local", src(after("locals { n = 1 }", "locals { n = 2 }")), "Duplicate local", "local.n is already defined at test.hcl:18,10-11.", "19:10", 1},
	{"cyclic locals", src(after("locals {", "  a = local.b", "  b = local.a", "}")), "Cyclic local", "local.a depends on itself through other locals.", "19:3", 2},
	{"self-referencing local", src(after("locals { a = local.a + 1 }")), "Cyclic local", "local.a depends on itself", "18:10", 1},
	{"undefined local", src(set(`"none"`, `local.rtos`)), "Unsupported attribute", `This object does not have an attribute named "rtos".`, "4:17", 1},

	// options
	{"non-integer option", src(top(`options { TCP_MSS = 1460.5 }`)), "Not an integer", "TCP_MSS = 1460.5 is neither.", "16:23", 1},
	{"option of wrong type", src(top(`options { TCP_WND = [1] }`)), "Wrong type", "TCP_WND must be a number, true/false or a C expression string, not tuple.", "16:23", 1},
	{"option multi-line string", src(top(`options { MEM_SIZE = "1 \\\n 2" }`)), "Invalid option value", "MEM_SIZE must be an integer or a one-line C expression.", "16:24", 1},
	// accept names warning ids lwipgen gives, each checked where it stands (issue 31, item 2)
	{"accept unknown id", src(top(`accept = ["sizing.rx_buffer_pinned"]`)), "Unknown warning id", `accept: lwipgen gives no warning "sizing.rx_buffer_pinned"; the ids are "sizing.rx_buffers_pinned", "sizing.interactive_window", "project.lwip_not_measured", "project.lwip_differs", "build.lwip_other_release". Did you mean "sizing.rx_buffers_pinned"?`, "16:13", 1},
	{"accept not a list", src(top(`accept = "sizing.rx_buffers_pinned"`)), "Wrong type", `accept must be a list of warning ids, e.g. accept = ["sizing.rx_buffers_pinned"].`, "16:12", 1},
	{"accept twice", src(top(`accept = ["sizing.rx_buffers_pinned", "sizing.rx_buffers_pinned"]`)), "Warning accepted twice", `accept names "sizing.rx_buffers_pinned" more than once.`, "16:41", 1},
	{"unknown option with suggestion", src(top(`options { TCP_WNDD = 4096 }`)), "Unknown lwIP option", `lwIP 2.1.3 has no option TCP_WNDD. Did you mean "TCP_WND"?`, "16:13", 1},
	{"unknown option without suggestion", src(top(`options { FOO_BAR = 1 }`)), "Unknown lwIP option", "lwIP 2.1.3 has no option FOO_BAR.", "16:13", 1},
	{"myth option", src(top(`options { TCP_RCV_BUF = 8192 }`)), "Not an lwIP option", "TCP_RCV_BUF does not exist in lwIP 2.1.3: the receive buffer is the window, set TCP_WND.", "16:13", 1},
	{"unknown option under lwIP 2.2.0", src(top(`lwip_version = "2.2.0"`, `options { TCP_MSSS = 1460 }`)), "Unknown lwIP option", `lwIP 2.2.0 has no option TCP_MSSS. Did you mean "TCP_MSS"?`, "17:13", 1},
}

func TestInvalidBoards(t *testing.T) {
	if len(invalidCases) < 30 {
		t.Fatalf("only %d invalid cases", len(invalidCases))
	}
	chips := builtinChips(t)
	seen := map[string]bool{}
	for _, c := range invalidCases {
		if seen[c.name] {
			t.Fatalf("duplicate case name %q", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			b, diags := board.DecodeBoard([]byte(c.src), "test.hcl", chips, fakeOptions{})
			errs := errorsOf(diags)
			if b != nil {
				t.Errorf("DecodeBoard returned a board despite errors")
			}
			if len(errs) == 0 {
				t.Fatalf("no error; want %q at %s\n%s", c.summary, c.at, c.src)
			}
			d := errs[0]
			ok := strings.Contains(d.Summary, c.summary) && strings.Contains(d.Detail, c.detail) &&
				pos(d.Subject) == c.at && d.Subject.Filename == "test.hcl"
			if !ok {
				t.Errorf("first error does not match\nwant: test.hcl %s: %s | %s\ngot:%s\nsource:\n%s", c.at, c.summary, c.detail, describe(errs), c.src)
			}
			if len(errs) != c.errs {
				t.Errorf("%d errors, want %d:%s", len(errs), c.errs, describe(errs))
			}
		})
	}
}

// The same files without an option catalog: option names are not checked, but
// the values still are.
func TestInvalidOptionsWithoutCatalog(t *testing.T) {
	chips := builtinChips(t)
	_, diags := board.DecodeBoard([]byte(src(top(`options { TCP_RCV_BUF = 8192 }`))), "test.hcl", chips, nil)
	if diags.HasErrors() {
		t.Errorf("unknown names must pass without a catalog:%s", describe(diags))
	}
	_, diags = board.DecodeBoard([]byte(src(top(`options { TCP_RCV_BUF = 1.5 }`))), "test.hcl", chips, nil)
	errs := errorsOf(diags)
	if len(errs) != 1 || errs[0].Summary != "Not an integer" || pos(errs[0].Subject) != "16:27" {
		t.Errorf("want one \"Not an integer\" at 16:27, got:%s", describe(errs))
	}
}

// The base board itself must be valid, or every case above proves nothing.
func TestInvalidBaseIsValid(t *testing.T) {
	b, diags := board.DecodeBoard([]byte(src()), "test.hcl", builtinChips(t), fakeOptions{})
	if diags.HasErrors() || b == nil {
		t.Fatalf("base board:%s", describe(diags))
	}
	with, diags := board.DecodeBoard([]byte(src(top(`options { TCP_MSS = 1460 }`))), "test.hcl", builtinChips(t), fakeOptions{})
	if diags.HasErrors() {
		t.Fatalf("base board with a known option:%s", describe(diags))
	}
	if o, ok := with.Option("TCP_MSS"); !ok || o.Int != 1460 {
		t.Errorf("TCP_MSS = %+v, %v", o, ok)
	}
}

// A chip based on another can drop an inherited memory; the rest is kept.
func TestChipRemovesMemory(t *testing.T) {
	b, diags := board.DecodeBoard([]byte(src(set(`"stm32h743zi"`, `"my"`), after(`chip "my" {`, `  base            = "stm32h743zi"`, `  remove_memories = ["sram3", "bkpsram"]`, `}`))), "test.hcl", builtinChips(t), fakeOptions{})
	if diags.HasErrors() {
		t.Fatalf("%s", describe(diags))
	}
	base := builtinChips(t)["stm32h743zi"]
	if len(b.Chip.Memories) != len(base.Memories)-2 {
		t.Fatalf("%d memories, base has %d", len(b.Chip.Memories), len(base.Memories))
	}
	for _, n := range []string{"sram3", "bkpsram"} {
		if _, ok := b.Chip.Memory(n); ok {
			t.Errorf("%s still there", n)
		}
		if _, ok := base.Memory(n); !ok {
			t.Errorf("the base chip lost %s (shared slice)", n)
		}
	}
	if _, ok := b.Chip.Memory("sram1"); !ok {
		t.Error("sram1 removed too")
	}
}
