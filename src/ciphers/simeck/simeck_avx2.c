/*
 * SIMECK32 and SIMECK64 on AVX2, word-sliced: a pair of ymm holds 16
 * SIMECK32 blocks (16-bit lanes) or 8 SIMECK64 blocks (32-bit lanes), a batch
 * is SIMECK_AVX2_PAIRS pairs. AVX2 has no rotate: S^5 and S^1 are two shifts
 * and an OR each (S^1's left shift an add, which more pipes take), so a
 * round is 10 instructions per pair.
 * Tails: whole pairs here, then the SSE2 kernels, then the reference.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simeck.h"

/* 4 pairs: SIMECK64 1.38 cpb on Zen 4, against 1.48 with 3. */
#define SIMECK_AVX2_PAIRS 4

typedef __m256i V;

/* ---- layouts (as in simeck_avx512.c, per 128-bit lane) ---------------------
 * 32-bit blocks: a = blocks 0-7, b = blocks 8-15; sliced lane 8L+m holds
 * block 4L+m (m < 4) or 8+4L+m-4. 64-bit blocks: a = blocks 0-3, b = blocks
 * 4-7; lane 4L+m holds block {2L, 2L+1, 4+2L, 5+2L}[m]. */

#define LANES2(...) _mm256_set_epi32(__VA_ARGS__, __VA_ARGS__)
#define EVEN_ODD_16_IDX 0x0f0e0b0a, 0x07060302, 0x0d0c0908, 0x05040100

ARX_INLINE void split32(V a, V b, V *x, V *y) {
    const V eo = LANES2(EVEN_ODD_16_IDX);
    a = _mm256_shuffle_epi8(a, eo);
    b = _mm256_shuffle_epi8(b, eo);
    *y = _mm256_unpacklo_epi64(a, b);
    *x = _mm256_unpackhi_epi64(a, b);
}
ARX_INLINE void join32(V x, V y, V *a, V *b) {
    *a = _mm256_unpacklo_epi16(y, x);
    *b = _mm256_unpackhi_epi16(y, x);
}
ARX_INLINE void split64(V a, V b, V *x, V *y) {
    __m256 fa = _mm256_castsi256_ps(a), fb = _mm256_castsi256_ps(b);
    *y = _mm256_castps_si256(_mm256_shuffle_ps(fa, fb, 0x88));
    *x = _mm256_castps_si256(_mm256_shuffle_ps(fa, fb, 0xdd));
}
ARX_INLINE void join64(V x, V y, V *a, V *b) {
    *a = _mm256_unpacklo_epi32(y, x);
    *b = _mm256_unpackhi_epi32(y, x);
}

/* P pairs = P * 64 bytes. */
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

#define ROL16(v, r) _mm256_or_si256(_mm256_slli_epi16(v, r), _mm256_srli_epi16(v, 16 - (r)))
#define ROL32(v, r) _mm256_or_si256(_mm256_slli_epi32(v, r), _mm256_srli_epi32(v, 32 - (r)))
#define ROL1_16(v) _mm256_or_si256(_mm256_add_epi16(v, v), _mm256_srli_epi16(v, 15))
#define ROL1_32(v) _mm256_or_si256(_mm256_add_epi32(v, v), _mm256_srli_epi32(v, 31))

/* y ^ f(x) ^ k, f(x) = (x & S^5 x) ^ S^1 x. */
ARX_INLINE V simeck32_fxor(V x, V y, V k) {
    V t = _mm256_and_si256(x, ROL16(x, 5));
    return _mm256_xor_si256(_mm256_xor_si256(t, ROL1_16(x)), _mm256_xor_si256(y, k));
}
ARX_INLINE V simeck64_fxor(V x, V y, V k) {
    V t = _mm256_and_si256(x, ROL32(x, 5));
    return _mm256_xor_si256(_mm256_xor_si256(t, ROL1_32(x)), _mm256_xor_si256(y, k));
}

/* Encryption: y ^= f(x) ^ k[i], x ^= f(y) ^ k[i+1], ... Decryption undoes
 * it from the end: x ^= f(y) ^ k[i], y ^= f(x) ^ k[i-1], ... (T is even.) */
#define SIMECK_ROUNDS(NAME, KS, FXOR, SET1, RK)                                                    \
    ARX_INLINE void NAME##_enc_rounds(const KS *ks, V *x, V *y, const int P) {                     \
        for (unsigned i = 0; i + 2 <= ks->rounds; i += 2) {                                        \
            const V k0 = SET1((RK)ks->rk[i]), k1 = SET1((RK)ks->rk[i + 1]);                        \
            for (int j = 0; j < P; j++) y[j] = FXOR(x[j], y[j], k0);                               \
            for (int j = 0; j < P; j++) x[j] = FXOR(y[j], x[j], k1);                               \
        }                                                                                          \
    }                                                                                              \
    ARX_INLINE void NAME##_dec_rounds(const KS *ks, V *x, V *y, const int P) {                     \
        for (unsigned i = ks->rounds; i >= 2; i -= 2) {                                            \
            const V k1 = SET1((RK)ks->rk[i - 1]), k0 = SET1((RK)ks->rk[i - 2]);                    \
            for (int j = 0; j < P; j++) x[j] = FXOR(y[j], x[j], k1);                               \
            for (int j = 0; j < P; j++) y[j] = FXOR(x[j], y[j], k0);                               \
        }                                                                                          \
    }

SIMECK_ROUNDS(simeck32, simeck_ks16, simeck32_fxor, _mm256_set1_epi16, short)
SIMECK_ROUNDS(simeck64, simeck_ks32, simeck64_fxor, _mm256_set1_epi32, int)

/* ---- ECB kernels ------------------------------------------------------------ */

#define SIMECK_BATCH(NAME, KS, SPLIT, JOIN, ROUNDS)                                                \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, const int P) {             \
        V a[SIMECK_AVX2_PAIRS], b[SIMECK_AVX2_PAIRS], x[SIMECK_AVX2_PAIRS], y[SIMECK_AVX2_PAIRS];  \
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

/* Whole batches, then whole pairs as one shorter batch, then SSE2 for the
 * rest. BPP: blocks per pair, BB: block bytes. */
#define SIMECK_ECB(NAME, KS, BATCH, BPP, BB, TAIL)                                                 \
    void NAME(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {                        \
        const KS *ks = vks;                                                                        \
        const size_t batch = (size_t)(BPP)*SIMECK_AVX2_PAIRS;                                      \
        for (; n >= batch; n -= batch, in += batch * (BB), out += batch * (BB))                    \
            BATCH(ks, out, in, SIMECK_AVX2_PAIRS);                                                 \
        size_t p = n / (BPP);                                                                      \
        switch (p) {                                                                               \
        case 1: BATCH(ks, out, in, 1); break;                                                      \
        case 2: BATCH(ks, out, in, 2); break;                                                      \
        case 3: BATCH(ks, out, in, 3); break;                                                      \
        default: break;                                                                            \
        }                                                                                          \
        TAIL(vks, out + p * (BPP) * (BB), in + p * (BPP) * (BB), n - p * (BPP));                   \
    }

SIMECK_ECB(simeck32_avx2_encrypt, simeck_ks16, simeck32_enc_batch, 16, 4, simeck32_sse2_encrypt)
SIMECK_ECB(simeck32_avx2_decrypt, simeck_ks16, simeck32_dec_batch, 16, 4, simeck32_sse2_decrypt)
SIMECK_ECB(simeck64_avx2_encrypt, simeck_ks32, simeck64_enc_batch, 8, 8, simeck64_sse2_encrypt)
SIMECK_ECB(simeck64_avx2_decrypt, simeck_ks32, simeck64_dec_batch, 8, 8, simeck64_sse2_decrypt)

/* ---- counter mode (see simeck_avx512.c): x = bswap(lo + i), y constant ---- */

#define CTR32_OFFSETS 15, 14, 13, 12, 7, 6, 5, 4, 11, 10, 9, 8, 3, 2, 1, 0
#define CTR64_OFFSETS 7, 6, 3, 2, 5, 4, 1, 0
#define BSWAP_16_IDX 0x0e0f0c0d, 0x0a0b0809, 0x06070405, 0x02030001
#define BSWAP_32_IDX 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203

#define SIMECK_CTR_BATCH(NAME, KS, JOIN, ROUNDS, ADD, W)                                           \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, V base, V yc,              \
                         const V *offs, const int P) {                                             \
        const V bswap = LANES2(BSWAP_##W##_IDX);                                                   \
        V a[SIMECK_AVX2_PAIRS], b[SIMECK_AVX2_PAIRS], x[SIMECK_AVX2_PAIRS], y[SIMECK_AVX2_PAIRS];  \
        for (int j = 0; j < P; j++) {                                                              \
            x[j] = _mm256_shuffle_epi8(ADD(base, offs[j]), bswap);                                 \
            y[j] = yc;                                                                             \
        }                                                                                          \
        ROUNDS(ks, x, y, P);                                                                       \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        V ia[SIMECK_AVX2_PAIRS], ib[SIMECK_AVX2_PAIRS];                                            \
        load_raw(in, ia, ib, P);                                                                   \
        for (int j = 0; j < P; j++) {                                                              \
            a[j] = _mm256_xor_si256(a[j], ia[j]);                                                  \
            b[j] = _mm256_xor_si256(b[j], ib[j]);                                                  \
        }                                                                                          \
        store_raw(out, a, b, P);                                                                   \
    }

SIMECK_CTR_BATCH(simeck32_ctr_batch, simeck_ks16, join32, simeck32_enc_rounds, _mm256_add_epi16,
                 16)
SIMECK_CTR_BATCH(simeck64_ctr_batch, simeck_ks32, join64, simeck64_enc_rounds, _mm256_add_epi32,
                 32)

/* One run of n blocks with y word y and x word bswap(lo + i), lo + i not
 * wrapping. Does whole pairs only and returns how many blocks that was.
 * BPP: blocks per pair, BB: block bytes, SET1/ADD: lane width of a word. */
#define SIMECK_CTR_RUN(NAME, KS, BATCH, WT, RK, SET1, ADD, OFFSETS, BPP, BB)                       \
    static size_t NAME(const KS *ks, WT y, WT lo, uint8_t *out, const uint8_t *in, size_t n) {     \
        const V yc = SET1((RK)y);                                                                  \
        V offs[SIMECK_AVX2_PAIRS];                                                                 \
        for (int j = 0; j < SIMECK_AVX2_PAIRS; j++)                                                \
            offs[j] = ADD(_mm256_set_epi##OFFSETS, SET1((RK)((BPP)*j)));                           \
        const size_t batch = (size_t)(BPP)*SIMECK_AVX2_PAIRS;                                      \
        size_t done = 0;                                                                           \
        for (; n - done >= batch; done += batch)                                                   \
            BATCH(ks, out + (BB)*done, in + (BB)*done, SET1((RK)(lo + done)), yc, offs,            \
                  SIMECK_AVX2_PAIRS);                                                              \
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
               _mm256_set1_epi16, _mm256_add_epi16, 16(CTR32_OFFSETS), 16, 4)
SIMECK_CTR_RUN(simeck64_ctr_run, simeck_ks32, simeck64_ctr_batch, uint32_t, int, _mm256_set1_epi32,
               _mm256_add_epi32, 32(CTR64_OFFSETS), 8, 8)

/* Runs end where the counter's low half wraps; what a run leaves over (less
 * than a pair) goes to the SSE2 kernel, which advances the counter itself. */
void simeck32_avx2_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t n) {
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
        if (done < m) simeck32_sse2_ctr_xor(vks, ctr, out + 4 * done, in + 4 * done, m - done);
        n -= m;
        in += 4 * m;
        out += 4 * m;
    }
}

void simeck64_avx2_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t n) {
    while (n) {
        uint32_t hi = arx_load32_be(ctr), lo = arx_load32_be(ctr + 4);
        uint64_t room = ((uint64_t)1 << 32) - lo;
        size_t m = (uint64_t)n < room ? n : (size_t)room;
        size_t done = simeck64_ctr_run(vks, arx_load32_le(ctr), lo, out, in, m);
        lo += (uint32_t)done;
        if (done && lo == 0) hi++;
        arx_store32_be(ctr, hi);
        arx_store32_be(ctr + 4, lo);
        if (done < m) simeck64_sse2_ctr_xor(vks, ctr, out + 8 * done, in + 8 * done, m - done);
        n -= m;
        in += 8 * m;
        out += 8 * m;
    }
}

const arx_backend simeck32_avx2 = {"avx2", ARX_REQ_AVX2, 16 * SIMECK_AVX2_PAIRS,
                                   simeck32_avx2_encrypt, simeck32_avx2_decrypt,
                                   simeck32_avx2_ctr_xor};
const arx_backend simeck64_avx2 = {"avx2", ARX_REQ_AVX2, 8 * SIMECK_AVX2_PAIRS,
                                   simeck64_avx2_encrypt, simeck64_avx2_decrypt,
                                   simeck64_avx2_ctr_xor};

#endif
