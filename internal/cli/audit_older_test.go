package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, c := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func initH(major, minor, rev string) string {
	return "#define LWIP_VERSION_MAJOR " + major + "\n#define LWIP_VERSION_MINOR " + minor + "\n#define LWIP_VERSION_REVISION " + rev + "\n"
}

// Issue 27: `audit --project` on an ART-Pi RT-Thread 4.1 BSP (lwIP 2.0.3)
// reported 35 errors, all false: the port's lwipopts.h was judged with lwIP
// 2.1.3's sources. A BSP whose build compiles an lwIP older than 2.1 is
// refused as clearly as import refuses it: the release, the tree and where
// its version was read, exit status 1, and no finding (nothing compiled).
func TestAuditProjectOlderLwIPRefused(t *testing.T) {
	// the project model's ART-Pi Studio fixture
	// (RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi@d46b6832), its
	// lwIP 2.0.3 given the version defines of its init.h
	artpi := testenv.CopyTree(t, "../project/testdata/cdt/studio-artpi")
	writeTree(t, artpi, map[string]string{"rt-thread/components/net/lwip/lwip-2.0.3/src/include/lwip/init.h": initH("2", "0", "3")})
	// a bare-metal BSP on lwIP 1.4.1 with a compile_commands.json, shaped on
	// the older STM32F4x7 ETH examples' third_party/lwip-1.4.1 layout (the
	// port's lwipopts.h in port/, lwIP's own include folder after it)
	old := t.TempDir()
	cmd := func(file string) map[string]any {
		return map[string]any{"directory": old, "file": file, "arguments": []string{"arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb",
			"-Iport", "-Ithird_party/lwip-1.4.1/src/include", "-Ithird_party/lwip-1.4.1/src/include/ipv4", "-DSTM32F407xx", "-c", file, "-o", file + ".o"}}
	}
	cc, _ := json.Marshal([]map[string]any{cmd("third_party/lwip-1.4.1/src/core/tcp.c"), cmd("third_party/lwip-1.4.1/src/core/memp.c"), cmd("src/main.c")})
	writeTree(t, old, map[string]string{
		"compile_commands.json":                              string(cc),
		"third_party/lwip-1.4.1/src/core/tcp.c":              "#include \"lwip/opt.h\"\n",
		"third_party/lwip-1.4.1/src/core/memp.c":             "#include \"lwip/opt.h\"\n",
		"third_party/lwip-1.4.1/src/include/lwip/opt.h":      "#include \"lwipopts.h\"\n",
		"third_party/lwip-1.4.1/src/include/lwip/init.h":     initH("1", "4", "1"),
		"third_party/lwip-1.4.1/src/include/ipv4/lwip/ip4.h": "\n",
		"port/lwipopts.h":                                    "#define MEM_SIZE (10*1024)\n#define MEMP_SEPARATE_POOLS 1\n",
		"src/main.c":                                         "#include \"lwip/opt.h\"\nint main(void){return 0;}\n",
	})
	for _, tc := range []struct {
		name, dir string
		want      []string
	}{
		{"rtthread 4.1, lwIP 2.0.3", artpi, []string{"lwIP 2.0.3", "rt-thread/components/net/lwip/lwip-2.0.3", "init.h:1", "lwip/port/lwipopts.h is not judged (nothing compiled)"}},
		{"compile_commands, lwIP 1.4.1", old, []string{"lwIP 1.4.1", "third_party/lwip-1.4.1", "init.h:1", "port/lwipopts.h is not judged (nothing compiled)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rc, out, errs := run(t, "audit", "--project", tc.dir, "--format", "json")
			if rc == 0 {
				t.Fatalf("an lwIP older than 2.1 was audited:\n%s%s", out, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(errs, w) {
					t.Errorf("the refusal does not say %q:\n%s", w, errs)
				}
			}
			// no report at all: no finding, no compiler error passed off as the file's
			if strings.TrimSpace(out) != "" || strings.Contains(errs, "\"severity\"") || strings.Contains(errs, "audit.") {
				t.Errorf("findings reported for a refused project:\nstdout %s\nstderr %s", out, errs)
			}
		})
	}
}
