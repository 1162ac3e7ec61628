# WebAssembly (wasm32), for the npm package in js/: clang-14 and wasm-ld-14
# (Debian: clang-14 lld-14), no C library, no emscripten. Configure with
# -DARX_FREESTANDING=ON (CMakeLists.txt refuses wasm32 without it); the
# SIMD128 backends (files *_wasm.c) are built unless -DARX_WASM_SIMD=OFF.
# Only the target arxcrypt-wasm (the .wasm module) is meant to be built.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
find_program(ARX_WASM_CC NAMES clang-14 clang REQUIRED)
set(CMAKE_C_COMPILER ${ARX_WASM_CC})
set(CMAKE_C_COMPILER_TARGET wasm32-unknown-unknown)
find_program(ARX_WASM_AR NAMES llvm-ar-14 llvm-ar REQUIRED)
find_program(ARX_WASM_RANLIB NAMES llvm-ranlib-14 llvm-ranlib REQUIRED)
find_program(ARX_WASM_NM NAMES llvm-nm-14 llvm-nm)
set(CMAKE_AR ${ARX_WASM_AR} CACHE FILEPATH "" FORCE)
set(CMAKE_RANLIB ${ARX_WASM_RANLIB} CACHE FILEPATH "" FORCE)
if(ARX_WASM_NM)
  set(CMAKE_NM ${ARX_WASM_NM} CACHE FILEPATH "" FORCE)
endif()
# No C library to link a test program against.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
