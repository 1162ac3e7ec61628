/*
 * LEA kernels written once over a small vector vocabulary; lea_sse2.c,
 * lea_avx2.c and lea_avx512.h define the vocabulary and include this file.
 *
 * Layout (word-slice): a batch is LV_LANES blocks held in four vectors, vector
 * w holding word w of every block. Four plain loads bring LV_LANES / 4 blocks
 * each, one per 128-bit lane; a 4x4 transpose of 32-bit words inside each
 * 128-bit lane (eight unpacks: no gathers, no lane crossing) slices them, and
 * element 4l + j of word vector w is then word w of block j * (LV_LANES / 4) + l.
 * The transpose is its own inverse: the same eight unpacks put blocks back.
 *
 * Vocabulary each includer defines (this file #undefs it all at its end):
 *   LV                   the vector type, LV_LANES 32-bit elements
 *   LV_FN(name)          function-name prefix, e.g. lea_avx512_##name
 *   LV_XOR LV_ADD LV_SUB LV_ROL(x, r) LV_ROR(x, r) LV_SET1(u32)
 *   LV_LOAD(p) LV_STORE(p, v)                    unaligned
 *   LV_UNPACKLO32 LV_UNPACKHI32 LV_UNPACKLO64 LV_UNPACKHI64   per 128-bit lane
 *   LV_BSWAP32(v)        byte-reverse each 32-bit element
 *   LV_CTR_OFFSETS       vector: element e holds (e % 4) * (LV_LANES / 4) + e / 4
 *   LV_MASK_LOAD(p, k, q) LV_MASK_STORE(p, k, q, v)   optional: vector q of a
 *                        k-block tail (k < LV_LANES) without touching memory past
 *                        block k; without them tails go through a stack buffer.
 *   LV_HALF(name)        optional: the prefix of an instance half as wide,
 *                        included before, which takes tails of <= LV_LANES / 2.
 *   LV_LOAD_SLICED(p, v) LV_STORE_SLICED(p, v)   optional: load one batch and
 *                        slice it (v[w] = word w of every block, element e =
 *                        block e), and its inverse, in one step (NEON's
 *                        vld4q/vst4q); without them, LV_LOAD + transpose.
 *   LV_ROUNDS(ks)        optional: the round count as a constant (default
 *                        ks->rounds); LV_UNROLL, LV_UNROLL_NB optional pragmas
 *                        for the loops over rounds and over batches.
 *   LV_SHL(x, r) LV_SHR(x, r) LV_OR   optional: 32-bit shifts and OR; with
 *                        them the file also defines LV_FN(xts_xor), the XTS
 *                        kernel (tweaks kept sliced like the data).
 *   LV_XTS_PAIR(a, b)    optional: (a << LV_LANES) | (b >> (32 - LV_LANES)) per
 *                        element in one instruction (AVX-512's vpermt2w).
 *   LV_SHLV(x, n) LV_SHRV(x, n)   optional: per-element variable shifts (a
 *                        count of 32 gives 0); with them the first batch of
 *                        tweaks is made in registers, not through memory.
 *   LV_MCA_ENC LV_MCA_DEC LV_MCA_CTR   optional: llvm-mca region names
 *                        ("<kernel>:<bytes per pass>") for the widest loops.
 *   LV_KS LV_RKP LV_RKW(rk, i) LV_KS_MAKE(view, ks) LV_KS_WIPE(view)
 *                        optional, together: the round keys the kernels read.
 *                        By default they read lea_ks itself (LV_RKP is
 *                        const uint32_t *, word i broadcast by LV_SET1). An
 *                        ISA without broadcast from memory (SSE2: movd +
 *                        pshufd per word) gives a type LV_KS with `rounds`
 *                        and rk[r] = round r's six words already broadcast
 *                        (LV_RKP const LV *, LV_RKW(rk, i) = (rk)[i], one
 *                        aligned load folded into the xor); the entry points
 *                        build it from the lea_ks once per call and wipe it.
 *
 * Every kernel takes the number of interleaved batches `nb` (1 to
 * LV_ENC_NB / LV_DEC_NB, set by the includer) as a compile-time constant after
 * inlining: independent batches give the out-of-order core work to overlap
 * with each round's dependency chain (xor -> add -> rotate; in decryption
 * each recovered word feeds the next, so three words in series per round).
 *
 * Cost per batch (vector operations; LEA-128, R = 24 rounds):
 *   round               12: 6 xor, 3 add, 3 rotate (SSE2/AVX2: a rotate is 3)
 *   ECB                 12R + 16 unpacks                       = 304
 *   CTR                 3 counter (broadcast, add, byte swap) + 30 for rounds
 *                       0..3 + 12(R-4) + 8 unpacks + 4 xor      = 285
 * Zen 4 issues two 512-bit add/xor a cycle and one rotate or shuffle
 * (arxcrypt-uarch-probe, bench/uarch_probe.c), so with 69-72 rotates and
 * 10-16 shuffles per batch the AVX-512 bound is total/2: 304/2/256 = 0.59
 * core cycles/byte for ECB, 285/2/256 = 0.56 for CTR. Measured (16 KiB):
 * 0.62 ECB encrypt, 0.70 decrypt, 0.60 CTR: 96%, 85%, 93% of the bound.
 */

#ifndef LV_ENC_NB
#define LV_ENC_NB 2
#endif
#ifndef LV_DEC_NB
#define LV_DEC_NB 2
#endif
#define LV_MAX_NB (LV_ENC_NB > LV_DEC_NB ? LV_ENC_NB : LV_DEC_NB)
#ifndef LV_ROUNDS
#define LV_ROUNDS(ks) ((ks)->rounds)
#endif
#ifndef LV_KS
#define LV_KS lea_ks
#define LV_RKP const uint32_t *
#define LV_RKW(rk, i) LV_SET1((rk)[i])
#endif
/* At an entry point: `ks` the key view from the cipher.h argument `ks_`
 * (built on the stack where LV_KS_MAKE is given), closed by LV_KS_CLOSE. */
#ifdef LV_KS_MAKE
#define LV_KS_OPEN(ks, ks_)                                                                        \
    LV_KS ks##_view_;                                                                              \
    LV_KS_MAKE(&ks##_view_, (const lea_ks *)(ks_));                                                \
    const LV_KS *ks = &ks##_view_
#define LV_KS_CLOSE(ks) LV_KS_WIPE(&ks##_view_)
#else
#define LV_KS_OPEN(ks, ks_) const lea_ks *ks = (const lea_ks *)(ks_)
#define LV_KS_CLOSE(ks) ((void)0)
#endif
#ifndef LV_UNROLL
#define LV_UNROLL
#endif
#ifndef LV_UNROLL_NB
#define LV_UNROLL_NB
#endif
#ifdef LV_MCA_ENC
#define LV_MCA_BEGIN(dec)                                                                          \
    do {                                                                                           \
        if (dec) ARX_MCA_BEGIN(LV_MCA_DEC);                                                        \
        else ARX_MCA_BEGIN(LV_MCA_ENC);                                                            \
    } while (0)
#define LV_MCA_END(dec)                                                                            \
    do {                                                                                           \
        if (dec) ARX_MCA_END(LV_MCA_DEC);                                                          \
        else ARX_MCA_END(LV_MCA_ENC);                                                              \
    } while (0)
#define LV_MCA_CTR_BEGIN() ARX_MCA_BEGIN(LV_MCA_CTR)
#define LV_MCA_CTR_END() ARX_MCA_END(LV_MCA_CTR)
#else
#define LV_MCA_BEGIN(dec) ((void)0)
#define LV_MCA_END(dec) ((void)0)
#define LV_MCA_CTR_BEGIN() ((void)0)
#define LV_MCA_CTR_END() ((void)0)
#endif
#define LV_BYTES (LV_LANES * 4)   /* bytes per vector */
#define LV_BATCH (LV_LANES * 16)  /* bytes per batch */

/* 4x4 transpose of 32-bit words inside each 128-bit lane (its own inverse). */
ARX_INLINE void LV_FN(transpose)(LV v[4]) {
    LV t0 = LV_UNPACKLO32(v[0], v[1]), t1 = LV_UNPACKHI32(v[0], v[1]);
    LV t2 = LV_UNPACKLO32(v[2], v[3]), t3 = LV_UNPACKHI32(v[2], v[3]);
    v[0] = LV_UNPACKLO64(t0, t2);
    v[1] = LV_UNPACKHI64(t0, t2);
    v[2] = LV_UNPACKLO64(t1, t3);
    v[3] = LV_UNPACKHI64(t1, t3);
}

/* One encryption round on every batch, the reference's renaming (lea.c):
 * afterwards (X'0, X'1, X'2, X'3) sit in words (b, c, d, a). 12 operations. */
#define LV_ENC_ROUND(s, nb, a, b, c, d, rk)                                                        \
    do {                                                                                           \
        const LV k0_ = LV_RKW(rk, 0), k1_ = LV_RKW(rk, 1), k2_ = LV_RKW(rk, 2);                    \
        const LV k3_ = LV_RKW(rk, 3), k4_ = LV_RKW(rk, 4), k5_ = LV_RKW(rk, 5);                    \
        LV_UNROLL_NB                                                                               \
        for (int j_ = 0; j_ < (nb); j_++) {                                                        \
            s[j_][d] = LV_ROR(LV_ADD(LV_XOR(s[j_][c], k4_), LV_XOR(s[j_][d], k5_)), 3);            \
            s[j_][c] = LV_ROR(LV_ADD(LV_XOR(s[j_][b], k2_), LV_XOR(s[j_][c], k3_)), 5);            \
            s[j_][b] = LV_ROL(LV_ADD(LV_XOR(s[j_][a], k0_), LV_XOR(s[j_][b], k1_)), 9);            \
        }                                                                                          \
    } while (0)

/* Its inverse, same names (lea.c's LEA_DEC_ROUND). */
#define LV_DEC_ROUND(s, nb, a, b, c, d, rk)                                                        \
    do {                                                                                           \
        const LV k0_ = LV_RKW(rk, 0), k1_ = LV_RKW(rk, 1), k2_ = LV_RKW(rk, 2);                    \
        const LV k3_ = LV_RKW(rk, 3), k4_ = LV_RKW(rk, 4), k5_ = LV_RKW(rk, 5);                    \
        LV_UNROLL_NB                                                                               \
        for (int j_ = 0; j_ < (nb); j_++) {                                                        \
            s[j_][b] = LV_XOR(LV_SUB(LV_ROR(s[j_][b], 9), LV_XOR(s[j_][a], k0_)), k1_);            \
            s[j_][c] = LV_XOR(LV_SUB(LV_ROL(s[j_][c], 5), LV_XOR(s[j_][b], k2_)), k3_);            \
            s[j_][d] = LV_XOR(LV_SUB(LV_ROL(s[j_][d], 3), LV_XOR(s[j_][c], k4_)), k5_);            \
        }                                                                                          \
    } while (0)

/* One encryption round with word roles (a, b, c, d), for callers that put
 * other work between rounds (the stitched LEA-GCM kernel). */
ARX_INLINE void LV_FN(enc_round)(LV s[][4], int nb, int a, int b, int c, int d, LV_RKP rk) {
    LV_ENC_ROUND(s, nb, a, b, c, d, rk);
}

/* Encryption rounds `from`..rounds-1 (from a multiple of 4) on sliced state. */
ARX_INLINE void LV_FN(enc_rounds)(const LV_KS *ks, LV s[][4], int nb, unsigned from) {
    LV_UNROLL
    for (unsigned r = from; r < LV_ROUNDS(ks); r += 4) {
        LV_ENC_ROUND(s, nb, 0, 1, 2, 3, ks->rk[r]);
        LV_ENC_ROUND(s, nb, 1, 2, 3, 0, ks->rk[r + 1]);
        LV_ENC_ROUND(s, nb, 2, 3, 0, 1, ks->rk[r + 2]);
        LV_ENC_ROUND(s, nb, 3, 0, 1, 2, ks->rk[r + 3]);
    }
}

ARX_INLINE void LV_FN(dec_rounds)(const LV_KS *ks, LV s[][4], int nb) {
    LV_UNROLL
    for (unsigned r = LV_ROUNDS(ks); r != 0; r -= 4) {
        LV_DEC_ROUND(s, nb, 3, 0, 1, 2, ks->rk[r - 1]);
        LV_DEC_ROUND(s, nb, 2, 3, 0, 1, ks->rk[r - 2]);
        LV_DEC_ROUND(s, nb, 1, 2, 3, 0, ks->rk[r - 3]);
        LV_DEC_ROUND(s, nb, 0, 1, 2, 3, ks->rk[r - 4]);
    }
}

/* nb whole batches: load, slice, rounds, unslice, store. */
ARX_INLINE void LV_FN(ecb_batches)(const LV_KS *ks, uint8_t *out, const uint8_t *in, int nb, int dec) {
    LV s[LV_MAX_NB][4];
    for (int j = 0; j < nb; j++) {
#ifdef LV_LOAD_SLICED
        LV_LOAD_SLICED(in + j * LV_BATCH, s[j]);
#else
        for (int q = 0; q < 4; q++) s[j][q] = LV_LOAD(in + j * LV_BATCH + q * LV_BYTES);
        LV_FN(transpose)(s[j]);
#endif
    }
    if (dec)
        LV_FN(dec_rounds)(ks, s, nb);
    else
        LV_FN(enc_rounds)(ks, s, nb, 0);
    for (int j = 0; j < nb; j++) {
#ifdef LV_STORE_SLICED
        LV_STORE_SLICED(out + j * LV_BATCH, s[j]);
#else
        LV_FN(transpose)(s[j]);
        for (int q = 0; q < 4; q++) LV_STORE(out + j * LV_BATCH + q * LV_BYTES, s[j][q]);
#endif
    }
}

/*
 * ctr_first4: rounds 0..3 of nb batches of counter blocks, the state left
 * sliced (for a caller that runs the remaining rounds itself, such as the
 * stitched LEA-GCM kernel). ctr_keystream: the whole keystream of nb batches
 * in block order: s[j][q] holds counter blocks
 * j * LV_LANES + q * (LV_LANES / 4) + 0.. (LV_LANES / 4 - 1). Counter block i
 * has bytes 0..11 from the precomputed run and low word (lo + i) mod 2^32.
 * Rounds 0..3 use only the words that vary (lea.h): 30 operations, not 48.
 */
ARX_INLINE void LV_FN(ctr_first4)(const LV_KS *ks, const lea_ctr_pre *pc, uint32_t lo, LV s[][4], int nb) {
    LV_RKP k0 = ks->rk[0];
    LV_RKP k1 = ks->rk[1];
    LV_RKP k2 = ks->rk[2];
    LV_RKP k3 = ks->rk[3];
    const LV off = LV_CTR_OFFSETS;
    LV_UNROLL_NB
    for (int j = 0; j < nb; j++) {
        /* X3 = the low counter word loaded little-endian: byte-swapped. */
        LV x3 = LV_BSWAP32(LV_ADD(LV_SET1(lo + (uint32_t)(j * LV_LANES)), off));
        LV y2 = LV_ROR(LV_ADD(LV_SET1(pc->c[0]), LV_XOR(x3, LV_RKW(k0, 5))), 3);
        LV z1 = LV_ROR(LV_ADD(LV_SET1(pc->c[1]), LV_XOR(y2, LV_RKW(k1, 3))), 5);
        LV z2 = LV_ROR(LV_ADD(LV_XOR(y2, LV_RKW(k1, 4)), LV_SET1(pc->c[2])), 3);
        LV w0 = LV_ROL(LV_ADD(LV_SET1(pc->c[3]), LV_XOR(z1, LV_RKW(k2, 1))), 9);
        LV w1 = LV_ROR(LV_ADD(LV_XOR(z1, LV_RKW(k2, 2)), LV_XOR(z2, LV_RKW(k2, 3))), 5);
        LV w2 = LV_ROR(LV_ADD(LV_XOR(z2, LV_RKW(k2, 4)), LV_SET1(pc->c[4])), 3);
        s[j][0] = LV_ROL(LV_ADD(LV_XOR(w0, LV_RKW(k3, 0)), LV_XOR(w1, LV_RKW(k3, 1))), 9);
        s[j][1] = LV_ROR(LV_ADD(LV_XOR(w1, LV_RKW(k3, 2)), LV_XOR(w2, LV_RKW(k3, 3))), 5);
        s[j][2] = LV_ROR(LV_ADD(LV_XOR(w2, LV_RKW(k3, 4)), LV_SET1(pc->c[5])), 3);
        s[j][3] = w0;
    }
}

ARX_INLINE void LV_FN(ctr_keystream)(const LV_KS *ks, const lea_ctr_pre *pc, uint32_t lo, LV s[][4], int nb) {
    LV_FN(ctr_first4)(ks, pc, lo, s, nb); /* sliced state after round 3 */
    LV_FN(enc_rounds)(ks, s, nb, 4);
    for (int j = 0; j < nb; j++) LV_FN(transpose)(s[j]);
}

/* out = in XOR keystream for nb whole batches. */
ARX_INLINE void LV_FN(ctr_batches)(const LV_KS *ks, const lea_ctr_pre *pc, uint32_t lo, uint8_t *out,
                                    const uint8_t *in, int nb) {
    LV s[LV_MAX_NB][4];
#ifdef LV_LOAD_SLICED
    /* XOR in the sliced domain: the data is sliced on the way in and out
     * instead of transposing the keystream. */
    LV_FN(ctr_first4)(ks, pc, lo, s, nb);
    LV_FN(enc_rounds)(ks, s, nb, 4);
    for (int j = 0; j < nb; j++) {
        LV d[4];
        LV_LOAD_SLICED(in + j * LV_BATCH, d);
        for (int q = 0; q < 4; q++) d[q] = LV_XOR(d[q], s[j][q]);
        LV_STORE_SLICED(out + j * LV_BATCH, d);
    }
#else
    LV_FN(ctr_keystream)(ks, pc, lo, s, nb);
    for (int j = 0; j < nb; j++)
        for (int q = 0; q < 4; q++) {
            size_t o = (size_t)(j * LV_BATCH + q * LV_BYTES);
            LV_STORE(out + o, LV_XOR(LV_LOAD(in + o), s[j][q]));
        }
#endif
}

/* ---- tails: 1..LV_LANES-1 blocks, one batch's work ----------------------- */

#ifdef LV_MASK_LOAD
static inline void LV_FN(ecb_tail)(const LV_KS *ks, uint8_t *out, const uint8_t *in, size_t k, int dec) {
    LV s[1][4];
    for (int q = 0; q < 4; q++) s[0][q] = LV_MASK_LOAD(in + q * LV_BYTES, k, q);
    LV_FN(transpose)(s[0]);
    if (dec)
        LV_FN(dec_rounds)(ks, s, 1);
    else
        LV_FN(enc_rounds)(ks, s, 1, 0);
    LV_FN(transpose)(s[0]);
    for (int q = 0; q < 4; q++) LV_MASK_STORE(out + q * LV_BYTES, k, q, s[0][q]);
}

static inline void LV_FN(ctr_tail)(const LV_KS *ks, const lea_ctr_pre *pc, uint32_t lo, uint8_t *out,
                                   const uint8_t *in, size_t k) {
    LV s[1][4];
    LV_FN(ctr_keystream)(ks, pc, lo, s, 1);
    for (int q = 0; q < 4; q++)
        LV_MASK_STORE(out + q * LV_BYTES, k, q, LV_XOR(LV_MASK_LOAD(in + q * LV_BYTES, k, q), s[0][q]));
}
#else
/* Through one batch on the stack, wiped afterwards: one batch costs less than
 * k reference blocks for every k >= 1 here. */
static inline void LV_FN(ecb_tail)(const LV_KS *ks, uint8_t *out, const uint8_t *in, size_t k, int dec) {
    uint8_t buf[LV_BATCH];
    memcpy(buf, in, 16 * k);
    memset(buf + 16 * k, 0, sizeof buf - 16 * k);
    LV_FN(ecb_batches)(ks, buf, buf, 1, dec);
    memcpy(out, buf, 16 * k);
    arx_wipe(buf, sizeof buf);
}

static inline void LV_FN(ctr_tail)(const LV_KS *ks, const lea_ctr_pre *pc, uint32_t lo, uint8_t *out,
                                   const uint8_t *in, size_t k) {
    uint8_t buf[LV_BATCH];
    LV s[1][4];
    LV_FN(ctr_keystream)(ks, pc, lo, s, 1);
    for (int q = 0; q < 4; q++) LV_STORE(buf + q * LV_BYTES, s[0][q]);
    for (size_t i = 0; i < 16 * k; i++) out[i] = (uint8_t)(in[i] ^ buf[i]);
    arx_wipe(buf, sizeof buf);
}
#endif

/* ---- the backend's kernels (cipher.h contract) ---------------------------- */

/* In an llvm-mca build, inlined into encrypt and decrypt each: with `dec`
 * a variable, compilers lay the two loops out interleaved and the regions
 * cross. */
#ifdef LV_MCA_ENC
ARX_INLINE
#else
static inline
#endif
void LV_FN(ecb_ks)(const LV_KS *ks, uint8_t *out, const uint8_t *in, size_t n, int dec) {
    const size_t wide = dec ? LV_DEC_NB : LV_ENC_NB;
    for (; n >= wide * LV_LANES; n -= wide * LV_LANES, in += wide * LV_BATCH, out += wide * LV_BATCH) {
        LV_MCA_BEGIN(dec);
        if (dec)
            LV_FN(ecb_batches)(ks, out, in, LV_DEC_NB, 1);
        else
            LV_FN(ecb_batches)(ks, out, in, LV_ENC_NB, 0);
        LV_MCA_END(dec);
    }
    for (; n >= LV_LANES; n -= LV_LANES, in += LV_BATCH, out += LV_BATCH)
        LV_FN(ecb_batches)(ks, out, in, 1, dec);
#ifdef LV_HALF /* a short tail to the half-width instance: 4 blocks need no 16-block batch */
    if (n && n <= LV_LANES / 2) {
        LV_HALF(ecb)(ks, out, in, n, dec);
        return;
    }
#endif
    if (n) LV_FN(ecb_tail)(ks, out, in, n, dec);
}

#ifdef LV_MCA_ENC
ARX_INLINE
#else
static inline
#endif
void LV_FN(ecb)(const void *ks_, uint8_t *out, const uint8_t *in, size_t n, int dec) {
    LV_KS_OPEN(ks, ks_);
    LV_FN(ecb_ks)(ks, out, in, n, dec);
    LV_KS_CLOSE(ks);
}

static inline void LV_FN(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    LV_FN(ecb)(ks, out, in, n, 0);
}

static inline void LV_FN(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    LV_FN(ecb)(ks, out, in, n, 1);
}

/* m blocks of one counter run: counter block i has bytes 0..11 from pc's run
 * and low word (lo + i) mod 2^32 (SP 800-38D inc32 when that wraps). */
static inline void LV_FN(ctr_run)(const LV_KS *ks, const lea_ctr_pre *pc, uint32_t lo, uint8_t *out,
                                  const uint8_t *in, size_t m) {
    for (; m >= LV_ENC_NB * LV_LANES; m -= LV_ENC_NB * LV_LANES) {
        LV_MCA_CTR_BEGIN();
        LV_FN(ctr_batches)(ks, pc, lo, out, in, LV_ENC_NB);
        LV_MCA_CTR_END();
        lo += LV_ENC_NB * LV_LANES, in += LV_ENC_NB * LV_BATCH, out += LV_ENC_NB * LV_BATCH;
    }
    for (; m >= LV_LANES; m -= LV_LANES) {
        LV_FN(ctr_batches)(ks, pc, lo, out, in, 1);
        lo += LV_LANES, in += LV_BATCH, out += LV_BATCH;
    }
#ifdef LV_HALF
    if (m && m <= LV_LANES / 2) {
        LV_HALF(ctr_run)(ks, pc, lo, out, in, m);
        return;
    }
#endif
    if (m) LV_FN(ctr_tail)(ks, pc, lo, out, in, m);
}

/*
 * Whole-block big-endian counter (cipher.h's ctr_xor): cut into runs where
 * the low 32-bit word does not wrap, so bytes 0..11 (X0..X2) are fixed within
 * a run and the precomputation holds; a wrap carries into byte 11 and starts
 * a new run. Branches depend on the counter's position only (public IV).
 */
static inline void LV_FN(ctr_xor)(const void *ks_, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    LV_KS_OPEN(ks, ks_);
    lea_ctr_pre pc;
    while (n) {
        uint32_t lo = arx_load32_be(ctr + 12);
        uint64_t room = ((uint64_t)1 << 32) - lo; /* blocks until the low word wraps */
        size_t m = (uint64_t)n < room ? n : (size_t)room;
        lea_ctr_precompute((const lea_ks *)ks_, ctr, &pc);
        LV_FN(ctr_run)(ks, &pc, lo, out, in, m);
        lea_ctr_add(ctr, m);
        in += 16 * m, out += 16 * m, n -= m;
    }
    arx_wipe(&pc, sizeof pc);
    LV_KS_CLOSE(ks);
}

/* ---- XTS: tweaks kept sliced like the data ---------------------------------- */
#ifdef LV_SHL
/*
 * The tweaks of one batch, sliced (tw[w] = word w of every block's tweak,
 * element e of block b(e), the data's own layout), step to the next batch
 * by one multiply by alpha^LV_LANES: a 128-bit shift left by LV_LANES across
 * the four little-endian words and the bits c pushed out of word 3 folded
 * into word 0 as c * (x^7 + x^2 + x + 1), which fits (c < 2^16). 16 vector
 * operations per batch against 304 for LEA-128's rounds, instead of storing,
 * reloading and XORing the data in extra passes (src/modes/xts.h).
 */
#ifndef LV_XTS_ENC_NB
#define LV_XTS_ENC_NB LV_ENC_NB
#endif
#ifndef LV_XTS_DEC_NB
#define LV_XTS_DEC_NB LV_DEC_NB
#endif
#ifndef LV_XTS_PARK
#define LV_XTS_PARK 0
#endif
#define LV_XTS_MAX_NB (LV_XTS_ENC_NB > LV_XTS_DEC_NB ? LV_XTS_ENC_NB : LV_XTS_DEC_NB)
#define LV_XTS_PARK_BYTES (LV_XTS_PARK ? LV_XTS_MAX_NB * LV_BATCH : LV_BATCH) /* else only the hand-back */
#ifndef LV_XOR3 /* a ^ b ^ c: one vpternlogd on AVX-512 */
#define LV_XOR3(a, b, c) LV_XOR(LV_XOR((a), (b)), (c))
#endif
#ifdef LV_XTS_PAIR /* (a << LV_LANES) | (b >> (32 - LV_LANES)) in one instruction */
#define LV_XTS_CARRY(a, b) LV_XTS_PAIR((a), (b))
#else
#define LV_XTS_CARRY(a, b) LV_OR(LV_SHL((a), LV_LANES), LV_SHR((b), 32 - LV_LANES))
#endif
ARX_INLINE void LV_FN(xts_step)(LV tw[4]) {
    const LV c = LV_SHR(tw[3], 32 - LV_LANES);
    tw[3] = LV_XTS_CARRY(tw[3], tw[2]);
    tw[2] = LV_XTS_CARRY(tw[2], tw[1]);
    tw[1] = LV_XTS_CARRY(tw[1], tw[0]);
    tw[0] = LV_XOR3(LV_SHL(tw[0], LV_LANES), c, LV_XOR3(LV_SHL(c, 1), LV_SHL(c, 2), LV_SHL(c, 7)));
}

ARX_INLINE void LV_FN(xts_load)(const uint8_t *p, LV v[4]) {
#ifdef LV_LOAD_SLICED
    LV_LOAD_SLICED(p, v);
#else
    for (int q = 0; q < 4; q++) v[q] = LV_LOAD(p + q * LV_BYTES);
    LV_FN(transpose)(v);
#endif
}

ARX_INLINE void LV_FN(xts_store)(uint8_t *p, LV v[4]) {
#ifdef LV_STORE_SLICED
    LV_STORE_SLICED(p, v);
#else
    LV_FN(transpose)(v);
    for (int q = 0; q < 4; q++) LV_STORE(p + q * LV_BYTES, v[q]);
#endif
}

/* nb whole batches: out = E(in ^ T) ^ T (D for dec); tw advances nb batches. */
ARX_INLINE void LV_FN(xts_batches)(const LV_KS *ks, LV tw[4], uint8_t *park, uint8_t *out, const uint8_t *in,
                                    int nb, int dec) {
    /* Parked (LV_XTS_PARK bit 0: encryption, bit 1: decryption), the
     * batches' tweaks wait out the rounds in park (LV_XTS_PARK_BYTES, the
     * caller's, wiped by it), not in registers: the compiler barrier makes
     * the copies in registers dead, so the rounds keep their state and round
     * keys in registers instead of spilling them (a store now, a load folded
     * into the XOR after the rounds). Where the register file holds both,
     * or the compiler spills better on its own, they stay in registers. */
    const int parked = (LV_XTS_PARK >> (dec ? 1 : 0)) & 1;
    LV s[LV_XTS_MAX_NB][4], t[LV_XTS_MAX_NB][4];
    for (int j = 0; j < nb; j++) {
        LV_FN(xts_load)(in + j * LV_BATCH, s[j]);
        for (int q = 0; q < 4; q++) {
            if (parked) LV_STORE(park + j * LV_BATCH + q * LV_BYTES, tw[q]);
            else t[j][q] = tw[q];
            s[j][q] = LV_XOR(s[j][q], tw[q]);
        }
        LV_FN(xts_step)(tw);
    }
#if defined(__GNUC__) || defined(__clang__)
    if (parked) __asm__ __volatile__("" : : "r"(park) : "memory");
#endif
    if (dec)
        LV_FN(dec_rounds)(ks, s, nb);
    else
        LV_FN(enc_rounds)(ks, s, nb, 0);
    for (int j = 0; j < nb; j++) {
        for (int q = 0; q < 4; q++)
            s[j][q] = LV_XOR(s[j][q], parked ? LV_LOAD(park + j * LV_BATCH + q * LV_BYTES) : t[j][q]);
        LV_FN(xts_store)(out + j * LV_BATCH, s[j]);
    }
}

/* tw = the sliced tweaks of the first batch from T_0 = t (16 bytes). */
ARX_INLINE void LV_FN(xts_first)(const uint8_t t[16], LV tw[4]) {
#ifdef LV_SHLV
    /* element e holds block b(e) = LV_CTR_OFFSETS: T * alpha^b(e), the
     * same shift and fold as xts_step with a count per element */
    const LV b = LV_CTR_OFFSETS, r = LV_SUB(LV_SET1(32), b);
    LV w[4];
    for (int q = 0; q < 4; q++) w[q] = LV_SET1(arx_load32_le(t + 4 * q));
    const LV c = LV_SHRV(w[3], r);
    for (int q = 3; q > 0; q--) tw[q] = LV_OR(LV_SHLV(w[q], b), LV_SHRV(w[q - 1], r));
    tw[0] = LV_XOR(LV_XOR(LV_SHLV(w[0], b), c), LV_XOR(LV_XOR(LV_SHL(c, 1), LV_SHL(c, 2)), LV_SHL(c, 7)));
#else
    uint8_t buf[LV_BATCH];
    arx_xts_tweaks(buf, t, LV_LANES);
    LV_FN(xts_load)(buf, tw);
    arx_wipe(buf, sizeof buf);
#endif
}

/* The whole batches of n blocks from sliced tweaks tw; returns the blocks done. */
ARX_INLINE size_t LV_FN(xts_run)(const LV_KS *ks, LV tw[4], uint8_t *park, uint8_t *out, const uint8_t *in,
                                 size_t n, int dec) {
    size_t done = 0;
    const size_t wide = (size_t)(dec ? LV_XTS_DEC_NB : LV_XTS_ENC_NB) * LV_LANES;
    for (; n - done >= wide; done += wide) {
        if (dec)
            LV_FN(xts_batches)(ks, tw, park, out + 16 * done, in + 16 * done, LV_XTS_DEC_NB, 1);
        else
            LV_FN(xts_batches)(ks, tw, park, out + 16 * done, in + 16 * done, LV_XTS_ENC_NB, 0);
    }
    for (; n - done >= LV_LANES; done += LV_LANES)
        LV_FN(xts_batches)(ks, tw, park, out + 16 * done, in + 16 * done, 1, dec);
    return done;
}

/* cipher.h's xts_xor: whole batches of n blocks; returns the blocks done and
 * leaves t at the tweak of the next block. */
static inline size_t LV_FN(xts_xor)(const void *ks_, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n,
                                    int dec) {
    if (n < LV_LANES) return 0;
    LV_KS_OPEN(ks, ks_);
    LV tw[4];
    _Alignas(64) uint8_t park[LV_XTS_PARK_BYTES];
    LV_FN(xts_first)(t, tw);
    const size_t done = LV_FN(xts_run)(ks, tw, park, out, in, n, dec);
    LV_FN(xts_store)(park, tw); /* block 0 of the next batch: the next tweak */
    memcpy(t, park, 16);
    arx_wipe(park, sizeof park); /* the tweaks are secret: E_K2(i) alpha^j */
    LV_KS_CLOSE(ks);
    return done;
}

/* cipher.h's xts_sectors: count data units of spb blocks each, unit i from
 * first tweak t0[16i..16i+16); only when spb is whole batches (else 0). */
static inline size_t LV_FN(xts_sectors)(const void *ks_, const uint8_t *t0, size_t spb, size_t count, uint8_t *out,
                                        const uint8_t *in, int dec) {
    if (spb == 0 || spb % LV_LANES) return 0;
    LV_KS_OPEN(ks, ks_);
    _Alignas(64) uint8_t park[LV_XTS_PARK_BYTES];
    for (size_t i = 0; i < count; i++) {
        LV tw[4];
        LV_FN(xts_first)(t0 + 16 * i, tw);
        (void)LV_FN(xts_run)(ks, tw, park, out + 16 * spb * i, in + 16 * spb * i, spb, dec);
    }
    arx_wipe(park, sizeof park);
    LV_KS_CLOSE(ks);
    return count;
}
#endif

/* The vocabulary is consumed: an includer may define another after this. */
#undef LV_ENC_ROUND
#undef LV_DEC_ROUND
#undef LV_BYTES
#undef LV_BATCH
#undef LV_ENC_NB
#undef LV_DEC_NB
#undef LV_MAX_NB
#undef LV
#undef LV_LANES
#undef LV_FN
#undef LV_XOR
#undef LV_ADD
#undef LV_SUB
#undef LV_ROL
#undef LV_ROR
#undef LV_SHL
#undef LV_XTS_PAIR
#undef LV_XTS_CARRY
#undef LV_XTS_ENC_NB
#undef LV_XTS_PARK
#undef LV_XTS_PARK_BYTES
#undef LV_XTS_MAX_NB
#undef LV_XOR3
#undef LV_XTS_DEC_NB
#undef LV_SHLV
#undef LV_SHRV
#undef LV_SHR
#undef LV_OR
#undef LV_SET1
#undef LV_LOAD
#undef LV_STORE
#undef LV_UNPACKLO32
#undef LV_UNPACKHI32
#undef LV_UNPACKLO64
#undef LV_UNPACKHI64
#undef LV_BSWAP32
#undef LV_CTR_OFFSETS
#undef LV_MASK_LOAD
#undef LV_MASK_STORE
#undef LV_HALF
#undef LV_LOAD_SLICED
#undef LV_STORE_SLICED
#undef LV_ROUNDS
#undef LV_KS
#undef LV_RKP
#undef LV_RKW
#undef LV_KS_MAKE
#undef LV_KS_WIPE
#undef LV_KS_OPEN
#undef LV_KS_CLOSE
#undef LV_UNROLL
#undef LV_UNROLL_NB
#undef LV_MCA_ENC
#undef LV_MCA_DEC
#undef LV_MCA_CTR
#undef LV_MCA_BEGIN
#undef LV_MCA_END
#undef LV_MCA_CTR_BEGIN
#undef LV_MCA_CTR_END
