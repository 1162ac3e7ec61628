/*
 * SPECK64 and SPECK128 on AVX-512 (F + BW + VL), word-sliced.
 *
 * A pair of zmm holds 16 SPECK64 blocks (x words in one vector of 32-bit
 * lanes, y words in the other) or 8 SPECK128 blocks (64-bit lanes). A batch
 * is SPECK_AVX512_PAIRS independent pairs. A round (ePrint 2013/404, 4.1),
 *   x = (S^-8 x + y) ^ k;  y = S^3 y ^ x,
 * is 5 instructions per pair: with s = S^-8 x + y, x = s ^ k and
 * y = S^3 y ^ s ^ k, one vpternlog (which also spares GCC 12 the register
 * copies it made when y read the new x; the logic being bitwise, SPECK64
 * uses the 64-bit-lane form too, as the 32-bit one drew 8 copies a round).
 * S^-8 is a vpshufb, S^3 a vprold/vprolq, the round key a broadcast from
 * memory.
 *
 * What is left after the zmm pairs (fewer than 16 or 8 blocks) goes to the
 * AVX2 kernel, which finishes through SSE2 and the reference: on Zen 4 a
 * lone half-empty zmm pair is slower than a full ymm one (512-bit
 * instructions have longer latencies, and a masked store does not forward
 * to the next load: SPECK64 at 64 bytes 1.86 cpb masked zmm, 1.35 ymm).
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "speck.h"

/* Pairs per batch. A round's dependency chain is 3-4 cycles, a pair's share
 * of the vector pipes 2.5 cycles, yet 4 pairs left 15% on the table on Zen 4
 * (SPECK128 ECB 0.53 -> 0.46 cpb with 8, which use 16 + 2 of the 32 zmm). */
#define SPECK_AVX512_PAIRS 8

typedef __m512i V;

/* ---- layouts ---------------------------------------------------------------
 * 64-bit blocks: bytes y0 y1 y2 y3 x0 x1 x2 x3 (speck.c). Of two loaded
 * vectors a (blocks 0-7) and b (blocks 8-15), shufps takes the even (y) and
 * odd (x) 32-bit words of each 128-bit lane, so sliced lane 4L+m holds block
 * {2L, 2L+1, 8+2L, 9+2L}[m]; unpacklo/hi_epi32 restore the order.
 * 128-bit blocks: unpacklo/hi_epi64 of a (blocks 0-3) and b (blocks 4-7) give
 * y and x, lane 2L+m holding block {L, 4+L}[m]; the same unpacks undo it. */

ARX_INLINE void split64(V a, V b, V *x, V *y) {
    __m512 fa = _mm512_castsi512_ps(a), fb = _mm512_castsi512_ps(b);
    *y = _mm512_castps_si512(_mm512_shuffle_ps(fa, fb, 0x88));
    *x = _mm512_castps_si512(_mm512_shuffle_ps(fa, fb, 0xdd));
}
ARX_INLINE void join64(V x, V y, V *a, V *b) {
    *a = _mm512_unpacklo_epi32(y, x);
    *b = _mm512_unpackhi_epi32(y, x);
}
ARX_INLINE void split128(V a, V b, V *x, V *y) {
    *y = _mm512_unpacklo_epi64(a, b);
    *x = _mm512_unpackhi_epi64(a, b);
}
ARX_INLINE void join128(V x, V y, V *a, V *b) {
    *a = _mm512_unpacklo_epi64(y, x);
    *b = _mm512_unpackhi_epi64(y, x);
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

/* Byte rotations by 8 as vpshufb patterns (indices are per 128-bit lane). */
#define ROR8_32_IDX 0x0c0f0e0d, 0x080b0a09, 0x04070605, 0x00030201
#define ROL8_32_IDX 0x0e0d0c0f, 0x0a09080b, 0x06050407, 0x02010003
#define ROR8_64_IDX 0x080f0e0d, 0x0c0b0a09, 0x00070605, 0x04030201
#define ROL8_64_IDX 0x0e0d0c0b, 0x0a09080f, 0x06050403, 0x02010007
#define LANES4(...) _mm512_set_epi32(__VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__)
#define XOR3 0x96 /* vpternlog truth table of a ^ b ^ c */

/* Rounds first .. T-1 (counter mode does round 0 itself). */
ARX_INLINE void speck64_enc_rounds(const speck_ks32 *ks, unsigned first, V *x, V *y, const int P) {
    const V ror8 = LANES4(ROR8_32_IDX);
    for (unsigned i = first; i < ks->rounds; i++) {
        const V k = _mm512_set1_epi32((int)ks->rk[i]);
        for (int j = 0; j < P; j++) {
            V s = _mm512_add_epi32(_mm512_shuffle_epi8(x[j], ror8), y[j]);
            x[j] = _mm512_xor_si512(s, k);
            y[j] = _mm512_ternarylogic_epi64(_mm512_rol_epi32(y[j], 3), s, k, XOR3);
        }
    }
}
ARX_INLINE void speck64_dec_rounds(const speck_ks32 *ks, V *x, V *y, const int P) {
    const V rol8 = LANES4(ROL8_32_IDX);
    for (unsigned i = ks->rounds; i-- > 0;) {
        const V k = _mm512_set1_epi32((int)ks->rk[i]);
        for (int j = 0; j < P; j++) {
            y[j] = _mm512_ror_epi32(_mm512_xor_si512(y[j], x[j]), 3);
            x[j] = _mm512_shuffle_epi8(_mm512_sub_epi32(_mm512_xor_si512(x[j], k), y[j]), rol8);
        }
    }
}
ARX_INLINE void speck128_enc_rounds(const speck_ks64 *ks, unsigned first, V *x, V *y, const int P) {
    const V ror8 = LANES4(ROR8_64_IDX);
    for (unsigned i = first; i < ks->rounds; i++) {
        const V k = _mm512_set1_epi64((long long)ks->rk[i]);
        for (int j = 0; j < P; j++) {
            V s = _mm512_add_epi64(_mm512_shuffle_epi8(x[j], ror8), y[j]);
            x[j] = _mm512_xor_si512(s, k);
            y[j] = _mm512_ternarylogic_epi64(_mm512_rol_epi64(y[j], 3), s, k, XOR3);
        }
    }
}
ARX_INLINE void speck128_dec_rounds(const speck_ks64 *ks, V *x, V *y, const int P) {
    const V rol8 = LANES4(ROL8_64_IDX);
    for (unsigned i = ks->rounds; i-- > 0;) {
        const V k = _mm512_set1_epi64((long long)ks->rk[i]);
        for (int j = 0; j < P; j++) {
            y[j] = _mm512_ror_epi64(_mm512_xor_si512(y[j], x[j]), 3);
            x[j] = _mm512_shuffle_epi8(_mm512_sub_epi64(_mm512_xor_si512(x[j], k), y[j]), rol8);
        }
    }
}
#define speck64_ecb_enc_rounds(ks, x, y, P) speck64_enc_rounds(ks, 0, x, y, P)
#define speck128_ecb_enc_rounds(ks, x, y, P) speck128_enc_rounds(ks, 0, x, y, P)

/* ---- ECB kernels ------------------------------------------------------------ */

#define SPECK_BATCH(NAME, KS, SPLIT, JOIN, ROUNDS)                                                 \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, const int P) {             \
        V a[SPECK_AVX512_PAIRS], b[SPECK_AVX512_PAIRS], x[SPECK_AVX512_PAIRS],                     \
            y[SPECK_AVX512_PAIRS];                                                                 \
        load_raw(in, a, b, P);                                                                     \
        for (int j = 0; j < P; j++) SPLIT(a[j], b[j], &x[j], &y[j]);                               \
        ROUNDS(ks, x, y, P);                                                                       \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        store_raw(out, a, b, P);                                                                   \
    }

SPECK_BATCH(speck64_enc_batch, speck_ks32, split64, join64, speck64_ecb_enc_rounds)
SPECK_BATCH(speck64_dec_batch, speck_ks32, split64, join64, speck64_dec_rounds)
SPECK_BATCH(speck128_enc_batch, speck_ks64, split128, join128, speck128_ecb_enc_rounds)
SPECK_BATCH(speck128_dec_batch, speck_ks64, split128, join128, speck128_dec_rounds)

/* Whole batches; of the rest, whole pairs as a batch of 4 and one of 1-3
 * (two shapes instead of seven), then the AVX2 kernel. BPP: blocks per pair,
 * BB: block bytes. */
#define SPECK_ECB(NAME, KS, BATCH, BPP, BB, TAIL)                                                  \
    static void NAME(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {                 \
        const KS *ks = vks;                                                                        \
        const size_t batch = (size_t)(BPP)*SPECK_AVX512_PAIRS;                                     \
        for (; n >= batch; n -= batch, in += batch * (BB), out += batch * (BB))                    \
            BATCH(ks, out, in, SPECK_AVX512_PAIRS);                                                \
        if (n >= 4 * (BPP)) {                                                                      \
            BATCH(ks, out, in, 4);                                                                 \
            n -= 4 * (BPP);                                                                        \
            in += 4 * (BPP) * (BB);                                                                \
            out += 4 * (BPP) * (BB);                                                               \
        }                                                                                          \
        size_t p = n / (BPP);                                                                      \
        switch (p) {                                                                               \
        case 1: BATCH(ks, out, in, 1); break;                                                      \
        case 2: BATCH(ks, out, in, 2); break;                                                      \
        case 3: BATCH(ks, out, in, 3); break;                                                      \
        default: break;                                                                            \
        }                                                                                          \
        TAIL(vks, out + p * (BPP) * (BB), in + p * (BPP) * (BB), n - p * (BPP));                   \
    }

SPECK_ECB(speck64_avx512_encrypt, speck_ks32, speck64_enc_batch, 16, 8, speck64_avx2_encrypt)
SPECK_ECB(speck64_avx512_decrypt, speck_ks32, speck64_dec_batch, 16, 8, speck64_avx2_decrypt)
SPECK_ECB(speck128_avx512_encrypt, speck_ks64, speck128_enc_batch, 8, 16, speck128_avx2_encrypt)
SPECK_ECB(speck128_avx512_decrypt, speck_ks64, speck128_dec_batch, 8, 16, speck128_avx2_decrypt)

/* ---- counter mode -----------------------------------------------------------
 * Big-endian counter, little-endian words: the counter's low half is the
 * block's second word, x. The ctr_xor kernels split the stream into runs in
 * which the low half does not wrap (32 bits for SPECK64, 64 for SPECK128), so
 * within a run y is one constant and block i has x = bswap(lo + i).
 *
 * That fixes part of round 0: with s = S^-8 x + y,
 *   x1 = s ^ k0,   y1 = S^3 y ^ x1 = s ^ (k0 ^ S^3 y),
 * and S^-8 bswap(v) is a single byte shuffle of the counter v. Round 0 costs
 * an add (the counter), a shuffle, an add and two XORs, and no rotate. */

/* Counter offsets of the sliced lanes (see the layouts above). */
#define CTR64_OFFSETS 15, 14, 7, 6, 13, 12, 5, 4, 11, 10, 3, 2, 9, 8, 1, 0
#define CTR128_OFFSETS 7, 3, 6, 2, 5, 1, 4, 0
/* S^-8 of a byte-swapped word, as vpshufb patterns: bytes (2 1 0 3), (6 5 4 3 2 1 0 7). */
#define BSWAP_ROR8_32_IDX 0x0f0c0d0e, 0x0b08090a, 0x07040506, 0x03000102
#define BSWAP_ROR8_64_IDX 0x0f08090a, 0x0b0c0d0e, 0x07000102, 0x03040506

#define SPECK_CTR_BATCH(NAME, KS, JOIN, ROUNDS, ADD, W)                                            \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, V base, V yc, V k0,        \
                         V c1, const V *offs, const int P) {                                       \
        const V shuf = LANES4(BSWAP_ROR8_##W##_IDX);                                               \
        V a[SPECK_AVX512_PAIRS], b[SPECK_AVX512_PAIRS], x[SPECK_AVX512_PAIRS],                     \
            y[SPECK_AVX512_PAIRS];                                                                 \
        for (int j = 0; j < P; j++) {                                                              \
            V s = ADD(_mm512_shuffle_epi8(ADD(base, offs[j]), shuf), yc);                          \
            x[j] = _mm512_xor_si512(s, k0);                                                        \
            y[j] = _mm512_xor_si512(s, c1);                                                        \
        }                                                                                          \
        ROUNDS(ks, 1, x, y, P);                                                                    \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        for (int j = 0; j < P; j++) {                                                              \
            a[j] = _mm512_xor_si512(a[j], _mm512_loadu_si512(in + 128 * j));                       \
            b[j] = _mm512_xor_si512(b[j], _mm512_loadu_si512(in + 128 * j + 64));                  \
        }                                                                                          \
        store_raw(out, a, b, P);                                                                   \
    }

SPECK_CTR_BATCH(speck64_ctr_batch, speck_ks32, join64, speck64_enc_rounds, _mm512_add_epi32, 32)
SPECK_CTR_BATCH(speck128_ctr_batch, speck_ks64, join128, speck128_enc_rounds, _mm512_add_epi64, 64)

/* One run of n blocks with y word y and x word bswap(lo + i), lo + i not
 * wrapping. Does whole pairs only and returns how many blocks that was. */
static size_t speck64_ctr_run(const speck_ks32 *ks, uint32_t y, uint32_t lo, uint8_t *out,
                              const uint8_t *in, size_t n) {
    const V yc = _mm512_set1_epi32((int)y);
    const V k0 = _mm512_set1_epi32((int)ks->rk[0]);
    const V c1 = _mm512_set1_epi32((int)(ks->rk[0] ^ arx_rotl32(y, 3)));
    V offs[SPECK_AVX512_PAIRS];
    for (int j = 0; j < SPECK_AVX512_PAIRS; j++)
        offs[j] = _mm512_add_epi32(_mm512_set_epi32(CTR64_OFFSETS), _mm512_set1_epi32(16 * j));
    const size_t batch = (size_t)16 * SPECK_AVX512_PAIRS;
    size_t done = 0;
    for (; n - done >= batch; done += batch)
        speck64_ctr_batch(ks, out + 8 * done, in + 8 * done, _mm512_set1_epi32((int)(lo + done)),
                          yc, k0, c1, offs, SPECK_AVX512_PAIRS);
    if (n - done >= 64) {
        speck64_ctr_batch(ks, out + 8 * done, in + 8 * done, _mm512_set1_epi32((int)(lo + done)),
                          yc, k0, c1, offs, 4);
        done += 64;
    }
    const V base = _mm512_set1_epi32((int)(lo + done));
    uint8_t *o = out + 8 * done;
    const uint8_t *i = in + 8 * done;
    size_t p = (n - done) / 16;
    switch (p) {
    case 1: speck64_ctr_batch(ks, o, i, base, yc, k0, c1, offs, 1); break;
    case 2: speck64_ctr_batch(ks, o, i, base, yc, k0, c1, offs, 2); break;
    case 3: speck64_ctr_batch(ks, o, i, base, yc, k0, c1, offs, 3); break;
    default: break;
    }
    return done + 16 * p;
}

static size_t speck128_ctr_run(const speck_ks64 *ks, uint64_t y, uint64_t lo, uint8_t *out,
                               const uint8_t *in, size_t n) {
    const V yc = _mm512_set1_epi64((long long)y);
    const V k0 = _mm512_set1_epi64((long long)ks->rk[0]);
    const V c1 = _mm512_set1_epi64((long long)(ks->rk[0] ^ arx_rotl64(y, 3)));
    V offs[SPECK_AVX512_PAIRS];
    for (int j = 0; j < SPECK_AVX512_PAIRS; j++)
        offs[j] = _mm512_add_epi64(_mm512_set_epi64(CTR128_OFFSETS), _mm512_set1_epi64(8 * j));
    const size_t batch = (size_t)8 * SPECK_AVX512_PAIRS;
    size_t done = 0;
    for (; n - done >= batch; done += batch)
        speck128_ctr_batch(ks, out + 16 * done, in + 16 * done,
                           _mm512_set1_epi64((long long)(lo + done)), yc, k0, c1, offs,
                           SPECK_AVX512_PAIRS);
    if (n - done >= 32) {
        speck128_ctr_batch(ks, out + 16 * done, in + 16 * done,
                           _mm512_set1_epi64((long long)(lo + done)), yc, k0, c1, offs, 4);
        done += 32;
    }
    const V base = _mm512_set1_epi64((long long)(lo + done));
    uint8_t *o = out + 16 * done;
    const uint8_t *i = in + 16 * done;
    size_t p = (n - done) / 8;
    switch (p) {
    case 1: speck128_ctr_batch(ks, o, i, base, yc, k0, c1, offs, 1); break;
    case 2: speck128_ctr_batch(ks, o, i, base, yc, k0, c1, offs, 2); break;
    case 3: speck128_ctr_batch(ks, o, i, base, yc, k0, c1, offs, 3); break;
    default: break;
    }
    return done + 8 * p;
}

/* Runs end where the counter's low half wraps; what a run leaves over (less
 * than a pair) goes to the AVX2 kernel, which advances the counter itself. */
static void speck64_avx512_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                                   size_t n) {
    if (n < 16) { /* not one pair: skip the setup */
        speck64_avx2_ctr_xor(vks, ctr, out, in, n);
        return;
    }
    while (n) {
        uint32_t hi = arx_load32_be(ctr), lo = arx_load32_be(ctr + 4);
        uint64_t room = ((uint64_t)1 << 32) - lo; /* blocks until lo wraps */
        size_t m = (uint64_t)n < room ? n : (size_t)room;
        size_t done = speck64_ctr_run(vks, arx_load32_le(ctr), lo, out, in, m);
        lo += (uint32_t)done;
        if (done && lo == 0) hi++; /* the run ended on the wrap */
        arx_store32_be(ctr, hi);
        arx_store32_be(ctr + 4, lo);
        if (done < m) speck64_avx2_ctr_xor(vks, ctr, out + 8 * done, in + 8 * done, m - done);
        n -= m;
        in += 8 * m;
        out += 8 * m;
    }
}

static void speck128_avx512_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out,
                                    const uint8_t *in, size_t n) {
    if (n < 8) { /* not one pair: skip the setup */
        speck128_avx2_ctr_xor(vks, ctr, out, in, n);
        return;
    }
    while (n) {
        uint64_t hi = arx_load64_be(ctr), lo = arx_load64_be(ctr + 8);
        /* blocks until lo wraps: 2^64 - lo, more than any n when lo == 0 */
        size_t m = (lo != 0 && (uint64_t)n > 0 - lo) ? (size_t)(0 - lo) : n;
        size_t done = speck128_ctr_run(vks, arx_load64_le(ctr), lo, out, in, m);
        lo += done;
        if (done && lo == 0) hi++;
        arx_store64_be(ctr, hi);
        arx_store64_be(ctr + 8, lo);
        if (done < m) speck128_avx2_ctr_xor(vks, ctr, out + 16 * done, in + 16 * done, m - done);
        n -= m;
        in += 16 * m;
        out += 16 * m;
    }
}

const arx_backend speck64_avx512 = {"avx512", ARX_REQ_AVX512, 16 * SPECK_AVX512_PAIRS,
                                    speck64_avx512_encrypt, speck64_avx512_decrypt,
                                    speck64_avx512_ctr_xor};
const arx_backend speck128_avx512 = {"avx512", ARX_REQ_AVX512, 8 * SPECK_AVX512_PAIRS,
                                     speck128_avx512_encrypt, speck128_avx512_decrypt,
                                     speck128_avx512_ctr_xor};

#endif
