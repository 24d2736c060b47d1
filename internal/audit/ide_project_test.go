package audit_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// CubeMX projects kept for Keil (MDK-ARM/*.uvprojx) or IAR (EWARM/*.ewp)
// only have their defines and include paths there. Modelled on
// AnselPeng2019/LWIP_F107_Test@408ef87 (MDK-ARM, lwIP 2.0) and
// Lexatagan/F103_FreeRTOS_lwIP@74fbcc0 (EWARM, lwIP 1.4.1): the device header
// #errors without the device define, and the port's cc.h has no gcc branch,
// so gcc's C library brings a second struct timeval. Written for lwipgen.
func writeIDEProject(t *testing.T, ide string) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"Inc/lwipopts.h": "#ifndef LWIPOPTS_H\n#define LWIPOPTS_H\n#include \"main.h\"\n#define NO_SYS 0\n#define SYS_LIGHTWEIGHT_PROT 1\n" +
			"#define MEM_ALIGNMENT 4\n#define LWIP_NETCONN 1\n#define LWIP_SOCKET 1\n#define TCPIP_MBOX_SIZE 6\n#define DEFAULT_TCP_RECVMBOX_SIZE 6\n#define DEFAULT_ACCEPTMBOX_SIZE 6\n#endif\n",
		"Inc/main.h":                    "#include \"board_device.h\"\n",
		"Src/main.c":                    "#include \"main.h\"\n",
		"Drivers/Device/board_device.h": "#if !defined(BOARD_DEV_F107xC)\n#error \"select the target device first\"\n#endif\n",
		// a Keil/IAR-only port: types, no struct timeval handling for gcc
		"Middlewares/Third_Party/LwIP/system/arch/cc.h": "#ifndef TEST_CC_H\n#define TEST_CC_H\n#include <stdlib.h>\n#include <sys/time.h>\ntypedef int sys_prot_t;\n#define LWIP_PROVIDE_ERRNO\n" +
			"#if defined(__CC_ARM) || defined(__ICCARM__)\n#define PACK_STRUCT_BEGIN\n#endif\n#define LWIP_PLATFORM_DIAG(x)\n#define LWIP_PLATFORM_ASSERT(x)\n#endif\n",
	}
	switch ide {
	case "keil":
		files["MDK-ARM/board.uvprojx"] = "<?xml version=\"1.0\"?>\n<Project><Targets><Target><TargetOption><TargetArmAds><Cads><VariousControls>\n" +
			"<MiscControls></MiscControls><Define>USE_HAL_DRIVER,BOARD_DEV_F107xC</Define><Undefine></Undefine>\n" +
			"<IncludePath>../Inc; ../Drivers/Device; ../Middlewares/Third_Party/LwIP/system</IncludePath>\n</VariousControls></Cads>\n" +
			"<Aads><VariousControls><Define></Define><IncludePath></IncludePath></VariousControls></Aads></TargetArmAds></TargetOption>\n" +
			"<Groups><Group><GroupName>Application/User</GroupName><Files><File><FileName>main.c</FileName><FileType>1</FileType><FilePath>../Src/main.c</FilePath></File></Files></Group></Groups>\n" +
			"</Target></Targets></Project>\n"
	case "iar":
		option := func(name string, states ...string) string {
			s := "<option><name>" + name + "</name>"
			for _, v := range states {
				s += "<state>" + v + "</state>"
			}
			return s + "</option>\n"
		}
		cfg := option("CCDefines", "USE_HAL_DRIVER", "BOARD_DEV_F107xC") +
			option("CCIncludePath2", "$PROJ_DIR$/../Inc", "$PROJ_DIR$/../Drivers/Device", "$PROJ_DIR$/../Middlewares/Third_Party/LwIP/system")
		// EWARM's nesting: a configuration's settings per tool (ICCARM: the C compiler), their options under data
		files["EWARM/board.ewp"] = "<?xml version=\"1.0\"?>\n<project><configuration><name>Debug</name><settings><name>ICCARM</name><data>" + cfg +
			"</data></settings></configuration><configuration><name>Release</name><settings><name>ICCARM</name><data>" + cfg + "</data></settings></configuration>\n" +
			"<group><name>Application</name><group><name>User</name><file><name>$PROJ_DIR$\\..\\Src\\main.c</name></file></group></group></project>\n"
	}
	for rel, body := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestKeilAndIARProjects(t *testing.T) {
	testenv.CrossCompiler(t)
	lwipDir := testenv.LwIP(t)
	for _, ide := range []string{"keil", "iar"} {
		root := writeIDEProject(t, ide)
		p, err := audit.DetectProject(root)
		if err != nil {
			t.Fatal(err)
		}
		wantInc := filepath.Join(root, "Drivers", "Device")
		if p.Compiler != ide || !slices.Equal(p.Defines, []string{"USE_HAL_DRIVER", "BOARD_DEV_F107xC"}) || !slices.Contains(p.IncludeDirs, wantInc) {
			t.Fatalf("%s: compiler %q, defines %v, include dirs %v", ide, p.Compiler, p.Defines, p.IncludeDirs)
		}
		if ide == "iar" {
			continue // one compile proves the verdict; the IAR file only needs reading
		}
		o := audit.Options{File: p.Lwipopts, IncludeDirs: p.IncludeDirs, Defines: p.Defines, LwipDir: lwipDir, CPU: "cortex-m3", ProjectCompiler: p.Compiler}
		rep, err := audit.Run(o)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, f := range rep.Findings {
			ids = append(ids, f.Severity+" "+f.ID)
		}
		if rep.Errors != 0 || !slices.Contains(ids, "warning audit.port_compiler") || !strings.Contains(rep.Port, "the project's") {
			t.Errorf("%s project: %d errors, port %q, findings %v, diagnostics %v", ide, rep.Errors, rep.Port, ids, rep.Diagnostics)
		}
		// the same port under a gcc build: the clash is then the project's error
		o.ProjectCompiler = ""
		if rep, err = audit.Run(o); err != nil || rep.Errors == 0 {
			t.Errorf("gcc project with the same port: err %v, %d errors (want the struct timeval clash): %v %+v %s %v", err, rep.Errors, rep.Diagnostics, rep.Findings, rep.Engine, rep.Compiled)
		}
		// without the build file's defines the device header refuses: a clear error
		_, err = audit.Run(audit.Options{File: p.Lwipopts, IncludeDirs: p.IncludeDirs, LwipDir: lwipDir})
		if err == nil || !strings.Contains(err.Error(), "board_device.h:2: #error") || !strings.Contains(err.Error(), "without the project's defines") {
			t.Errorf("no defines: %v", err)
		}
	}
}

// A port whose cc.h includes its own sys_arch.h (NXP's lwip/port/arch/cc.h,
// memfault/mcuxpresso-rt1060-example@bab3b20 and
// chencaidy/frdmk64f_lwip_ptp_freertos@25247f5): the audit's OS type stubs
// must stay out, else every sys_*_t "conflicts". Written for lwipgen.
func TestProjectCCIncludesSysArch(t *testing.T) {
	testenv.CrossCompiler(t)
	root := t.TempDir()
	files := map[string]string{
		"source/lwipopts.h": "#ifndef LWIPOPTS_H\n#define LWIPOPTS_H\n#define NO_SYS 0\n#define SYS_LIGHTWEIGHT_PROT 1\n#define MEM_ALIGNMENT 4\n" +
			"#define LWIP_NETCONN 1\n#define LWIP_SOCKET 0\n#define TCPIP_MBOX_SIZE 8\n#define DEFAULT_TCP_RECVMBOX_SIZE 8\n#define DEFAULT_ACCEPTMBOX_SIZE 8\n#endif\n",
		"lwip/port/arch/cc.h": "#ifndef TEST_NXP_CC_H\n#define TEST_NXP_CC_H\n#include <stdint.h>\n#include <sys/time.h>\n#define LWIP_TIMEVAL_PRIVATE 0\n" +
			"#define LWIP_PROVIDE_ERRNO\ntypedef uint32_t sys_prot_t;\n#define LWIP_PLATFORM_DIAG(x)\n#define LWIP_PLATFORM_ASSERT(x)\n#include \"sys_arch.h\"\n#endif\n",
		// the RTOS's handle types, not the audit's void *
		"lwip/port/arch/sys_arch.h": "#ifndef TEST_NXP_SYS_ARCH_H\n#define TEST_NXP_SYS_ARCH_H\nstruct rtos_obj;\ntypedef struct rtos_obj *sys_sem_t;\n" +
			"typedef struct rtos_obj *sys_mutex_t;\ntypedef struct rtos_obj *sys_mbox_t;\ntypedef struct rtos_obj *sys_thread_t;\n" +
			"#define sys_sem_valid(s) (*(s) != 0)\n#define sys_sem_set_invalid(s) (*(s) = 0)\n#define sys_mutex_valid(m) (*(m) != 0)\n" +
			"#define sys_mutex_set_invalid(m) (*(m) = 0)\n#define sys_mbox_valid(m) (*(m) != 0)\n#define sys_mbox_set_invalid(m) (*(m) = 0)\n#endif\n",
	}
	for rel, body := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := audit.Run(audit.Options{File: filepath.Join(root, "source", "lwipopts.h"), IncludeDirs: []string{filepath.Join(root, "lwip", "port")},
		LwipDir: testenv.LwIP(t), CPU: "cortex-m7"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Findings {
		if f.ID == "audit.port_conflict" || f.Severity == audit.SevError {
			t.Errorf("%s %s: %s", f.Severity, f.ID, f.Message)
		}
	}
	if !strings.Contains(rep.Port, "the sys_arch.h it includes") || !rep.Compiled {
		t.Errorf("port %q, compiled %v, diagnostics %v", rep.Port, rep.Compiled, rep.Diagnostics)
	}
}
