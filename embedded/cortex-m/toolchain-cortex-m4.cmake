# Cortex-M4 (ARMv7E-M, thumbv7em, soft float: the library has no floating
# point) with Debian's gcc-arm-none-eabi and picolibc-arm-none-eabi, run
# under qemu-system-arm -M mps2-an386.
set(ARX_EMBEDDED_TARGET cortex-m4 CACHE STRING "microcontroller target (embedded/)" FORCE)
set(ARX_MCU_TRIPLE arm-none-eabi)
set(ARX_MCU_FLAGS "-mcpu=cortex-m4 -mthumb -mfloat-abi=soft")
include(${CMAKE_CURRENT_LIST_DIR}/memory.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/../fw32/toolchain-common.cmake)
