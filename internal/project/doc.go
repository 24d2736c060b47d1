// Package project is the user's project as its own build sees it.
//
// lwipgen used to read a project in several places, each with a partial
// reader of its own (import, audit, vendor's detection, the in-place USER
// CODE compile, the lwIP size measurement, build --project), and they
// disagreed with each other and with the compiler: a -D the build passes, an
// XML-escaped include path, an lwipopts.h found on the include path, which
// lwIP tree the build really compiles. This package reads the project once,
// from what its build does:
//
//   - a Build: every translation unit with the compiler, target flags,
//     include paths, definitions and forced includes the build passes, and
//     the link (scripts, library paths, output), read by one Reader per build
//     system (CMake configured with its File API and compile database,
//     Makefiles through `make -n -B`, Eclipse CDT .cproject files read as
//     XML with the active configuration, a compile_commands.json, Keil and
//     IAR project files as far as they go);
//   - Facts derived from it, each with the file:line it came from: the MCU,
//     the lwIP tree the build compiles and its version, the lwipopts.h
//     lwIP's sources include (resolved on their include path), the RTOS and
//     its configuration, the linker script, plus what a vendor flow's
//     Detector adds (CubeMX's .ioc and HAL, RT-Thread's .config and release,
//     the Vitis BSP).
//
// Every command that reads a project (import --project, vendor, build
// --project, audit --project, inspect) calls Load once and asks the Model.
// `lwipgen inspect --project DIR` prints it.
package project
