/*
 * GHASH building blocks on zmm registers (VPCLMULQDQ), for ghash_avx512.c
 * and for stitched CTR+GHASH kernels in AVX-512 cipher files. A group of
 * 4n blocks (n <= 16 registers of four) is multiplied by H^4n ... H^1,
 * accumulated unreduced and reduced once; the keys are read from the power
 * table as memory operands, so a group needs no key registers. Include only
 * from files built with the AVX-512 flags (-mavx512f -mavx512bw -mvpclmulqdq).
 *
 * Use, for a group of 4n blocks with Y the running value:
 *   arx_ghash_z_powers(g, 4n)                 (once; fills the table)
 *   ghash_zacc a; ghash_z_begin(&a);
 *   for j in 0..n-1: ghash_z_absorb(&a, g, 4n, j, x_j)   x_j = ghash_z_bswap(data),
 *                                                        x_0 = ghash_z_add_y(x_0, Y)
 *   Y = ghash_z_finish(&a);
 */
#ifndef ARX_GHASH_AVX512_H
#define ARX_GHASH_AVX512_H

#include <immintrin.h>

#include "ghash.h"
#include "ghash_x86.h"

typedef struct {
    __m512i lo, mid, hi;
} ghash_zacc;

/* Four data blocks, each byte-reversed in its 128-bit lane. */
static inline __m512i ghash_z_bswap(__m512i x) {
    const __m512i rev = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_shuffle_epi8(x, rev);
}
static inline __m512i ghash_z_load(const uint8_t *p) { return ghash_z_bswap(_mm512_loadu_si512((const void *)p)); }

static inline __m512i ghash_z_add_y(__m512i x, __m128i y) {
    return _mm512_xor_si512(x, _mm512_zextsi128_si512(y));
}

static inline void ghash_z_begin(ghash_zacc *a) {
    a->lo = a->mid = a->hi = _mm512_setzero_si512();
}

/* Register j of a group of `blocks` (a multiple of 4): its lanes are blocks
 * 4j..4j+3 and meet H^(blocks-4j) ... H^(blocks-4j-3), htab[64-blocks+4j ...]. */
static inline void ghash_z_absorb(ghash_zacc *a, const arx_ghash *g, unsigned blocks, unsigned j, __m512i x) {
    __m512i h = _mm512_loadu_si512((const void *)g->htab[ARX_GHASH_MAX_POW - blocks + 4 * j]);
    a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
    a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
    a->mid = _mm512_ternarylogic_epi64(a->mid, _mm512_clmulepi64_epi128(x, h, 0x01),
                                       _mm512_clmulepi64_epi128(x, h, 0x10), 0x96); /* a ^ b ^ c */
}

/* ghash_reduce (ghash_x86.h) on four independent 128-bit lanes at once. */
static inline __m512i ghash_reduce_z(__m512i lo, __m512i mid, __m512i hi) {
    __m512i c_lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    __m512i c_hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    __m512i t_lo = _mm512_or_si512(_mm512_slli_epi64(c_lo, 1), _mm512_bslli_epi128(_mm512_srli_epi64(c_lo, 63), 8));
    __m512i t_hi = _mm512_or_si512(_mm512_slli_epi64(c_hi, 1), _mm512_bslli_epi128(_mm512_srli_epi64(c_hi, 63), 8));
    t_hi = _mm512_or_si512(t_hi, _mm512_bsrli_epi128(_mm512_srli_epi64(c_lo, 63), 8));
    __m512i w = t_lo;
    __m512i v = _mm512_ternarylogic_epi64(_mm512_slli_epi64(w, 63), _mm512_slli_epi64(w, 62), _mm512_slli_epi64(w, 57), 0x96);
    __m512i z = _mm512_xor_si512(w, _mm512_bslli_epi128(v, 8));
#define SHR128_Z(x, k) _mm512_or_si512(_mm512_srli_epi64((x), (k)), _mm512_bsrli_epi128(_mm512_slli_epi64((x), 64 - (k)), 8))
    __m512i f = _mm512_ternarylogic_epi64(z, SHR128_Z(z, 1), _mm512_xor_si512(SHR128_Z(z, 2), SHR128_Z(z, 7)), 0x96);
#undef SHR128_Z
    return _mm512_xor_si512(t_hi, f);
}

/* Lane-wise product of four field elements by four others. */
static inline __m512i ghash_mul_z(__m512i a, __m512i b) {
    __m512i lo = _mm512_clmulepi64_epi128(a, b, 0x00), hi = _mm512_clmulepi64_epi128(a, b, 0x11);
    __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, b, 0x01), _mm512_clmulepi64_epi128(a, b, 0x10));
    return ghash_reduce_z(lo, mid, hi);
}

static inline __m128i ghash_z_fold(__m512i z) {
    __m256i a = _mm256_xor_si256(_mm512_castsi512_si256(z), _mm512_extracti64x4_epi64(z, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
}

static inline __m128i ghash_z_finish(const ghash_zacc *a) {
    return ghash_reduce(ghash_z_fold(a->lo), ghash_z_fold(a->mid), ghash_z_fold(a->hi));
}

/*
 * Fill htab up to H^need (need <= 64) by doubling: [H^4 .. H^1] times
 * H^4 gives [H^8 .. H^5], then [H^8 .. H^1] times H^8 gives [H^16 .. H^9],
 * and so on: six dependent multiplications deep instead of 63 (which cost
 * ~1450 TSC cycles per 16 KiB message, 0.09 cpb, before this).
 */
static inline void arx_ghash_z_powers(arx_ghash *g, unsigned need) {
    if (g->npow >= need) return;
    /* The xmm path fills powers one at a time (any count up to 8); doubling
     * needs a power of two, so round up to 4 or 8 first. */
    arx_ghash_pclmul_powers(g, g->npow > 4 ? 8 : 4);
    while (g->npow < need) {
        unsigned n = g->npow; /* 4, 8, 16 or 32: H^n .. H^1 are in the table */
        __m512i hn = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)g->htab[ARX_GHASH_MAX_POW - n]));
        for (unsigned j = 0; j < n / 4; j++) {
            const uint8_t *src = g->htab[ARX_GHASH_MAX_POW - n + 4 * j];  /* H^(n-4j) .. */
            uint8_t *dst = g->htab[ARX_GHASH_MAX_POW - 2 * n + 4 * j];      /* H^(2n-4j) .. */
            _mm512_storeu_si512((void *)dst, ghash_mul_z(_mm512_loadu_si512((const void *)src), hn));
        }
        g->npow = 2 * n;
    }
}

/* Absorb `blocks` (a multiple of 4, at most 64) blocks of data into y. */
static inline __m128i ghash_z_group(const arx_ghash *g, __m128i y, const uint8_t *data, unsigned blocks) {
    ghash_zacc a;
    ghash_z_begin(&a);
    ghash_z_absorb(&a, g, blocks, 0, ghash_z_add_y(ghash_z_load(data), y));
    for (unsigned j = 1; j < blocks / 4; j++) ghash_z_absorb(&a, g, blocks, j, ghash_z_load(data + 64 * j));
    return ghash_z_finish(&a);
}

#endif
