package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// `lwipgen inspect --project DIR --json` on every project fixture of the
// repository: the model as JSON, with the flow that recognised the project,
// the build read, and the lwipopts.h and linker script with where each came
// from. A fixture modelled on a real project whose build cannot be read any
// more (a fixture no tool accepts) fails here first.
func TestInspectEveryFixture(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.Tool(t, "make")
	testenv.Tool(t, "cmake")
	for _, c := range []struct {
		dir                   string
		flow, build, lwipopts string
		linker                string // "" = none expected
	}{
		{"../vendorkit/testdata/cubeide-h743", "cubemx", "cdt", "LWIP/Target/lwipopts.h", "STM32H743ZITX_FLASH.ld"},
		{"../vendorkit/testdata/cubemx-makefile-f407", "cubemx", "make", "LWIP/Target/lwipopts.h", "STM32F407VGTX_FLASH.ld"},
		{"../vendorkit/testdata/cubemx-cmake-f767", "cubemx", "cmake", "LWIP/Target/lwipopts.h", "STM32F767XX_FLASH.ld"},
		{"../vendorkit/testdata/gd32-f407", "gd32", "make", "inc/lwipopts.h", "gd32f407.ld"},
		{"../vendorkit/testdata/gd32-freertos", "gd32", "make", "inc/lwipopts.h", "gd32f407.ld"},
		{"../project/testdata/cdt/cubeide-h7", "cubemx", "cdt", "LWIP/Target/lwipopts.h", ""},
		{"../project/testdata/cdt/gnumcu-gd32f450", "gd32", "cdt", "libraries/lwip-2.1.3/arch/lwipopts.h", "gd32f450IKHx.ld"},
		{"../project/testdata/cmake-cubemx-h723", "cubemx", "cmake", "LWIP/Target/lwipopts.h", "STM32H723XG_FLASH.ld"},
		{"../project/testdata/make-cubemx-f767", "cubemx", "make", "LWIP/Target/lwipopts.h", "STM32F767XX_FLASH.ld"},
		{"../project/testdata/gd32-f450", "gd32", "cmake", "libraries/lwip-2.1.3/arch/lwipopts.h", "linker/gd32f450_flash.ld"},
		{"../project/testdata/keil-cubemx-f429", "", "keil", "", ""},
		{"../project/testdata/iar-cubemx-f429", "", "iar", "", ""},
		{"../importer/testdata/cubeide-cm7", "cubemx", "cdt", "LWIP/Target/lwipopts.h", ""},
		{"../importer/testdata/gd32-keil-demo", "", "keil", "inc/lwipopts.h", ""},
		{"../flows/rtthread/testdata/bsp", "rtthread", "cdt", "", "board/linker_scripts/link.lds"},
	} {
		t.Run(strings.ReplaceAll(strings.TrimPrefix(c.dir, "../"), "/", "_"), func(t *testing.T) {
			dir := testenv.ProjectFixture(t, filepath.FromSlash(c.dir))
			var out, errb bytes.Buffer
			if rc := Main([]string{"inspect", "--project", dir, "--json"}, &out, &errb); rc != 0 {
				t.Fatalf("rc %d: %s", rc, errb.String())
			}
			var m struct {
				Root  string `json:"root"`
				Flow  string `json:"flow"`
				Build *struct {
					System string `json:"system"`
					Units  []struct {
						File string `json:"file"`
					} `json:"units"`
				} `json:"build"`
				BuildError string `json:"build_error"`
				Facts      []struct {
					Key, Value string
					From       struct {
						File string `json:"file"`
					} `json:"from"`
				} `json:"facts"`
			}
			if err := json.Unmarshal(out.Bytes(), &m); err != nil {
				t.Fatalf("%v:\n%s", err, out.String())
			}
			facts := map[string]string{}
			for _, f := range m.Facts {
				if f.From.File == "" {
					t.Errorf("fact %s = %q has no source", f.Key, f.Value)
				}
				facts[f.Key] = f.Value
			}
			if m.Root != dir || m.Flow != c.flow || m.Build == nil || m.Build.System != c.build {
				t.Fatalf("root %s flow %q build %+v (%s); want flow %q build %s", m.Root, m.Flow, m.Build, m.BuildError, c.flow, c.build)
			}
			if c.lwipopts != "" && facts["lwipopts"] != c.lwipopts {
				t.Errorf("lwipopts %q, want %q", facts["lwipopts"], c.lwipopts)
			}
			if c.linker != "" && facts["linker_script"] != c.linker {
				t.Errorf("linker script %q, want %q", facts["linker_script"], c.linker)
			}
		})
	}
}
