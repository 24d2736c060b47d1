package lwip

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/lwip/lwiptest"
)

// knobs are the options the random configs vary, with plausible and
// out-of-range values.
var knobs = map[string][]string{
	"TCP_MSS":                        {"536", "1460", "(1500-40)", "16383", "100"},
	"TCP_WND":                        {"(4*TCP_MSS)", "(16*TCP_MSS)", "70000", "500", "(TCP_MSS)"},
	"TCP_SND_BUF":                    {"(2*TCP_MSS)", "(8*TCP_MSS)", "(TCP_MSS)", "70000"},
	"TCP_SND_QUEUELEN":               {"4", "16", "(4*TCP_SND_BUF/TCP_MSS)", "70000"},
	"MEMP_NUM_TCP_SEG":               {"8", "16", "64", "TCP_SND_QUEUELEN"},
	"PBUF_POOL_SIZE":                 {"0", "4", "16", "64"},
	"PBUF_POOL_BUFSIZE":              {"52", "4", "1536", "LWIP_MEM_ALIGN_SIZE(TCP_MSS+54)"},
	"LWIP_WND_SCALE":                 {"0", "1"},
	"TCP_RCV_SCALE":                  {"0", "2", "15"},
	"MEMP_NUM_SYS_TIMEOUT":           {"0", "3", "8", "(LWIP_NUM_SYS_TIMEOUT_INTERNAL+2)"},
	"MEMP_MEM_MALLOC":                {"0", "1"},
	"LWIP_DISABLE_TCP_SANITY_CHECKS": {"0", "1"},
	"LWIP_IGMP":                      {"0", "1"},
	"MEMP_NUM_IGMP_GROUP":            {"1", "8"},
	"TCP_MAXRTX":                     {"12", "13"},
	"LWIP_TCP_SACK_OUT":              {"0", "1"},
	"TCP_QUEUE_OOSEQ":                {"0", "1"},
	"MEM_SIZE":                       {"1600", "(64*1024)", "0"},
	"ARP_TABLE_SIZE":                 {"10", "200", "40000"},
	"LWIP_UDP":                       {"0", "1"},
	"IP_REASSEMBLY":                  {"0", "1"},
	"MEMP_NUM_REASSDATA":             {"5", "20"},
	"NO_SYS":                         {"1", "0"},
	"LWIP_NETCONN":                   {"0", "1"},
	"LWIP_SOCKET":                    {"0", "1"},
	"GARBAGE":                        {"((", "1/0", "\"str\"", "defined", "-", "0x", "~~~~1", "(u16_t)"},
}

func randomConfig(r *rand.Rand) map[string]string {
	m := map[string]string{"MEM_ALIGNMENT": "4"}
	for k, vals := range knobs {
		if r.Intn(3) == 0 {
			m[k] = vals[r.Intn(len(vals))]
		}
	}
	return m
}

// TestChecksNeverPanic: random option sets (including nonsense) never make
// Resolve, Checks or PredictRAM panic.
func TestChecksNeverPanic(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 400; i++ {
		m := randomConfig(r)
		for _, v := range []Version{V213, V22x} {
			cfg, err := Resolve(v, m)
			if err != nil {
				continue
			}
			_ = Checks(cfg)
			_, _ = PredictRAM(cfg)
		}
	}
}

// FuzzResolveCheck: arbitrary option values never panic.
func FuzzResolveCheck(f *testing.F) {
	f.Add("TCP_MSS", "1460", "TCP_WND", "(4*TCP_MSS)")
	f.Add("TCP_SND_BUF", "LWIP_MIN(1,", "X", "defined(")
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2 string) {
		cfg, err := Resolve(V213, map[string]string{k1: v1, k2: v2})
		if err != nil {
			return
		}
		_ = Checks(cfg)
		_, _ = PredictRAM(cfg)
	})
}

// TestChecksAgreeWithCompiler: for random configs, whenever Checks predicts
// a clean build the compiler builds init.c (and the TCP files), and whenever
// it predicts #errors the compiler reports exactly those.
func TestChecksAgreeWithCompiler(t *testing.T) {
	trees := lwipTrees(t)
	work := t.TempDir()
	r := rand.New(rand.NewSource(7))
	n := 0
	for n < 12 {
		m := randomConfig(r)
		delete(m, "GARBAGE")
		for v, dir := range trees {
			cfg, err := Resolve(v, m)
			if err != nil {
				t.Fatal(err)
			}
			var pred []string
			trap := false
			for _, ch := range Errors(Checks(cfg)) {
				if strings.HasPrefix(ch.ID, "lwip.init.") {
					pred = append(pred, ErrorMessage(ch.Detail))
				}
				trap = trap || ch.ID == "lwip.trap.wnd_scale_without_rcv_scale"
			}
			files := []string{"core/init.c"}
			if len(pred) == 0 {
				files = append(files, "core/tcp_in.c", "core/tcp_out.c", "core/memp.c")
			}
			res, err := lwiptest.Compile(lwiptest.Build{LwipDir: dir, Opts: optsHeader(m), Files: files, WorkDir: work, Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			rcv := false
			for _, d := range res.Errors {
				if strings.Contains(d.Text, "TCP_RCV_SCALE") {
					rcv = true
					continue
				}
				if d.File == "core/init.c" {
					got = append(got, d.ErrorText())
				}
			}
			got = uniq(got)
			if fmt.Sprint(got) != fmt.Sprint(pred) {
				t.Errorf("%s %v:\n compiler  %q\n predicted %q", v, m, got, pred)
			}
			if len(pred) == 0 && rcv != trap {
				t.Errorf("%s %v: TCP_RCV_SCALE: compiler %v, predicted %v", v, m, rcv, trap)
			}
			if len(pred) == 0 && !trap && len(res.Errors) > 0 {
				t.Errorf("%s %v: predicted OK, compiler: %v", v, m, res.Errors)
			}
		}
		n++
	}
}
