# Cortex-M3 (ARMv7-M, thumbv7m) with Debian's gcc-arm-none-eabi and
# picolibc-arm-none-eabi, run under qemu-system-arm -M mps2-an385.
set(ARX_EMBEDDED_TARGET cortex-m3 CACHE STRING "microcontroller target (embedded/)" FORCE)
set(ARX_MCU_TRIPLE arm-none-eabi)
set(ARX_MCU_FLAGS "-mcpu=cortex-m3 -mthumb")
include(${CMAKE_CURRENT_LIST_DIR}/memory.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/../fw32/toolchain-common.cmake)
