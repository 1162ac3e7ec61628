/*
 * Stitched LEA-GCM on AVX2 with VPCLMULQDQ on ymm (CPUs without AVX-512,
 * such as AMD Zen 3): CTR keystream and GHASH in one pass, GCM_NB LEA
 * batches of 8 blocks a group, the group's GHASH reduced once. The AVX2
 * backend's gcm_xor; src/cipher.h gives the contract, lea_gcm_avx512.c the
 * reasoning: one GHASH register (two blocks) is absorbed after each LEA
 * round, so the carry-less multiplies fill gaps in the add/xor/shift work
 * instead of running as a phase of their own. Encryption hashes the
 * previous group's ciphertext while it computes this group's keystream;
 * decryption hashes this group's input before this group's store.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "lea_avx2.h"
#include "modes/ghash_avx2clmul.h"

/* LEA batches of 8 blocks per group: see docs/PERFORMANCE.md ("LEA-GCM on
 * AVX2") for the measurement behind the choice. 4 * GCM_NB GHASH steps must
 * fit in the 20 rounds after the precomputed four. */
#ifndef LEA_GCM_AVX2_NB
#define LEA_GCM_AVX2_NB 4
#endif
#define GCM_NB LEA_GCM_AVX2_NB
#define GCM_BLOCKS (8 * GCM_NB)
#define GCM_BYTES (16 * GCM_BLOCKS)

/* One LEA round on the batches, then one GHASH step if one is due. */
#define GCM_ROUND(a, b, c, d, r)                                                                   \
    do {                                                                                           \
        lea_avx2_enc_round(s, GCM_NB, a, b, c, d, ks->rk[r]);                                      \
        if (hsrc && step < GCM_NB * 4) {                                                           \
            __m256i x_ = ghash_y_load(hsrc + 32 * step);                                           \
            if (step == 0) x_ = ghash_y_add_y(x_, y);                                              \
            ghash_y_absorb(&acc, g->key, GCM_BLOCKS, step, x_);                                    \
            step++;                                                                                \
        }                                                                                          \
    } while (0)

size_t lea_avx2_gcm_xor(const void *ks_, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                        size_t nblocks, int decrypt) {
    const lea_ks *ks = (const lea_ks *)ks_;
    size_t groups = nblocks / GCM_BLOCKS;
    if (groups == 0) return 0;
    lea_ctr_pre pc;
    lea_ctr_precompute(ks, ctr, &pc);
    uint32_t low = arx_load32_be(ctr + 12);
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
    const uint8_t *pending = NULL; /* encryption: last group's ciphertext, not yet hashed */
    for (size_t i = 0; i < groups; i++, in += GCM_BYTES, out += GCM_BYTES, low += GCM_BLOCKS) {
        __m256i s[GCM_NB][4];
        lea_avx2_ctr_first4(ks, &pc, low, s, GCM_NB);
        const uint8_t *hsrc = decrypt ? in : pending;
        ghash_yacc acc;
        ghash_y_begin(&acc);
        unsigned step = 0;
        for (unsigned r = 4; r < ks->rounds; r += 4) {
            GCM_ROUND(0, 1, 2, 3, r);
            GCM_ROUND(1, 2, 3, 0, r + 1);
            GCM_ROUND(2, 3, 0, 1, r + 2);
            GCM_ROUND(3, 0, 1, 2, r + 3);
        }
        if (hsrc) y = ghash_y_finish(&acc);
        for (int b = 0; b < GCM_NB; b++) {
            lea_avx2_transpose(s[b]);
            for (int q = 0; q < 4; q++) {
                size_t o = (size_t)(128 * b + 32 * q);
                _mm256_storeu_si256((__m256i *)(void *)(out + o),
                                    _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(in + o)), s[b][q]));
            }
        }
        pending = out;
    }
    if (!decrypt) y = ghash_y_group(g->key, y, pending, GCM_BLOCKS); /* the last group's ciphertext */
    _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    arx_store32_be(ctr + 12, low);
    arx_wipe(&pc, sizeof pc);
    return groups * GCM_BLOCKS;
}
#else
typedef int lea_gcm_avx2clmul_not_built; /* ISO C: no empty translation unit */
#endif
