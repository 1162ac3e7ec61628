/*
 * Lane-per-message counter mode (the backends' ctr_many, issue 24) on x86
 * and NEON, written once: LEA (lea/lea_many_simd.h), CHAM-128 (cham/cham.h),
 * SPECK, SIMON and SIMECK with 32- and 64-bit words and SIMECK-32's 16-bit
 * ones (twoword_simd.h), HIGHT (hight/hight.h) define a few hooks and
 * include this file; it writes LM_FN(ctr_many).
 *
 * Layout: one message per lane of LM_W bits (128-bit blocks: 32-bit words,
 * four a block, or 64-bit, two; 64-bit blocks: two 32-bit words; 32-bit
 * blocks: one). Where a one-message kernel slices many blocks of one message (one
 * key: round keys are broadcasts), here lane l runs message l's blocks one
 * after another, so the round keys differ per lane: the schedules of the
 * group's keys are transposed once per call into lk[i] = the vector whose
 * lane l holds word i of lane l's schedule, and the cipher's rounds take
 * their keys from that array as vector operands (each family's round code is
 * shared with its one-message kernels; only the key fetch differs). Counters
 * live in sliced form too: c[w] holds big-endian word w of every lane's
 * counter block, so a step is one add (plus a branch-free carry for whole
 * -block counters; GCM's inc32 on 64-bit lanes masks the add to the low half)
 * and the block words, little-endian in every family here, are c[w]
 * byte-swapped. A batch's keystream is un-sliced inside each 128-bit lane (a
 * 4x4 transpose of 32-bit words, or the two 64-bit unpacks): the block of
 * lane NW*k + q is then 128-bit lane k of vector q. 64-bit blocks: the two
 * 32-bit unpacks put lanes 4k + 2q and 4k + 2q + 1 side by side in 128-bit
 * lane k of vector q, and two consecutive batches, unpacked again by 64-bit
 * halves, give each lane 16 contiguous bytes of keystream (two blocks).
 *
 * Lanes whose message is shorter than the group's longest idle (their
 * keystream is computed and not used); many.c groups messages of similar
 * length so that is rare, and hands a lane's blocks past the group's cap to
 * the one-message kernel.
 *
 * The including file defines (all undefined at the end):
 *   LM_VBITS                 256 (AVX2) or 512 (AVX-512)
 *   LM_W                     32 or 64: the cipher's word, one per lane
 *   LM_BLOCK                 (optional) block bits: 128 (default), or 64
 *                            or 32 (one word: SIMECK-32 with LM_ROUNDS16)
 *                            with LM_W 32
 *   LM_FN(name)              name prefix (lea_avx512_, ...)
 *   LM_NB                    batches interleaved (a constant: 1 to 4)
 *   LM_KS_T                  the key schedule type
 *   LM_KS_WORDS(ks)          schedule words the rounds read (lk[0..) size)
 *   LM_KS_WORD(ks, i)        word i of a schedule (scalar transposes)
 *   LM_ROUNDS(lk, ks, s, nb) encrypt nb batches in place: LM s[nb][NW] is
 *                            word w of every lane's block; ks is lane 0's
 *                            schedule (round counts: one cipher per call)
 * or, for 64-bit blocks of four 16-bit words (CHAM-64, SPARX-64), instead
 * of LM_ROUNDS
 *   LM_ROUNDS16(lk, ks, st, np) encrypt np packed states in place: st[p][w]
 *                            holds word w (16 bits) of batch 2p's block in
 *                            the low half of every 32-bit lane and of batch
 *                            2p + 1's in the high half (the round keys in lk
 *                            then hold each lane's 16-bit key twice)
 * and may define LM_PRE4_N with LM_PRE4(lk, ks, x, p) and
 * LM_ROUNDS_PRE4(lk, ks, p, s, nb) (128-bit blocks of 32-bit words, GCM's
 * inc32 counters: words 0..2 of a lane's counter blocks, x[0..2] as the
 * rounds take them, stay the same through the call, so LM_PRE4 computes
 * from them once what of the first rounds does not depend on word 3, p[0..
 * LM_PRE4_N), and LM_ROUNDS_PRE4 encrypts batches from word 3 alone, s[b][3],
 * and p: LEA), and LM_ROUNDS_ANY_NB (LM_ROUNDS takes any nb, 1..LM_NB: the
 * last few batches in one call, not one call each), LM_TRANSPOSE(m) (an LM_LANES x LM_LANES transpose of words
 * in vectors) with LM_KS_PTR(ks) (the schedule's words, readable in whole
 * vectors up to LM_KS_WORDS rounded up to LM_LANES) or LM_KS_LOAD(ks, w0)
 * (the vector of words w0..w0 + LM_LANES - 1, for a kept schedule that is
 * not rk as it lies, LEA-128's): vector transposes instead of the scalar
 * ones; or LM_KS_TRANSPOSE(lk, lks): the family's own transpose of the
 * LM_LANES schedules lks[] into lk[0..LM_KS_WORDS) (HIGHT: byte keys, each
 * spread over its lane).
 *
 * (NEON: LM_VBITS 128 with LM_NEON defined, 32- or 64-bit words, LM_ROUNDS16
 * included. WebAssembly
 * SIMD128: LM_VBITS 128 in a -msimd128 build, 32- or 64-bit words,
 * LM_ROUNDS16 included; nothing else to define.)
 *
 * Constant time: the only branches are on lengths and lane counts (public);
 * round keys and counters are only operands.
 */

/* ---- the vocabulary ------------------------------------------------------ */
#ifndef LM_BLOCK
#define LM_BLOCK 128
#endif
#if !(LM_BLOCK == 128 || ((LM_BLOCK == 64 || LM_BLOCK == 32) && LM_W == 32) || \
      (LM_BLOCK == 48 && LM_W == 32) || (LM_BLOCK == 96 && LM_W == 64))
#error "many_simd.h: 128-bit blocks, 64- or 32-bit ones of 32-bit words, or 48/96-bit ones (LM_ODD)"
#endif
#define LM_BB (LM_BLOCK / 8)           /* block bytes */
#if LM_BLOCK == 48 || LM_BLOCK == 96
/* Two words of 24 or 48 bits, each in a 32- or 64-bit lane (SPECK, SIMON,
 * SIMECK-48 and -96: twoword_lanes.h). The words are kept clean (zero above
 * LM_WBITS) in the counters only: the rounds may leave their high bits
 * dirty, and un-slicing (one byte shuffle) keeps only each word's LM_WB low
 * bytes. Un-sliced, a block sits in a slot of LM_SB bytes (8 or 16), the
 * rest of the slot zero (the byte shuffles: vpshufb on x86, a table lookup
 * on NEON, LM_ODD_BYTES). CTR only (no ARX_MANY_CBC, no ARX_MANY_INC32:
 * many.c passes these blocks whole-block CTR alone). */
#define LM_ODD 1
#define LM_NW 2
#define LM_WBITS (LM_BLOCK / 2)
#define LM_WB (LM_WBITS / 8)                 /* counter word bytes: 3 or 6 */
#define LM_SB (LM_BLOCK == 48 ? 8 : 16)      /* slot bytes */
#define LM_WMASK ((LM_WBITS == 24) ? 0xffffffull : 0xffffffffffffull)
#if LM_VBITS == 128 && !defined(LM_NEON)
#error "many_simd.h: 48- and 96-bit blocks on x86 and NEON only"
#endif
#else
#define LM_ODD 0
#define LM_NW (LM_BLOCK / LM_W)        /* words per block */
#define LM_WB (LM_W / 8)
#define LM_SB LM_BB
#endif
#define LM_BPC (16 / LM_SB)            /* blocks per 128-bit lane, un-sliced */
#define LM_LANES (LM_VBITS / LM_W)     /* messages per call */
#define LM_VBYTES (LM_VBITS / 8)
#if LM_VBITS == 128 && defined(LM_NEON)
/* ARM NEON (AArch64 and ARMv7): 32-bit words, four messages a call, or
 * 64-bit ones (SPECK-128, SIMON-128), two. */
#include "neon.h"
#define LM uint32x4_t
#define LM_XOR veorq_u32
#define LM_AND vandq_u32
#define LM_LOAD(p) NEON_FROM8(vld1q_u8((const uint8_t *)(const void *)(p)))
#define LM_STORE(p, v) vst1q_u8((uint8_t *)(void *)(p), NEON_U8(v))
#define LM_UNPACKLO32 NEON_ZIPLO32
#define LM_UNPACKHI32 NEON_ZIPHI32
#define LM_UNPACKLO64 NEON_ZIPLO64
#define LM_UNPACKHI64 NEON_ZIPHI64
#define LM_LANE128(v, k) NEON_U8(v)
#define LM_EACH128(F) F(0)
#if LM_W == 32
#define LM_ADD vaddq_u32
#define LM_SUB vsubq_u32
#define LM_SET1(x) vdupq_n_u32((uint32_t)(x))
#define LM_EQ0(v) vceqq_u32((v), vdupq_n_u32(0))
#define LM_BSWAP(v) NEON_FROM8(vrev32q_u8(NEON_U8(v)))
#else
#define LM_ADD(a, b) NEON_FROM64(vaddq_u64(NEON_U64(a), NEON_U64(b)))
#define LM_SUB(a, b) NEON_FROM64(vsubq_u64(NEON_U64(a), NEON_U64(b)))
#define LM_SET1(x) NEON_FROM64(vdupq_n_u64((uint64_t)(x)))
#if defined(__aarch64__)
#define LM_EQ0(v) NEON_FROM64(vceqzq_u64(NEON_U64(v)))
#else /* ARMv7 has no 64-bit compare: both 32-bit halves zero */
#define LM_EQ0(v) LM_FN(many_eq0_64)(v)
ARX_INLINE uint32x4_t LM_FN(many_eq0_64)(uint32x4_t v) {
    const uint32x4_t z = vceqq_u32(v, vdupq_n_u32(0));
    return vandq_u32(z, vrev64q_u32(z));
}
#endif
#define LM_BSWAP(v) NEON_FROM8(vrev64q_u8(NEON_U8(v)))
#endif
#if LM_ODD
/* Any byte permutation of v (index 0xff: a zero byte): one vqtbl1q on
 * AArch64, two vtbl2 on ARMv7. */
ARX_INLINE uint32x4_t LM_FN(many_tbl)(uint32x4_t v, uint8x16_t idx) {
#if defined(__aarch64__)
    return NEON_FROM8(vqtbl1q_u8(NEON_U8(v), idx));
#else
    const uint8x16_t b = NEON_U8(v);
    const uint8x8x2_t t = {{vget_low_u8(b), vget_high_u8(b)}};
    return NEON_FROM8(vcombine_u8(vtbl2_u8(t, vget_low_u8(idx)), vtbl2_u8(t, vget_high_u8(idx))));
#endif
}
#define LM_ODD_BYTES(v, ...) LM_FN(many_tbl)((v), (uint8x16_t){__VA_ARGS__})
#undef LM_BSWAP
#if LM_W == 32
#define LM_BSWAP(v) LM_ODD_BYTES(v, 2, 1, 0, 0xff, 6, 5, 4, 0xff, 10, 9, 8, 0xff, 14, 13, 12, 0xff)
#else
#define LM_BSWAP(v) LM_ODD_BYTES(v, 5, 4, 3, 2, 1, 0, 0xff, 0xff, 13, 12, 11, 10, 9, 8, 0xff, 0xff)
#endif
#define LM_COMPACT6(v) LM_ODD_BYTES(v, 0, 1, 2, 4, 5, 6, 0xff, 0xff, 8, 9, 10, 12, 13, 14, 0xff, 0xff)
#define LM_COMPACT12(v) LM_ODD_BYTES(v, 0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 0xff, 0xff, 0xff, 0xff)
#endif
/* one block */
#define LM_B16 uint8x16_t
#define LM_B16_LOAD(p) vld1q_u8((const uint8_t *)(const void *)(p))
#define LM_B16_STORE(p, v) vst1q_u8((uint8_t *)(void *)(p), (v))
#define LM_B16_XOR veorq_u8
#elif LM_VBITS == 128 && defined(__wasm_simd128__)
/* WebAssembly SIMD128: 32-bit words, four messages a call, as NEON, or
 * 64-bit ones (SPECK-128, SIMON-128), two. The vocabulary of wasm.h (zips
 * are SSE2's unpacks; rotates the including file's, shl | shr_u there); a
 * 128-bit lane is the vector. */
#include "wasm.h"
#define LM_WASM
#define LM v128_t
#define LM_XOR wasm_v128_xor
#define LM_AND wasm_v128_and
#define LM_LOAD(p) wasm_v128_load((const void *)(p))
#define LM_STORE(p, v) wasm_v128_store((void *)(p), (v))
#define LM_UNPACKLO32 WASM_ZIPLO32
#define LM_UNPACKHI32 WASM_ZIPHI32
#define LM_UNPACKLO64 WASM_ZIPLO64
#define LM_UNPACKHI64 WASM_ZIPHI64
#define LM_LANE128(v, k) (v)
#define LM_EACH128(F) F(0)
#if LM_W == 32
#define LM_ADD wasm_i32x4_add
#define LM_SUB wasm_i32x4_sub
#define LM_SET1(x) wasm_u32x4_splat((uint32_t)(x))
#define LM_EQ0(v) wasm_i32x4_eq((v), wasm_i32x4_splat(0))
#define LM_BSWAP(v) WASM_BSWAP32(v)
#else
#define LM_ADD wasm_i64x2_add
#define LM_SUB wasm_i64x2_sub
#define LM_SET1(x) wasm_u64x2_splat((uint64_t)(x))
#define LM_EQ0(v) wasm_i64x2_eq((v), wasm_i64x2_splat(0))
#define LM_BSWAP(v) WASM_BSWAP64(v)
#endif
/* one block */
#define LM_B16 v128_t
#define LM_B16_LOAD(p) wasm_v128_load((const void *)(p))
#define LM_B16_STORE(p, v) wasm_v128_store((void *)(p), (v))
#define LM_B16_XOR wasm_v128_xor
#else
#include <immintrin.h>
#define LM_B16 __m128i
#define LM_B16_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define LM_B16_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define LM_B16_XOR _mm_xor_si128
#if LM_VBITS == 512
#define LM __m512i
#define LM_XOR _mm512_xor_si512
#define LM_AND _mm512_and_si512
#define LM_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define LM_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define LM_UNPACKLO32 _mm512_unpacklo_epi32
#define LM_UNPACKHI32 _mm512_unpackhi_epi32
#define LM_UNPACKLO64 _mm512_unpacklo_epi64
#define LM_UNPACKHI64 _mm512_unpackhi_epi64
#define LM_SHUFFLE8 _mm512_shuffle_epi8
#define LM_IDX(a, b, c, d) _mm512_set4_epi32(a, b, c, d)
#define LM_LANE128(v, k) _mm512_extracti32x4_epi32((v), (k))
#define LM_EACH128(F) F(0) F(1) F(2) F(3)
#if LM_W == 32
#define LM_ADD _mm512_add_epi32
#define LM_SUB _mm512_sub_epi32
#define LM_SET1(x) _mm512_set1_epi32((int)(x))
#define LM_EQ0(v) _mm512_maskz_set1_epi32(_mm512_cmpeq_epi32_mask((v), _mm512_setzero_si512()), -1)
#else
#define LM_ADD _mm512_add_epi64
#define LM_SUB _mm512_sub_epi64
#define LM_SET1(x) _mm512_set1_epi64((long long)(x))
#define LM_EQ0(v) _mm512_maskz_set1_epi64(_mm512_cmpeq_epi64_mask((v), _mm512_setzero_si512()), -1)
#endif
#elif LM_VBITS == 256
#define LM __m256i
#define LM_XOR _mm256_xor_si256
#define LM_AND _mm256_and_si256
#define LM_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define LM_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define LM_UNPACKLO32 _mm256_unpacklo_epi32
#define LM_UNPACKHI32 _mm256_unpackhi_epi32
#define LM_UNPACKLO64 _mm256_unpacklo_epi64
#define LM_UNPACKHI64 _mm256_unpackhi_epi64
#define LM_SHUFFLE8 _mm256_shuffle_epi8
#define LM_IDX(a, b, c, d) _mm256_set_epi32(a, b, c, d, a, b, c, d)
#define LM_LANE128(v, k) _mm256_extracti128_si256((v), (k))
#define LM_EACH128(F) F(0) F(1)
#if LM_W == 32
#define LM_ADD _mm256_add_epi32
#define LM_SUB _mm256_sub_epi32
#define LM_SET1(x) _mm256_set1_epi32((int)(x))
#define LM_EQ0(v) _mm256_cmpeq_epi32((v), _mm256_setzero_si256())
#else
#define LM_ADD _mm256_add_epi64
#define LM_SUB _mm256_sub_epi64
#define LM_SET1(x) _mm256_set1_epi64x((long long)(x))
#define LM_EQ0(v) _mm256_cmpeq_epi64((v), _mm256_setzero_si256())
#endif
#else
#error "many_simd.h: LM_VBITS is 256 or 512 (x86), 128 (NEON, LM_NEON; wasm SIMD128)"
#endif
#if LM_ODD
/* each 8-byte unit's 3 + 3 word bytes to its front; each 16-byte unit's 6 + 6 */
#define LM_COMPACT6(v) LM_SHUFFLE8((v), LM_IDX((int)0x80800e0d, 0x0c0a0908, (int)0x80800605, 0x04020100))
#define LM_COMPACT12(v) LM_SHUFFLE8((v), LM_IDX((int)0x80808080, 0x0d0c0b0a, 0x09080504, 0x03020100))
#endif
#if LM_ODD && LM_W == 32 /* the low 3 bytes of each lane reversed, its top byte zero */
#define LM_BSWAP(v) LM_SHUFFLE8((v), LM_IDX((int)0x800c0d0e, (int)0x8008090a, (int)0x80040506, (int)0x80000102))
#elif LM_W == 32
#define LM_BSWAP(v) LM_SHUFFLE8((v), LM_IDX(0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203))
#elif LM_ODD /* the low 6 bytes of each 64-bit lane reversed, the top two zero */
#define LM_BSWAP(v) LM_SHUFFLE8((v), LM_IDX((int)0x80800809, 0x0a0b0c0d, (int)0x80800001, 0x02030405))
#else
#define LM_BSWAP(v) LM_SHUFFLE8((v), LM_IDX(0x08090a0b, 0x0c0d0e0f, 0x00010203, 0x04050607))
#endif
#endif /* x86 */
#if LM_W == 32
#define LM_WORD uint32_t
#define LM_LOAD_BE arx_load32_be
#define LM_LOAD_LE arx_load32_le
#define LM_STORE_LE arx_store32_le
#elif LM_W == 64
#define LM_WORD uint64_t
#define LM_LOAD_BE arx_load64_be
#define LM_LOAD_LE arx_load64_le
#define LM_STORE_LE arx_store64_le
#else
#error "many_simd.h: LM_W is 32 or 64"
#endif

#if LM_ODD
/* A counter word: LM_WB bytes, big-endian. */
ARX_INLINE LM_WORD LM_FN(many_ctr_word)(const uint8_t *p) {
    LM_WORD v = 0;
    for (int i = 0; i < LM_WB; i++) v = (LM_WORD)(v << 8 | p[i]);
    return v;
}
#define LM_CTR_WORD(p) LM_FN(many_ctr_word)(p)
#else
#define LM_CTR_WORD(p) LM_LOAD_BE(p)
#endif

#if LM_ODD
/* out = in XOR a keystream block held little-endian in k0 (48-bit: its
 * low 4 + 2 bytes) or k0, k1 (96-bit: 8 + 4), none past the block read or
 * written (x86 and NEON, both little-endian). */
ARX_INLINE void LM_FN(many_xor_odd)(uint8_t *out, const uint8_t *in, uint64_t k0, uint64_t k1) {
#if LM_BB == 6
    typedef uint32_t lm_a;
    typedef uint16_t lm_b;
    k1 = k0 >> 32;
#else
    typedef uint64_t lm_a;
    typedef uint32_t lm_b;
#endif
    lm_a a;
    lm_b b;
    memcpy(&a, in, sizeof a);
    memcpy(&b, in + sizeof a, sizeof b);
    a ^= (lm_a)k0;
    b ^= (lm_b)k1;
    memcpy(out, &a, sizeof a);
    memcpy(out + sizeof a, &b, sizeof b);
}
#endif

/* out = in XOR ks over m (1..LM_BB) bytes: whole blocks in one vector (or
 * one 64-bit word), a partial last block byte by byte (its length is
 * public). */
ARX_INLINE void LM_FN(many_xor_block)(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t m) {
    if (m == LM_BB) {
#if LM_BB == 16
        LM_B16_STORE(out, LM_B16_XOR(LM_B16_LOAD(in), LM_B16_LOAD(ks)));
#elif LM_BB == 4
        uint32_t a, k;
        memcpy(&a, in, 4);
        memcpy(&k, ks, 4);
        a ^= k;
        memcpy(out, &a, 4);
#elif LM_ODD /* from the block's slot (8 or 16 bytes, zero past the block) */
        uint64_t k[2] = {0, 0};
        memcpy(k, ks, LM_SB);
        LM_FN(many_xor_odd)(out, in, k[0], k[1]);
#else
        uint64_t a, k;
        memcpy(&a, in, 8);
        memcpy(&k, ks, 8);
        a ^= k;
        memcpy(out, &a, 8);
#endif
    } else {
        for (size_t i = 0; i < m; i++) out[i] = (uint8_t)(in[i] ^ ks[i]);
    }
}

#if LM_ODD
/* The blocks of one 128-bit lane v of an un-sliced vector, lane l's (and,
 * 48-bit blocks, lane l + 1's) at byte off: straight from the register. */
ARX_INLINE void LM_FN(many_xor_slots)(uint8_t *const *op, const uint8_t *const *ip, size_t off, size_t l,
                                      LM_B16 v) {
#ifdef LM_NEON
    const uint64_t lo = vgetq_lane_u64(vreinterpretq_u64_u8(v), 0), hi = vgetq_lane_u64(vreinterpretq_u64_u8(v), 1);
#else
    const uint64_t lo = (uint64_t)_mm_cvtsi128_si64(v), hi = (uint64_t)_mm_extract_epi64(v, 1);
#endif
#if LM_BB == 6
    LM_FN(many_xor_odd)(op[l] + off, ip[l] + off, lo, 0);
    LM_FN(many_xor_odd)(op[l + 1] + off, ip[l + 1] + off, hi, 0);
#else
    LM_FN(many_xor_odd)(op[l] + off, ip[l] + off, lo, hi);
#endif
}
#endif

#if LM_W == 32
/* A 4x4 transpose of 32-bit words inside each 128-bit lane: u[q]'s word r
 * is a[r]'s word q. */
ARX_INLINE void LM_FN(many_t32x4)(LM a0, LM a1, LM a2, LM a3, LM *u) {
    const LM t0 = LM_UNPACKLO32(a0, a1), t1 = LM_UNPACKHI32(a0, a1);
    const LM t2 = LM_UNPACKLO32(a2, a3), t3 = LM_UNPACKHI32(a2, a3);
    u[0] = LM_UNPACKLO64(t0, t2), u[1] = LM_UNPACKHI64(t0, t2);
    u[2] = LM_UNPACKLO64(t1, t3), u[3] = LM_UNPACKHI64(t1, t3);
}
#endif

/* Batch s (word w of every lane in s[w]) un-sliced: the block of lane
 * BPC*(NW*k + q) + h in 128-bit lane k of u[q], at byte 8h (64-bit blocks:
 * BPC 2) or filling it (BPC 1). */
ARX_INLINE void LM_FN(many_unslice)(const LM *s, LM *u) {
#if LM_BLOCK == 32
    u[0] = s[0]; /* lane l's block in 32-bit lane l already */
#elif LM_BLOCK == 64
    u[0] = LM_UNPACKLO32(s[0], s[1]), u[1] = LM_UNPACKHI32(s[0], s[1]);
#elif LM_BLOCK == 48
    /* lanes 4k + 2q + h as 8-byte units (y, x: 4 bytes each), then each
     * unit's 3 + 3 word bytes to its front, two zero bytes behind */
    u[0] = LM_COMPACT6(LM_UNPACKLO32(s[0], s[1])), u[1] = LM_COMPACT6(LM_UNPACKHI32(s[0], s[1]));
#elif LM_BLOCK == 96
    /* lane 2k + q as a 16-byte unit (y, x: 8 bytes each), then its 6 + 6
     * word bytes to the front, four zero bytes behind */
    u[0] = LM_COMPACT12(LM_UNPACKLO64(s[0], s[1])), u[1] = LM_COMPACT12(LM_UNPACKHI64(s[0], s[1]));
#elif LM_W == 32
    LM_FN(many_t32x4)(s[0], s[1], s[2], s[3], u);
#else
    u[0] = LM_UNPACKLO64(s[0], s[1]), u[1] = LM_UNPACKHI64(s[0], s[1]);
#endif
}

#ifdef LM_ROUNDS16
/* 16-bit words, two batches per state (LM_ROUNDS16 above): a batch's two
 * 32-bit words, (w0 | w1 << 16) and (w2 | w3 << 16), are split into halves
 * and batches 2p and 2p + 1 paired half by half, then back. */
#if LM_BLOCK > 64
#error "many_simd.h: LM_ROUNDS16 is for 64- and 32-bit blocks"
#endif
#if defined(LM_NEON)
/* bsl with the high-half mask (a constant register); the pairing runs once
 * per two batches, not per round */
#define LM_LO_HI(a, b) vbslq_u32(vdupq_n_u32(0xffff0000u), (b), (a))
#define LM_SHL16(x) vshlq_n_u32((x), 16)
#define LM_SHR16(x) vshrq_n_u32((x), 16)
#elif defined(LM_WASM)
#define LM_LO_HI(a, b) wasm_i16x8_shuffle((a), (b), 0, 9, 2, 11, 4, 13, 6, 15)
#define LM_SHL16(x) wasm_i32x4_shl((x), 16)
#define LM_SHR16(x) wasm_u32x4_shr((x), 16)
#elif LM_VBITS == 512
#define LM_LO_HI(a, b) _mm512_mask_blend_epi16(0xaaaaaaaau, (a), (b)) /* low halves of a, high of b */
#define LM_SHL16(x) _mm512_slli_epi32((x), 16)
#define LM_SHR16(x) _mm512_srli_epi32((x), 16)
#else
#define LM_LO_HI(a, b) _mm256_blend_epi16((a), (b), 0xaa)
#define LM_SHL16(x) _mm256_slli_epi32((x), 16)
#define LM_SHR16(x) _mm256_srli_epi32((x), 16)
#endif
ARX_INLINE void LM_FN(many_rounds16)(const LM *lk, const LM_KS_T *ks, LM s[][LM_NW], const int nb) {
    LM st[(LM_NB + 1) / 2][2 * LM_NW];
    const int np = (nb + 1) / 2;
#pragma GCC unroll 4
    for (int p = 0; p < np; p++) {
        const LM *a = s[2 * p], *b = s[2 * p + 1 < nb ? 2 * p + 1 : 2 * p];
        for (int w = 0; w < LM_NW; w++) {
            st[p][2 * w] = LM_LO_HI(a[w], LM_SHL16(b[w]));
            st[p][2 * w + 1] = LM_LO_HI(LM_SHR16(a[w]), b[w]);
        }
    }
    LM_ROUNDS16(lk, ks, st, np);
#pragma GCC unroll 4
    for (int p = 0; p < np; p++) {
        for (int w = 0; w < LM_NW; w++) {
            const LM lo = st[p][2 * w], hi = st[p][2 * w + 1];
            s[2 * p][w] = LM_LO_HI(lo, LM_SHL16(hi));
            if (2 * p + 1 < nb) s[2 * p + 1][w] = LM_LO_HI(LM_SHR16(lo), hi);
        }
    }
}
#undef LM_LO_HI
#undef LM_SHL16
#undef LM_SHR16
#define LM_ROUNDS(lk, ks, s, nb) LM_FN(many_rounds16)(lk, ks, s, nb)
#endif

#if LM_BB == 16 && LM_VBITS >= 256 && LM_NB % (LM_VBITS / 128) == 0 /* x86 */
/* LM_P consecutive batches (as many as a vector has 128-bit lanes) go out
 * as whole vectors: v[t] = batch t's un-sliced vector q, whose 128-bit lane k
 * is message NW*k + q's block t; a transpose of 128-bit lanes makes v[k]
 * that message's LM_P blocks, contiguous in it (its own inverse). */
#define LM_P (LM_VBITS / 128)
ARX_INLINE void LM_FN(many_t128)(LM *v) {
#if LM_VBITS == 512
    const __m512i p0 = _mm512_shuffle_i32x4(v[0], v[1], 0x44), p1 = _mm512_shuffle_i32x4(v[0], v[1], 0xee);
    const __m512i p2 = _mm512_shuffle_i32x4(v[2], v[3], 0x44), p3 = _mm512_shuffle_i32x4(v[2], v[3], 0xee);
    v[0] = _mm512_shuffle_i32x4(p0, p2, 0x88), v[1] = _mm512_shuffle_i32x4(p0, p2, 0xdd);
    v[2] = _mm512_shuffle_i32x4(p1, p3, 0x88), v[3] = _mm512_shuffle_i32x4(p1, p3, 0xdd);
#else
    const __m256i a = _mm256_permute2x128_si256(v[0], v[1], 0x20), b = _mm256_permute2x128_si256(v[0], v[1], 0x31);
    v[0] = a, v[1] = b;
#endif
}
#endif

/* The next counter block of every lane: inc32, or the whole block
 * big-endian with the carry rippling up as masks (no branch on the value). */
ARX_INLINE void LM_FN(many_ctr_step)(LM *c, int flags) {
    const LM one = LM_SET1(1);
    if (flags & ARX_MANY_INC32) {
#if LM_W == 64
        const LM low32 = LM_SET1(0xffffffffu); /* inc32 steps the low half of word 1 only */
        c[1] = LM_XOR(c[1], LM_AND(LM_XOR(c[1], LM_ADD(c[1], one)), low32));
#else
        c[LM_NW - 1] = LM_ADD(c[LM_NW - 1], one); /* the last 32-bit word */
#endif
    } else {
#if LM_ODD /* words of LM_WBITS: each masked, so a wrap reads as zero */
        const LM m = LM_SET1(LM_WMASK);
#define LM_CLEAN(v) LM_AND((v), m)
#else
#define LM_CLEAN(v) (v)
#endif
        c[LM_NW - 1] = LM_CLEAN(LM_ADD(c[LM_NW - 1], one));
        LM carry = LM_EQ0(c[LM_NW - 1]);
        for (int w = LM_NW - 2; w >= 0; w--) {
            c[w] = LM_CLEAN(LM_SUB(c[w], carry));
            if (w) carry = LM_AND(carry, LM_EQ0(c[w]));
        }
#undef LM_CLEAN
    }
}

#if LM_BB == 16
/* The counter blocks of lanes q, NW + q, 2 NW + q, ... (lane 0's past n),
 * one per 128-bit lane of the vector. */
ARX_INLINE LM LM_FN(many_ctr_vec)(const arx_many_lane *const *lanes, size_t n, size_t q) {
#define LM_CTR(k) LM_B16_LOAD(LM_NW * (size_t)(k) + q < n ? lanes[LM_NW * (k) + q]->ctr : lanes[0]->ctr)
#if LM_VBITS == 512
    __m512i v = _mm512_castsi128_si512(LM_CTR(0));
    v = _mm512_inserti32x4(v, LM_CTR(1), 1);
    v = _mm512_inserti32x4(v, LM_CTR(2), 2);
    return _mm512_inserti32x4(v, LM_CTR(3), 3);
#elif LM_VBITS == 256
    return _mm256_inserti128_si256(_mm256_castsi128_si256(LM_CTR(0)), LM_CTR(1), 1);
#elif defined(LM_WASM)
    return LM_CTR(0);
#else
    return NEON_FROM8(LM_CTR(0));
#endif
#undef LM_CTR
}
#endif

/* lanes[l]->len capped at cap: the bytes lane l runs in this call. */
#define LM_LEN(l) (lanes[l]->len < cap ? lanes[l]->len : cap)

/* ARX_MANY_CBC (CMAC's CBC-MAC, cipher.h): lane l's state X, its ctr block,
 * absorbs its LM_LEN(l) / LM_BB whole blocks, X = E(X ^ M_i), one batch
 * (block) per step; a lane whose blocks have run out keeps its state through
 * a mask (lengths are public). The blocks are gathered word by word into
 * sliced form, the block words little-endian as the rounds take them. */
#if !LM_ODD
static void LM_FN(many_cbc)(const LM *lk, const LM_KS_T *ks0, const arx_many_lane *const *lanes, size_t n,
                            size_t cap) {
    _Alignas(64) LM_WORD xw[LM_NW][LM_LANES], mw[LM_NW][LM_LANES], kw[LM_LANES];
    size_t nbk[LM_LANES], batches = 0;
    for (size_t l = 0; l < LM_LANES; l++) {
        nbk[l] = l < n ? LM_LEN(l) / LM_BB : 0;
        if (nbk[l] > batches) batches = nbk[l];
        for (int w = 0; w < LM_NW; w++) xw[w][l] = l < n ? LM_LOAD_LE(lanes[l]->ctr + LM_W / 8 * w) : 0;
    }
    LM s[1][LM_NW], old[LM_NW];
    for (int w = 0; w < LM_NW; w++) s[0][w] = LM_LOAD(xw[w]);
    for (size_t b = 0; b < batches; b++) {
        for (size_t l = 0; l < LM_LANES; l++) {
            const int on = b < nbk[l];
            kw[l] = on ? (LM_WORD)-1 : 0;
            for (int w = 0; w < LM_NW; w++)
                mw[w][l] = on ? LM_LOAD_LE(lanes[l]->in + b * LM_BB + LM_W / 8 * w) : 0;
        }
        const LM keep = LM_LOAD(kw);
        for (int w = 0; w < LM_NW; w++) {
            old[w] = s[0][w];
            s[0][w] = LM_XOR(s[0][w], LM_LOAD(mw[w]));
        }
        LM_ROUNDS(lk, ks0, s, 1);
        for (int w = 0; w < LM_NW; w++) s[0][w] = LM_XOR(old[w], LM_AND(LM_XOR(s[0][w], old[w]), keep));
    }
    for (int w = 0; w < LM_NW; w++) LM_STORE(xw[w], s[0][w]);
    for (size_t l = 0; l < n; l++)
        for (int w = 0; w < LM_NW; w++) LM_STORE_LE(lanes[l]->pre + LM_W / 8 * w, xw[w][l]);
    arx_wipe(xw, sizeof xw);
    arx_wipe(mw, sizeof mw);
    arx_wipe(s, sizeof s);
    arx_wipe(old, sizeof old);
}
#endif /* !LM_ODD */

static void LM_FN(ctr_many)(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap,
                            int flags) {
    if (n == 0) return;
    const LM_KS_T *ks0 = (const LM_KS_T *)lanes[0]->ks; /* one cipher per call */
    const size_t pre = (flags & ARX_MANY_PRE) ? 1 : 0;
    const size_t nwords = LM_KS_WORDS(ks0);
    _Alignas(64) uint8_t ksb[LM_NB][LM_NW * LM_VBYTES];

    /* Transposed schedules: a slot of sc that holds these lanes' already,
     * else the next one transposed anew (lanes past n repeat lane 0's key;
     * their keystream is never stored). */
#ifdef LM_TRANSPOSE
    const size_t vecs = (nwords + LM_LANES - 1) / LM_LANES * LM_LANES; /* whole transposes */
#else
    const size_t vecs = nwords;
#endif
    const size_t per = vecs * sizeof(LM); /* a slot's bytes: a multiple of the vector's alignment */
    size_t nslots = ARX_MANY_MAX_LANES / LM_LANES;
    if (nslots > sizeof sc->rk / per) nslots = sizeof sc->rk / per; /* >= 1: ARX_MANY_SCHED_WORDS */
    size_t slot = nslots;
    for (size_t t = 0; t < sc->n && t < nslots && slot == nslots; t++) {
        int same = sc->slot_n[t] == n;
        for (size_t l = 0; l < n && same; l++) same = sc->ks[t * LM_LANES + l] == lanes[l]->ks;
        if (same) slot = t;
    }
    LM *lk;
    if (slot < nslots) {
        lk = (LM *)(void *)((uint8_t *)sc->rk + slot * per);
    } else {
        if (sc->n < nslots) { /* an empty slot; the first to replace once all are filled: 0 */
            slot = sc->n++;
            sc->next = 0;
        } else {
            slot = sc->next % nslots;
            sc->next = slot + 1;
        }
        lk = (LM *)(void *)((uint8_t *)sc->rk + slot * per);
#if defined(LM_KS_TRANSPOSE)
        {
            const LM_KS_T *lks[LM_LANES];
            for (size_t l = 0; l < LM_LANES; l++) lks[l] = (const LM_KS_T *)lanes[l < n ? l : 0]->ks;
            LM_KS_TRANSPOSE(lk, lks);
        }
#elif defined(LM_TRANSPOSE)
#ifndef LM_KS_LOAD
#define LM_KS_LOAD(ks, w0) LM_LOAD(LM_KS_PTR(ks) + (w0))
#endif
        for (size_t w0 = 0; w0 < nwords; w0 += LM_LANES) {
            LM m[LM_LANES];
            for (size_t l = 0; l < LM_LANES; l++) m[l] = LM_KS_LOAD((const LM_KS_T *)lanes[l < n ? l : 0]->ks, w0);
            LM_TRANSPOSE(m);
            for (size_t j = 0; j < LM_LANES; j++) lk[w0 + j] = m[j];
        }
#else
        /* Word by word, one vector after another. Byte copies: sc->rk is
         * declared uint32_t, and 64-bit words must not be stored into it as
         * such (C's aliasing rules). Neither loop vectorised: clang-14 made
         * the strided form a vpscatterqq (with only the inner loop's pragma,
         * from the outer loop on AVX-512), and its MemorySanitizer does not
         * mark a scatter's stores initialised: the whole schedule read as
         * uninitialised (__msan_test_shadow on lk at the rounds; `make msan`,
         * tests/ct). */
        uint8_t *lb = (uint8_t *)(void *)lk;
        const LM_KS_T *lks[LM_LANES];
        for (size_t l = 0; l < LM_LANES; l++) lks[l] = (const LM_KS_T *)lanes[l < n ? l : 0]->ks;
#if defined(__clang__)
#pragma clang loop vectorize(disable)
#endif
        for (size_t i = 0; i < nwords; i++) {
#if defined(__clang__)
#pragma clang loop vectorize(disable)
#endif
            for (size_t l = 0; l < LM_LANES; l++) {
                const LM_WORD w = LM_KS_WORD(lks[l], i);
                memcpy(lb + (i * LM_LANES + l) * sizeof w, &w, sizeof w);
            }
        }
#endif
        for (size_t l = 0; l < n; l++) sc->ks[slot * LM_LANES + l] = lanes[l]->ks;
        sc->slot_n[slot] = (unsigned char)n;
        if ((slot + 1) * per > sc->used) sc->used = (slot + 1) * per;
    }
#if !LM_ODD
    if (flags & ARX_MANY_CBC) {
        LM_FN(many_cbc)(lk, ks0, lanes, n, cap);
        return;
    }
#endif
    size_t batches = 0, full = n == LM_LANES ? (size_t)-1 : 0;
    const uint8_t *ip[LM_LANES];
    uint8_t *op[LM_LANES];
    for (size_t l = 0; l < n; l++) {
        size_t nb = pre + (LM_LEN(l) + LM_BB - 1) / LM_BB;
        if (nb > batches) batches = nb;
        if (LM_LEN(l) / LM_BB < full) full = LM_LEN(l) / LM_BB;
        ip[l] = lanes[l]->in;
        op[l] = lanes[l]->out;
    }
    /* The counters, sliced: the lanes' counter blocks loaded whole (block of
     * lane NW*k + q into 128-bit lane k of v[q]; lanes past n repeat lane
     * 0's), then many_unslice's transpose, its own inverse, and a byte swap
     * per word (the words are big-endian numbers). Word by word through a
     * scalar array, with its store-forwarding stall, this cost ~6 TSC cycles
     * a message on 16 lanes. */
    LM c[LM_NW];
#if LM_BB == 16
    {
        LM v[LM_NW];
        for (int q = 0; q < LM_NW; q++) v[q] = LM_FN(many_ctr_vec)(lanes, n, (size_t)q);
        LM_FN(many_unslice)(v, c);
        for (int w = 0; w < LM_NW; w++) c[w] = LM_BSWAP(c[w]);
    }
#else
    { /* 64-bit blocks: word by word (lanes past n count from 0, unused) */
        _Alignas(64) LM_WORD cw[LM_NW][LM_LANES];
        for (size_t l = 0; l < LM_LANES; l++)
            for (int w = 0; w < LM_NW; w++) cw[w][l] = l < n ? LM_CTR_WORD(lanes[l]->ctr + LM_WB * w) : 0;
        for (int w = 0; w < LM_NW; w++) c[w] = LM_LOAD(cw[w]);
        arx_wipe(cw, sizeof cw);
    }
#endif
    int ksb_used = 0;
    /* The pre block (GCM's E(J0), CCM's E(Ctr0)) runs as the last batch, jb:
     * the data's batches, from the next counter, start at batch 0, so the
     * whole-vector steps line up with the messages' blocks from the first
     * (a 1 KiB message: 16 whole steps, not 15 and two part-steps). */
    const size_t jb = batches - pre;
    LM cj0[LM_NW];
    for (int w = 0; w < LM_NW; w++) cj0[w] = c[w];
    if (pre) LM_FN(many_ctr_step)(c, flags);
#ifdef LM_PRE4_N
    /* inc32: the first rounds' part that word 3 does not reach, once (E(J0)
     * shares words 0..2 with the data's counters) */
    const int pre4 = (flags & ARX_MANY_INC32) != 0;
    LM p4[LM_PRE4_N];
    if (pre4) {
        const LM x[3] = {LM_BSWAP(c[0]), LM_BSWAP(c[1]), LM_BSWAP(c[2])};
        LM_PRE4(lk, ks0, x, p4);
    }
#define LM_RUN(sp, k)                                                                              \
    do {                                                                                           \
        if (pre4) LM_ROUNDS_PRE4(lk, ks0, p4, sp, k);                                              \
        else LM_ROUNDS(lk, ks0, sp, k);                                                            \
    } while (0)
#else
#define LM_RUN(sp, k) LM_ROUNDS(lk, ks0, sp, k)
#endif

    for (size_t b = 0; b < batches; b += LM_NB) {
        const int nb = (batches - b) < LM_NB ? (int)(batches - b) : LM_NB;
        LM s[LM_NB][LM_NW];
#pragma GCC unroll 4
        for (int j = 0; j < nb; j++) {
            const LM *cw = pre && b + (size_t)j == jb ? cj0 : c;
#ifdef LM_PRE4_N
            if (pre4) s[j][3] = LM_BSWAP(cw[3]); /* words 0..2 are in p4 */
            else
#endif
                for (int w = 0; w < LM_NW; w++) s[j][w] = LM_BSWAP(cw[w]);
            if (cw == c) LM_FN(many_ctr_step)(c, flags);
        }
#ifdef LM_ROUNDS_ANY_NB
        LM_RUN(s, nb); /* the rounds take 1..LM_NB batches (HIGHT: one pass for any) */
#else
        if (nb == LM_NB) {
            LM_RUN(s, LM_NB);
        } else { /* the last few: in pairs, still two batches' latency hidden (GCM's E(J0) and
                  * one data block, or a 64-byte message and E(J0) past a set of four) */
            int j = 0;
#if LM_NB > 2
            for (; j + 2 <= nb; j += 2) LM_RUN(&s[j], 2);
#endif
            for (; j < nb; j++) LM_RUN(&s[j], 1);
        }
#endif
#undef LM_RUN
        for (int j = 0; j < nb; j++) {
            const size_t bi = b + (size_t)j;
#ifdef LM_P
            if (j % LM_P == 0 && j + LM_P <= nb && bi + LM_P <= full) {
                /* LM_P batches whole in every lane: each message's LM_P
                 * blocks XORed and stored as one vector (where 128-bit
                 * extracts, one store per block, were the kernel's largest
                 * cost past the rounds at 1 KiB). */
                LM w[LM_P][LM_NW];
                for (int t = 0; t < LM_P; t++) LM_FN(many_unslice)(s[j + t], w[t]);
                const size_t off = bi * 16;
#pragma GCC unroll 4
                for (int q = 0; q < LM_NW; q++) {
                    LM v[LM_P];
                    for (int t = 0; t < LM_P; t++) v[t] = w[t][q];
                    LM_FN(many_t128)(v);
                    for (int k = 0; k < LM_P; k++)
                        LM_STORE(op[LM_NW * k + q] + off, LM_XOR(LM_LOAD(ip[LM_NW * k + q] + off), v[k]));
                }
                j += LM_P - 1;
                continue;
            }
#endif
            LM u[LM_NW];
            LM_FN(many_unslice)(s[j], u);
#if LM_BB == 8
            if (j + 1 < nb && bi + 1 < full) {
                /* Batches j and j + 1 whole in every lane: the 64-bit
                 * halves of their un-sliced vectors paired up, 16 bytes of
                 * lane 4k + 2q (lo) and 4k + 2q + 1 (hi) in 128-bit lane k. */
                LM v[LM_NW];
                LM_FN(many_unslice)(s[j + 1], v);
                const size_t off = bi * LM_BB;
#define LM_XOR_LANE2(k)                                                                            \
    LM_B16_STORE(op[4 * (k) + 2 * q] + off, LM_B16_XOR(LM_B16_LOAD(ip[4 * (k) + 2 * q] + off), LM_LANE128(lo, k))); \
    LM_B16_STORE(op[4 * (k) + 2 * q + 1] + off,                                                    \
                 LM_B16_XOR(LM_B16_LOAD(ip[4 * (k) + 2 * q + 1] + off), LM_LANE128(hi, k)));
#pragma GCC unroll 2
                for (int q = 0; q < LM_NW; q++) {
                    const LM lo = LM_UNPACKLO64(u[q], v[q]), hi = LM_UNPACKHI64(u[q], v[q]);
                    LM_EACH128(LM_XOR_LANE2)
                }
#undef LM_XOR_LANE2
                j++;
                continue;
            }
#elif LM_BB == 4
            if (j + 3 < nb && bi + 4 <= full) {
                /* Batches j..j + 3 whole in every lane: a 4x4 transpose of
                 * 32-bit words gives lane 4k + q's four blocks, 16 bytes,
                 * in 128-bit lane k of w[q]. */
                LM w[4];
                LM_FN(many_t32x4)(s[j][0], s[j + 1][0], s[j + 2][0], s[j + 3][0], w);
                const size_t off = bi * LM_BB;
#define LM_XOR_LANE4(k)                                                                            \
    LM_B16_STORE(op[4 * (k) + q] + off, LM_B16_XOR(LM_B16_LOAD(ip[4 * (k) + q] + off), LM_LANE128(w[q], k)));
#pragma GCC unroll 4
                for (int q = 0; q < 4; q++) { LM_EACH128(LM_XOR_LANE4) }
#undef LM_XOR_LANE4
                j += 3;
                continue;
            }
#elif LM_BB == 16
            if (pre && bi == jb) {
                /* E(J0) of every lane straight from the registers to its
                 * pre (no keystream buffer to fill and wipe; the lane
                 * test is on the count, public). */
#define LM_PRE_LANE(k)                                                                             \
    if (LM_NW * (size_t)(k) + (size_t)q < n) LM_B16_STORE(lanes[LM_NW * (k) + q]->pre, LM_LANE128(u[q], k));
#pragma GCC unroll 4
                for (int q = 0; q < LM_NW; q++) { LM_EACH128(LM_PRE_LANE) }
#undef LM_PRE_LANE
                continue;
            }
            if (bi < full) {
                /* Every lane has a whole block here (a full group): straight
                 * from the registers, no per-lane branches. */
                const size_t off = bi * 16;
#define LM_XOR_LANE(k)                                                                             \
    LM_B16_STORE(op[LM_NW * (k) + q] + off, LM_B16_XOR(LM_B16_LOAD(ip[LM_NW * (k) + q] + off), LM_LANE128(u[q], k)));
#pragma GCC unroll 4
                for (int q = 0; q < LM_NW; q++) { LM_EACH128(LM_XOR_LANE) }
#undef LM_XOR_LANE
                continue;
            }
#elif LM_ODD
            if (bi < full) { /* every lane has a whole block here: from the registers */
                const size_t off = bi * LM_BB;
#define LM_XOR_ODD(k) LM_FN(many_xor_slots)(op, ip, off, LM_BPC * (LM_NW * (size_t)(k) + (size_t)q), LM_LANE128(u[q], k));
#pragma GCC unroll 2
                for (int q = 0; q < LM_NW; q++) { LM_EACH128(LM_XOR_ODD) }
#undef LM_XOR_ODD
                continue;
            }
#endif
            for (int q = 0; q < LM_NW; q++) LM_STORE(ksb[j] + q * LM_VBYTES, u[q]);
            ksb_used = 1;
            for (size_t l = 0; l < n; l++) {
                const size_t g = l / LM_BPC; /* BPC*(NW*k + q) + h */
                const uint8_t *k16 = ksb[j] + (g % LM_NW) * LM_VBYTES + (g / LM_NW) * 16 + (l % LM_BPC) * LM_SB;
#if LM_BB < 16
                if (pre && bi == jb) {
                    memcpy(lanes[l]->pre, k16, LM_BB);
                    continue;
                }
#endif
                const size_t off = bi * LM_BB, len = LM_LEN(l);
                if (off >= len) continue;
                const size_t m = len - off < LM_BB ? len - off : LM_BB;
                LM_FN(many_xor_block)(lanes[l]->out + off, lanes[l]->in + off, k16, m);
            }
        }
    }
    if (ksb_used) arx_wipe(ksb, sizeof ksb); /* keystream; whole-group batches never store it */
    arx_wipe(c, sizeof c);
    arx_wipe(cj0, sizeof cj0);
#ifdef LM_PRE4_N
    if (pre4) arx_wipe(p4, sizeof p4); /* derived from the keys */
#endif
}

#undef LM_LEN
#undef LM_P
#undef LM_B16
#undef LM_B16_LOAD
#undef LM_B16_STORE
#undef LM_B16_XOR
#undef LM_NEON
#undef LM_WASM
#undef LM_NW
#undef LM_BLOCK
#undef LM_BB
#undef LM_BPC
#undef LM_LANES
#undef LM_VBYTES
#undef LM
#undef LM_XOR
#undef LM_AND
#undef LM_LOAD
#undef LM_STORE
#undef LM_UNPACKLO32
#undef LM_UNPACKHI32
#undef LM_UNPACKLO64
#undef LM_UNPACKHI64
#undef LM_SHUFFLE8
#undef LM_IDX
#undef LM_LANE128
#undef LM_EACH128
#undef LM_ADD
#undef LM_SUB
#undef LM_SET1
#undef LM_EQ0
#undef LM_WORD
#undef LM_LOAD_BE
#undef LM_CTR_WORD
#undef LM_ODD
#undef LM_WBITS
#undef LM_WB
#undef LM_SB
#undef LM_WMASK
#undef LM_ODD_BYTES
#undef LM_COMPACT6
#undef LM_COMPACT12
#undef LM_LOAD_LE
#undef LM_STORE_LE
#undef LM_BSWAP
#undef LM_VBITS
#undef LM_W
#undef LM_FN
#undef LM_NB
#undef LM_KS_T
#undef LM_KS_WORDS
#undef LM_KS_WORD
#undef LM_KS_PTR
#undef LM_KS_LOAD
#undef LM_ROUNDS
#undef LM_ROUNDS16
#undef LM_ROUNDS_ANY_NB
#undef LM_PRE4_N
#undef LM_PRE4
#undef LM_ROUNDS_PRE4
#undef LM_KS_TRANSPOSE
#undef LM_TRANSPOSE
