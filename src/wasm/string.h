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

#endif
