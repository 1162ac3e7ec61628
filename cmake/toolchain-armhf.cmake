# 32-bit ARMv7-A, hard float (Debian: gcc-arm-linux-gnueabihf, whose default
# has no NEON: the NEON files get -mfpu=neon and run after a HWCAP check),
# run under qemu-arm, whose default CPU has NEON.
set(ARX_CROSS_TRIPLE arm-linux-gnueabihf)
set(ARX_CROSS_PROCESSOR armv7l)
set(ARX_CROSS_QEMU qemu-arm)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-common.cmake)
