/*
 * GHASH building blocks on ymm registers (VPCLMULQDQ on 256 bits, AVX2, no
 * AVX-512): the ghash_avx512.h scheme at half the width, for CPUs such as
 * AMD Zen 3 and Intel Alder Lake that have VPCLMULQDQ but not AVX-512. Two
 * blocks per register; a group of 2n blocks (n <= 32) is multiplied by
 * H^2n ... H^1, accumulated unreduced (Karatsuba: three multiplies per
 * register) and reduced once. Keys are read from the power table as memory
 * operands. Include only from files built with CMake's avx2clmul flags
 * (-mavx2 -mvpclmulqdq -mpclmul).
 *
 * Use, for a group of 2n blocks with Y the running value, and gk a key made
 * by arx_ghash_vpclmul256_key (all 64 powers and their Karatsuba halves):
 *   ghash_yacc a; ghash_y_begin(&a);
 *   for j in 0..n-1: ghash_y_absorb(&a, gk, 2n, j, x_j)   x_j = ghash_y_load(data + 32j),
 *                                                         x_0 = ghash_y_add_y(x_0, Y)
 *   Y = ghash_y_finish(&a);
 */
#ifndef ARX_GHASH_AVX2CLMUL_H
#define ARX_GHASH_AVX2CLMUL_H

#include <immintrin.h>
#include "simd_msan.h"

#include "ghash.h"
#include "ghash_x86.h"

typedef struct {
    __m256i lo, mid, hi;
} ghash_yacc;

/* Two data blocks, each byte-reversed in its 128-bit lane. */
static inline __m256i ghash_y_bswap(__m256i x) {
    const __m256i rev = _mm256_broadcastsi128_si256(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm256_shuffle_epi8(x, rev);
}
static inline __m256i ghash_y_load(const uint8_t *p) {
    return ghash_y_bswap(_mm256_loadu_si256((const __m256i *)(const void *)p));
}

static inline __m256i ghash_y_add_y(__m256i x, __m128i y) {
    return _mm256_xor_si256(x, _mm256_zextsi128_si256(y));
}

static inline void ghash_y_begin(ghash_yacc *a) {
    a->lo = a->mid = a->hi = _mm256_setzero_si256();
}

/* ghash_reduce (ghash_x86.h) on two independent 128-bit lanes at once. */
static inline __m256i ghash_reduce_y(__m256i lo, __m256i mid, __m256i hi) {
    __m256i c_lo = _mm256_xor_si256(lo, _mm256_slli_si256(mid, 8));
    __m256i c_hi = _mm256_xor_si256(hi, _mm256_srli_si256(mid, 8));
    __m256i t_lo = _mm256_or_si256(_mm256_slli_epi64(c_lo, 1), _mm256_slli_si256(_mm256_srli_epi64(c_lo, 63), 8));
    __m256i t_hi = _mm256_or_si256(_mm256_slli_epi64(c_hi, 1), _mm256_slli_si256(_mm256_srli_epi64(c_hi, 63), 8));
    t_hi = _mm256_or_si256(t_hi, _mm256_srli_si256(_mm256_srli_epi64(c_lo, 63), 8));
    __m256i w = t_lo;
    __m256i v = _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(w, 63), _mm256_slli_epi64(w, 62)),
                                 _mm256_slli_epi64(w, 57));
    __m256i z = _mm256_xor_si256(w, _mm256_slli_si256(v, 8));
#define SHR128_Y(x, k) _mm256_or_si256(_mm256_srli_epi64((x), (k)), _mm256_srli_si256(_mm256_slli_epi64((x), 64 - (k)), 8))
    __m256i f = _mm256_xor_si256(_mm256_xor_si256(z, SHR128_Y(z, 1)), _mm256_xor_si256(SHR128_Y(z, 2), SHR128_Y(z, 7)));
#undef SHR128_Y
    return _mm256_xor_si256(t_hi, f);
}

/* Lane-wise product of two field elements by two others. */
static inline __m256i ghash_mul_y(__m256i a, __m256i b) {
    __m256i lo = _mm256_clmulepi64_epi128(a, b, 0x00), hi = _mm256_clmulepi64_epi128(a, b, 0x11);
    __m256i mid = _mm256_xor_si256(_mm256_clmulepi64_epi128(a, b, 0x01), _mm256_clmulepi64_epi128(a, b, 0x10));
    return ghash_reduce_y(lo, mid, hi);
}

/*
 * Register j of a group of `blocks` (even, at most 64): its lanes are blocks
 * 2j, 2j+1 and meet H^(blocks-2j), H^(blocks-2j-1): htab[64-blocks+2j ...].
 * Karatsuba as in ghash_avx512.h: lo, hi and (x_lo^x_hi)(h_lo^h_hi), the
 * middle term corrected once per group in ghash_y_finish.
 */
static inline void ghash_y_absorb(ghash_yacc *a, const arx_ghash_key *gk, unsigned blocks, unsigned j, __m256i x) {
    __m256i h = _mm256_loadu_si256((const __m256i *)(const void *)gk->htab[ARX_GHASH_MAX_POW - blocks + 2 * j]);
    __m256i hk = _mm256_loadu_si256((const __m256i *)(const void *)gk->hkar[ARX_GHASH_MAX_POW - blocks + 2 * j]);
    a->lo = _mm256_xor_si256(a->lo, _mm256_clmulepi64_epi128(x, h, 0x00));
    a->hi = _mm256_xor_si256(a->hi, _mm256_clmulepi64_epi128(x, h, 0x11));
    __m256i t = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
    a->mid = _mm256_xor_si256(a->mid, _mm256_clmulepi64_epi128(t, hk, 0x00));
}

static inline __m128i ghash_y_fold(__m256i y) {
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

static inline __m128i ghash_y_finish(ghash_yacc *a) {
    __m256i mid = _mm256_xor_si256(a->mid, _mm256_xor_si256(a->lo, a->hi)); /* Karatsuba: mid ^= lo ^ hi */
    return ghash_reduce(ghash_y_fold(a->lo), ghash_y_fold(mid), ghash_y_fold(a->hi));
}

/* Absorb `blocks` (even, at most 64) blocks of data into y. */
static inline __m128i ghash_y_group(const arx_ghash_key *gk, __m128i y, const uint8_t *data, unsigned blocks) {
    ghash_yacc a;
    ghash_y_begin(&a);
    ghash_y_absorb(&a, gk, blocks, 0, ghash_y_add_y(ghash_y_load(data), y));
    for (unsigned j = 1; j < blocks / 2; j++) ghash_y_absorb(&a, gk, blocks, j, ghash_y_load(data + 32 * j));
    return ghash_y_finish(&a);
}

#endif
