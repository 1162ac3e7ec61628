/*
 * <string.h> for the wasm32 build, which has no C library: the three
 * functions the freestanding library uses, defined in src/wasm/libc.c.
 * CMake puts this directory on the include path of wasm32 builds only.
 */
#ifndef ARX_WASM_STRING_H
#define ARX_WASM_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);

/* -ffreestanding makes every memcpy and memset a call (clang assumes
 * nothing about them); as builtins, a constant size of a few words becomes
 * loads and stores and any other size one memory.copy / memory.fill in
 * place, with no call (the GCM of a 64-byte message made ~15 such calls:
 * docs/PERFORMANCE.md, WebAssembly). libc.c defines the functions. */
#ifndef ARX_WASM_LIBC
#define memcpy(d, s, n) __builtin_memcpy((d), (s), (n))
#define memmove(d, s, n) __builtin_memmove((d), (s), (n))
#define memset(d, c, n) __builtin_memset((d), (c), (n))
#endif

#endif
