/*
 * GHASH with VPCLMULQDQ on zmm registers: four blocks per register, 64 per
 * reduction (ARX_GHASH_MAX_POW), then groups of 16, the rest through the xmm
 * code. See ghash_avx512.h for the group and ghash_pclmul.c for the algebra.
 */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "../internal.h"
#include "ghash.h"
#include "ghash_avx512.h"

/*
 * H^1 .. H^64: the first 8 one after another (xmm), then by doubling, four
 * lanes at a time: [H^8 .. H^5] x H^8 gives [H^16 .. H^13], and so on. Six
 * multiplications deep instead of 63 in a row: ~460 TSC cycles, not ~1450.
 * Then hkar, the Karatsuba halves (ghash_avx512.h). GCM builds this once
 * per key, but keys made per message pay it every time: a new LEA-128 key
 * plus its first 64-byte GCM message costs ~1500 TSC cycles with doubling and
 * ~2520 with the powers one after another, hence the lane-wise reduction
 * beside ghash_x86.h's (the two compile under different ISA flags).
 */
void arx_ghash_vpclmul_key(arx_ghash_key *gk, const uint8_t h[16]) {
    arx_ghash_pclmul_key(gk, h);
    for (unsigned n = 8; n < ARX_GHASH_MAX_POW; n *= 2) { /* H^n .. H^1 are in the table */
        __m512i hn = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)gk->htab[ARX_GHASH_MAX_POW - n]));
        for (unsigned j = 0; j < n / 4; j++) {
            const uint8_t *src = gk->htab[ARX_GHASH_MAX_POW - n + 4 * j]; /* H^(n-4j) .. */
            uint8_t *dst = gk->htab[ARX_GHASH_MAX_POW - 2 * n + 4 * j];     /* H^(2n-4j) .. */
            _mm512_storeu_si512((void *)dst, ghash_mul_z(_mm512_loadu_si512((const void *)src), hn));
        }
    }
    for (unsigned i = 0; i < ARX_GHASH_MAX_POW; i += 4) {
        __m512i p = _mm512_loadu_si512((const void *)gk->htab[i]);
        _mm512_storeu_si512((void *)gk->hkar[i], _mm512_xor_si512(p, _mm512_shuffle_epi32(p, (_MM_PERM_ENUM)0x4e)));
    }
}

void arx_ghash_vpclmul_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    if (nblocks >= 16) {
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
        for (; nblocks >= ARX_GHASH_MAX_POW; nblocks -= ARX_GHASH_MAX_POW, data += 16 * ARX_GHASH_MAX_POW)
            y = ghash_z_group(g->key, y, data, ARX_GHASH_MAX_POW);
        for (; nblocks >= 16; nblocks -= 16, data += 256) y = ghash_z_group(g->key, y, data, 16);
        _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    }
    arx_ghash_pclmul_blocks(g, data, nblocks);
}

#endif
