# Big-endian cross build (Debian: gcc-s390x-linux-gnu), run under qemu-s390x
# (Debian: qemu-user). Static, so no s390x sysroot is needed at run time.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(CMAKE_C_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-s390x)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# Debian's cross gcc ships libgomp only as a shared library, which a static
# link cannot use: this build has no threads (the split logic is byte-order
# free; test_threads then checks that the setting changes nothing).
set(ARX_OPENMP OFF CACHE BOOL "OpenMP (off: no static libgomp for s390x)" FORCE)
