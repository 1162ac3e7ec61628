/*
 * SIMON64 and SIMON128 on AVX2, word-sliced: a pair of ymm holds 8 SIMON64
 * blocks (32-bit lanes) or 4 SIMON128 blocks (64-bit lanes), a batch is
 * SIMON_AVX2_PAIRS pairs. AVX2 has no rotate: S^8 is a vpshufb, S^1 and S^2
 * are two shifts and an OR each (S^1's left shift an add, which more pipes
 * take), so a round is 11 instructions per pair.
 * Tails: whole pairs here, then the SSE2 kernels, then the reference.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simon.h"

/* 4 pairs, as for SPECK (speck_avx2.c). */
#define SIMON_AVX2_PAIRS 4

typedef __m256i V;

/* ---- layouts (as in simon_avx512.c, per 128-bit lane) ----------------------
 * 64-bit blocks: a = blocks 0-3, b = blocks 4-7; sliced lane 4L+m holds block
 * {2L, 2L+1, 4+2L, 5+2L}[m]. 128-bit blocks: a = blocks 0-1, b = 2-3; lane
 * 2L+m holds block {L, 2+L}[m]. */

ARX_INLINE void split64(V a, V b, V *x, V *y) {
    __m256 fa = _mm256_castsi256_ps(a), fb = _mm256_castsi256_ps(b);
    *y = _mm256_castps_si256(_mm256_shuffle_ps(fa, fb, 0x88));
    *x = _mm256_castps_si256(_mm256_shuffle_ps(fa, fb, 0xdd));
}
ARX_INLINE void join64(V x, V y, V *a, V *b) {
    *a = _mm256_unpacklo_epi32(y, x);
    *b = _mm256_unpackhi_epi32(y, x);
}
ARX_INLINE void split128(V a, V b, V *x, V *y) {
    *y = _mm256_unpacklo_epi64(a, b);
    *x = _mm256_unpackhi_epi64(a, b);
}
ARX_INLINE void join128(V x, V y, V *a, V *b) {
    *a = _mm256_unpacklo_epi64(y, x);
    *b = _mm256_unpackhi_epi64(y, x);
}

ARX_INLINE void load_raw(const uint8_t *in, V *a, V *b, const int P) {
    for (int j = 0; j < P; j++) {
        a[j] = _mm256_loadu_si256((const __m256i *)(const void *)(in + 64 * j));
        b[j] = _mm256_loadu_si256((const __m256i *)(const void *)(in + 64 * j + 32));
    }
}
ARX_INLINE void store_raw(uint8_t *out, const V *a, const V *b, const int P) {
    for (int j = 0; j < P; j++) {
        _mm256_storeu_si256((__m256i *)(void *)(out + 64 * j), a[j]);
        _mm256_storeu_si256((__m256i *)(void *)(out + 64 * j + 32), b[j]);
    }
}

/* ---- rounds ---------------------------------------------------------------- */

#define ROL8_32_IDX 0x0e0d0c0f, 0x0a09080b, 0x06050407, 0x02010003
#define ROL8_64_IDX 0x0e0d0c0b, 0x0a09080f, 0x06050403, 0x02010007
#define LANES2(...) _mm256_set_epi32(__VA_ARGS__, __VA_ARGS__)

#define ROL32(v, r) _mm256_or_si256(_mm256_slli_epi32(v, r), _mm256_srli_epi32(v, 32 - (r)))
#define ROL64(v, r) _mm256_or_si256(_mm256_slli_epi64(v, r), _mm256_srli_epi64(v, 64 - (r)))
#define ROL1_32(v) _mm256_or_si256(_mm256_add_epi32(v, v), _mm256_srli_epi32(v, 31))
#define ROL1_64(v) _mm256_or_si256(_mm256_add_epi64(v, v), _mm256_srli_epi64(v, 63))

#define ROL8_32(v, m) _mm256_shuffle_epi8(v, m)
#define ROL8_64(v, m) _mm256_shuffle_epi8(v, m)

/* y ^ f(x) ^ k, f(x) = (S^1 x & S^8 x) ^ S^2 x. */
ARX_INLINE V simon64_fxor(V x, V y, V k, V rol8) {
    V t = _mm256_and_si256(ROL1_32(x), ROL8_32(x, rol8));
    return _mm256_xor_si256(_mm256_xor_si256(t, ROL32(x, 2)), _mm256_xor_si256(y, k));
}
ARX_INLINE V simon128_fxor(V x, V y, V k, V rol8) {
    V t = _mm256_and_si256(ROL1_64(x), ROL8_64(x, rol8));
    return _mm256_xor_si256(_mm256_xor_si256(t, ROL64(x, 2)), _mm256_xor_si256(y, k));
}

/* Encryption: y ^= f(x) ^ k[i], x ^= f(y) ^ k[i+1], ...; an odd T leaves the
 * last result in y, hence the swap. Decryption undoes it from the end:
 * x ^= f(y) ^ k[i], y ^= f(x) ^ k[i-1], ... */
#define SIMON_ROUNDS(NAME, KS, FXOR, SET1, RK, ROL8)                                               \
    ARX_INLINE void NAME##_enc_rounds(const KS *ks, V *x, V *y, const int P) {                     \
        const V rol8 = ROL8;                                                                       \
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
        const V rol8 = ROL8;                                                                       \
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

SIMON_ROUNDS(simon64, simon_ks32, simon64_fxor, _mm256_set1_epi32, int, LANES2(ROL8_32_IDX))
SIMON_ROUNDS(simon128, simon_ks64, simon128_fxor, _mm256_set1_epi64x, long long,
             LANES2(ROL8_64_IDX))

/* ---- ECB kernels -------------------------------------------------------------- */

#define SIMON_BATCH(NAME, KS, SPLIT, JOIN, ROUNDS)                                                 \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, const int P) {             \
        V a[SIMON_AVX2_PAIRS], b[SIMON_AVX2_PAIRS], x[SIMON_AVX2_PAIRS], y[SIMON_AVX2_PAIRS];      \
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

/* Whole batches, then whole pairs as one shorter batch, then SSE2 for the rest. */
#define SIMON_ECB(NAME, KS, BATCH, BPP, BB, TAIL)                                                  \
    void NAME(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {                        \
        const KS *ks = vks;                                                                        \
        const size_t batch = (size_t)(BPP)*SIMON_AVX2_PAIRS;                                       \
        for (; n >= batch; n -= batch, in += batch * (BB), out += batch * (BB))                    \
            BATCH(ks, out, in, SIMON_AVX2_PAIRS);                                                  \
        size_t p = n / (BPP);                                                                      \
        switch (p) {                                                                               \
        case 1: BATCH(ks, out, in, 1); break;                                                      \
        case 2: BATCH(ks, out, in, 2); break;                                                      \
        case 3: BATCH(ks, out, in, 3); break;                                                      \
        default: break;                                                                            \
        }                                                                                          \
        n -= p * (BPP);                                                                            \
        TAIL(ks, out + p * (BPP) * (BB), in + p * (BPP) * (BB), n);                                \
    }

SIMON_ECB(simon64_avx2_encrypt, simon_ks32, simon64_enc_batch, 8, 8, simon64_sse2_encrypt)
SIMON_ECB(simon64_avx2_decrypt, simon_ks32, simon64_dec_batch, 8, 8, simon64_sse2_decrypt)
SIMON_ECB(simon128_avx2_encrypt, simon_ks64, simon128_enc_batch, 4, 16, simon128_sse2_encrypt)
SIMON_ECB(simon128_avx2_decrypt, simon_ks64, simon128_dec_batch, 4, 16, simon128_sse2_decrypt)

/* ---- counter mode (see simon_avx512.c): x = bswap(lo + i), y constant ----- */

#define CTR64_OFFSETS 7, 6, 3, 2, 5, 4, 1, 0
#define CTR128_OFFSETS 3, 1, 2, 0
#define BSWAP_32_IDX 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203
#define BSWAP_64_IDX 0x08090a0b, 0x0c0d0e0f, 0x00010203, 0x04050607
#define BSWAP32(v) _mm256_shuffle_epi8(v, LANES2(BSWAP_32_IDX))
#define BSWAP64(v) _mm256_shuffle_epi8(v, LANES2(BSWAP_64_IDX))

#define SIMON_CTR_BATCH(NAME, KS, JOIN, ROUNDS, ADD, BSWAP)                                        \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, V base, V yc,              \
                         const V *offs, const int P) {                                             \
        V a[SIMON_AVX2_PAIRS], b[SIMON_AVX2_PAIRS], x[SIMON_AVX2_PAIRS], y[SIMON_AVX2_PAIRS];      \
        for (int j = 0; j < P; j++) {                                                              \
            x[j] = BSWAP(ADD(base, offs[j]));                                                      \
            y[j] = yc;                                                                             \
        }                                                                                          \
        ROUNDS(ks, x, y, P);                                                                       \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        V ia[SIMON_AVX2_PAIRS], ib[SIMON_AVX2_PAIRS];                                              \
        load_raw(in, ia, ib, P);                                                                   \
        for (int j = 0; j < P; j++) {                                                              \
            a[j] = _mm256_xor_si256(a[j], ia[j]);                                                  \
            b[j] = _mm256_xor_si256(b[j], ib[j]);                                                  \
        }                                                                                          \
        store_raw(out, a, b, P);                                                                   \
    }

SIMON_CTR_BATCH(simon64_ctr_batch, simon_ks32, join64, simon64_enc_rounds, _mm256_add_epi32, BSWAP32)
SIMON_CTR_BATCH(simon128_ctr_batch, simon_ks64, join128, simon128_enc_rounds, _mm256_add_epi64, BSWAP64)

/* One run of n blocks: y word y, x word bswap(lo + i), lo + i not wrapping.
 * Returns the blocks done (whole pairs); the caller finishes the run. */
static size_t simon64_ctr_run(const simon_ks32 *ks, uint32_t y, uint32_t lo, uint8_t *out,
                              const uint8_t *in, size_t n) {
    const V yc = _mm256_set1_epi32((int)y);
    V offs[SIMON_AVX2_PAIRS];
    for (int j = 0; j < SIMON_AVX2_PAIRS; j++)
        offs[j] = _mm256_add_epi32(_mm256_set_epi32(CTR64_OFFSETS), _mm256_set1_epi32(8 * j));
    const size_t batch = (size_t)8 * SIMON_AVX2_PAIRS;
    size_t done = 0;
    for (; n - done >= batch; done += batch)
        simon64_ctr_batch(ks, out + 8 * done, in + 8 * done, _mm256_set1_epi32((int)(lo + done)),
                          yc, offs, SIMON_AVX2_PAIRS);
    const V base = _mm256_set1_epi32((int)(lo + done));
    size_t p = (n - done) / 8;
    switch (p) {
    case 1: simon64_ctr_batch(ks, out + 8 * done, in + 8 * done, base, yc, offs, 1); break;
    case 2: simon64_ctr_batch(ks, out + 8 * done, in + 8 * done, base, yc, offs, 2); break;
    case 3: simon64_ctr_batch(ks, out + 8 * done, in + 8 * done, base, yc, offs, 3); break;
    default: break;
    }
    return done + 8 * p;
}

static size_t simon128_ctr_run(const simon_ks64 *ks, uint64_t y, uint64_t lo, uint8_t *out,
                               const uint8_t *in, size_t n) {
    const V yc = _mm256_set1_epi64x((long long)y);
    V offs[SIMON_AVX2_PAIRS];
    for (int j = 0; j < SIMON_AVX2_PAIRS; j++)
        offs[j] = _mm256_add_epi64(_mm256_set_epi64x(CTR128_OFFSETS), _mm256_set1_epi64x(4 * j));
    const size_t batch = (size_t)4 * SIMON_AVX2_PAIRS;
    size_t done = 0;
    for (; n - done >= batch; done += batch)
        simon128_ctr_batch(ks, out + 16 * done, in + 16 * done,
                           _mm256_set1_epi64x((long long)(lo + done)), yc, offs,
                           SIMON_AVX2_PAIRS);
    const V base = _mm256_set1_epi64x((long long)(lo + done));
    size_t p = (n - done) / 4;
    uint8_t *o = out + 16 * done;
    const uint8_t *i = in + 16 * done;
    switch (p) {
    case 1: simon128_ctr_batch(ks, o, i, base, yc, offs, 1); break;
    case 2: simon128_ctr_batch(ks, o, i, base, yc, offs, 2); break;
    case 3: simon128_ctr_batch(ks, o, i, base, yc, offs, 3); break;
    default: break;
    }
    return done + 4 * p;
}

/* Runs end where the counter's low half wraps; what a run leaves over (less
 * than a pair) goes to the SSE2 kernel, which advances the counter itself. */
void simon64_avx2_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                          size_t n) {
    while (n) {
        uint32_t hi = arx_load32_be(ctr), lo = arx_load32_be(ctr + 4);
        uint64_t room = ((uint64_t)1 << 32) - lo; /* blocks until lo wraps */
        size_t m = (uint64_t)n < room ? n : (size_t)room;
        size_t done = simon64_ctr_run(vks, arx_load32_le(ctr), lo, out, in, m);
        lo += (uint32_t)done;
        if (done && lo == 0) hi++; /* the run ended on the wrap */
        arx_store32_be(ctr, hi);
        arx_store32_be(ctr + 4, lo);
        if (done < m) simon64_sse2_ctr_xor(vks, ctr, out + 8 * done, in + 8 * done, m - done);
        n -= m;
        in += 8 * m;
        out += 8 * m;
    }
}

void simon128_avx2_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t n) {
    while (n) {
        uint64_t hi = arx_load64_be(ctr), lo = arx_load64_be(ctr + 8);
        /* blocks until lo wraps: 2^64 - lo, more than any n when lo == 0 */
        size_t m = (lo != 0 && (uint64_t)n > 0 - lo) ? (size_t)(0 - lo) : n;
        size_t done = simon128_ctr_run(vks, arx_load64_le(ctr), lo, out, in, m);
        lo += done;
        if (done && lo == 0) hi++;
        arx_store64_be(ctr, hi);
        arx_store64_be(ctr + 8, lo);
        if (done < m) simon128_sse2_ctr_xor(vks, ctr, out + 16 * done, in + 16 * done, m - done);
        n -= m;
        in += 16 * m;
        out += 16 * m;
    }
}

const arx_backend simon64_avx2 = {"avx2", ARX_REQ_AVX2, 8 * SIMON_AVX2_PAIRS, simon64_avx2_encrypt,
                                  simon64_avx2_decrypt, simon64_avx2_ctr_xor};
const arx_backend simon128_avx2 = {"avx2", ARX_REQ_AVX2, 4 * SIMON_AVX2_PAIRS,
                                   simon128_avx2_encrypt, simon128_avx2_decrypt,
                                   simon128_avx2_ctr_xor};

#endif
