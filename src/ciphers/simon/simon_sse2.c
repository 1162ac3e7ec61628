/*
 * SIMON64 and SIMON128 on SSE2, word-sliced: a pair of xmm holds 4 SIMON64
 * blocks (32-bit lanes) or 2 SIMON128 blocks (64-bit lanes), a batch is
 * SIMON_SSE2_PAIRS pairs. SSE2 has neither rotates nor pshufb (SSSE3): each
 * of S^1, S^2, S^8 is two shifts and an OR (S^1's left shift an add), so a
 * round is 13 instructions per pair.
 * Tails: whole pairs here, then the reference block functions.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simon.h"

/* 4 pairs, as for SPECK (speck_sse2.c). */
#define SIMON_SSE2_PAIRS 4

typedef __m128i V;

/* ---- layouts ----------------------------------------------------------------
 * 64-bit blocks: a = blocks 0-1, b = blocks 2-3; shufps takes the even (y)
 * and odd (x) words, so lane m holds block m. 128-bit blocks: a = block 0,
 * b = block 1, lane m of the unpacks holds block m. */

ARX_INLINE void split64(V a, V b, V *x, V *y) {
    __m128 fa = _mm_castsi128_ps(a), fb = _mm_castsi128_ps(b);
    *y = _mm_castps_si128(_mm_shuffle_ps(fa, fb, 0x88));
    *x = _mm_castps_si128(_mm_shuffle_ps(fa, fb, 0xdd));
}
ARX_INLINE void join64(V x, V y, V *a, V *b) {
    *a = _mm_unpacklo_epi32(y, x);
    *b = _mm_unpackhi_epi32(y, x);
}
ARX_INLINE void split128(V a, V b, V *x, V *y) {
    *y = _mm_unpacklo_epi64(a, b);
    *x = _mm_unpackhi_epi64(a, b);
}
ARX_INLINE void join128(V x, V y, V *a, V *b) {
    *a = _mm_unpacklo_epi64(y, x);
    *b = _mm_unpackhi_epi64(y, x);
}

ARX_INLINE void load_raw(const uint8_t *in, V *a, V *b, const int P) {
    for (int j = 0; j < P; j++) {
        a[j] = _mm_loadu_si128((const __m128i *)(const void *)(in + 32 * j));
        b[j] = _mm_loadu_si128((const __m128i *)(const void *)(in + 32 * j + 16));
    }
}
ARX_INLINE void store_raw(uint8_t *out, const V *a, const V *b, const int P) {
    for (int j = 0; j < P; j++) {
        _mm_storeu_si128((__m128i *)(void *)(out + 32 * j), a[j]);
        _mm_storeu_si128((__m128i *)(void *)(out + 32 * j + 16), b[j]);
    }
}

/* ---- rounds ---------------------------------------------------------------- */

#define ROL32(v, r) _mm_or_si128(_mm_slli_epi32(v, r), _mm_srli_epi32(v, 32 - (r)))
#define ROL64(v, r) _mm_or_si128(_mm_slli_epi64(v, r), _mm_srli_epi64(v, 64 - (r)))
#define ROL1_32(v) _mm_or_si128(_mm_add_epi32(v, v), _mm_srli_epi32(v, 31))
#define ROL1_64(v) _mm_or_si128(_mm_add_epi64(v, v), _mm_srli_epi64(v, 63))

/* No pshufb in SSE2: S^8 by shifts too (the mask argument is unused). */
#define ROL8_32(v, m) ((void)(m), ROL32(v, 8))
#define ROL8_64(v, m) ((void)(m), ROL64(v, 8))

/* y ^ f(x) ^ k, f(x) = (S^1 x & S^8 x) ^ S^2 x. */
ARX_INLINE V simon64_fxor(V x, V y, V k, V rol8) {
    V t = _mm_and_si128(ROL1_32(x), ROL8_32(x, rol8));
    return _mm_xor_si128(_mm_xor_si128(t, ROL32(x, 2)), _mm_xor_si128(y, k));
}
ARX_INLINE V simon128_fxor(V x, V y, V k, V rol8) {
    V t = _mm_and_si128(ROL1_64(x), ROL8_64(x, rol8));
    return _mm_xor_si128(_mm_xor_si128(t, ROL64(x, 2)), _mm_xor_si128(y, k));
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

SIMON_ROUNDS(simon64, simon_ks32, simon64_fxor, _mm_set1_epi32, int, _mm_setzero_si128())
SIMON_ROUNDS(simon128, simon_ks64, simon128_fxor, _mm_set1_epi64x, long long, _mm_setzero_si128())

/* ---- ECB kernels ------------------------------------------------------------ */

#define SIMON_BATCH(NAME, KS, SPLIT, JOIN, ROUNDS)                                                 \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, const int P) {             \
        V a[SIMON_SSE2_PAIRS], b[SIMON_SSE2_PAIRS], x[SIMON_SSE2_PAIRS], y[SIMON_SSE2_PAIRS];      \
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

/* Whole batches, then whole pairs as one shorter batch, then single blocks. */
#define SIMON_ECB(NAME, KS, BATCH, BPP, BB, BLOCK)                                                 \
    void NAME(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {                        \
        const KS *ks = vks;                                                                        \
        const size_t batch = (size_t)(BPP)*SIMON_SSE2_PAIRS;                                       \
        for (; n >= batch; n -= batch, in += batch * (BB), out += batch * (BB))                    \
            BATCH(ks, out, in, SIMON_SSE2_PAIRS);                                                  \
        size_t p = n / (BPP);                                                                      \
        switch (p) {                                                                               \
        case 1: BATCH(ks, out, in, 1); break;                                                      \
        case 2: BATCH(ks, out, in, 2); break;                                                      \
        case 3: BATCH(ks, out, in, 3); break;                                                      \
        default: break;                                                                            \
        }                                                                                          \
        for (size_t i = p * (BPP); i < n; i++) BLOCK(ks, out + i * (BB), in + i * (BB));           \
    }

SIMON_ECB(simon64_sse2_encrypt, simon_ks32, simon64_enc_batch, 4, 8, simon64_encrypt_block)
SIMON_ECB(simon64_sse2_decrypt, simon_ks32, simon64_dec_batch, 4, 8, simon64_decrypt_block)
SIMON_ECB(simon128_sse2_encrypt, simon_ks64, simon128_enc_batch, 2, 16, simon128_encrypt_block)
SIMON_ECB(simon128_sse2_decrypt, simon_ks64, simon128_dec_batch, 2, 16, simon128_decrypt_block)

/* ---- counter mode (see simon_avx512.c): x = bswap(lo + i), y constant -----
 * Byte swaps without pshufb: swap the bytes of each 16-bit word, then the
 * words (pshuflw/pshufhw: 0xb1 within 32 bits, 0x1b within 64). */

ARX_INLINE V bswap32(V v) {
    v = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xb1), 0xb1);
}
ARX_INLINE V bswap64(V v) {
    v = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0x1b), 0x1b);
}
#define BSWAP32(v) bswap32(v)
#define BSWAP64(v) bswap64(v)

#define SIMON_CTR_BATCH(NAME, KS, JOIN, ROUNDS, ADD, BSWAP)                                        \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, V base, V yc,              \
                         const V *offs, const int P) {                                             \
        V a[SIMON_SSE2_PAIRS], b[SIMON_SSE2_PAIRS], x[SIMON_SSE2_PAIRS], y[SIMON_SSE2_PAIRS];      \
        for (int j = 0; j < P; j++) {                                                              \
            x[j] = BSWAP(ADD(base, offs[j]));                                                      \
            y[j] = yc;                                                                             \
        }                                                                                          \
        ROUNDS(ks, x, y, P);                                                                       \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        V ia[SIMON_SSE2_PAIRS], ib[SIMON_SSE2_PAIRS];                                              \
        load_raw(in, ia, ib, P);                                                                   \
        for (int j = 0; j < P; j++) {                                                              \
            a[j] = _mm_xor_si128(a[j], ia[j]);                                                     \
            b[j] = _mm_xor_si128(b[j], ib[j]);                                                     \
        }                                                                                          \
        store_raw(out, a, b, P);                                                                   \
    }

SIMON_CTR_BATCH(simon64_ctr_batch, simon_ks32, join64, simon64_enc_rounds, _mm_add_epi32, BSWAP32)
SIMON_CTR_BATCH(simon128_ctr_batch, simon_ks64, join128, simon128_enc_rounds, _mm_add_epi64, BSWAP64)

/* One run of n blocks: y word y, x word bswap(lo + i), lo + i not wrapping.
 * Returns the blocks done (whole pairs). */
static size_t simon64_ctr_run(const simon_ks32 *ks, uint32_t y, uint32_t lo, uint8_t *out,
                              const uint8_t *in, size_t n) {
    const V yc = _mm_set1_epi32((int)y);
    V offs[SIMON_SSE2_PAIRS];
    for (int j = 0; j < SIMON_SSE2_PAIRS; j++)
        offs[j] = _mm_set_epi32(4 * j + 3, 4 * j + 2, 4 * j + 1, 4 * j);
    const size_t batch = (size_t)4 * SIMON_SSE2_PAIRS;
    size_t done = 0;
    for (; n - done >= batch; done += batch)
        simon64_ctr_batch(ks, out + 8 * done, in + 8 * done, _mm_set1_epi32((int)(lo + done)), yc,
                          offs, SIMON_SSE2_PAIRS);
    const V base = _mm_set1_epi32((int)(lo + done));
    size_t p = (n - done) / 4;
    uint8_t *o = out + 8 * done;
    const uint8_t *i = in + 8 * done;
    switch (p) {
    case 1: simon64_ctr_batch(ks, o, i, base, yc, offs, 1); break;
    case 2: simon64_ctr_batch(ks, o, i, base, yc, offs, 2); break;
    case 3: simon64_ctr_batch(ks, o, i, base, yc, offs, 3); break;
    default: break;
    }
    return done + 4 * p;
}

static size_t simon128_ctr_run(const simon_ks64 *ks, uint64_t y, uint64_t lo, uint8_t *out,
                               const uint8_t *in, size_t n) {
    const V yc = _mm_set1_epi64x((long long)y);
    V offs[SIMON_SSE2_PAIRS];
    for (int j = 0; j < SIMON_SSE2_PAIRS; j++) offs[j] = _mm_set_epi64x(2 * j + 1, 2 * j);
    const size_t batch = (size_t)2 * SIMON_SSE2_PAIRS;
    size_t done = 0;
    for (; n - done >= batch; done += batch)
        simon128_ctr_batch(ks, out + 16 * done, in + 16 * done,
                           _mm_set1_epi64x((long long)(lo + done)), yc, offs,
                           SIMON_SSE2_PAIRS);
    const V base = _mm_set1_epi64x((long long)(lo + done));
    size_t p = (n - done) / 2;
    uint8_t *o = out + 16 * done;
    const uint8_t *i = in + 16 * done;
    switch (p) {
    case 1: simon128_ctr_batch(ks, o, i, base, yc, offs, 1); break;
    case 2: simon128_ctr_batch(ks, o, i, base, yc, offs, 2); break;
    case 3: simon128_ctr_batch(ks, o, i, base, yc, offs, 3); break;
    default: break;
    }
    return done + 2 * p;
}

void simon64_sse2_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
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
        if (done < m) simon64_ctr_ref(vks, ctr, out + 8 * done, in + 8 * done, m - done);
        n -= m;
        in += 8 * m;
        out += 8 * m;
    }
}

void simon128_sse2_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
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
        if (done < m) simon128_ctr_ref(vks, ctr, out + 16 * done, in + 16 * done, m - done);
        n -= m;
        in += 16 * m;
        out += 16 * m;
    }
}

const arx_backend simon64_sse2 = {"sse2", ARX_REQ_SSE2, 4 * SIMON_SSE2_PAIRS, simon64_sse2_encrypt,
                                  simon64_sse2_decrypt, simon64_sse2_ctr_xor};
const arx_backend simon128_sse2 = {"sse2", ARX_REQ_SSE2, 2 * SIMON_SSE2_PAIRS,
                                   simon128_sse2_encrypt, simon128_sse2_decrypt,
                                   simon128_sse2_ctr_xor};

#endif
