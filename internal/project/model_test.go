package project

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sysFixture is a build system for the model's own tests: build.json in the
// project holds a Build with project-relative paths. The readers of real
// builds have tests of their own; these test what the model derives.
const sysFixture System = "fixture"

func init() {
	precedence = append(precedence, sysFixture)
	readers[sysFixture] = Reader{
		System: sysFixture,
		Present: func(root string) string {
			if _, err := os.Stat(filepath.Join(root, "build.json")); err == nil {
				return "build.json"
			}
			return ""
		},
		Read: func(_ context.Context, root, file string, _ Options) (*Build, error) {
			raw, err := os.ReadFile(filepath.Join(root, file))
			if err != nil {
				return nil, err
			}
			var b Build
			if err := json.Unmarshal(raw, &b); err != nil {
				return nil, err
			}
			absAll := func(ps []string) []string {
				for i := range ps {
					ps[i] = abs(root, ps[i])
				}
				return ps
			}
			for i := range b.Units {
				u := &b.Units[i]
				u.File, u.Dir = abs(root, u.File), abs(root, u.Dir)
				u.Rel = relTo(root, u.File)
				absAll(u.Includes)
				absAll(u.Quote)
				absAll(u.System)
				absAll(u.Forced)
			}
			if b.Link != nil {
				absAll(b.Link.Scripts)
			}
			return &b, nil
		},
	}
}

// writeTree writes files (path -> content) under a new temporary root.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		f := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const initH = "#define LWIP_VERSION_MAJOR 2\n#define LWIP_VERSION_MINOR 1\n#define LWIP_VERSION_REVISION 3\n"

// The GD32 layout of the issue (lang-zou/GD32F450-EtherNet-...@8257a26
// keeps lwIP in libraries/lwip-2.1.3 with its port's lwipopts.h under
// arch/, on the build's include path): the lwipopts.h lwIP's opt.h really
// includes is the one the include path finds, not another copy lying in the
// project; FreeRTOS's configuration likewise.
func TestModelFactsFromTheBuild(t *testing.T) {
	root := writeTree(t, map[string]string{
		"libraries/lwip-2.1.3/src/core/init.c":         "",
		"libraries/lwip-2.1.3/src/include/lwip/init.h": initH,
		"libraries/lwip-2.1.3/src/include/lwip/opt.h":  "",
		"libraries/lwip-2.1.3/arch/lwipopts.h":         "#define NO_SYS 0\n",
		"lwipopts.h":                                   "/* a stale copy the build does not use */\n",
		"rtos/Source/tasks.c":                          "",
		"rtos/Source/include/FreeRTOS.h":               "",
		"rtos/Source/CMSIS_RTOS_V2/cmsis_os2.c":        "",
		"config/FreeRTOSConfig.h":                      "#include <stdint.h>\n\n#define configMAX_PRIORITIES   ( 8 )\n",
		"src/main.c":                                   "",
		"gd32f450.ld":                                  "",
		"build.json": `{"system":"fixture","file":"build.json","units":[
 {"file":"libraries/lwip-2.1.3/src/core/init.c","dir":".","lang":"c","includes":["libraries/lwip-2.1.3/src/include","libraries/lwip-2.1.3/arch","config"],"defines":[{"name":"LWIP_DEBUG","value":"1"}],"from":{"file":"build.json","line":2}},
 {"file":"rtos/Source/tasks.c","dir":".","lang":"c","includes":["rtos/Source/include","config"],"from":{"file":"build.json","line":3}},
 {"file":"rtos/Source/CMSIS_RTOS_V2/cmsis_os2.c","dir":".","lang":"c","includes":["rtos/Source/include","config"],"from":{"file":"build.json","line":4}},
 {"file":"src/main.c","dir":".","lang":"c","includes":["config"],"from":{"file":"build.json","line":5}}],
 "link":{"scripts":["gd32f450.ld"],"from":{"file":"build.json","line":6}}}`,
	})
	m, err := Load(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.BuildErr != nil {
		t.Fatal(m.BuildErr)
	}
	want := map[string]string{
		KeyBuild:        "fixture",
		KeyLwipDir:      "libraries/lwip-2.1.3",
		KeyLwipVersion:  "2.1.3",
		KeyLwipopts:     "libraries/lwip-2.1.3/arch/lwipopts.h",
		KeyRTOS:         "freertos",
		KeyRTOSConfig:   "config/FreeRTOSConfig.h",
		KeyMaxPrio:      "8",
		KeyCMSIS:        "v2",
		KeyLinkerScript: "gd32f450.ld",
	}
	for k, v := range want {
		if got := m.Value(k); got != v {
			f, _ := m.Fact(k)
			t.Errorf("%s = %q (%+v), want %q", k, got, f, v)
		}
	}
	if f, _ := m.Fact(KeyMaxPrio); f.From.String() != "config/FreeRTOSConfig.h:3" {
		t.Errorf("configMAX_PRIORITIES from %s", f.From)
	}
	if f, _ := m.Fact(KeyLwipVersion); f.From.String() != "libraries/lwip-2.1.3/src/include/lwip/init.h:1" {
		t.Errorf("lwIP version from %s", f.From)
	}
	if u := m.LwIPUnit(); u == nil || u.Macros()["LWIP_DEBUG"] != "1" {
		t.Errorf("lwIP's unit %+v lacks the build's -DLWIP_DEBUG=1", u)
	}
	var text strings.Builder
	m.WriteText(&text, false)
	for _, s := range []string{"lwipopts  ", "libraries/lwip-2.1.3/arch/lwipopts.h", "LWIP_DEBUG"} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("inspect text lacks %q:\n%s", s, text.String())
		}
	}
}

// Without a build lwipgen can read, the model still says what the files
// show, and says that it guessed.
func TestModelWithoutBuild(t *testing.T) {
	root := writeTree(t, map[string]string{
		"Middlewares/Third_Party/LwIP/src/include/lwip/init.h": initH,
		"LWIP/Target/lwipopts.h":                               "",
	})
	m, err := Load(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !NoBuild(m.BuildErr) {
		t.Errorf("BuildErr %v", m.BuildErr)
	}
	if m.Value(KeyLwipVersion) != "2.1.3" || m.Value(KeyLwipopts) != "LWIP/Target/lwipopts.h" {
		t.Errorf("facts %+v", m.Facts)
	}
	if f, _ := m.Fact(KeyLwipopts); !strings.Contains(f.Why, "no build read") {
		t.Errorf("a guess must say it is one: %+v", f)
	}
}

func TestModelRefusesAFile(t *testing.T) {
	root := writeTree(t, map[string]string{"x": ""})
	if _, err := Load(context.Background(), filepath.Join(root, "x"), Options{}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("err %v", err)
	}
}
