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

void arx_ghash_vpclmul_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    if (nblocks >= 16) {
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
        arx_ghash_z_powers(g, nblocks >= ARX_GHASH_MAX_POW ? ARX_GHASH_MAX_POW : 16);
        for (; nblocks >= ARX_GHASH_MAX_POW; nblocks -= ARX_GHASH_MAX_POW, data += 16 * ARX_GHASH_MAX_POW)
            y = ghash_z_group(g, y, data, ARX_GHASH_MAX_POW);
        for (; nblocks >= 16; nblocks -= 16, data += 256) y = ghash_z_group(g, y, data, 16);
        _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    }
    arx_ghash_pclmul_blocks(g, data, nblocks);
}

#endif
