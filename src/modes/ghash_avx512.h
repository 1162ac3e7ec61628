/*
 * GHASH building blocks on zmm registers (VPCLMULQDQ), for ghash_avx512.c
 * and for stitched CTR+GHASH kernels in AVX-512 cipher files: absorb 16
 * blocks as four registers of four, multiply by H^16 ... H^1, accumulate
 * unreduced, reduce once. Include only from files built with the AVX-512
 * flags (-mavx512f -mavx512bw -mvpclmulqdq -mpclmul).
 *
 * Use: arx_ghash_pclmul_powers(g, 16) and ghash16_load_keys once; per 16
 * blocks ghash16_begin, then
 * ghash16_absorb(acc, keys, j, x_j) for j = 0..3 where x_0 has Y XORed into
 * its first lane (ghash16_add_y), then Y = ghash16_finish.
 */
#ifndef ARX_GHASH_AVX512_H
#define ARX_GHASH_AVX512_H

#include <immintrin.h>

#include "ghash.h"
#include "ghash_x86.h"

typedef struct {
    __m512i k[4]; /* k[j] lanes = H^(16-4j), H^(15-4j), H^(14-4j), H^(13-4j) */
} ghash16_keys;

typedef struct {
    __m512i lo, mid, hi;
} ghash16_acc;

static inline void ghash16_load_keys(ghash16_keys *k, const arx_ghash *g) {
    for (int j = 0; j < 4; j++) k->k[j] = _mm512_loadu_si512((const void *)g->htab[4 * j]);
}

/* Four data blocks, each byte-reversed in its 128-bit lane. */
static inline __m512i ghash16_bswap(__m512i x) {
    const __m512i rev = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_shuffle_epi8(x, rev);
}
static inline __m512i ghash16_load(const uint8_t *p) { return ghash16_bswap(_mm512_loadu_si512((const void *)p)); }

static inline __m512i ghash16_add_y(__m512i x, __m128i y) {
    return _mm512_xor_si512(x, _mm512_zextsi128_si512(y));
}

static inline void ghash16_begin(ghash16_acc *a) {
    a->lo = a->mid = a->hi = _mm512_setzero_si512();
}

static inline void ghash16_absorb(ghash16_acc *a, const ghash16_keys *k, int j, __m512i x) {
    __m512i h = k->k[j];
    a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
    a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
    a->mid = _mm512_ternarylogic_epi64(a->mid, _mm512_clmulepi64_epi128(x, h, 0x01),
                                       _mm512_clmulepi64_epi128(x, h, 0x10), 0x96); /* a ^ b ^ c */
}

static inline __m128i ghash16_fold(__m512i z) {
    __m256i a = _mm256_xor_si256(_mm512_castsi512_si256(z), _mm512_extracti64x4_epi64(z, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
}

static inline __m128i ghash16_finish(const ghash16_acc *a) {
    return ghash_reduce(ghash16_fold(a->lo), ghash16_fold(a->mid), ghash16_fold(a->hi));
}

#endif
