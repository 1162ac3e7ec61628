/*
 * GHASH with VPCLMULQDQ on zmm registers: four blocks per register, sixteen
 * per reduction. Block j of a run of 16 is multiplied by H^(16 - j), which
 * htab holds in exactly that order, so the four key registers are four plain
 * loads. Products are accumulated unreduced and folded across lanes once;
 * the reduction is ghash_pclmul.c's (see the derivation there). Fewer than 16
 * blocks go to the xmm code.
 */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "../internal.h"
#include "ghash.h"
#include "ghash_avx512.h"

void arx_ghash_vpclmul_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    size_t runs = nblocks / 16;
    if (runs) {
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
        ghash16_keys k;
        arx_ghash_pclmul_powers(g, 16);
        ghash16_load_keys(&k, g);
        for (size_t r = 0; r < runs; r++, data += 256) {
            ghash16_acc acc;
            ghash16_begin(&acc);
            ghash16_absorb(&acc, &k, 0, ghash16_add_y(ghash16_load(data), y));
            for (int j = 1; j < 4; j++) ghash16_absorb(&acc, &k, j, ghash16_load(data + 64 * j));
            y = ghash16_finish(&acc);
        }
        _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    }
    arx_ghash_pclmul_blocks(g, data, nblocks % 16);
}

#endif
