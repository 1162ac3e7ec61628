/*
 * Stitched LEA-GCM on AVX2 with VPCLMULQDQ on ymm (CPUs without AVX-512,
 * such as AMD Zen 3): CTR keystream and GHASH in one pass, groups of five
 * (or four) LEA batches of 8 blocks, each group's GHASH reduced once. The
 * AVX2 backend's gcm_xor; src/cipher.h gives the contract, lea_gcm_avx512.c
 * the reasoning: one GHASH register (two blocks) is absorbed after each LEA
 * round, so the carry-less multiplies fill gaps in the add/xor/shift work
 * instead of running as a phase of their own. Encryption hashes the
 * previous group's ciphertext while it computes this group's keystream;
 * decryption hashes this group's input before this group's store.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "lea_avx2.h"
#include "modes/ghash_avx2clmul.h"

/*
 * Groups of 5 batches (40 blocks: 20 GHASH registers, one after each of the
 * 20 rounds after the precomputed four) run fastest; groups of 4 (32 blocks)
 * fill the rest, since every multiple of 8 blocks from 96 up is a sum of
 * 40s and 32s. See docs/PERFORMANCE.md ("AVX2 without AVX-512") for the
 * measurements behind the choice.
 */
#define GCM_NB_MAX 5
#ifndef GCM_MIX_MIN
#define GCM_MIX_MIN 40
#endif

/* One LEA round on nb batches, then GHASH step j of a group of 8 * nb
 * blocks. The 4 * nb steps sit in rounds 4 .. 4 * nb + 3 for every key size,
 * so with nb a constant their positions are too: no test per round. */
#define GCM_ROUND_H(a, b, c, d, r, j, x)                                                           \
    do {                                                                                           \
        lea_avx2_enc_round(s, nb, a, b, c, d, ks->rk[r]);                                          \
        ghash_y_absorb(&acc, gk, 8 * nb, (j), (x));                                                \
    } while (0)
#define GCM_X(j) ghash_y_load(hsrc + 32 * (j))

/*
 * One group: keystream for nb batches (a constant at every call) from
 * counter low word `low`, XORed into out; meanwhile, if hsrc is not NULL,
 * the 8 * nb blocks at hsrc are absorbed into *y.
 */
ARX_INLINE void lea_gcm_avx2_group(const lea_ks *ks, const arx_ghash_key *gk, const lea_ctr_pre *pc, uint32_t low,
                                   uint8_t *out, const uint8_t *in, const uint8_t *hsrc, __m128i *y, int nb) {
    __m256i s[GCM_NB_MAX][4];
    lea_avx2_ctr_first4(ks, pc, low, s, nb);
    if (hsrc) {
        ghash_yacc acc;
        ghash_y_begin(&acc);
        __m256i yv = _mm256_zextsi128_si256(*y); /* added to the group's first register only */
        for (unsigned j = 0; j < 4 * (unsigned)nb; j += 4) {
            GCM_ROUND_H(0, 1, 2, 3, 4 + j, j, _mm256_xor_si256(GCM_X(j), yv));
            yv = _mm256_setzero_si256();
            GCM_ROUND_H(1, 2, 3, 0, 5 + j, j + 1, GCM_X(j + 1));
            GCM_ROUND_H(2, 3, 0, 1, 6 + j, j + 2, GCM_X(j + 2));
            GCM_ROUND_H(3, 0, 1, 2, 7 + j, j + 3, GCM_X(j + 3));
        }
        *y = ghash_y_finish(&acc);
        lea_avx2_enc_rounds(ks, s, nb, 4 + 4 * (unsigned)nb);
    } else {
        lea_avx2_enc_rounds(ks, s, nb, 4);
    }
    for (int b = 0; b < nb; b++) {
        lea_avx2_transpose(s[b]);
        for (int q = 0; q < 4; q++) {
            size_t o = (size_t)(128 * b + 32 * q);
            _mm256_storeu_si256((__m256i *)(void *)(out + o),
                                _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(in + o)), s[b][q]));
        }
    }
}

/*
 * Short messages (under GCM_MIX_MIN batches): groups of 4 only, with the
 * GHASH step tested each round, the kernel before groups of 5 came in. The
 * groups-of-5 code measured 1-5% slower than this at 1-4 KiB (two
 * instances, encryption's unstitched first group and last hash at 40
 * blocks); it wins from about 5 KiB.
 */
/* One LEA round on the batches, then one GHASH step if one is due. */
#define GCM_ROUND4(a, b, c, d, r)                                                                   \
    do {                                                                                           \
        lea_avx2_enc_round(s, 4, a, b, c, d, ks->rk[r]);                                      \
        if (hsrc && step < 4 * 4) {                                                           \
            __m256i x_ = ghash_y_load(hsrc + 32 * step);                                           \
            if (step == 0) x_ = ghash_y_add_y(x_, y);                                              \
            ghash_y_absorb(&acc, g->key, 32, step, x_);                                    \
            step++;                                                                                \
        }                                                                                          \
    } while (0)

static size_t lea_gcm_avx2_short(const void *ks_, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out,
                                 const uint8_t *in, size_t nblocks, int decrypt) {
    const lea_ks *ks = (const lea_ks *)ks_;
    size_t groups = nblocks / 32;
    if (groups == 0) return 0;
    lea_ctr_pre pc;
    lea_ctr_precompute(ks, ctr, &pc);
    uint32_t low = arx_load32_be(ctr + 12);
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
    const uint8_t *pending = NULL; /* encryption: last group's ciphertext, not yet hashed */
    for (size_t i = 0; i < groups; i++, in += 512, out += 512, low += 32) {
        __m256i s[4][4];
        lea_avx2_ctr_first4(ks, &pc, low, s, 4);
        const uint8_t *hsrc = decrypt ? in : pending;
        ghash_yacc acc;
        ghash_y_begin(&acc);
        unsigned step = 0;
        for (unsigned r = 4; r < ks->rounds; r += 4) {
            GCM_ROUND4(0, 1, 2, 3, r);
            GCM_ROUND4(1, 2, 3, 0, r + 1);
            GCM_ROUND4(2, 3, 0, 1, r + 2);
            GCM_ROUND4(3, 0, 1, 2, r + 3);
        }
        if (hsrc) y = ghash_y_finish(&acc);
        for (int b = 0; b < 4; b++) {
            lea_avx2_transpose(s[b]);
            for (int q = 0; q < 4; q++) {
                size_t o = (size_t)(128 * b + 32 * q);
                _mm256_storeu_si256((__m256i *)(void *)(out + o),
                                    _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(in + o)), s[b][q]));
            }
        }
        pending = out;
    }
    if (!decrypt) y = ghash_y_group(g->key, y, pending, 32); /* the last group's ciphertext */
    _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    arx_store32_be(ctr + 12, low);
    arx_wipe(&pc, sizeof pc);
    return groups * 32;
}

size_t lea_avx2_gcm_xor(const void *ks_, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                        size_t nblocks, int decrypt) {
    const lea_ks *ks = (const lea_ks *)ks_;
    /* u = 5 * n5 + 4 * n4 batches, the most that nblocks / 8 allows (every
     * count but 1-3, 6, 7 and 11 is such a sum; those drop to the one below).
     * Below GCM_MIX_MIN batches only groups of 4 run: encryption's first
     * group and trailing hash are not stitched, and at 40 blocks they cost
     * more than the groups of 5 save on short messages. */
    size_t u = nblocks / 8, n4 = 0;
    if (u < GCM_MIX_MIN) return lea_gcm_avx2_short(ks_, g, ctr, out, in, nblocks, decrypt);
    for (; u >= 4; u--) {
        n4 = (4 * (u % 5)) % 5; /* 4 * n4 = u (mod 5) */
        if (4 * n4 <= u) break;
    }
    const size_t n5 = (u - 4 * n4) / 5;
    lea_ctr_pre pc;
    lea_ctr_precompute(ks, ctr, &pc);
    uint32_t low = arx_load32_be(ctr + 12);
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
    const arx_ghash_key *gk = g->key;
    /* Encryption hashes ciphertext already written, from hp: each group
     * hashes as many blocks as it encrypts, so hashing trails by the first
     * group (40 blocks, or 32 when there are only groups of 4), and the 5s
     * run first so that what a group hashes is always written. */
    const uint8_t *hp = out;
    for (size_t i = 0; i < n5 + n4; i++) {
        const int five = i < n5;
        const uint8_t *hsrc = decrypt ? in : i ? hp : NULL;
        if (five) lea_gcm_avx2_group(ks, gk, &pc, low, out, in, hsrc, &y, 5);
        else lea_gcm_avx2_group(ks, gk, &pc, low, out, in, hsrc, &y, 4);
        const unsigned blocks = five ? 40 : 32;
        if (hsrc && !decrypt) hp += 16 * blocks;
        in += 16 * blocks;
        out += 16 * blocks;
        low += blocks;
    }
    if (!decrypt) y = ghash_y_group(gk, y, hp, (unsigned)((size_t)(out - hp) / 16)); /* the trailing 40 or 32 */
    _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    arx_store32_be(ctr + 12, low);
    arx_wipe(&pc, sizeof pc);
    return 8 * u;
}
#else
typedef int lea_gcm_avx2clmul_not_built; /* ISO C: no empty translation unit */
#endif
