/*
 * Stitched LEA-GCM on AVX-512: CTR keystream and GHASH in one pass, 48
 * blocks at a time (three LEA batches of 16; one GHASH group of 48 with a
 * single reduction). The backend's gcm_xor; src/cipher.h gives the contract.
 *
 * Why the interleaving is written out: LEA's rounds are add/xor/rotate work
 * and GHASH is carry-less multiplies, but computing 64 blocks of keystream
 * (~1100 vector operations) and then hashing them (~150) leaves the two
 * phases too far apart for the out-of-order window to overlap: that version
 * ran at CTR + GHASH (0.58 TSC cpb at 16 KiB; this one 0.515). Here one GHASH register (four
 * blocks) is absorbed after each LEA round, so every stretch of code mixes
 * both kinds of work. Encryption hashes the previous group's ciphertext
 * while it computes this group's keystream; decryption hashes this group's
 * input, which is ciphertext and still intact until this group's store.
 *
 * Tried and dropped: encrypting 4 (8) more counter blocks per group with
 * scalar LEA rounds woven into the same loop, to use the idle integer ALUs
 * (the research's scalar/vector interleaving): 0.514 -> 0.655 (0.862) TSC cpb.
 * Sixteen scalar state words do not fit the 16 general registers beside the
 * loop's pointers, and the spills cost more than the integer units gave.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "lea_avx512.h"
#include "modes/ghash_avx512.h"

/* LEA batches of 16 blocks per group. Four (the CTR kernel's choice) need
 * 16 state registers and spilled 29 zmm registers with the round keys and
 * GHASH accumulators; three spill 7 and ran as fast (0.526 TSC cpb both). */
#define GCM_NB 3
#define GCM_BLOCKS (16 * GCM_NB)
#define GCM_BYTES (16 * GCM_BLOCKS)

/* One LEA round on the batches, then one GHASH step if one is due. */
#define GCM_ROUND(a, b, c, d, r)                                                                   \
    do {                                                                                           \
        lea_avx512_enc_round(s, GCM_NB, a, b, c, d, ks->rk[r]);                                    \
        if (hsrc && step < GCM_NB * 4) {                                                           \
            __m512i x_ = ghash_z_load(hsrc + 64 * step);                                           \
            if (step == 0) x_ = ghash_z_add_y(x_, y);                                              \
            ghash_z_absorb(&acc, g->key, GCM_BLOCKS, step, x_);                                    \
            step++;                                                                                \
        }                                                                                          \
    } while (0)

size_t lea_avx512_gcm_xor(const void *ks_, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                          size_t nblocks, int decrypt) {
    const lea_ks *ks = (const lea_ks *)ks_;
    size_t groups = nblocks / GCM_BLOCKS;
    if (groups == 0) return 0;
    /* GCM's counters differ only in the inc32 word, so one precomputation of
     * the first rounds serves every group (lea.h). */
    lea_ctr_pre pc;
    lea_ctr_precompute(ks, ctr, &pc);
    uint32_t low = arx_load32_be(ctr + 12);
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
    const uint8_t *pending = NULL; /* encryption: last group's ciphertext, not yet hashed */
    for (size_t i = 0; i < groups; i++, in += GCM_BYTES, out += GCM_BYTES, low += GCM_BLOCKS) {
        __m512i s[GCM_NB][4];
        lea_avx512_ctr_first4(ks, &pc, low, s, GCM_NB);
        const uint8_t *hsrc = decrypt ? in : pending;
        ghash_zacc acc;
        ghash_z_begin(&acc);
        unsigned step = 0;
        /* 4 * GCM_NB steps spread over rounds 4.. (20, 24 or 28 rounds remain) */
        for (unsigned r = 4; r < ks->rounds; r += 4) {
            GCM_ROUND(0, 1, 2, 3, r);
            GCM_ROUND(1, 2, 3, 0, r + 1);
            GCM_ROUND(2, 3, 0, 1, r + 2);
            GCM_ROUND(3, 0, 1, 2, r + 3);
        }
        if (hsrc) y = ghash_z_finish(&acc);
        for (int b = 0; b < GCM_NB; b++) {
            lea_avx512_transpose(s[b]);
            for (int q = 0; q < 4; q++) {
                size_t o = (size_t)(256 * b + 64 * q);
                _mm512_storeu_si512((void *)(out + o),
                                    _mm512_xor_si512(_mm512_loadu_si512((const void *)(in + o)), s[b][q]));
            }
        }
        pending = out;
    }
    if (!decrypt) y = ghash_z_group(g->key, y, pending, GCM_BLOCKS); /* the last group's ciphertext */
    _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    arx_store32_be(ctr + 12, low);
    arx_wipe(&pc, sizeof pc);
    return groups * GCM_BLOCKS;
}
#else
typedef int lea_gcm_avx512_not_built; /* ISO C: no empty translation unit */
#endif
