/*
 * The fuzz harnesses' shared helpers: reading a libFuzzer input as a stream
 * of fields, and heap copies of exact size (so AddressSanitizer reports any
 * access one byte past a key, IV, AAD, tag or data buffer).
 */
#ifndef ARX_FUZZ_INPUT_H
#define ARX_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *p;
    size_t n;
} fz_reader;

/* One byte of the input; 0 once it is used up. */
static inline uint8_t fz_u8(fz_reader *r) {
    if (!r->n) return 0;
    r->n--;
    return *r->p++;
}

/* Two bytes, little-endian. */
static inline size_t fz_u16(fz_reader *r) {
    size_t lo = fz_u8(r);
    return lo | (size_t)fz_u8(r) << 8;
}

/* dst[0..len) from the input; past its end, a fixed pattern (not zeros, so
 * the blocks of a long message still differ). */
static inline void fz_bytes(fz_reader *r, uint8_t *dst, size_t len) {
    size_t m = len < r->n ? len : r->n;
    if (m) memcpy(dst, r->p, m);
    r->p += m;
    r->n -= m;
    for (size_t i = m; i < len; i++) dst[i] = (uint8_t)(i * 0x9d + 0x5b);
}

/* malloc that never returns NULL: running out of memory is not a finding. */
static inline uint8_t *fz_alloc(size_t n) {
    uint8_t *p = malloc(n ? n : 1);
    if (!p) {
        fputs("fuzz: out of memory\n", stderr);
        abort();
    }
    return p;
}

/* A heap copy of exactly n bytes of src. */
static inline uint8_t *fz_dup(const uint8_t *src, size_t n) {
    uint8_t *p = fz_alloc(n);
    if (n) memcpy(p, src, n);
    return p;
}

/* Index of the first byte where a and b differ (n if none). */
static inline size_t fz_diff_at(const uint8_t *a, const uint8_t *b, size_t n) {
    size_t i = 0;
    while (i < n && a[i] == b[i]) i++;
    return i;
}

#endif
