/*
 * SIMECK32 and SIMECK64 on AVX-512 (F + BW + VL; SIMECK32 also VBMI2),
 * word-sliced.
 *
 * A pair of zmm holds 32 SIMECK32 blocks (l words in one vector of 16-bit
 * lanes, r words in the other) or 16 SIMECK64 blocks (32-bit lanes); a batch
 * is SIMECK_AVX512_PAIRS independent pairs. With x = l and y = r (the block
 * is stored r then l), a round (CHES 2015, section 2.1) is
 *   (x, y) -> (y ^ f(x) ^ k, x),   f(x) = (x & S^5 x) ^ S^1 x,
 * 4 instructions per pair: the two rotates (vpshldw for 16-bit words, a
 * VBMI2 instruction; vprold for 32-bit ones) and
 *   y = vpternlog(y, x, S^5 x: a ^ (b & c)),  y = vpternlog(y, S^1 x, k: a ^ b ^ c).
 * Two rounds run in place, y then x, so the Feistel swap costs nothing.
 *
 * What is left after the zmm pairs goes to the AVX2 kernel (see
 * speck_avx512.c for why a lone masked zmm pair does not pay on Zen 4).
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simeck.h"

/* Pairs per batch: 4 (8 state + 8 rotated + 2 key zmm). With the rotates
 * grouped (below), 4 beat 6 and 8 on Zen 4: SIMECK64 0.61 / 0.63 / 0.66 cpb. */
#define SIMECK_AVX512_PAIRS 4

typedef __m512i V;

/* ---- layouts ---------------------------------------------------------------
 * 32-bit blocks: bytes y0 y1 x0 x1 (simeck.c). Of two loaded vectors a
 * (blocks 0-15) and b (blocks 16-31), a vpshufb gathers each 128-bit lane's
 * four y words into its low half and four x words into its high half, and
 * unpacklo/hi_epi64 of a and b give y and x: sliced lane 8L+m holds block
 * 4L+m (m < 4) or 16+4L+m-4. unpacklo/hi_epi16 of y and x restore the order.
 * 64-bit blocks: bytes y0 y1 y2 y3 x0 x1 x2 x3. Of a (blocks 0-7) and b
 * (blocks 8-15), shufps takes the even (y) and odd (x) 32-bit words of each
 * 128-bit lane, so sliced lane 4L+m holds block {2L, 2L+1, 8+2L, 9+2L}[m];
 * unpacklo/hi_epi32 restore the order. */

#define LANES4(...) _mm512_set_epi32(__VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__)
#define EVEN_ODD_16_IDX 0x0f0e0b0a, 0x07060302, 0x0d0c0908, 0x05040100

ARX_INLINE void split32(V a, V b, V *x, V *y) {
    const V eo = LANES4(EVEN_ODD_16_IDX);
    a = _mm512_shuffle_epi8(a, eo);
    b = _mm512_shuffle_epi8(b, eo);
    *y = _mm512_unpacklo_epi64(a, b);
    *x = _mm512_unpackhi_epi64(a, b);
}
ARX_INLINE void join32(V x, V y, V *a, V *b) {
    *a = _mm512_unpacklo_epi16(y, x);
    *b = _mm512_unpackhi_epi16(y, x);
}
ARX_INLINE void split64(V a, V b, V *x, V *y) {
    __m512 fa = _mm512_castsi512_ps(a), fb = _mm512_castsi512_ps(b);
    *y = _mm512_castps_si512(_mm512_shuffle_ps(fa, fb, 0x88));
    *x = _mm512_castps_si512(_mm512_shuffle_ps(fa, fb, 0xdd));
}
ARX_INLINE void join64(V x, V y, V *a, V *b) {
    *a = _mm512_unpacklo_epi32(y, x);
    *b = _mm512_unpackhi_epi32(y, x);
}

/* P pairs = P * 128 bytes. */
ARX_INLINE void load_raw(const uint8_t *in, V *a, V *b, const int P) {
    for (int j = 0; j < P; j++) {
        a[j] = _mm512_loadu_si512(in + 128 * j);
        b[j] = _mm512_loadu_si512(in + 128 * j + 64);
    }
}
ARX_INLINE void store_raw(uint8_t *out, const V *a, const V *b, const int P) {
    for (int j = 0; j < P; j++) {
        _mm512_storeu_si512(out + 128 * j, a[j]);
        _mm512_storeu_si512(out + 128 * j + 64, b[j]);
    }
}

/* ---- rounds ---------------------------------------------------------------- */

#define XOR_AND 0x78 /* vpternlog truth table of a ^ (b & c) */
#define XOR3 0x96    /* a ^ b ^ c */

/* y ^ f(x) ^ k in two vpternlogs whose overwritten first operand is y, so
 * the result stays in y's register. The logic is bitwise: one 64-bit-lane
 * form serves all word sizes (GCC 12 copied registers around the 32-bit
 * form, see simon_avx512.c). */
/* Rotates of SIMECK32's 16-bit words (VBMI2) and SIMECK64's 32-bit words. */
#define ROT32(x, r) _mm512_shldi_epi16(x, x, r)
#define ROT64(x, r) _mm512_rol_epi32(x, r)
ARX_INLINE V fxor(V x, V y, V s5, V s1, V k) {
    return _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(y, x, s5, XOR_AND), s1, k, XOR3);
}

/* Encryption: y ^= f(x) ^ k[i], x ^= f(y) ^ k[i+1], ... Decryption undoes
 * it from the end: x ^= f(y) ^ k[i], y ^= f(x) ^ k[i-1], ... (T is even.)
 * Each half round issues the rotates of all pairs before the vpternlogs:
 * with the ops of one pair kept together, Zen 4 ran a pair-round in ~3.1
 * cycles against 2 issue cycles; grouped, ~2.4 (register-only loop), and
 * the kernels went from 0.74 to 0.61 cpb (SIMECK64) and 0.59 to 0.45
 * (SIMECK32). */
#define SIMECK_HALF(ROT, x, y, k)                                                                  \
    do {                                                                                           \
        V s5[SIMECK_AVX512_PAIRS], s1[SIMECK_AVX512_PAIRS];                                        \
        for (int j = 0; j < P; j++) {                                                              \
            s5[j] = ROT(x[j], 5);                                                                  \
            s1[j] = ROT(x[j], 1);                                                                  \
        }                                                                                          \
        for (int j = 0; j < P; j++) y[j] = fxor(x[j], y[j], s5[j], s1[j], k);                      \
    } while (0)
#define SIMECK_ROUNDS(NAME, KS, ROT, SET1, RK)                                                     \
    ARX_INLINE void NAME##_enc_rounds(const KS *ks, V *x, V *y, const int P) {                     \
        for (unsigned i = 0; i + 2 <= ks->rounds; i += 2) {                                        \
            const V k0 = SET1((RK)ks->rk[i]), k1 = SET1((RK)ks->rk[i + 1]);                        \
            SIMECK_HALF(ROT, x, y, k0);                                                            \
            SIMECK_HALF(ROT, y, x, k1);                                                            \
        }                                                                                          \
    }                                                                                              \
    ARX_INLINE void NAME##_dec_rounds(const KS *ks, V *x, V *y, const int P) {                     \
        for (unsigned i = ks->rounds; i >= 2; i -= 2) {                                            \
            const V k1 = SET1((RK)ks->rk[i - 1]), k0 = SET1((RK)ks->rk[i - 2]);                    \
            SIMECK_HALF(ROT, y, x, k1);                                                            \
            SIMECK_HALF(ROT, x, y, k0);                                                            \
        }                                                                                          \
    }

SIMECK_ROUNDS(simeck32, simeck_ks16, ROT32, _mm512_set1_epi16, short)
SIMECK_ROUNDS(simeck64, simeck_ks32, ROT64, _mm512_set1_epi32, int)

/* ---- ECB kernels ------------------------------------------------------------ */

#define SIMECK_BATCH(NAME, KS, SPLIT, JOIN, ROUNDS)                                                \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, const int P) {             \
        V a[SIMECK_AVX512_PAIRS], b[SIMECK_AVX512_PAIRS], x[SIMECK_AVX512_PAIRS],                  \
            y[SIMECK_AVX512_PAIRS];                                                                \
        load_raw(in, a, b, P);                                                                     \
        for (int j = 0; j < P; j++) SPLIT(a[j], b[j], &x[j], &y[j]);                               \
        ROUNDS(ks, x, y, P);                                                                       \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        store_raw(out, a, b, P);                                                                   \
    }

SIMECK_BATCH(simeck32_enc_batch, simeck_ks16, split32, join32, simeck32_enc_rounds)
SIMECK_BATCH(simeck32_dec_batch, simeck_ks16, split32, join32, simeck32_dec_rounds)
SIMECK_BATCH(simeck64_enc_batch, simeck_ks32, split64, join64, simeck64_enc_rounds)
SIMECK_BATCH(simeck64_dec_batch, simeck_ks32, split64, join64, simeck64_dec_rounds)

/* Whole batches, then whole pairs as one batch of 1-3, then the AVX2
 * kernel. BPP: blocks per pair, BB: block bytes. */
#define SIMECK_ECB(NAME, KS, BATCH, BPP, BB, TAIL)                                                 \
    static void NAME(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {                 \
        const KS *ks = vks;                                                                        \
        const size_t batch = (size_t)(BPP)*SIMECK_AVX512_PAIRS;                                    \
        for (; n >= batch; n -= batch, in += batch * (BB), out += batch * (BB))                    \
            BATCH(ks, out, in, SIMECK_AVX512_PAIRS);                                               \
        size_t p = n / (BPP);                                                                      \
        switch (p) {                                                                               \
        case 1: BATCH(ks, out, in, 1); break;                                                      \
        case 2: BATCH(ks, out, in, 2); break;                                                      \
        case 3: BATCH(ks, out, in, 3); break;                                                      \
        default: break;                                                                            \
        }                                                                                          \
        TAIL(vks, out + p * (BPP) * (BB), in + p * (BPP) * (BB), n - p * (BPP));                   \
    }

SIMECK_ECB(simeck32_avx512_encrypt, simeck_ks16, simeck32_enc_batch, 32, 4, simeck32_avx2_encrypt)
SIMECK_ECB(simeck32_avx512_decrypt, simeck_ks16, simeck32_dec_batch, 32, 4, simeck32_avx2_decrypt)
SIMECK_ECB(simeck64_avx512_encrypt, simeck_ks32, simeck64_enc_batch, 16, 8, simeck64_avx2_encrypt)
SIMECK_ECB(simeck64_avx512_decrypt, simeck_ks32, simeck64_dec_batch, 16, 8, simeck64_avx2_decrypt)

/* ---- counter mode -----------------------------------------------------------
 * Big-endian counter, little-endian words: the counter's low half is the
 * block's second word, x. The ctr_xor kernels split the stream into runs in
 * which the low half does not wrap (16 bits for SIMECK32, 32 for SIMECK64),
 * so within a run y is one broadcast constant and block i has
 * x = bswap(lo + i): an add and a vpshufb per vector. (Round 0 has nothing
 * else to precompute: y ^ k0 is constant, but f(x) needs both vpternlogs.) */

/* Counter offsets of the sliced lanes (see the layouts above), pair 0. */
#define CTR32_OFFSETS                                                                              \
    31, 30, 29, 28, 15, 14, 13, 12, 27, 26, 25, 24, 11, 10, 9, 8, 23, 22, 21, 20, 7, 6, 5, 4, 19,  \
        18, 17, 16, 3, 2, 1, 0
#define CTR64_OFFSETS 15, 14, 7, 6, 13, 12, 5, 4, 11, 10, 3, 2, 9, 8, 1, 0
#define BSWAP_16_IDX 0x0e0f0c0d, 0x0a0b0809, 0x06070405, 0x02030001
#define BSWAP_32_IDX 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203

#define SIMECK_CTR_BATCH(NAME, KS, JOIN, ROUNDS, ADD, W)                                           \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, V base, V yc,              \
                         const V *offs, const int P) {                                             \
        const V bswap = LANES4(BSWAP_##W##_IDX);                                                   \
        V a[SIMECK_AVX512_PAIRS], b[SIMECK_AVX512_PAIRS], x[SIMECK_AVX512_PAIRS],                  \
            y[SIMECK_AVX512_PAIRS];                                                                \
        for (int j = 0; j < P; j++) {                                                              \
            x[j] = _mm512_shuffle_epi8(ADD(base, offs[j]), bswap);                                 \
            y[j] = yc;                                                                             \
        }                                                                                          \
        ROUNDS(ks, x, y, P);                                                                       \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        for (int j = 0; j < P; j++) {                                                              \
            a[j] = _mm512_xor_si512(a[j], _mm512_loadu_si512(in + 128 * j));                       \
            b[j] = _mm512_xor_si512(b[j], _mm512_loadu_si512(in + 128 * j + 64));                  \
        }                                                                                          \
        store_raw(out, a, b, P);                                                                   \
    }

SIMECK_CTR_BATCH(simeck32_ctr_batch, simeck_ks16, join32, simeck32_enc_rounds, _mm512_add_epi16,
                 16)
SIMECK_CTR_BATCH(simeck64_ctr_batch, simeck_ks32, join64, simeck64_enc_rounds, _mm512_add_epi32,
                 32)

/* One run of n blocks with y word y and x word bswap(lo + i), lo + i not
 * wrapping. Does whole pairs only and returns how many blocks that was.
 * BPP: blocks per pair, BB: block bytes, SET1/ADD: lane width of a word. */
#define SIMECK_CTR_RUN(NAME, KS, BATCH, WT, RK, SET1, ADD, OFFSETS, BPP, BB)                       \
    static size_t NAME(const KS *ks, WT y, WT lo, uint8_t *out, const uint8_t *in, size_t n) {     \
        const V yc = SET1((RK)y);                                                                  \
        V offs[SIMECK_AVX512_PAIRS];                                                               \
        for (int j = 0; j < SIMECK_AVX512_PAIRS; j++)                                              \
            offs[j] = ADD(_mm512_set_epi##OFFSETS, SET1((RK)((BPP)*j)));                           \
        const size_t batch = (size_t)(BPP)*SIMECK_AVX512_PAIRS;                                    \
        size_t done = 0;                                                                           \
        for (; n - done >= batch; done += batch)                                                   \
            BATCH(ks, out + (BB)*done, in + (BB)*done, SET1((RK)(lo + done)), yc, offs,            \
                  SIMECK_AVX512_PAIRS);                                                            \
        const V base = SET1((RK)(lo + done));                                                      \
        uint8_t *o = out + (BB)*done;                                                              \
        const uint8_t *i = in + (BB)*done;                                                         \
        size_t p = (n - done) / (BPP);                                                             \
        switch (p) {                                                                               \
        case 1: BATCH(ks, o, i, base, yc, offs, 1); break;                                         \
        case 2: BATCH(ks, o, i, base, yc, offs, 2); break;                                         \
        case 3: BATCH(ks, o, i, base, yc, offs, 3); break;                                         \
        default: break;                                                                            \
        }                                                                                          \
        return done + (BPP)*p;                                                                     \
    }

SIMECK_CTR_RUN(simeck32_ctr_run, simeck_ks16, simeck32_ctr_batch, uint16_t, short,
               _mm512_set1_epi16, _mm512_add_epi16, 16(CTR32_OFFSETS), 32, 4)
SIMECK_CTR_RUN(simeck64_ctr_run, simeck_ks32, simeck64_ctr_batch, uint32_t, int, _mm512_set1_epi32,
               _mm512_add_epi32, 32(CTR64_OFFSETS), 16, 8)

/* Runs end where the counter's low half wraps; what a run leaves over (less
 * than a pair) goes to the AVX2 kernel, which advances the counter itself. */
static void simeck32_avx512_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out,
                                    const uint8_t *in, size_t n) {
    if (n < 32) { /* not one pair: skip the setup */
        simeck32_avx2_ctr_xor(vks, ctr, out, in, n);
        return;
    }
    while (n) {
        uint16_t hi = (uint16_t)(ctr[0] << 8 | ctr[1]), lo = (uint16_t)(ctr[2] << 8 | ctr[3]);
        size_t room = (size_t)0x10000 - lo; /* blocks until lo wraps */
        size_t m = n < room ? n : room;
        size_t done = simeck32_ctr_run(vks, arx_load16_le(ctr), lo, out, in, m);
        lo = (uint16_t)(lo + done);
        if (done && lo == 0) hi++; /* the run ended on the wrap */
        ctr[0] = (uint8_t)(hi >> 8);
        ctr[1] = (uint8_t)hi;
        ctr[2] = (uint8_t)(lo >> 8);
        ctr[3] = (uint8_t)lo;
        if (done < m) simeck32_avx2_ctr_xor(vks, ctr, out + 4 * done, in + 4 * done, m - done);
        n -= m;
        in += 4 * m;
        out += 4 * m;
    }
}

static void simeck64_avx512_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out,
                                    const uint8_t *in, size_t n) {
    if (n < 16) {
        simeck64_avx2_ctr_xor(vks, ctr, out, in, n);
        return;
    }
    while (n) {
        uint32_t hi = arx_load32_be(ctr), lo = arx_load32_be(ctr + 4);
        uint64_t room = ((uint64_t)1 << 32) - lo;
        size_t m = (uint64_t)n < room ? n : (size_t)room;
        size_t done = simeck64_ctr_run(vks, arx_load32_le(ctr), lo, out, in, m);
        lo += (uint32_t)done;
        if (done && lo == 0) hi++;
        arx_store32_be(ctr, hi);
        arx_store32_be(ctr + 4, lo);
        if (done < m) simeck64_avx2_ctr_xor(vks, ctr, out + 8 * done, in + 8 * done, m - done);
        n -= m;
        in += 8 * m;
        out += 8 * m;
    }
}

/* SIMECK32's rotates are vpshldw (VBMI2); SIMECK64 needs F + BW + VL only. */
const arx_backend simeck32_avx512 = {"avx512", ARX_REQ_AVX512 | ARX_CPU_AVX512VBMI2,
                                     32 * SIMECK_AVX512_PAIRS, simeck32_avx512_encrypt,
                                     simeck32_avx512_decrypt, simeck32_avx512_ctr_xor};
const arx_backend simeck64_avx512 = {"avx512", ARX_REQ_AVX512, 16 * SIMECK_AVX512_PAIRS,
                                     simeck64_avx512_encrypt, simeck64_avx512_decrypt,
                                     simeck64_avx512_ctr_xor};

#endif
