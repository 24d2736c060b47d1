package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

const corpus = "../audit/testdata/corpus"

// Stock CubeMX-generated lwipopts.h shapes (H7 FreeRTOS, F7 bare metal, F4
// FreeRTOS) audit with exit 0 and no error, judged by the cross compiler
// with lwIP's sources compiled; the vendor glue is named as info.
func TestAuditStockCubeMXExitsZero(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	for file, chip := range map[string]string{"01_cubemx_h7_rtos_stock.h": "stm32h743zi", "02_cubemx_f7_nosys_stock.h": "stm32f767zi", "03_cubemx_f4_rtos_stock.h": "stm32f407"} {
		rc, out, errs := run(t, "audit", filepath.Join(corpus, file), "--chip", chip)
		if rc != 0 || !strings.Contains(out, " 0 error(s)") && !strings.HasPrefix(lastLine(out), "0 error(s)") || !strings.Contains(out, "judged by compiler: arm-none-eabi-gcc") ||
			!strings.Contains(out, "lwIP's sources compiled") || !strings.Contains(out, "info: WITH_RTOS is not an lwIP option") {
			t.Errorf("%s: rc %d\n%s%s", file, rc, out, errs)
		}
	}
}

func lastLine(s string) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return l[len(l)-1]
}

// Exit 1 only for errors; --format sarif and --json carry the same findings.
func TestAuditFormatsAndExitStatus(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	rc, out, _ := run(t, "audit", filepath.Join(corpus, "05_cubemx_f4_sndbuf_vs_queuelen.h"), "--chip", "stm32f407", "--format", "sarif", "--no-compile")
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
				Level  string `json:"level"`
			} `json:"results"`
		} `json:"runs"`
	}
	if rc != 1 || json.Unmarshal([]byte(out), &log) != nil || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("sarif: rc %d %s", rc, out)
	}
	hit := false
	for _, r := range log.Runs[0].Results {
		hit = hit || r.RuleID == "lwip.init.tcp_snd_queuelen_vs_buf" && r.Level == "error"
	}
	if !hit {
		t.Errorf("sarif lacks the queue-length error: %s", out)
	}
	// warnings only: exit 0
	rc, out, _ = run(t, "audit", filepath.Join(corpus, "30_pool_2k_buffers.h"), "--chip", "stm32f767zi", "--json", "--no-compile")
	var r struct {
		Errors, Warnings int
		Engine           string
	}
	if rc != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Errors != 0 || r.Warnings == 0 || !strings.HasPrefix(r.Engine, "compiler:") {
		t.Errorf("warnings-only file: rc %d %s", rc, out)
	}
}

// `audit --project` on the CubeIDE H7 vendoring fixture finds the
// lwipopts.h, the MCU and the linker script, and passes.
func TestAuditProjectCommand(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	rc, out, errs := run(t, "audit", "--project", "../vendorkit/testdata/cubeide-h743", "--no-compile")
	if rc != 0 || !strings.Contains(out, "(cubemx)") || !strings.Contains(out, "MCU STM32H743ZITx -> chip stm32h743zi") || !strings.Contains(out, "STM32H743ZITX_FLASH.ld") {
		t.Fatalf("rc %d\n%s%s", rc, out, errs)
	}
}
