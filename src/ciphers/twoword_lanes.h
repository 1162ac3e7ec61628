/*
 * SPECK, SIMON and SIMECK with 24- and 48-bit words (SPECK-48/72, -48/96,
 * -96/96, -96/144, the same SIMONs, SIMECK-48/96): lane-per-message counter
 * mode (issue 24) on AVX2, AVX-512 and NEON through ./many_simd.h, for the
 * ISA files <family>_lanes_avx2.c, _avx512.c and _neon.c. These block sizes have no
 * one-message SIMD kernel; their backends (in the family's .c) pair these
 * lanes with the reference block functions.
 *
 * One message per lane, as for the 32- and 64-bit words (twoword_simd.h):
 * word y of lane l's block in lane l of one vector, x in lane l of another,
 * a 24-bit word in a 32-bit lane, a 48-bit word in a 64-bit one (16 or 8
 * messages a call on AVX-512, 8 or 4 on AVX2). A pair of lanes per message
 * (x and y side by side) would need a shuffle every round: every round
 * mixes the two words (SPECK's y ^= x, SIMON's and SIMECK's Feistel swap);
 * one word per vector keeps the rounds lane-local, and the 8 bits a lane
 * wastes (of 32; 16 of 64) cost less than that shuffle.
 *
 * Words that do not fill their lane: only the low w bits of a lane mean
 * anything, the bits above are left dirty. Adds, XORs and ANDs carry only
 * upwards, so they need no mask. A rotation by r takes the low bits from
 * v << r and the top r bits of the word from h = v << (L - w) (the word at
 * the top of its L-bit lane, the dirt shifted out) shifted down by L - r:
 * on AVX-512 that is one vpshldd/vpshldq (VBMI2) of v and h, on AVX2 a
 * shift, a shift and an OR; h is shared by every rotation of one word in a
 * round (SIMON's S^1 and S^2, SIMECK's S^5 and S^1). Rotations by 8 are one
 * vpshufb that reads only the word's bytes (and leaves the word clean).
 * The counters (many_simd.h) are kept masked; un-slicing keeps each word's
 * bytes only. No mask instruction in the rounds at all: AVX-512 rounds cost
 * SPECK 6 instructions (vpshufb, add, xor, shift, vpshld, vpternlog),
 * SIMON 6 (shift, 2 vpshld, vpshufb, 2 vpternlog), SIMECK 5; against 5, 5
 * and 4 for the 32- and 64-bit words' vprold. AVX2: 8, 12 and 11.
 *
 * Use. An ISA file defines TL_VBITS (256 or 512; NEON: 128 and TL_NEON) and TL_FAMILY (speck,
 * simon, simeck), includes this file once for the vocabulary, defines the
 * round (TL_ENC_PAIR(x, y, k): SPECK's; or TL_FEISTEL_PAIR(x, y, k):
 * y ^= f(x) ^ k) and optionally TL_NB (batches interleaved, 4), then per instance TL_W
 * (24 or 48) and includes this file again, which writes
 * <cipher>_<isa>_ctr_lanes (speck48_avx512_ctr_lanes, ...), the backend's
 * ctr_many, and #undefs TL_W.
 */
#ifndef ARX_TWOWORD_LANES_H
#define ARX_TWOWORD_LANES_H

#include "internal.h"

#define TL_CAT_(a, b) a##b
#define TL_CAT(a, b) TL_CAT_(a, b)
#define TL_LANE_24 32 /* lane bits of a word size */
#define TL_LANE_48 64
#define TL_BITS_24 48 /* instance names count block bits */
#define TL_BITS_48 96

#if TL_VBITS == 128 && defined(TL_NEON)
/* NEON (AArch64, ARMv7): 4 messages a call of 24-bit words, 2 of 48-bit.
 * A rotation is vshl and vsri (which keeps the shifted word's top L - r
 * bits and inserts h's top r below them): two instructions; rotations by 8
 * the same (a table lookup would not be cheaper on ARMv7). */
#include "neon.h"
typedef uint32x4_t TL_V;
#define TL_ISA neon
#define TL_XOR veorq_u32
#define TL_AND vandq_u32
#define TL_ADD_32 vaddq_u32
#define TL_ADD_64(a, b) NEON_FROM64(vaddq_u64(NEON_U64(a), NEON_U64(b)))
#define TL_SLLI_32(v, r) vshlq_n_u32((v), (r))
#define TL_SLLI_64(v, r) NEON_FROM64(vshlq_n_u64(NEON_U64(v), (r)))
#define TL_SRI_32(a, b, r) vsriq_n_u32((a), (b), (r))
#define TL_SRI_64(a, b, r) NEON_FROM64(vsriq_n_u64(NEON_U64(a), NEON_U64(b), (r)))
#elif TL_VBITS == 512
#include <immintrin.h>
#include "simd_msan.h"
typedef __m512i TL_V;
#define TL_ISA avx512
#define TL_XOR _mm512_xor_si512
#define TL_ADD_32 _mm512_add_epi32
#define TL_ADD_64 _mm512_add_epi64
#define TL_SLLI_32 _mm512_slli_epi32
#define TL_SLLI_64 _mm512_slli_epi64
#define TL_SHLD_32 _mm512_shldi_epi32
#define TL_SHLD_64 _mm512_shldi_epi64
#define TL_SHUFFLE8 _mm512_shuffle_epi8
#define TL_IDX(a, b, c, d) _mm512_set4_epi32((int)(a), (int)(b), (int)(c), (int)(d))
#define TL_XOR3 0x96    /* vpternlog truth table of a ^ b ^ c */
#define TL_XOR_AND 0x78 /* a ^ (b & c) */
#elif TL_VBITS == 256
#include <immintrin.h>
typedef __m256i TL_V;
#define TL_ISA avx2
#define TL_XOR _mm256_xor_si256
#define TL_AND _mm256_and_si256
#define TL_OR _mm256_or_si256
#define TL_ADD_32 _mm256_add_epi32
#define TL_ADD_64 _mm256_add_epi64
#define TL_SLLI_32 _mm256_slli_epi32
#define TL_SLLI_64 _mm256_slli_epi64
#define TL_SRLI_32 _mm256_srli_epi32
#define TL_SRLI_64 _mm256_srli_epi64
#define TL_SHUFFLE8 _mm256_shuffle_epi8
#define TL_IDX(a, b, c, d) _mm256_set_epi32((int)(a), (int)(b), (int)(c), (int)(d), (int)(a), (int)(b), (int)(c), (int)(d))
#else
#error "twoword_lanes.h: TL_VBITS is 256 or 512 (x86), 128 with TL_NEON"
#endif

/* Rotations by 8 of the word in each lane, as vpshufb patterns (index 0x80:
 * a zero byte): 24-bit words in 32-bit lanes, bytes (1 2 0 -) and (2 0 1 -);
 * 48-bit ones in 64-bit lanes, (1 2 3 4 5 0 - -) and (5 0 1 2 3 4 - -). */
#define TL_ROR8_IDX_24 0x800c0e0d, 0x80080a09, 0x80040605, 0x80000201
#define TL_ROL8_IDX_24 0x800d0c0e, 0x8009080a, 0x80050406, 0x80010002
#define TL_ROR8_IDX_48 0x8080080d, 0x0c0b0a09, 0x80800005, 0x04030201
#define TL_ROL8_IDX_48 0x80800c0b, 0x0a09080d, 0x80800403, 0x02010005
#endif /* ARX_TWOWORD_LANES_H */

/* ==== one instance ======================================================== */
#ifdef TL_W

#ifndef TL_NB
#define TL_NB 4 /* batches interleaved, as the 32- and 64-bit words' lanes */
#endif
#define TL_L TL_CAT(TL_LANE_, TL_W)                               /* lane bits */
#define TL_CIPHER TL_CAT(TL_FAMILY, TL_CAT(TL_BITS_, TL_W))      /* speck48 */
#define TL_KS TL_CAT(TL_CAT(TL_FAMILY, _ks), TL_L)               /* speck_ks32 */
#define TL_FN(name) TL_CAT(TL_CAT(TL_CIPHER, _), TL_CAT(TL_CAT(TL_ISA, _), name))
#define TL_ADD(a, b) TL_CAT(TL_ADD_, TL_L)(a, b)
/* The word at the top of its lane (its dirt shifted out): a rotation's h. */
#define TL_HI(v) TL_CAT(TL_SLLI_, TL_L)((v), TL_L - TL_W)
/* v rotated left by r within its w low bits (the bits above: dirt), h = TL_HI(v). */
#if defined(TL_NEON)
#define TL_ROL(v, h, r) TL_CAT(TL_SRI_, TL_L)(TL_CAT(TL_SLLI_, TL_L)((v), (r)), (h), TL_L - (r))
#define TL_ROR8(v) TL_ROL((v), TL_HI(v), TL_W - 8)
#define TL_ROL8(v) TL_ROL((v), TL_HI(v), 8)
#else
#if TL_VBITS == 512
#define TL_ROL(v, h, r) TL_CAT(TL_SHLD_, TL_L)((v), (h), (r))
#else
#define TL_ROL(v, h, r) TL_OR(TL_CAT(TL_SLLI_, TL_L)((v), (r)), TL_CAT(TL_SRLI_, TL_L)((h), TL_L - (r)))
#endif
#define TL_IDX_(...) TL_IDX(__VA_ARGS__) /* the pattern's commas, once expanded */
#define TL_ROR8(v) TL_SHUFFLE8((v), TL_IDX_(TL_CAT(TL_ROR8_IDX_, TL_W)))
#define TL_ROL8(v) TL_SHUFFLE8((v), TL_IDX_(TL_CAT(TL_ROL8_IDX_, TL_W)))
#endif

/* The rounds on n (<= TL_NB) states, y = s[j][0], x = s[j][1], lane l's
 * round key i in lk[i]. */
ARX_INLINE void TL_FN(many_rounds)(const TL_V *lk, unsigned nr, TL_V s[][2], const int n) {
    TL_V x[TL_NB], y[TL_NB];
    for (int j = 0; j < n; j++) y[j] = s[j][0], x[j] = s[j][1];
#ifdef TL_FEISTEL_PAIR
    /* (x, y) -> (y ^ f(x) ^ k, x) two rounds at a time in place; an odd
     * count's last round with the swap (every 48- and 96-bit instance has
     * an even count: 36, 52, 54) */
    unsigned i = 0;
    for (; i + 2 <= nr; i += 2) {
        const TL_V k0 = lk[i], k1 = lk[i + 1];
        for (int j = 0; j < n; j++) TL_FEISTEL_PAIR(x[j], y[j], k0);
        for (int j = 0; j < n; j++) TL_FEISTEL_PAIR(y[j], x[j], k1);
    }
    if (i < nr) {
        for (int j = 0; j < n; j++) {
            TL_V t = y[j];
            TL_FEISTEL_PAIR(x[j], t, lk[i]);
            y[j] = x[j];
            x[j] = t;
        }
    }
#else
    for (unsigned i = 0; i < nr; i++) {
        const TL_V k = lk[i];
        for (int j = 0; j < n; j++) TL_ENC_PAIR(x[j], y[j], k);
    }
#endif
    for (int j = 0; j < n; j++) s[j][0] = y[j], s[j][1] = x[j];
}

#ifdef TL_NEON
#define LM_NEON
#endif
#define LM_VBITS TL_VBITS
#define LM_W TL_L
#define LM_BLOCK (2 * TL_W)
#define LM_FN(name) TL_FN(name)
#define LM_NB TL_NB
#define LM_KS_T TL_KS
#define LM_KS_WORDS(ks) ((size_t)(ks)->rounds)
#define LM_KS_WORD(ks, i) ((ks)->rk[i])
#define LM_ROUNDS(lk, ks, s, nb) TL_FN(many_rounds)(lk, (ks)->rounds, s, nb)
#include "many_simd.h"

/* The backend's ctr_many (cipher.h; CTR with whole-block counters only). */
void TL_FN(ctr_lanes)(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap, int flags);
void TL_FN(ctr_lanes)(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap, int flags) {
    TL_FN(ctr_many)(sc, lanes, n, cap, flags);
}

#undef TL_L
#undef TL_CIPHER
#undef TL_KS
#undef TL_FN
#undef TL_ADD
#undef TL_HI
#undef TL_ROL
#undef TL_ROR8
#undef TL_ROL8
#undef TL_W
#endif /* TL_W */
