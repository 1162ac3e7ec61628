/*
 * GHASH with VPCLMULQDQ on ymm registers, for AVX2 backends on CPUs without
 * AVX-512 (ghash_avx2clmul.h): two blocks per register, 32 per reduction,
 * then groups of 8, the rest through the xmm code. The key has the layout
 * of the AVX-512 one (ghash.h: htab, hkar), so hpow and fold are PCLMULQDQ's.
 */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "../internal.h"
#include "ghash.h"
#include "ghash_avx2clmul.h"

/* Blocks per reduction. Measured with ghash alone on Zen 4 (256-bit code,
 * 16 KiB): see docs/PERFORMANCE.md, "GHASH on AVX2". */
#define GHASH_Y_GROUP 32

/* H^1 .. H^64 as arx_ghash_vpclmul_key makes them, two lanes at a time:
 * [H^n .. H^(n-1)] x H^n gives [H^2n .. H^(2n-1)]. Then hkar. */
void arx_ghash_vpclmul256_key(arx_ghash_key *gk, const uint8_t h[16]) {
    arx_ghash_pclmul_key(gk, h);
    for (unsigned n = 8; n < ARX_GHASH_MAX_POW; n *= 2) { /* H^n .. H^1 are in the table */
        __m256i hn = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)gk->htab[ARX_GHASH_MAX_POW - n]));
        for (unsigned j = 0; j < n / 2; j++) {
            const uint8_t *src = gk->htab[ARX_GHASH_MAX_POW - n + 2 * j]; /* H^(n-2j), H^(n-2j-1) */
            uint8_t *dst = gk->htab[ARX_GHASH_MAX_POW - 2 * n + 2 * j];     /* H^(2n-2j), ... */
            _mm256_storeu_si256((__m256i *)(void *)dst, ghash_mul_y(_mm256_loadu_si256((const __m256i *)(const void *)src), hn));
        }
    }
    for (unsigned i = 0; i < ARX_GHASH_MAX_POW; i += 2) {
        __m256i p = _mm256_loadu_si256((const __m256i *)(const void *)gk->htab[i]);
        _mm256_storeu_si256((__m256i *)(void *)gk->hkar[i], _mm256_xor_si256(p, _mm256_shuffle_epi32(p, 0x4e)));
    }
}

void arx_ghash_vpclmul256_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    if (nblocks >= 8) {
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
        for (; nblocks >= GHASH_Y_GROUP; nblocks -= GHASH_Y_GROUP, data += 16 * GHASH_Y_GROUP)
            y = ghash_y_group(g->key, y, data, GHASH_Y_GROUP);
        for (; nblocks >= 8; nblocks -= 8, data += 128) y = ghash_y_group(g->key, y, data, 8);
        _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    }
    arx_ghash_pclmul_blocks(g, data, nblocks);
}

#endif
