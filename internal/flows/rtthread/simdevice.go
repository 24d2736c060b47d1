package rtthread

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/simdev"
)

// An STM32H7 board on RT-Thread in the simulator (internal/sim): the code
// around lwIP is the BSP's (drv_eth.c, RT-Thread's lwIP port: sys_arch.c,
// ethernetif.c), not lwipgen's, so the simulator compiles behavioural models
// of them (csrc/rtos/rtthread_bsp/drv_eth.c,
// csrc/rtos/lwip/{sys_arch,ethernetif}_rtthread.c) on the HAL ETH model and
// the RT-Thread API of the RTOS model, configured by what lwipgen generates:
// the port's lwipopts.h over rtconfig.h and rtconfig_project.h (the
// configuration under test) and the board init lwipgen_rtthread.c (compiled,
// on the BSP model of csrc/rtos/rtthread_bsp/board.h). See docs/sim-rtos.md.
func init() { simdev.RegisterRTOS(rtosName, simDevice) }

// rtosName is the board.RTOS value of an RT-Thread board.
const rtosName = "rtthread"

// bspMAC is the MAC whose BSP driver the simulator models (the STM32H7 drv_eth.c).
const bspMAC = "stm32h7-eqos"

// kernel is RT-Thread's kernel API on the simulator's virtual-time model
// (rtthread.c), RT-Thread's lwIP sys_arch and ethernetif on it, and the BSP's
// drv_eth.c and board.h models.
var kernel = &simdev.Kernel{
	Sources: []string{"rtos/vrtos.c", "rtos/rtthread.c", "rtos/lwip/sys_arch_rtthread.c",
		"rtos/lwip/ethernetif_rtthread.c", "rtos/lwip/vrtos_lwip.c"},
	Defines:       []string{"VRTOS_RTTHREAD=1"},
	BoardSources:  []string{"rtos/rtthread_bsp/drv_eth.c", "rtos/rtthread_bsp/rxring.c", "rtos/rtthread_bsp/rtthread_bsp.c"},
	BoardIncludes: []string{"rtos/rtthread_bsp"},
	Complete:      completeDevice,
}

// simDevice is the H7 HAL ETH model (registered by the flow that owns the
// MAC's HAL glue) under the BSP's driver, or false for a MAC the simulator has
// no RT-Thread BSP driver model for.
func simDevice(mac string) (simdev.Device, bool) {
	m, ok := simdev.Lookup(mac)
	if !ok || mac != bspMAC {
		return simdev.Device{}, false
	}
	m.Name = "STM32H7 BSP drv_eth.c (behavioural) on HAL ETH (H7 DMA) + PHY, RT-Thread eth_device (erx/etx) on the virtual-time RT-Thread kernel"
	m.Board = "rtos/board_rtthread.c"
	m.RTOS = true
	m.Kernel = kernel
	m.Pick = map[string]string{"rtconfig.h": "rtconfig.h", "rtconfig_project.h": "rtconfig_project.h", "lwipgen_rtthread.c": "lwipgen_rtthread.c"}
	m.ConfigFile = "lwipopts.h"
	return m, true
}

var rtconfigInclude = regexp.MustCompile(`(?m)^#include\s*[<"]rtconfig\.h[>"][^\n]*$`)
var rtprojectInclude = regexp.MustCompile(`(?m)^#include\s*[<"]rtconfig_project\.h[>"][^\n]*$`)

// completeDevice completes an RT-Thread device: the core's lwipgen_mpu.h that
// lwipgen_rtthread.c includes, and the configuration under test with
// rtconfig.h (and the rtconfig_project.h it includes) inlined where the port's
// lwipopts.h includes it, so that lwIP's own objects, compiled apart from the
// device's include path, see the same values as the BSP build.
func completeDevice(dc *simdev.Code, generated []render.File, board string) error {
	for _, f := range generated {
		if f.Path == "lwipgen_mpu.h" {
			dc.Files["lwipgen_mpu.h"] = f.Content
		}
	}
	if _, ok := dc.Files["lwipgen_mpu.h"]; !ok {
		return fmt.Errorf("no lwipgen_mpu.h generated for %s", board)
	}
	var hdrs []string
	for _, h := range dc.Headers {
		if h != "lwipgen_rtthread.c" { // compiled: listed with the sources
			hdrs = append(hdrs, h)
		}
	}
	dc.Headers = hdrs
	rtc, rtp := dc.Files["rtconfig.h"], dc.Files["rtconfig_project.h"]
	if rtc == nil || rtp == nil || dc.Config == nil {
		return fmt.Errorf("the rtthread flow rendered no rtconfig.h / rtconfig_project.h / lwipopts.h")
	}
	if !rtprojectInclude.Match(rtc) || !rtconfigInclude.Match(dc.Config) {
		return fmt.Errorf("rtconfig.h does not include rtconfig_project.h, or lwipopts.h does not include rtconfig.h")
	}
	rtc = rtprojectInclude.ReplaceAllLiteral(rtc, append(append([]byte("/* ---- rtconfig_project.h (inlined by the simulator) ---- */\n"), rtp...), '\n'))
	dc.Config = rtconfigInclude.ReplaceAllLiteral(dc.Config, append(append([]byte("/* ---- rtconfig.h (inlined by the simulator) ---- */\n"), bytes.TrimSpace(rtc)...), '\n'))
	return nil
}
