package lwip

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An init.h as lwIP lays it out (our text; only the version macros matter).
const initH = `#ifndef LWIP_HDR_INIT_H
#define LWIP_HDR_INIT_H
/** X.x.x: Major version of the stack */
#define LWIP_VERSION_MAJOR      2
/** x.X.x: Minor version of the stack */
#define LWIP_VERSION_MINOR      1
/** x.x.X: Revision of the stack */
#define LWIP_VERSION_REVISION   2
#define LWIP_VERSION_RC         LWIP_RC_RELEASE
#endif
`

func TestReadTreeVersion(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "src", "include", "lwip")
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p, "init.h"), []byte(initH), 0o644); err != nil {
		t.Fatal(err)
	}
	tv, err := ReadTreeVersion(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tv.String() != "2.1.2" || tv.Line != 4 {
		t.Errorf("read %s at line %d, want 2.1.2 at line 4", tv, tv.Line)
	}
	if v, err := tv.Version(); err != nil || v != V212 {
		t.Errorf("table %q, %v; want 2.1.2", v, err)
	}
	if _, err := ParseInitH([]byte("#define LWIP_VERSION_MAJOR 2\n"), "init.h"); err == nil || !strings.Contains(err.Error(), "LWIP_VERSION_MAJOR/MINOR/REVISION") {
		t.Errorf("incomplete init.h: %v", err)
	}
	if _, err := ReadTreeVersion(t.TempDir()); err == nil {
		t.Error("a tree without init.h has no version")
	}
}

// TestV212Differences: what git diff STABLE-2_1_2_RELEASE STABLE-2_1_3_RELEASE
// changes in opt.h and init.c, and that the RAM model (struct headers are
// identical) does not change.
func TestV212Differences(t *testing.T) {
	if Known(V212, "LWIP_PBUF_CUSTOM_DATA") || !Known(V213, "LWIP_PBUF_CUSTOM_DATA") {
		t.Error("LWIP_PBUF_CUSTOM_DATA came with 2.1.3")
	}
	if !Known(V212, "ALTCP_MBEDTLS_RNG_FN") || Known(V213, "ALTCP_MBEDTLS_RNG_FN") {
		t.Error("ALTCP_MBEDTLS_RNG_FN is 2.1.2 only")
	}
	for name, want := range map[string][2]int64{"LWIP_ICMP6_DATASIZE": {8, 0}, "LWIP_IPV6_SEND_ROUTER_SOLICIT": {1, 0}, "PBUF_POOL_BUFSIZE": {590, 590}} {
		for i, v := range []Version{V212, V213} {
			c, err := Resolve(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.mustInt(name); got != want[i] {
				t.Errorf("%s: %s default %d, want %d", v, name, got, want[i])
			}
		}
	}
	if !SameLine(V212, V213) || SameLine(V213, V22x) {
		t.Error("2.1.2 and 2.1.3 are one release line, 2.2 another")
	}
	// init.c: the FULLDUPLEX/SEM_PER_THREAD #error exists from 2.1.3 on
	set := map[string]string{"NO_SYS": "0", "LWIP_NETCONN_FULLDUPLEX": "1"}
	for v, want := range map[Version]bool{V212: false, V213: true} {
		c, err := Resolve(v, set)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, e := range Errors(Checks(c)) {
			found = found || e.ID == "lwip.init.netconn_fullduplex"
		}
		if found != want {
			t.Errorf("%s: netconn_fullduplex error %v, want %v", v, found, want)
		}
	}
	// the RAM model is the same for both (the struct headers did not change)
	opts := map[string]string{"NO_SYS": "0", "LWIP_SOCKET": "0", "MEMP_NUM_NETCONN": "1", "MEM_ALIGNMENT": "4"}
	var sizes []int64
	for _, v := range []Version{V212, V213} {
		c, _ := Resolve(v, opts)
		r, err := PredictRAM(c)
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, r.Symbols["memp_memory_NETCONN_base"])
	}
	// one struct netconn without its socket field: 36 B + MEM_ALIGNMENT-1
	if sizes[0] != 39 || sizes[1] != 39 {
		t.Errorf("memp_memory_NETCONN_base = %v, want 39 for both", sizes)
	}
}
