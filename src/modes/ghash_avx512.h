/*
 * GHASH building blocks on zmm registers (VPCLMULQDQ), for ghash_avx512.c
 * and for stitched CTR+GHASH kernels in AVX-512 cipher files. A group of
 * 4n blocks (n <= 16 registers of four) is multiplied by H^4n ... H^1,
 * accumulated unreduced and reduced once; the keys are read from the power
 * table as memory operands, so a group needs no key registers. Include only
 * from files built with the AVX-512 flags (-mavx512f -mavx512bw -mvpclmulqdq).
 *
 * Use, for a group of 4n blocks with Y the running value, and gk a key made
 * by arx_ghash_vpclmul_key (all 64 powers):
 *   ghash_zacc a; ghash_z_begin(&a);
 *   for j in 0..n-1: ghash_z_absorb(&a, gk, 4n, j, x_j)  x_j = ghash_z_bswap(data),
 *                                                        x_0 = ghash_z_add_y(x_0, Y)
 *   Y = ghash_z_finish(&a);
 */
#ifndef ARX_GHASH_AVX512_H
#define ARX_GHASH_AVX512_H

#include <immintrin.h>
#include "simd_msan.h"

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

/* ghash_reduce (ghash_x86.h) on four independent 128-bit lanes at once. */
static inline __m512i ghash_reduce_z(__m512i lo, __m512i mid, __m512i hi) {
    __m512i c_lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    __m512i c_hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    __m512i t_lo = _mm512_or_si512(_mm512_slli_epi64(c_lo, 1), _mm512_bslli_epi128(_mm512_srli_epi64(c_lo, 63), 8));
    __m512i t_hi = _mm512_or_si512(_mm512_slli_epi64(c_hi, 1), _mm512_bslli_epi128(_mm512_srli_epi64(c_hi, 63), 8));
    t_hi = _mm512_or_si512(t_hi, _mm512_bsrli_epi128(_mm512_srli_epi64(c_lo, 63), 8));
    __m512i w = t_lo;
    __m512i v = ARX_TERNLOG_EPI64(_mm512_slli_epi64(w, 63), _mm512_slli_epi64(w, 62), _mm512_slli_epi64(w, 57), 0x96);
    __m512i z = _mm512_xor_si512(w, _mm512_bslli_epi128(v, 8));
#define SHR128_Z(x, k) _mm512_or_si512(_mm512_srli_epi64((x), (k)), _mm512_bsrli_epi128(_mm512_slli_epi64((x), 64 - (k)), 8))
    __m512i f = ARX_TERNLOG_EPI64(z, SHR128_Z(z, 1), _mm512_xor_si512(SHR128_Z(z, 2), SHR128_Z(z, 7)), 0x96);
#undef SHR128_Z
    return _mm512_xor_si512(t_hi, f);
}

/* Lane-wise product of four field elements by four others. */
static inline __m512i ghash_mul_z(__m512i a, __m512i b) {
    __m512i lo = _mm512_clmulepi64_epi128(a, b, 0x00), hi = _mm512_clmulepi64_epi128(a, b, 0x11);
    __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, b, 0x01), _mm512_clmulepi64_epi128(a, b, 0x10));
    return ghash_reduce_z(lo, mid, hi);
}

/*
 * Register j of a group of `blocks` (a multiple of 4): its lanes are blocks
 * 4j..4j+3 and meet H^(blocks-4j) ... H^(blocks-4j-3), htab[64-blocks+4j ...].
 * Karatsuba: three multiplies per register, not four (lo, hi and
 * (x_lo^x_hi)(h_lo^h_hi)); the middle term is corrected once per group, in
 * ghash_z_finish. Measured in the stitched LEA-GCM loop (16 KiB, TSC cpb):
 * 0.526 with four multiplies, 0.515 with three.
 */
static inline void ghash_z_absorb(ghash_zacc *a, const arx_ghash_key *gk, unsigned blocks, unsigned j, __m512i x) {
    __m512i h = _mm512_loadu_si512((const void *)gk->htab[ARX_GHASH_MAX_POW - blocks + 4 * j]);
    __m512i hk = _mm512_loadu_si512((const void *)gk->hkar[ARX_GHASH_MAX_POW - blocks + 4 * j]);
    a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
    a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
    __m512i t = _mm512_xor_si512(x, _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0x4e));
    a->mid = _mm512_xor_si512(a->mid, _mm512_clmulepi64_epi128(t, hk, 0x00));
}

static inline __m128i ghash_z_fold(__m512i z) {
    __m256i a = _mm256_xor_si256(_mm512_castsi512_si256(z), _mm512_extracti64x4_epi64(z, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
}

static inline __m128i ghash_z_finish(ghash_zacc *a) {
    __m512i mid = ARX_TERNLOG_EPI64(a->mid, a->lo, a->hi, 0x96); /* Karatsuba: mid ^= lo ^ hi */
    return ghash_reduce(ghash_z_fold(a->lo), ghash_z_fold(mid), ghash_z_fold(a->hi));
}

/* Absorb `blocks` (a multiple of 4, at most 64) blocks of data into y. */
static inline __m128i ghash_z_group(const arx_ghash_key *gk, __m128i y, const uint8_t *data, unsigned blocks) {
    ghash_zacc a;
    ghash_z_begin(&a);
    ghash_z_absorb(&a, gk, blocks, 0, ghash_z_add_y(ghash_z_load(data), y));
    for (unsigned j = 1; j < blocks / 4; j++) ghash_z_absorb(&a, gk, blocks, j, ghash_z_load(data + 64 * j));
    return ghash_z_finish(&a);
}

#endif
