# AArch64 (Debian: gcc-aarch64-linux-gnu), run under qemu-aarch64, whose
# default CPU has NEON and PMULL.
set(ARX_CROSS_TRIPLE aarch64-linux-gnu)
set(ARX_CROSS_PROCESSOR aarch64)
set(ARX_CROSS_QEMU qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-common.cmake)
