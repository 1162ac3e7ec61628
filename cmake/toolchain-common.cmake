# Shared by cmake/toolchain-<arch>.cmake: a static Linux cross build with
# Debian's <triple>-gcc, run by qemu-user (Debian: qemu-user), so no target
# sysroot is needed at run time. The including file sets ARX_CROSS_TRIPLE,
# ARX_CROSS_PROCESSOR and ARX_CROSS_QEMU first.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${ARX_CROSS_PROCESSOR})
set(CMAKE_C_COMPILER ${ARX_CROSS_TRIPLE}-gcc)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_CROSSCOMPILING_EMULATOR ${ARX_CROSS_QEMU})
set(CMAKE_FIND_ROOT_PATH /usr/${ARX_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# No OpenMP: the emulated tests stay on one thread (the share logic is
# architecture-free and test_threads checks that the setting changes no
# output); threads are tested natively, and under TSan.
set(ARX_OPENMP OFF CACHE BOOL "OpenMP (off in the qemu cross builds)" FORCE)
