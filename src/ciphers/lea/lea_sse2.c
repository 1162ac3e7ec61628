/*
 * LEA backend for SSE2: the kernels of lea_simd.h over 128-bit vectors, 4
 * blocks per batch, three batches interleaved. Rotates are two shifts and
 * an OR; SSE2 has no pshufb, so the counter byte swap is a 16-bit word swap
 * (pshuflw/pshufhw) and a byte swap inside each 16-bit word (two shifts, OR).
 *
 * SSE2 has no broadcast from memory either: a round key word costs a movd
 * and a pshufd, twelve operations a round (a quarter of the round's work at
 * three batches). So there are two instances: lea_sse2_ reads the lea_ks as
 * the other backends do, and lea_sse2b_ reads a copy of the round keys
 * broadcast once per call (lea_sse2_bks, each word four times, one aligned
 * 16-byte load folded into the xor), built on the stack and wiped before
 * the call returns. The copy costs about as much as a few batches, so calls
 * shorter than LEA_SSE2_BCAST_MIN blocks take the first instance.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <emmintrin.h>
#include <string.h>

#include "lea.h"

ARX_INLINE __m128i lea_sse2_bswap32(__m128i v) {
    v = _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xb1), 0xb1); /* 0xb1: words 1,0,3,2 */
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}

#define LV_FN(name) lea_sse2_##name
#include "lea_sse2.h"

/* Round keys broadcast: rk[r][i] = round r's word i in all four elements. */
typedef struct {
    __m128i rk[32][6];
    unsigned rounds;
} lea_sse2_bks;

static inline void lea_sse2_bks_make(lea_sse2_bks *b, const lea_ks *ks) {
    b->rounds = ks->rounds;
    for (unsigned r = 0; r < ks->rounds; r++) {
        const __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)ks->rk[r]);     /* words 0..3 */
        const __m128i hi = _mm_loadl_epi64((const __m128i *)(const void *)(ks->rk[r] + 4)); /* words 4, 5 */
        b->rk[r][0] = _mm_shuffle_epi32(lo, 0x00);
        b->rk[r][1] = _mm_shuffle_epi32(lo, 0x55);
        b->rk[r][2] = _mm_shuffle_epi32(lo, 0xaa);
        b->rk[r][3] = _mm_shuffle_epi32(lo, 0xff);
        b->rk[r][4] = _mm_shuffle_epi32(hi, 0x00);
        b->rk[r][5] = _mm_shuffle_epi32(hi, 0x55);
    }
}

#define LV_FN(name) lea_sse2b_##name
#define LV_KS lea_sse2_bks
#define LV_RKP const __m128i *
#define LV_RKW(rk, i) ((rk)[i])
#define LV_KS_MAKE(b, ks) lea_sse2_bks_make((b), (ks))
#define LV_KS_WIPE(b) arx_wipe((b)->rk, sizeof(__m128i) * 6 * (b)->rounds)
#include "lea_sse2.h"

/* Blocks from which a call builds the broadcast copy (docs/PERFORMANCE.md,
 * "AVX2 without AVX-512": the break-even, about 48 blocks on Zen 4, and some
 * margin). */
#ifndef LEA_SSE2_BCAST_MIN
#define LEA_SSE2_BCAST_MIN 64
#endif

static void lea_sse2_enc(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    if (n >= LEA_SSE2_BCAST_MIN)
        lea_sse2b_encrypt(ks, out, in, n);
    else
        lea_sse2_encrypt(ks, out, in, n);
}

static void lea_sse2_dec(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {
    if (n >= LEA_SSE2_BCAST_MIN)
        lea_sse2b_decrypt(ks, out, in, n);
    else
        lea_sse2_decrypt(ks, out, in, n);
}

static void lea_sse2_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    if (n >= LEA_SSE2_BCAST_MIN)
        lea_sse2b_ctr_xor(ks, ctr, out, in, n);
    else
        lea_sse2_ctr_xor(ks, ctr, out, in, n);
}

static size_t lea_sse2_xts(const void *ks, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n, int dec) {
    return n >= LEA_SSE2_BCAST_MIN ? lea_sse2b_xts_xor(ks, t, out, in, n, dec) : lea_sse2_xts_xor(ks, t, out, in, n, dec);
}

static size_t lea_sse2_xts_many(const void *ks, const uint8_t *t0, size_t spb, size_t count, uint8_t *out,
                                const uint8_t *in, int dec) {
    return spb * count >= LEA_SSE2_BCAST_MIN ? lea_sse2b_xts_sectors(ks, t0, spb, count, out, in, dec)
                                             : lea_sse2_xts_sectors(ks, t0, spb, count, out, in, dec);
}

const arx_backend lea_sse2_backend = {
    "sse2", ARX_REQ_SSE2, 4, lea_sse2_enc, lea_sse2_dec, lea_sse2_ctr, NULL, lea_sse2_xts,
    .xts_sectors = lea_sse2_xts_many,
};
#else
typedef int lea_sse2_not_built; /* ISO C: no empty translation unit */
#endif
