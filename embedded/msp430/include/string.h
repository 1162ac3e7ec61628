/* The three C library functions the freestanding arxcrypt needs, for
 * toolchains without a C library (clang --target=msp430); embedded/msp430/libc.c. */
#ifndef ARX_EMBEDDED_STRING_H
#define ARX_EMBEDDED_STRING_H
#include <stddef.h>
void *memcpy(void *restrict d, const void *restrict s, size_t n);
void *memmove(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
#endif
