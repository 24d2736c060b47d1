#!/usr/bin/env bash
# Installs what lwipgen builds and tests with on Debian 12 (bookworm), as root:
#   - the Arm bare-metal toolchain and newlib (arm-none-eabi-gcc 12.2),
#   - QEMU (qemu-system-arm, for the mps2-an500 board), make and cmake (vendored-project builds, the build benchmark),
#   - Chromium (headless; a test renders memory-map.svg with it),
#   - python3-kconfiglib (a test loads and saves a vendored RT-Thread .config the way menuconfig does),
#   - a deb-src entry mirroring the existing Debian `deb` entries, so that
#     `apt-get source lwip` (Debian's lwIP 2.1.3) works for `lwipgen fetch-lwip`.
# Safe to run twice.
set -euo pipefail
if [ "$(id -u)" -ne 0 ]; then
  exec sudo "$0" "$@"
fi
# deb-src: copy the Types of the existing Debian entries (deb822 or one-line format).
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  if ! grep -q '^Types:.*deb-src' /etc/apt/sources.list.d/debian.sources; then
    sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources
  fi
elif [ -f /etc/apt/sources.list ] && ! grep -q '^deb-src ' /etc/apt/sources.list; then
  sed -n 's/^deb \(.*\)$/deb-src \1/p' /etc/apt/sources.list > /etc/apt/sources.list.d/lwipgen-deb-src.list
fi
apt-get update
# gcc, python3, tcl: the escaping tests run each generated string through the real C compiler and interpreters
# libstdc++-arm-none-eabi-newlib: a CubeMX C++ project (main.cpp, the C++ runtime) links against it under build --project
apt-get install -y --no-install-recommends gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm xz-utils make cmake chromium python3-kconfiglib gcc libc6-dev python3 tcl
# ninja-build: CubeMX's CMake projects (6.11+) build with the Ninja generator, which build --project
# uses when ninja is installed (as on a CubeMX user's machine); without it CMake's Makefiles are used
apt-get install -y --no-install-recommends ninja-build
# iproute2 (ip, tc): the tap back end of `lwipgen run --net tap` / `bench --net tap` and TestTapLossyTransfer
# create a network namespace, taps, a bridge and (where the kernel has sch_netem) netem qdiscs
apt-get install -y --no-install-recommends iproute2
