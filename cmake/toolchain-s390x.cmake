# Big-endian: IBM Z (Debian: gcc-s390x-linux-gnu), run under qemu-s390x.
set(ARX_CROSS_TRIPLE s390x-linux-gnu)
set(ARX_CROSS_PROCESSOR s390x)
set(ARX_CROSS_QEMU qemu-s390x)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-common.cmake)
