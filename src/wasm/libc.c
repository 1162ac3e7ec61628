/*
 * The three C library functions the freestanding library calls (CMake's
 * ARX_FREESTANDING: memcpy, memset, memmove and nothing else), for the
 * WebAssembly module, which links no C library. Built with -mbulk-memory,
 * so each is one memory.copy or memory.fill instruction: the engine's own
 * copy loop, and no recursion (clang lowers these builtins to the
 * instructions, never to a call).
 */
#define ARX_WASM_LIBC /* the functions, not string.h's builtin macros */
#include <string.h> /* src/wasm/string.h */

#if !defined(__wasm__) || !defined(__wasm_bulk_memory__)
#error "src/wasm/libc.c is for wasm32 built with -mbulk-memory (cmake/toolchain-wasm32.cmake)"
#endif

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    return __builtin_memcpy(dst, src, n);
}

void *memmove(void *dst, const void *src, size_t n) {
    return __builtin_memmove(dst, src, n);
}

void *memset(void *dst, int c, size_t n) {
    return __builtin_memset(dst, c, n);
}
