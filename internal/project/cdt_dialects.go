package project

import (
	"regexp"
	"strings"
)

// What each IDE built on Eclipse CDT's managed build calls its options.
// A .cproject stores an option by the id of its definition (superClass),
// and the IDE's plugin turns the stored value into compiler flags. List
// options (include paths, defined symbols, -include files, libraries,
// library paths) carry a CDT value type, which is read the same way for
// every IDE (cdt_settings.go); the rest - target processor, C standard,
// optimisation, linker script, free-form "other flags" - are named here per
// IDE. Each table was written from the IDE's own projects and, where it is
// public, its plugin:
//   - STM32CubeIDE (com.st.stm32cube.ide.mcu.gnu.managedbuild.*):
//     stm32-hotspot/STM32H7-LwIP-Examples@b4bcc6c STM32H743_Nucleo_ETH and
//     STM32H745_Nucleo_M7_ETH/CM4/.cproject; the compile line its makefiles
//     run (-mcpu first, -std=gnu11 by default, -mfpu/-mfloat-abi/-mthumb
//     last) from XiaojiaoChen/PneuDrive Debug/Core/Src/subdir.mk. It names
//     the device, not the core: -mcpu comes from the IDE's device database,
//     which the flows stand in for (RegisterDeviceCPU).
//   - GNU MCU Eclipse / Eclipse Embedded CDT (its Arm tool chain keeps the
//     ilg.gnuarmeclipse.* ids in org.eclipse.embedcdt): the enumerations and their
//     commands in eclipse-embed-cdt/eclipse-plugins@4ed6716b
//     plugins/org.eclipse.embedcdt.managedbuild.cross.{arm.,}core/plugin.xml
//     (family default cortex-m3, instruction set default thumb).
//   - RT-Thread Studio: GNU MCU Eclipse's tool chain, told apart by its
//     project nature (RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi).
//   - Xilinx SDK (xilinx.gnu.*): Severson-Group/AMDC-Firmware@3158d85
//     sdk/app_cpu0/.cproject (target flags inside "Other flags", the BSP's
//     include and library folders as inferred options, lscript.ld).
//   - GD32 Embedded Builder (com.gigadevice.mbs.*): MarsDawn/DawnBGC@3965726
//     GD32EBuilder_project/.cproject, whose "All options" strings are the
//     flags its makefiles pass (DawnBGC/CMSIS/subdir.mk).

// optRole is what an option means for the compile or link line.
type optRole int

const (
	roleNone        optRole = iota
	roleDevice              // the part number (CubeIDE target_mcu, GD32 partNo)
	roleCPUID               // which core of a multi-core part (CubeIDE target_cpuid)
	roleCPU                 // enumerated -mcpu
	roleArch                // enumerated -march
	roleISA                 // enumerated -mthumb / -marm
	roleFPU                 // enumerated -mfpu
	roleFloatABI            // enumerated -mfloat-abi
	roleTargetEnum          // enumerated target flag (endianness, unaligned access)
	roleTargetFlag          // boolean target flag (Flag)
	roleTargetRaw           // free text of target flags
	roleStd                 // enumerated -std
	roleOpt                 // enumerated -O
	roleDebug               // enumerated -g level
	roleDebugFormat         // enumerated -g format
	roleFlag                // boolean compile or link flag (Flag, by the tool it sits in)
	roleRaw                 // free text of flags, compile or link by the tool it sits in
	roleEach                // string list, each value after Flag (-Xlinker x, -Xassembler x)
	roleScript              // linker script(s)
	roleNano                // CubeIDE runtime library: nano when the value ends in .nano...
	rolePrefix              // tool prefix (arm-none-eabi-)
	roleCmdC                // C compiler command after the prefix
	roleCmdCXX              // C++ compiler command after the prefix
	// roleDefaults is STM32CubeIDE's "Defaults" string: its fields, split
	// by " || ", are the managed build's starting values (include paths,
	// defines, source folders, libraries, the linker script in field 18);
	// the linker script is taken from it when the C linker tool names none
	// (a linker tool written without options, EgorFilatov/udp_server@914b512)
	roleDefaults
)

// optSpec is an option's role, with the flag a boolean or list role adds.
type optSpec struct {
	Role optRole
	Flag string
}

// cdtDialect is one IDE's names.
type cdtDialect struct {
	Tool        string   // what wrote the project (Build.Tool)
	Chains      []string // tool-chain id prefixes
	OptPrefixes []string // option key prefixes, then per-tool segments, stripped before the lookup
	Specs       map[string]optSpec
	Prefix      string // tool prefix when the project states none
	DefaultCPU  string // -mcpu when the project states none (GNU MCU Eclipse: cortex-m3)
	DefaultISA  string // -mthumb when the project states none
	DefaultCStd string // -std for C when the project states none (CubeIDE: gnu11)
	// DefaultCompile and DefaultLink are the flags the IDE's generated
	// makefile always passes without an option in the .cproject (CubeIDE's
	// subdir.mk: -ffunction-sections -fdata-sections -Wall ... --specs=nano.specs;
	// its link: --specs=nosys.specs -Wl,--gc-sections -static --specs=nano.specs),
	// added where the project does not state the flag or its negation
	DefaultCompile, DefaultLink []string
	FPUFirst                    bool // target flags in CubeIDE's order (-mfpu -mfloat-abi -mthumb) rather than GNU MCU Eclipse's
}

var gnuMCUSpecs = map[string]optSpec{
	"arm.target.family":             {Role: roleCPU},
	"arm.target.architecture":       {Role: roleArch},
	"arm.target.instructionset":     {Role: roleISA},
	"arm.target.thumbinterwork":     {Role: roleTargetFlag, Flag: "-mthumb-interwork"},
	"arm.target.fpu.abi":            {Role: roleFloatABI},
	"arm.target.fpu.unit":           {Role: roleFPU},
	"arm.target.endianness":         {Role: roleTargetEnum},
	"arm.target.unalignedaccess":    {Role: roleTargetEnum},
	"target.other":                  {Role: roleTargetRaw},
	"optimization.level":            {Role: roleOpt},
	"debugging.level":               {Role: roleDebug},
	"debugging.format":              {Role: roleDebugFormat},
	"optimization.messagelength":    {Role: roleFlag, Flag: "-fmessage-length=0"},
	"optimization.signedchar":       {Role: roleFlag, Flag: "-fsigned-char"},
	"optimization.functionsections": {Role: roleFlag, Flag: "-ffunction-sections"},
	"optimization.datasections":     {Role: roleFlag, Flag: "-fdata-sections"},
	"optimization.nocommon":         {Role: roleFlag, Flag: "-fno-common"},
	"optimization.freestanding":     {Role: roleFlag, Flag: "-ffreestanding"},
	"optimization.nobuiltin":        {Role: roleFlag, Flag: "-fno-builtin"},
	"optimization.spconstant":       {Role: roleFlag, Flag: "-fsingle-precision-constant"},
	"optimization.lto":              {Role: roleFlag, Flag: "-flto"},
	"warnings.allwarn":              {Role: roleFlag, Flag: "-Wall"},
	"warnings.extrawarn":            {Role: roleFlag, Flag: "-Wextra"},
	"warnings.toerrors":             {Role: roleFlag, Flag: "-Werror"},
	"optimization.other":            {Role: roleRaw},
	"warnings.other":                {Role: roleRaw},
	"debugging.other":               {Role: roleRaw},
	"command.prefix":                {Role: rolePrefix},
	"command.c":                     {Role: roleCmdC},
	"command.cpp":                   {Role: roleCmdCXX},
	// per tool, after its c.compiler. / cpp.compiler. / assembler. / c.linker. / cpp.linker. segment
	"std":                {Role: roleStd},
	"other":              {Role: roleRaw},
	"otheroptimizations": {Role: roleRaw},
	"otherwarnings":      {Role: roleRaw},
	"flags":              {Role: roleEach},
	"scriptfile":         {Role: roleScript},
	"usenewlibnano":      {Role: roleFlag, Flag: "--specs=nano.specs"},
	"usenewlibnosys":     {Role: roleFlag, Flag: "--specs=nosys.specs"},
	"nostart":            {Role: roleFlag, Flag: "-nostartfiles"},
	"nodeflibs":          {Role: roleFlag, Flag: "-nodefaultlibs"},
	"nostdlibs":          {Role: roleFlag, Flag: "-nostdlib"},
	"gcsections":         {Role: roleFlag, Flag: "-Xlinker --gc-sections"},
	"useprintffloat":     {Role: roleFlag, Flag: "-u _printf_float"},
}

// cdtDialects, tried in order against the root tool chain's id.
var cdtDialects = []*cdtDialect{
	{
		Tool:        "STM32CubeIDE",
		Chains:      []string{"com.st.stm32cube.ide."},
		OptPrefixes: []string{"com.st.stm32cube.ide.mcu.gnu.managedbuild.", "tool.c.compiler.option.", "tool.cpp.compiler.option.", "tool.assembler.option.", "tool.c.linker.option.", "tool.cpp.linker.option.", "option."},
		Specs: map[string]optSpec{
			"target_mcu":         {Role: roleDevice},
			"target_cpuid":       {Role: roleCPUID},
			"fpu":                {Role: roleFPU},
			"floatabi":           {Role: roleFloatABI},
			"cstandard":          {Role: roleStd},
			"optimization.level": {Role: roleOpt},
			"debuglevel":         {Role: roleDebug},
			"otherflags":         {Role: roleRaw},
			"script":             {Role: roleScript},
			"defaults":           {Role: roleDefaults},
		},
		Prefix:      "arm-none-eabi-",
		DefaultISA:  "-mthumb",
		DefaultCStd: "gnu11",
		// CubeIDE 1.x's generated subdir.mk and makefile (a Debug build of
		// stm32-hotspot/STM32H7-LwIP-Examples@b4bcc6c STM32H743_Nucleo_ETH
		// compiles with them; its .cproject names none)
		DefaultCompile: []string{"-ffunction-sections", "-fdata-sections", "-Wall", "--specs=nano.specs"},
		DefaultLink:    []string{"--specs=nosys.specs", "-Wl,--gc-sections", "-static", "--specs=nano.specs"},
		FPUFirst:       true,
	},
	{
		Tool:        "GNU MCU Eclipse",
		Chains:      []string{"ilg.gnuarmeclipse."}, // its RISC-V tool chain is ilg.gnumcueclipse.managedbuild.cross.riscv.*
		OptPrefixes: []string{"ilg.gnuarmeclipse.managedbuild.cross.option.", "ilg.gnumcueclipse.managedbuild.cross.option.", "c.compiler.", "cpp.compiler.", "assembler.", "c.linker.", "cpp.linker."},
		Specs:       gnuMCUSpecs,
		Prefix:      "arm-none-eabi-",
		DefaultCPU:  "cortex-m3",
		DefaultISA:  "-mthumb",
	},
	{
		Tool:        "Xilinx SDK",
		Chains:      []string{"xilinx.gnu."},
		OptPrefixes: []string{"xilinx.gnu."},
		Specs: map[string]optSpec{
			"compiler.misc.other":                {Role: roleRaw},
			"compiler.inferred.swplatform.flags": {Role: roleRaw},
			"compiler.option.optimization.level": {Role: roleOpt},
			"compiler.option.debugging.level":    {Role: roleDebug},
			"c.linker.option.lscript":            {Role: roleScript},
			"cxx.linker.option.lscript":          {Role: roleScript},
			"c.link.option.ldflags":              {Role: roleRaw},
			"cxx.link.option.ldflags":            {Role: roleRaw},
		},
	},
	{
		Tool:        "GD32 Embedded Builder",
		Chains:      []string{"com.gigadevice."},
		OptPrefixes: []string{"com.gigadevice.mbs.arm.option."},
		Specs: map[string]optSpec{
			"targetProcessor.allOptions": {Role: roleTargetRaw},
			"optimization.allOptions":    {Role: roleRaw},
			"debugging.allOptions":       {Role: roleRaw},
			"warnings.allOptions":        {Role: roleRaw},
			"CCompiler.general.std":      {Role: roleStd},
			"targetMcu.partNo":           {Role: roleDevice},
			"linker.general.scriptFile":  {Role: roleScript},
			"toolChain.prefix":           {Role: rolePrefix},
		},
		Prefix: "arm-none-eabi-",
	},
}

// genericDialect reads a CDT managed build of another IDE: its list options
// (by value type) only.
var genericDialect = &cdtDialect{Tool: "Eclipse CDT"}

// xilinxPrefixes are the Xilinx tool chains' compiler prefixes (its plugin
// names the command; the project does not).
var xilinxPrefixes = []struct{ chain, prefix string }{
	{"xilinx.gnu.armv7.", "arm-none-eabi-"},
	{"xilinx.gnu.armr5.", "armr5-none-eabi-"},
	{"xilinx.gnu.armv8.", "aarch64-none-elf-"},
	{"xilinx.gnu.mb.", "mb-"},
}

func dialectOf(chain string) *cdtDialect {
	for _, d := range cdtDialects {
		for _, c := range d.Chains {
			if strings.HasPrefix(chain, c) {
				return d
			}
		}
	}
	return genericDialect
}

// spec is the role of the option stored under key.
func (d *cdtDialect) spec(key string) optSpec {
	k := key
	for _, p := range d.OptPrefixes {
		k = strings.TrimPrefix(k, p)
	}
	return d.Specs[k]
}

// enumValue is the last part of an enumerated value id after marker
// ("...fpu.unit.fpv4spd16" after "fpu.unit." is "fpv4spd16"), else after
// its last dot.
func enumValue(v string, markers ...string) string {
	for _, m := range markers {
		if i := strings.LastIndex(v, m); i >= 0 {
			return v[i+len(m):]
		}
	}
	if i := strings.LastIndexByte(v, '.'); i >= 0 {
		return v[i+1:]
	}
	return v
}

// gnuMCUFPU are GNU MCU Eclipse's FPU value ids without their dashes.
var gnuMCUFPU = map[string]string{
	"fpv4spd16": "fpv4-sp-d16", "fpv5d16": "fpv5-d16", "fpv5spd16": "fpv5-sp-d16", "fparmv8": "fp-armv8",
	"neonfparmv8": "neon-fp-armv8", "cryptoneonfparmv8": "crypto-neon-fp-armv8", "neonfp16": "neon-fp16",
	"neonvfpv3": "neon-vfpv3", "neonvfpv4": "neon-vfpv4", "vfpv3d16": "vfpv3-d16", "vfpv3d16fp16": "vfpv3-d16-fp16",
	"vfpv3fp16": "vfpv3-fp16", "vfpv3xdfp16": "vfpv3xd-fp16", "vfpv4d16": "vfpv4-d16",
}

var fpuNameRe = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// fpuFlag turns an FPU value into -mfpu; "" for the tool's default or none.
func fpuFlag(v string) (string, bool) {
	f := enumValue(v, "fpu.unit.", "fpu.value.")
	switch f {
	case "default", "no", "none", "":
		return "", true
	}
	if n, ok := gnuMCUFPU[f]; ok {
		f = n
	}
	if !fpuNameRe.MatchString(f) {
		return "", false
	}
	return "-mfpu=" + f, true
}

func floatABIFlag(v string) (string, bool) {
	switch f := enumValue(v, "floatabi.value.", "fpu.abi."); f {
	case "soft", "softfp", "hard":
		return "-mfloat-abi=" + f, true
	case "default", "":
		return "", true
	}
	return "", false
}

var cpuNameRe = regexp.MustCompile(`^[a-z][a-z0-9.+-]*$`)

// cpuFlag: GNU MCU Eclipse's family ids end in the -mcpu value, with a dash
// where gcc has a dot (cortex-m0plus-small-multiply, cortex-a15-cortex-a7).
func cpuFlag(v string) (string, bool) {
	c := enumValue(v, "mcpu.")
	c = strings.Replace(c, "-small-multiply", ".small-multiply", 1)
	if i := strings.Index(c[min(len(c), 1):], "-cortex-"); i >= 0 {
		i++
		c = c[:i] + "." + c[i+1:]
	}
	if !cpuNameRe.MatchString(c) {
		return "", false
	}
	return "-mcpu=" + c, true
}

var archFix = strings.NewReplacer("-m-main-dsp", "-m.main+dsp", "-m-main", "-m.main", "-m-base", "-m.base", "-a-crc", "-a+crc")
var armv8xRe = regexp.MustCompile(`^armv8-(\d)-a`)

func archFlag(v string) (string, bool) {
	a := enumValue(v, "arch.")
	if a == "none" || a == "" {
		return "", true
	}
	a = armv8xRe.ReplaceAllString(archFix.Replace(a), "armv8.$1-a")
	if !cpuNameRe.MatchString(a) {
		return "", false
	}
	return "-march=" + a, true
}

func isaFlag(v string) (string, bool) {
	switch enumValue(v) {
	case "thumb":
		return "-mthumb", true
	case "arm":
		return "-marm", true
	case "default":
		return "", true
	}
	return "", false
}

func targetEnumFlag(v string) (string, bool) {
	switch enumValue(v) {
	case "little":
		return "-mlittle-endian", true
	case "big":
		return "-mbig-endian", true
	case "enabled":
		return "-munaligned-access", true
	case "disabled":
		return "-mno-unaligned-access", true
	case "default":
		return "", true
	}
	return "", false
}

var stdRe = regexp.MustCompile(`^(c|gnu)(89|90|99|9x|11|1x|17|18|2x|23)$|^(c|gnu)\+\+(98|03|0x|11|1y|14|1z|17|2a|20|2b|23)$`)

// stdValue turns a C or C++ standard value into gcc's -std name ("" for
// the compiler's default); CDT plugins spell ++ as "cpp".
func stdValue(v string) (std string, flag string, ok bool) {
	if strings.Contains(v, "iso9899") {
		return "iso9899:199409", "", true
	}
	s := enumValue(v, "std.", "standard.value.")
	switch s {
	case "default", "":
		return "", "", true
	case "ansi":
		return "", "-ansi", true
	}
	s = strings.Replace(strings.Replace(s, "gnucpp", "gnu++", 1), "cpp", "c++", 1)
	if !stdRe.MatchString(s) {
		return "", "", false
	}
	return s, "", true
}

var optLevels = map[string]string{
	"none": "-O0", "o0": "-O0", "optimize": "-O1", "o1": "-O1", "more": "-O2", "o2": "-O2", "most": "-O3", "o3": "-O3",
	"size": "-Os", "os": "-Os", "fast": "-Ofast", "ofast": "-Ofast", "debug": "-Og", "og": "-Og", "aggressive": "-Oz", "oz": "-Oz",
}

var debugLevels = map[string]string{
	"none": "", "g0": "", "minimal": "-g1", "g1": "-g1", "default": "-g", "g": "-g", "g2": "-g2", "max": "-g3", "g3": "-g3",
}

var debugFormats = map[string]string{
	"default": "", "gdb": "-ggdb", "stabs": "-gstabs", "stabsplus": "-gstabs+", "dwarf2": "-gdwarf-2", "dwarf3": "-gdwarf-3",
	"dwarf4": "-gdwarf-4", "dwarf5": "-gdwarf-5",
}
