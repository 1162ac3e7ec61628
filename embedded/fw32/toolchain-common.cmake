# Shared by the 32-bit microcontroller toolchain files (embedded/rv32i,
# embedded/cortex-m): a bare-metal cross build of the freestanding library,
# its tests and embedded/fw32/fw.c, linked with picolibc (semihosting for
# stdio, files and argv) and libgcc, run by embedded/run-qemu. The including
# file sets ARX_EMBEDDED_TARGET, ARX_MCU_TRIPLE, ARX_MCU_FLAGS, ARX_MCU_MEMORY.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR ${ARX_EMBEDDED_TARGET})
set(CMAKE_C_COMPILER ${ARX_MCU_TRIPLE}-gcc)
set(CMAKE_ASM_COMPILER ${ARX_MCU_TRIPLE}-gcc)
set(CMAKE_NM ${ARX_MCU_TRIPLE}-nm CACHE FILEPATH "nm" FORCE)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_C_FLAGS_INIT "${ARX_MCU_FLAGS} --specs=picolibc.specs")
set(CMAKE_ASM_FLAGS_INIT "${ARX_MCU_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "--oslib=semihost --crt0=semihost ${ARX_MCU_MEMORY} -Wl,--defsym=__stack_size=0x20000")
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../run-qemu;exec;${ARX_EMBEDDED_TARGET})
set(ARX_FREESTANDING ON CACHE BOOL "firmware build" FORCE)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
