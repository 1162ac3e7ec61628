# RV32I (-march=rv32i -mabi=ilp32: no M, no C, no Zb*) with Debian's
# gcc-riscv64-unknown-elf and picolibc-riscv64-unknown-elf, run under
# qemu-system-riscv32 -M virt (embedded/run-qemu). The library is the
# freestanding one; the test programs use picolibc's stdio over semihosting.
set(ARX_EMBEDDED_TARGET rv32i CACHE STRING "microcontroller target (embedded/)" FORCE)
set(ARX_MCU_TRIPLE riscv64-unknown-elf)
set(ARX_MCU_FLAGS "-march=rv32i -mabi=ilp32")
# virt's RAM starts at 0x80000000, where -bios none jumps: code there, data above.
set(ARX_MCU_MEMORY "-Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=0x400000 -Wl,--defsym=__ram=0x80400000 -Wl,--defsym=__ram_size=0x1000000")
include(${CMAKE_CURRENT_LIST_DIR}/../fw32/toolchain-common.cmake)
