/*
 * SIMON64 and SIMON128 on AVX-512 (F + BW + VL), word-sliced.
 *
 * A pair of zmm holds 16 SIMON64 blocks (x words in one vector of 32-bit
 * lanes, y words in the other) or 8 SIMON128 blocks (64-bit lanes). A batch
 * is SIMON_AVX512_PAIRS independent pairs. A round (ePrint 2013/404, 3.1),
 *   (x, y) -> (y ^ f(x) ^ k, x),   f(x) = (S^1 x & S^8 x) ^ S^2 x,
 * is 5 instructions per pair: S^1 and S^2 are vprold/vprolq, S^8 a vpshufb
 * (rotates and shuffles share Zen 4's pipes only in part: 2 rotates + 1
 * shuffle issue faster than 3 rotates), and
 *   t = vpternlog(S^1 x, S^8 x, y: (a & b) ^ c),  y = vpternlog(t, S^2 x, k: a ^ b ^ c)
 * with k a broadcast from memory. Two rounds run in place, y then x, so the
 * Feistel swap costs nothing; an odd round count ends in one renaming swap.
 *
 * What is left after the zmm pairs goes to the AVX2 kernel (see
 * simon_avx512.c for why a lone masked zmm pair does not pay on Zen 4).
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simon.h"

/* Pairs per batch: 8 (16 + 3 of the 32 zmm), as for SPECK. */
#define SIMON_AVX512_PAIRS 8

typedef __m512i V;

/* ---- layouts ---------------------------------------------------------------
 * 64-bit blocks: bytes y0 y1 y2 y3 x0 x1 x2 x3 (simon.c). Of two loaded
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

/* S^8 as vpshufb patterns (indices are per 128-bit lane). */
#define ROL8_32_IDX 0x0e0d0c0f, 0x0a09080b, 0x06050407, 0x02010003
#define ROL8_64_IDX 0x0e0d0c0b, 0x0a09080f, 0x06050403, 0x02010007
#define LANES4(...) _mm512_set_epi32(__VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__)
#define XOR_AND 0x78 /* vpternlog truth table of a ^ (b & c) */
#define XOR3 0x96    /* a ^ b ^ c */

/* y ^ f(x) ^ k in two vpternlogs. vpternlog overwrites its first operand:
 * making that y (rather than S^1 x) lets the result stay in y's register;
 * the other order cost GCC 12 17 register copies and a spill per two
 * rounds. The logic is bitwise, so SIMON64 uses the 64-bit-lane form too: the
 * 32-bit one still drew 32 copies per two rounds (vmovdqa32). */
ARX_INLINE V simon64_fxor(V x, V y, V k, V rol8) {
    V t = _mm512_ternarylogic_epi64(y, _mm512_rol_epi32(x, 1), _mm512_shuffle_epi8(x, rol8), XOR_AND);
    return _mm512_ternarylogic_epi64(t, _mm512_rol_epi32(x, 2), k, XOR3);
}
ARX_INLINE V simon128_fxor(V x, V y, V k, V rol8) {
    V t = _mm512_ternarylogic_epi64(y, _mm512_rol_epi64(x, 1), _mm512_shuffle_epi8(x, rol8), XOR_AND);
    return _mm512_ternarylogic_epi64(t, _mm512_rol_epi64(x, 2), k, XOR3);
}

/* Encryption: y ^= f(x) ^ k[i], x ^= f(y) ^ k[i+1], ...; an odd T leaves the
 * last result in y, hence the swap. Decryption undoes it from the end:
 * x ^= f(y) ^ k[i], y ^= f(x) ^ k[i-1], ... */
#define SIMON_ROUNDS(NAME, KS, FXOR, SET1, RK, ROL8)                                               \
    ARX_INLINE void NAME##_enc_rounds(const KS *ks, V *x, V *y, const int P) {                     \
        const V rol8 = LANES4(ROL8);                                                               \
        unsigned i = 0;                                                                            \
        for (; i + 2 <= ks->rounds; i += 2) {                                                      \
            const V k0 = SET1((RK)ks->rk[i]), k1 = SET1((RK)ks->rk[i + 1]);                        \
            for (int j = 0; j < P; j++) y[j] = FXOR(x[j], y[j], k0, rol8);                         \
            for (int j = 0; j < P; j++) x[j] = FXOR(y[j], x[j], k1, rol8);                         \
        }                                                                                          \
        if (i < ks->rounds) {                                                                      \
            const V k0 = SET1((RK)ks->rk[i]);                                                      \
            for (int j = 0; j < P; j++) {                                                          \
                V t = FXOR(x[j], y[j], k0, rol8);                                                  \
                y[j] = x[j];                                                                       \
                x[j] = t;                                                                          \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    ARX_INLINE void NAME##_dec_rounds(const KS *ks, V *x, V *y, const int P) {                     \
        const V rol8 = LANES4(ROL8);                                                               \
        unsigned i = ks->rounds;                                                                   \
        for (; i >= 2; i -= 2) {                                                                   \
            const V k1 = SET1((RK)ks->rk[i - 1]), k0 = SET1((RK)ks->rk[i - 2]);                    \
            for (int j = 0; j < P; j++) x[j] = FXOR(y[j], x[j], k1, rol8);                         \
            for (int j = 0; j < P; j++) y[j] = FXOR(x[j], y[j], k0, rol8);                         \
        }                                                                                          \
        if (i) {                                                                                   \
            const V k0 = SET1((RK)ks->rk[0]);                                                      \
            for (int j = 0; j < P; j++) {                                                          \
                V t = FXOR(y[j], x[j], k0, rol8);                                                  \
                x[j] = y[j];                                                                       \
                y[j] = t;                                                                          \
            }                                                                                      \
        }                                                                                          \
    }

SIMON_ROUNDS(simon64, simon_ks32, simon64_fxor, _mm512_set1_epi32, int, ROL8_32_IDX)
SIMON_ROUNDS(simon128, simon_ks64, simon128_fxor, _mm512_set1_epi64, long long, ROL8_64_IDX)

/* ---- ECB kernels ------------------------------------------------------------ */

#define SIMON_BATCH(NAME, KS, SPLIT, JOIN, ROUNDS)                                                 \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, const int P) {             \
        V a[SIMON_AVX512_PAIRS], b[SIMON_AVX512_PAIRS], x[SIMON_AVX512_PAIRS],                     \
            y[SIMON_AVX512_PAIRS];                                                                 \
        load_raw(in, a, b, P);                                                                     \
        for (int j = 0; j < P; j++) SPLIT(a[j], b[j], &x[j], &y[j]);                               \
        ROUNDS(ks, x, y, P);                                                                       \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        store_raw(out, a, b, P);                                                                   \
    }

SIMON_BATCH(simon64_enc_batch, simon_ks32, split64, join64, simon64_enc_rounds)
SIMON_BATCH(simon64_dec_batch, simon_ks32, split64, join64, simon64_dec_rounds)
SIMON_BATCH(simon128_enc_batch, simon_ks64, split128, join128, simon128_enc_rounds)
SIMON_BATCH(simon128_dec_batch, simon_ks64, split128, join128, simon128_dec_rounds)

/* Whole batches; of the rest, whole pairs as a batch of 4 and one of 1-3
 * (two shapes instead of seven), then the AVX2 kernel. BPP: blocks per pair,
 * BB: block bytes. */
#define SIMON_ECB(NAME, KS, BATCH, BPP, BB, TAIL)                                                  \
    static void NAME(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {                 \
        const KS *ks = vks;                                                                        \
        const size_t batch = (size_t)(BPP)*SIMON_AVX512_PAIRS;                                     \
        for (; n >= batch; n -= batch, in += batch * (BB), out += batch * (BB))                    \
            BATCH(ks, out, in, SIMON_AVX512_PAIRS);                                                \
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

SIMON_ECB(simon64_avx512_encrypt, simon_ks32, simon64_enc_batch, 16, 8, simon64_avx2_encrypt)
SIMON_ECB(simon64_avx512_decrypt, simon_ks32, simon64_dec_batch, 16, 8, simon64_avx2_decrypt)
SIMON_ECB(simon128_avx512_encrypt, simon_ks64, simon128_enc_batch, 8, 16, simon128_avx2_encrypt)
SIMON_ECB(simon128_avx512_decrypt, simon_ks64, simon128_dec_batch, 8, 16, simon128_avx2_decrypt)

/* ---- counter mode -----------------------------------------------------------
 * Big-endian counter, little-endian words: the counter's low half is the
 * block's second word, x. The ctr_xor kernels split the stream into runs in
 * which the low half does not wrap (32 bits for SIMON64, 64 for SIMON128), so
 * within a run y is one broadcast constant and block i has x = bswap(lo + i):
 * an add and a vpshufb per vector. (Round 0 has nothing else to precompute:
 * y ^ k0 is constant, but f(x) already needs both vpternlogs.) */

/* Counter offsets of the sliced lanes (see the layouts above). */
#define CTR64_OFFSETS 15, 14, 7, 6, 13, 12, 5, 4, 11, 10, 3, 2, 9, 8, 1, 0
#define CTR128_OFFSETS 7, 3, 6, 2, 5, 1, 4, 0
#define BSWAP_32_IDX 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203
#define BSWAP_64_IDX 0x08090a0b, 0x0c0d0e0f, 0x00010203, 0x04050607

#define SIMON_CTR_BATCH(NAME, KS, JOIN, ROUNDS, ADD, W)                                            \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, V base, V yc,              \
                         const V *offs, const int P) {                                             \
        const V bswap = LANES4(BSWAP_##W##_IDX);                                                   \
        V a[SIMON_AVX512_PAIRS], b[SIMON_AVX512_PAIRS], x[SIMON_AVX512_PAIRS],                     \
            y[SIMON_AVX512_PAIRS];                                                                 \
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

SIMON_CTR_BATCH(simon64_ctr_batch, simon_ks32, join64, simon64_enc_rounds, _mm512_add_epi32, 32)
SIMON_CTR_BATCH(simon128_ctr_batch, simon_ks64, join128, simon128_enc_rounds, _mm512_add_epi64, 64)

/* One run of n blocks with y word y and x word bswap(lo + i), lo + i not
 * wrapping. Does whole pairs only and returns how many blocks that was. */
static size_t simon64_ctr_run(const simon_ks32 *ks, uint32_t y, uint32_t lo, uint8_t *out,
                              const uint8_t *in, size_t n) {
    const V yc = _mm512_set1_epi32((int)y);
    V offs[SIMON_AVX512_PAIRS];
    for (int j = 0; j < SIMON_AVX512_PAIRS; j++)
        offs[j] = _mm512_add_epi32(_mm512_set_epi32(CTR64_OFFSETS), _mm512_set1_epi32(16 * j));
    const size_t batch = (size_t)16 * SIMON_AVX512_PAIRS;
    size_t done = 0;
    for (; n - done >= batch; done += batch)
        simon64_ctr_batch(ks, out + 8 * done, in + 8 * done, _mm512_set1_epi32((int)(lo + done)),
                          yc, offs, SIMON_AVX512_PAIRS);
    if (n - done >= 64) {
        simon64_ctr_batch(ks, out + 8 * done, in + 8 * done, _mm512_set1_epi32((int)(lo + done)),
                          yc, offs, 4);
        done += 64;
    }
    const V base = _mm512_set1_epi32((int)(lo + done));
    uint8_t *o = out + 8 * done;
    const uint8_t *i = in + 8 * done;
    size_t p = (n - done) / 16;
    switch (p) {
    case 1: simon64_ctr_batch(ks, o, i, base, yc, offs, 1); break;
    case 2: simon64_ctr_batch(ks, o, i, base, yc, offs, 2); break;
    case 3: simon64_ctr_batch(ks, o, i, base, yc, offs, 3); break;
    default: break;
    }
    return done + 16 * p;
}

static size_t simon128_ctr_run(const simon_ks64 *ks, uint64_t y, uint64_t lo, uint8_t *out,
                               const uint8_t *in, size_t n) {
    const V yc = _mm512_set1_epi64((long long)y);
    V offs[SIMON_AVX512_PAIRS];
    for (int j = 0; j < SIMON_AVX512_PAIRS; j++)
        offs[j] = _mm512_add_epi64(_mm512_set_epi64(CTR128_OFFSETS), _mm512_set1_epi64(8 * j));
    const size_t batch = (size_t)8 * SIMON_AVX512_PAIRS;
    size_t done = 0;
    for (; n - done >= batch; done += batch)
        simon128_ctr_batch(ks, out + 16 * done, in + 16 * done,
                           _mm512_set1_epi64((long long)(lo + done)), yc, offs,
                           SIMON_AVX512_PAIRS);
    if (n - done >= 32) {
        simon128_ctr_batch(ks, out + 16 * done, in + 16 * done,
                           _mm512_set1_epi64((long long)(lo + done)), yc, offs, 4);
        done += 32;
    }
    const V base = _mm512_set1_epi64((long long)(lo + done));
    uint8_t *o = out + 16 * done;
    const uint8_t *i = in + 16 * done;
    size_t p = (n - done) / 8;
    switch (p) {
    case 1: simon128_ctr_batch(ks, o, i, base, yc, offs, 1); break;
    case 2: simon128_ctr_batch(ks, o, i, base, yc, offs, 2); break;
    case 3: simon128_ctr_batch(ks, o, i, base, yc, offs, 3); break;
    default: break;
    }
    return done + 8 * p;
}

/* Runs end where the counter's low half wraps; what a run leaves over (less
 * than a pair) goes to the AVX2 kernel, which advances the counter itself. */
static void simon64_avx512_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                                   size_t n) {
    if (n < 16) { /* not one pair: skip the setup */
        simon64_avx2_ctr_xor(vks, ctr, out, in, n);
        return;
    }
    while (n) {
        uint32_t hi = arx_load32_be(ctr), lo = arx_load32_be(ctr + 4);
        uint64_t room = ((uint64_t)1 << 32) - lo; /* blocks until lo wraps */
        size_t m = (uint64_t)n < room ? n : (size_t)room;
        size_t done = simon64_ctr_run(vks, arx_load32_le(ctr), lo, out, in, m);
        lo += (uint32_t)done;
        if (done && lo == 0) hi++; /* the run ended on the wrap */
        arx_store32_be(ctr, hi);
        arx_store32_be(ctr + 4, lo);
        if (done < m) simon64_avx2_ctr_xor(vks, ctr, out + 8 * done, in + 8 * done, m - done);
        n -= m;
        in += 8 * m;
        out += 8 * m;
    }
}

static void simon128_avx512_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out,
                                    const uint8_t *in, size_t n) {
    if (n < 8) { /* not one pair: skip the setup */
        simon128_avx2_ctr_xor(vks, ctr, out, in, n);
        return;
    }
    while (n) {
        uint64_t hi = arx_load64_be(ctr), lo = arx_load64_be(ctr + 8);
        /* blocks until lo wraps: 2^64 - lo, more than any n when lo == 0 */
        size_t m = (lo != 0 && (uint64_t)n > 0 - lo) ? (size_t)(0 - lo) : n;
        size_t done = simon128_ctr_run(vks, arx_load64_le(ctr), lo, out, in, m);
        lo += done;
        if (done && lo == 0) hi++;
        arx_store64_be(ctr, hi);
        arx_store64_be(ctr + 8, lo);
        if (done < m) simon128_avx2_ctr_xor(vks, ctr, out + 16 * done, in + 16 * done, m - done);
        n -= m;
        in += 16 * m;
        out += 16 * m;
    }
}

const arx_backend simon64_avx512 = {"avx512", ARX_REQ_AVX512, 16 * SIMON_AVX512_PAIRS,
                                    simon64_avx512_encrypt, simon64_avx512_decrypt,
                                    simon64_avx512_ctr_xor};
const arx_backend simon128_avx512 = {"avx512", ARX_REQ_AVX512, 8 * SIMON_AVX512_PAIRS,
                                     simon128_avx512_encrypt, simon128_avx512_decrypt,
                                     simon128_avx512_ctr_xor};

#endif
