/*
 * SIMECK32 and SIMECK64 on SSE2, word-sliced: a pair of xmm holds 8 SIMECK32
 * blocks (16-bit lanes) or 4 SIMECK64 blocks (32-bit lanes), a batch is
 * SIMECK_SSE2_PAIRS pairs. S^5 and S^1 are two shifts and an OR each (S^1's
 * left shift an add), so a round is 10 instructions per pair.
 * Tails: whole pairs here, then the reference block functions.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simeck.h"

/* 4 pairs: SIMECK64 2.84 cpb on Zen 4, against 2.99 with 3. */
#define SIMECK_SSE2_PAIRS 4

typedef __m128i V;

/* ---- layouts ----------------------------------------------------------------
 * 32-bit blocks: a = blocks 0-3, b = blocks 4-7. Without pshufb or packusdw
 * (SSE4.1), the y words are sign-extended in place (two shifts) and the x
 * words shifted down arithmetically, so packssdw's signed saturation keeps
 * every bit; lane m holds block m, and unpacklo/hi_epi16 restore the order.
 * 64-bit blocks: a = blocks 0-1, b = blocks 2-3; shufps takes the even (y)
 * and odd (x) words, lane m holding block m. */

ARX_INLINE void split32(V a, V b, V *x, V *y) {
    *y = _mm_packs_epi32(_mm_srai_epi32(_mm_slli_epi32(a, 16), 16),
                         _mm_srai_epi32(_mm_slli_epi32(b, 16), 16));
    *x = _mm_packs_epi32(_mm_srai_epi32(a, 16), _mm_srai_epi32(b, 16));
}
ARX_INLINE void join32(V x, V y, V *a, V *b) {
    *a = _mm_unpacklo_epi16(y, x);
    *b = _mm_unpackhi_epi16(y, x);
}
ARX_INLINE void split64(V a, V b, V *x, V *y) {
    __m128 fa = _mm_castsi128_ps(a), fb = _mm_castsi128_ps(b);
    *y = _mm_castps_si128(_mm_shuffle_ps(fa, fb, 0x88));
    *x = _mm_castps_si128(_mm_shuffle_ps(fa, fb, 0xdd));
}
ARX_INLINE void join64(V x, V y, V *a, V *b) {
    *a = _mm_unpacklo_epi32(y, x);
    *b = _mm_unpackhi_epi32(y, x);
}

/* P pairs = P * 32 bytes. */
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

#define ROL16(v, r) _mm_or_si128(_mm_slli_epi16(v, r), _mm_srli_epi16(v, 16 - (r)))
#define ROL32(v, r) _mm_or_si128(_mm_slli_epi32(v, r), _mm_srli_epi32(v, 32 - (r)))
#define ROL1_16(v) _mm_or_si128(_mm_add_epi16(v, v), _mm_srli_epi16(v, 15))
#define ROL1_32(v) _mm_or_si128(_mm_add_epi32(v, v), _mm_srli_epi32(v, 31))

/* y ^ f(x) ^ k, f(x) = (x & S^5 x) ^ S^1 x. */
ARX_INLINE V simeck32_fxor(V x, V y, V k) {
    V t = _mm_and_si128(x, ROL16(x, 5));
    return _mm_xor_si128(_mm_xor_si128(t, ROL1_16(x)), _mm_xor_si128(y, k));
}
ARX_INLINE V simeck64_fxor(V x, V y, V k) {
    V t = _mm_and_si128(x, ROL32(x, 5));
    return _mm_xor_si128(_mm_xor_si128(t, ROL1_32(x)), _mm_xor_si128(y, k));
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

SIMECK_ROUNDS(simeck32, simeck_ks16, simeck32_fxor, _mm_set1_epi16, short)
SIMECK_ROUNDS(simeck64, simeck_ks32, simeck64_fxor, _mm_set1_epi32, int)

/* ---- ECB kernels ------------------------------------------------------------ */

#define SIMECK_BATCH(NAME, KS, SPLIT, JOIN, ROUNDS)                                                \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, const int P) {             \
        V a[SIMECK_SSE2_PAIRS], b[SIMECK_SSE2_PAIRS], x[SIMECK_SSE2_PAIRS], y[SIMECK_SSE2_PAIRS];  \
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

/* Whole batches, then whole pairs as one shorter batch, then single blocks.
 * BPP: blocks per pair, BB: block bytes. */
#define SIMECK_ECB(NAME, KS, BATCH, BPP, BB, BLOCK)                                                \
    void NAME(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {                        \
        const KS *ks = vks;                                                                        \
        const size_t batch = (size_t)(BPP)*SIMECK_SSE2_PAIRS;                                      \
        for (; n >= batch; n -= batch, in += batch * (BB), out += batch * (BB))                    \
            BATCH(ks, out, in, SIMECK_SSE2_PAIRS);                                                 \
        size_t p = n / (BPP);                                                                      \
        switch (p) {                                                                               \
        case 1: BATCH(ks, out, in, 1); break;                                                      \
        case 2: BATCH(ks, out, in, 2); break;                                                      \
        case 3: BATCH(ks, out, in, 3); break;                                                      \
        default: break;                                                                            \
        }                                                                                          \
        for (size_t i = p * (BPP); i < n; i++) BLOCK(ks, out + i * (BB), in + i * (BB));           \
    }

SIMECK_ECB(simeck32_sse2_encrypt, simeck_ks16, simeck32_enc_batch, 8, 4, simeck32_encrypt_block)
SIMECK_ECB(simeck32_sse2_decrypt, simeck_ks16, simeck32_dec_batch, 8, 4, simeck32_decrypt_block)
SIMECK_ECB(simeck64_sse2_encrypt, simeck_ks32, simeck64_enc_batch, 4, 8, simeck64_encrypt_block)
SIMECK_ECB(simeck64_sse2_decrypt, simeck_ks32, simeck64_dec_batch, 4, 8, simeck64_decrypt_block)

/* ---- counter mode (see simeck_avx512.c): x = bswap(lo + i), y constant ----- */

#define CTR32_OFFSETS 7, 6, 5, 4, 3, 2, 1, 0
#define CTR64_OFFSETS 3, 2, 1, 0

/* Byte swaps without pshufb: of each 16-bit word by shifts; of each 32-bit
 * word then also the word halves (pshuflw/pshufhw 0xb1). */
ARX_INLINE V bswap16(V v) {
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}
ARX_INLINE V bswap32(V v) {
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(bswap16(v), 0xb1), 0xb1);
}

#define SIMECK_CTR_BATCH(NAME, KS, JOIN, ROUNDS, ADD, W)                                           \
    ARX_INLINE void NAME(const KS *ks, uint8_t *out, const uint8_t *in, V base, V yc,              \
                         const V *offs, const int P) {                                             \
        V a[SIMECK_SSE2_PAIRS], b[SIMECK_SSE2_PAIRS], x[SIMECK_SSE2_PAIRS], y[SIMECK_SSE2_PAIRS];  \
        for (int j = 0; j < P; j++) {                                                              \
            x[j] = bswap##W(ADD(base, offs[j]));                                                   \
            y[j] = yc;                                                                             \
        }                                                                                          \
        ROUNDS(ks, x, y, P);                                                                       \
        for (int j = 0; j < P; j++) JOIN(x[j], y[j], &a[j], &b[j]);                                \
        V ia[SIMECK_SSE2_PAIRS], ib[SIMECK_SSE2_PAIRS];                                            \
        load_raw(in, ia, ib, P);                                                                   \
        for (int j = 0; j < P; j++) {                                                              \
            a[j] = _mm_xor_si128(a[j], ia[j]);                                                     \
            b[j] = _mm_xor_si128(b[j], ib[j]);                                                     \
        }                                                                                          \
        store_raw(out, a, b, P);                                                                   \
    }

SIMECK_CTR_BATCH(simeck32_ctr_batch, simeck_ks16, join32, simeck32_enc_rounds, _mm_add_epi16,
                 16)
SIMECK_CTR_BATCH(simeck64_ctr_batch, simeck_ks32, join64, simeck64_enc_rounds, _mm_add_epi32,
                 32)

/* One run of n blocks with y word y and x word bswap(lo + i), lo + i not
 * wrapping. Does whole pairs only and returns how many blocks that was.
 * BPP: blocks per pair, BB: block bytes, SET1/ADD: lane width of a word. */
#define SIMECK_CTR_RUN(NAME, KS, BATCH, WT, RK, SET1, ADD, OFFSETS, BPP, BB)                       \
    static size_t NAME(const KS *ks, WT y, WT lo, uint8_t *out, const uint8_t *in, size_t n) {     \
        const V yc = SET1((RK)y);                                                                  \
        V offs[SIMECK_SSE2_PAIRS];                                                                 \
        for (int j = 0; j < SIMECK_SSE2_PAIRS; j++)                                                \
            offs[j] = ADD(_mm_set_epi##OFFSETS, SET1((RK)((BPP)*j)));                              \
        const size_t batch = (size_t)(BPP)*SIMECK_SSE2_PAIRS;                                      \
        size_t done = 0;                                                                           \
        for (; n - done >= batch; done += batch)                                                   \
            BATCH(ks, out + (BB)*done, in + (BB)*done, SET1((RK)(lo + done)), yc, offs,            \
                  SIMECK_SSE2_PAIRS);                                                              \
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
               _mm_set1_epi16, _mm_add_epi16, 16(CTR32_OFFSETS), 8, 4)
SIMECK_CTR_RUN(simeck64_ctr_run, simeck_ks32, simeck64_ctr_batch, uint32_t, int, _mm_set1_epi32,
               _mm_add_epi32, 32(CTR64_OFFSETS), 4, 8)

/* Runs end where the counter's low half wraps; what a run leaves over (less
 * than a pair) goes block by block through the reference. */
void simeck32_sse2_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
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
        if (done < m) simeck32_ctr_ref(vks, ctr, out + 4 * done, in + 4 * done, m - done);
        n -= m;
        in += 4 * m;
        out += 4 * m;
    }
}

void simeck64_sse2_ctr_xor(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
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
        if (done < m) simeck64_ctr_ref(vks, ctr, out + 8 * done, in + 8 * done, m - done);
        n -= m;
        in += 8 * m;
        out += 8 * m;
    }
}

const arx_backend simeck32_sse2 = {"sse2", ARX_REQ_SSE2, 8 * SIMECK_SSE2_PAIRS,
                                   simeck32_sse2_encrypt, simeck32_sse2_decrypt,
                                   simeck32_sse2_ctr_xor};
const arx_backend simeck64_sse2 = {"sse2", ARX_REQ_SSE2, 4 * SIMECK_SSE2_PAIRS,
                                   simeck64_sse2_encrypt, simeck64_sse2_decrypt,
                                   simeck64_sse2_ctr_xor};

#endif
