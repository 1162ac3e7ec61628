/*
 * Helpers shared by the x86 GHASH files (compiled with PCLMUL/SSSE3 or
 * AVX-512 flags): byte reversal and the reduction derived in ghash_pclmul.c.
 * Include only from files built with at least -mssse3 -mpclmul.
 */
#ifndef ARX_GHASH_X86_H
#define ARX_GHASH_X86_H

#include <immintrin.h>

static inline __m128i bswap128(__m128i x) {
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* 128-bit shifts of a register by k in 1..63, built from 64-bit lane shifts. */
static inline __m128i shr128(__m128i z, int k) {
    return _mm_or_si128(_mm_srli_epi64(z, k), _mm_srli_si128(_mm_slli_epi64(z, 64 - k), 8));
}

/* Accumulate a * b (schoolbook, four 64x64 products) into lo, mid, hi. */
static inline void ghash_mul_acc(__m128i a, __m128i b, __m128i *lo, __m128i *mid, __m128i *hi) {
    *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, b, 0x00));
    *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, b, 0x11));
    *mid = _mm_xor_si128(*mid, _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01), _mm_clmulepi64_si128(a, b, 0x10)));
}

/* Reduce the unreduced product lo + x^64 mid + x^128 hi (each 128-bit, as
 * returned by carry-less multiplies of reflected values) to one element. */
static inline __m128i ghash_reduce(__m128i lo, __m128i mid, __m128i hi) {
    /* C = 256-bit product: c_lo = lo ^ mid << 64, c_hi = hi ^ mid >> 64 */
    __m128i c_lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    __m128i c_hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    /* T = C << 1 (256-bit): carry the top bit of each 64-bit lane upward */
    __m128i t_lo = _mm_or_si128(_mm_slli_epi64(c_lo, 1), _mm_slli_si128(_mm_srli_epi64(c_lo, 63), 8));
    __m128i t_hi = _mm_or_si128(_mm_slli_epi64(c_hi, 1), _mm_slli_si128(_mm_srli_epi64(c_hi, 63), 8));
    t_hi = _mm_or_si128(t_hi, _mm_srli_si128(_mm_srli_epi64(c_lo, 63), 8));
    /* W = r(H) = t_lo; V = W << 127 ^ W << 126 ^ W << 121 (high lane only) */
    __m128i w = t_lo;
    __m128i v = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(w, 63), _mm_slli_epi64(w, 62)), _mm_slli_epi64(w, 57));
    __m128i z = _mm_xor_si128(w, _mm_slli_si128(v, 8));
    __m128i f = _mm_xor_si128(_mm_xor_si128(z, shr128(z, 1)), _mm_xor_si128(shr128(z, 2), shr128(z, 7)));
    return _mm_xor_si128(t_hi, f);
}

#endif
