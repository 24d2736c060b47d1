package render

// Role says what a rendered file is for, so later stages (the probe build,
// vendoring, the simulator) pick files by what they are, not by where their
// path happens to put them.
type Role uint8

const (
	// RoleConfig: a header or fragment the user's build reads (lwipopts.h,
	// the linker fragment, compile_definitions.txt, the standalone script).
	RoleConfig Role = iota
	// RolePort: lwIP's port headers (port/arch/cc.h, sys_arch.h).
	RolePort
	// RoleMPU: the MPU set-up (lwipgen_mpu.c/.h): vendor-free C.
	RoleMPU
	// RoleProbe: the probe firmware's own sources (probe/): vendor-free C the
	// probe build links with lwIP to check the layout.
	RoleProbe
	// RoleGlue: the Ethernet driver glue: it needs the vendor's HAL, so it is
	// built in the user's project, not by the probe build.
	RoleGlue
	// RoleFirmwareDriver: a complete firmware's driver and port sources (the
	// standalone flow): vendor-free, built by the probe build and reused by
	// the simulator.
	RoleFirmwareDriver
	// RoleFirmwareApp: a complete firmware's application, start-up, MPU,
	// console and link script: built by the probe build; the simulator puts
	// its own board file and workload in their place.
	RoleFirmwareApp
	// RoleBSP: a fragment of a vendor BSP or RTOS package (vitis/, rtthread/),
	// applied by the vendor's own tools.
	RoleBSP
)

var roleNames = [...]string{"config", "port", "mpu", "probe", "glue", "firmware-driver", "firmware-app", "bsp"}

func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "role?"
}

// ProbeBuilt says whether the probe (or firmware) build compiles the file's
// C: only vendor-free sources, since the probe has no vendor HAL or BSP.
func (r Role) ProbeBuilt() bool {
	switch r {
	case RoleMPU, RoleProbe, RoleFirmwareDriver, RoleFirmwareApp:
		return true
	}
	return false
}

// Firmware says whether the file is part of a complete firmware a flow
// brings (Rendered.Firmware).
func (r Role) Firmware() bool { return r == RoleFirmwareDriver || r == RoleFirmwareApp }
