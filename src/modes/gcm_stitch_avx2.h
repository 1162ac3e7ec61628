/*
 * Stitched GCM on AVX2 with VPCLMULQDQ on ymm, written once for the
 * word-sliced 128-bit-block ciphers (SPECK-128, SIMON-128, CHAM-128,
 * SPARX-128): a family's AVX2 kernel instantiates it with its batch steps
 * and gets a backend gcm_xor (src/cipher.h gives the contract). CTR
 * keystream and GHASH run in one pass: a batch's rounds are cut into as many
 * chunks as the batch has GHASH registers (two blocks each), and one register
 * is absorbed after each chunk, so the carry-less multiplies fill gaps in the
 * cipher's add/xor/shift work instead of running as a pass of their own.
 * GS_GROUP batches share one unreduced accumulator and one reduction, with
 * the powers of H from the key's table (ghash_avx2clmul.h). Encryption
 * hashes the previous group's ciphertext while it computes this group's
 * keystream (hashing trails by the first group, whose ciphertext is hashed
 * after the loop); decryption hashes each batch's own input before the
 * batch's store, so in-place works. No table lookups, no branch on data, key
 * or counter: the counter's low word is added in 32-bit lanes (inc32 wraps
 * there by itself), since J0 can depend on the key (src/modes/gcm.c).
 *
 * Include from a file built with CMake's avx2clmul flags (*_avx2clmul.c),
 * once per cipher instance, after defining:
 *   GS_FN                 the gcm_xor function's name (external linkage)
 *   GS_KS                 the key schedule type
 *   GS_BLOCKS             blocks per batch (even; GS_GROUP * GS_BLOCKS <= 64)
 *   GS_GROUP              batches per reduction
 *   GS_CTX                per-call counter constants (a struct type)
 *   GS_STATE              one batch in flight (a struct type)
 *   GS_CTX_INIT(ks, c, ctr)      fill *c from the counter block ctr
 *   GS_BEGIN(ks, c, st, low)     *st: the batch of counter blocks whose low
 *                                words are low + 0 .. GS_BLOCKS - 1 (mod 2^32)
 *   GS_FIRST_ROUND(ks), GS_NROUNDS(ks)  the rounds GS_BEGIN leaves to do
 *   GS_ROUND_ALIGN        chunks of rounds start at multiples of this (>= 1)
 *   GS_ROUNDS(ks, st, first, end)  rounds first .. end - 1 on *st
 *   GS_STORE(st, out, in) out = in XOR the batch's keystream
 * It #undefs them all.
 */
#include "ghash_avx2clmul.h"

#define GS_CAT_(a, b) a##b
#define GS_CAT(a, b) GS_CAT_(a, b)
#define GS_NAME(n) GS_CAT(GS_FN, GS_CAT(_, n))

_Static_assert(GS_BLOCKS % 2 == 0 && GS_GROUP * GS_BLOCKS <= ARX_GHASH_MAX_POW, "gcm_stitch_avx2.h: batch shape");

/*
 * Batch b of a group of nb batches: keystream for counter low words from
 * low, XORed into out; if hsrc is not NULL, the batch's GS_BLOCKS blocks of
 * hsrc are absorbed into acc as registers b * GS_BLOCKS / 2 .. of a group of
 * nb * GS_BLOCKS blocks (yv, the running GHASH value or zero, added to the
 * first). The rounds run in GS_BLOCKS / 2 chunks of q, a register after
 * each, then the rest.
 */
ARX_INLINE void GS_NAME(batch)(const GS_KS *ks, const GS_CTX *c, uint32_t low, uint8_t *out, const uint8_t *in,
                               const uint8_t *hsrc, const arx_ghash_key *gk, ghash_yacc *acc, unsigned nb,
                               unsigned b, __m256i yv) {
    GS_STATE st;
    GS_BEGIN(ks, c, &st, low);
    unsigned r = GS_FIRST_ROUND(ks);
    const unsigned nr = GS_NROUNDS(ks);
    if (hsrc) {
        const unsigned steps = GS_BLOCKS / 2;
        unsigned q = (nr - r + steps - 1) / steps / GS_ROUND_ALIGN * GS_ROUND_ALIGN;
        if (q == 0) q = GS_ROUND_ALIGN;
        for (unsigned s = 0; s < steps; s++) {
            const unsigned e = r + q < nr ? r + q : nr;
            GS_ROUNDS(ks, &st, r, e);
            r = e;
            __m256i x = ghash_y_load(hsrc + 32 * s);
            if (s == 0) x = _mm256_xor_si256(x, yv);
            ghash_y_absorb(acc, gk, nb * GS_BLOCKS, b * steps + s, x);
        }
    }
    GS_ROUNDS(ks, &st, r, nr);
    GS_STORE(&st, out, in);
}

/* One group of nb batches (a constant at each call); *y absorbs hsrc's
 * nb * GS_BLOCKS blocks if hsrc is not NULL. */
ARX_INLINE void GS_NAME(group)(const GS_KS *ks, const GS_CTX *c, const arx_ghash_key *gk, uint32_t low,
                               uint8_t *out, const uint8_t *in, const uint8_t *hsrc, __m128i *y,
                               const unsigned nb) {
    ghash_yacc acc;
    ghash_y_begin(&acc);
    __m256i yv = _mm256_zextsi128_si256(*y);
    for (unsigned b = 0; b < nb; b++) {
        const size_t o = (size_t)16 * GS_BLOCKS * b;
        GS_NAME(batch)(ks, c, low + (uint32_t)(GS_BLOCKS * b), out + o, in + o, hsrc ? hsrc + o : NULL, gk, &acc,
                       nb, b, yv);
        yv = _mm256_setzero_si256();
    }
    if (hsrc) *y = ghash_y_finish(&acc);
}

size_t GS_FN(const void *ks_, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
             size_t nblocks, int decrypt) {
    const GS_KS *ks = (const GS_KS *)ks_;
    const size_t batches = nblocks / GS_BLOCKS;
    if (batches == 0) return 0;
    /* groups of GS_GROUP batches, then single batches: sizes never grow, so
     * what encryption hashes (trailing by the first group) is written */
    const size_t ng = batches / GS_GROUP, n1 = batches % GS_GROUP;
    GS_CTX c;
    GS_CTX_INIT(ks, &c, ctr);
    uint32_t low = arx_load32_be(ctr + 12);
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)g->yr);
    const arx_ghash_key *gk = g->key;
    const uint8_t *hp = out;
    for (size_t i = 0; i < ng + n1; i++) {
        const int full = i < ng;
        const unsigned blocks = full ? GS_GROUP * GS_BLOCKS : GS_BLOCKS;
        const uint8_t *hsrc = decrypt ? in : i ? hp : NULL;
        if (full)
            GS_NAME(group)(ks, &c, gk, low, out, in, hsrc, &y, GS_GROUP);
        else
            GS_NAME(group)(ks, &c, gk, low, out, in, hsrc, &y, 1);
        if (hsrc && !decrypt) hp += 16 * blocks;
        in += 16 * blocks;
        out += 16 * blocks;
        low += blocks;
    }
    if (!decrypt) y = ghash_y_group(gk, y, hp, (unsigned)((size_t)(out - hp) / 16)); /* the trailing group */
    _mm_storeu_si128((__m128i *)(void *)g->yr, y);
    arx_store32_be(ctr + 12, low);
    arx_wipe(&c, sizeof c);
    return batches * GS_BLOCKS;
}

#undef GS_NAME
#undef GS_CAT
#undef GS_CAT_
#undef GS_FN
#undef GS_KS
#undef GS_BLOCKS
#undef GS_GROUP
#undef GS_CTX
#undef GS_STATE
#undef GS_CTX_INIT
#undef GS_BEGIN
#undef GS_FIRST_ROUND
#undef GS_NROUNDS
#undef GS_ROUND_ALIGN
#undef GS_ROUNDS
#undef GS_STORE
