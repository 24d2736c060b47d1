package project

import (
	"sort"
	"strings"
	"sync"
)

// Some IDEs store the device a project is built for and not the core
// (STM32CubeIDE's target_mcu "STM32H743ZITx"): the IDE takes -mcpu from its
// own device database. lwipgen's flows know their vendors' parts and stand
// in for that database, so a reader can write the -mcpu the IDE passes.

type deviceCPU struct {
	prefix string
	cpus   []string
}

var (
	deviceMu   sync.RWMutex
	deviceCPUs []deviceCPU // longest prefix first
)

// RegisterDeviceCPU says that devices whose part number starts with prefix
// (case-insensitive) have the cores cpus, as gcc's -mcpu values: cpus[i]
// is the core the IDE numbers i on a multi-core part (CubeIDE's
// target_cpuid), cpus[0] on a single-core one. Called from a flow's init.
func RegisterDeviceCPU(prefix string, cpus ...string) {
	if prefix == "" || len(cpus) == 0 {
		panic("project.RegisterDeviceCPU: a prefix and at least one core")
	}
	deviceMu.Lock()
	defer deviceMu.Unlock()
	deviceCPUs = append(deviceCPUs, deviceCPU{strings.ToUpper(prefix), cpus})
	sort.SliceStable(deviceCPUs, func(i, j int) bool { return len(deviceCPUs[i].prefix) > len(deviceCPUs[j].prefix) })
}

// DeviceCPU is the -mcpu value of core cpu of device, "" when no flow
// registered the part (or it has no such core).
func DeviceCPU(device string, cpu int) string {
	d := strings.ToUpper(strings.TrimSpace(device))
	deviceMu.RLock()
	defer deviceMu.RUnlock()
	for _, e := range deviceCPUs {
		if strings.HasPrefix(d, e.prefix) {
			if cpu < 0 || cpu >= len(e.cpus) {
				return ""
			}
			return e.cpus[cpu]
		}
	}
	return ""
}
