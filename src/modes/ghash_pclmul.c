/*
 * GHASH with PCLMULQDQ: 8 blocks per reduction (aggregated: Y' = (Y+X1)H^8 +
 * X2 H^7 + ... + X8 H), Karatsuba-free schoolbook products accumulated
 * unreduced, then one shift and one reduction. Constant time: carry-less
 * multiplies and shifts only, no tables indexed by data.
 *
 * Representation. A GCM element is 16 bytes whose first bit is the
 * coefficient of x^0. Reversing the 16 bytes (pshufb) gives a 128-bit
 * register r(a) in which bit 127 - i holds the coefficient of x^i: the
 * "reflection" of the polynomial. For two such registers the 255-bit
 * carry-less product is the reflection of a*b over 255 bits, so shifting it
 * left by one gives T = r256(a*b): T's high half is r(L) and its low half
 * r(H) for a*b = L + x^128 H.
 *
 * Reduction mod P = x^128 + x^7 + x^2 + x + 1. x^128 H = H (1 + x + x^2 + x^7)
 * (mod P). In the reflection, multiplying by x^k is a right shift by k and
 * the bits pushed past x^127 are r(H) << (128 - k); those 7 overflow bits,
 * V = r(H) << 127 ^ << 126 ^ << 121, need the same fold once more and then no
 * more. Since the fold f(z) = z ^ z>>1 ^ z>>2 ^ z>>7 is linear, the result is
 * r(L) ^ f(r(H) ^ V), with V confined to the high 64-bit lane.
 */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "../internal.h"
#include "ghash.h"
#include "ghash_x86.h"

#define mul_acc ghash_mul_acc

static inline __m128i gf_mul(__m128i a, __m128i b) {
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    mul_acc(a, b, &lo, &mid, &hi);
    return ghash_reduce(lo, mid, hi);
}

/* H^j into htab[64 - j] for j = 2..n, H^1 being there already. */
void arx_ghash_pclmul_fill(arx_ghash_key *gk, unsigned n) {
    __m128i hr = _mm_loadu_si128((const __m128i *)(const void *)gk->htab[ARX_GHASH_MAX_POW - 1]);
    __m128i p = hr;
    for (unsigned j = 2; j <= n; j++) {
        p = gf_mul(p, hr);
        _mm_storeu_si128((__m128i *)(void *)gk->htab[ARX_GHASH_MAX_POW - j], p);
    }
}

void arx_ghash_pclmul_key(arx_ghash_key *gk, const uint8_t h[16]) {
    __m128i hr = bswap128(_mm_loadu_si128((const __m128i *)(const void *)h));
    _mm_storeu_si128((__m128i *)(void *)gk->htab[ARX_GHASH_MAX_POW - 1], hr);
    arx_ghash_pclmul_fill(gk, 8);
}

void arx_ghash_pclmul_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
    while (nblocks) {
        size_t k = nblocks < 8 ? nblocks : 8;
        const uint8_t *pw = g->key->htab[ARX_GHASH_MAX_POW - k]; /* H^k ... H^1, 16 bytes apart */
        __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
        for (size_t i = 0; i < k; i++) {
            __m128i x = bswap128(_mm_loadu_si128((const __m128i *)(const void *)(data + 16 * i)));
            if (i == 0) x = _mm_xor_si128(x, y);
            mul_acc(x, _mm_loadu_si128((const __m128i *)(const void *)(pw + 16 * i)), &lo, &mid, &hi);
        }
        y = ghash_reduce(lo, mid, hi);
        data += 16 * k;
        nblocks -= k;
    }
    _mm_storeu_si128((__m128i *)(void *)g->yr, y);
}

void arx_ghash_pclmul_hpow(arx_ghash *hn, uint64_t n) {
    const __m128i h = _mm_loadu_si128((const __m128i *)(const void *)hn->key->htab[ARX_GHASH_MAX_POW - 1]);
    __m128i r = _mm_set_epi64x((long long)0x8000000000000000ull, 0); /* 1: x^0 is bit 127 here */
    for (int b = 63; b >= 0; b--) {
        r = gf_mul(r, r);
        if ((n >> b) & 1) r = gf_mul(r, h); /* n is a public block count */
    }
    _mm_storeu_si128((__m128i *)(void *)hn->yr, r);
}

void arx_ghash_pclmul_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part) {
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
    y = gf_mul(y, _mm_loadu_si128((const __m128i *)(const void *)hn->yr));
    y = _mm_xor_si128(y, _mm_loadu_si128((const __m128i *)(const void *)part->yr));
    _mm_storeu_si128((__m128i *)(void *)g->yr, y);
}

#endif
