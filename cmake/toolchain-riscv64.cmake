# RISC-V RV64GC (Debian: gcc-riscv64-linux-gnu), run under qemu-riscv64: no
# SIMD backend, so the portable kernels are what dispatch picks.
set(ARX_CROSS_TRIPLE riscv64-linux-gnu)
set(ARX_CROSS_PROCESSOR riscv64)
set(ARX_CROSS_QEMU qemu-riscv64)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-common.cmake)
