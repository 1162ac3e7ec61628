/*
 * SPECK, SIMON and SIMECK on x86: the word-sliced kernels written once over a
 * small vector vocabulary, for the ISA files <family>_sse2.c, _avx2.c and
 * _avx512.c. The three families have one shape: a block is two n-bit words,
 * stored y then x, little-endian (ePrint 2013/404's implementation guide;
 * SIMECK follows it), and a round is a few rotates, adds or ANDs and XORs of
 * the two words and a round key. Only the round expressions are a family's;
 * the layouts, batches, tails and counter mode are here.
 *
 * Word-slicing: a pair of vectors holds word x of BPP blocks in one vector
 * and word y of the same blocks in the other (BPP = vector bits / n). A batch
 * is TW_PAIRS independent pairs: they give the core work to overlap with
 * each round's dependency chain. Round keys are broadcasts.
 *
 * Use. An ISA file defines TW_FAMILY (speck, simon or simeck) and TW_VBITS
 * (128: SSE2, 256: AVX2, 512: AVX-512) and includes this file once for the
 * vocabulary (V, TW_XOR, TW_ADD(w, a, b), TW_ROL(w, v, r), ...; w is the
 * word size in bits, a literal or TW_W). For the whole file it then defines
 *   TW_PAIRS    pairs per batch, 4 or 8 (measured per ISA);
 *   the rounds, one of
 *     TW_ENC_PAIR(x, y, k), TW_DEC_PAIR(x, y, k): one round on one pair (SPECK);
 *     TW_FEISTEL_PAIR(x, y, k): y = y ^ f(x) ^ k on one pair, or
 *     TW_FEISTEL_HALF(x, y, k, P): the same on pairs 0..P-1 (SIMON, SIMECK),
 *       the Feistel rounds then running two at a time in place;
 *   TW_EVEN_ROUNDS when every round count is even (SIMECK);
 *   optionally counter-mode hooks (TW_CTR_*, see the counter-mode section).
 * Per cipher instance it defines TW_W, the word size in bits (16, 32 or 64),
 * and TW_REQUIRES if the instance needs more CPU bits than the ISA's, and
 * includes this file again: that writes the kernels and the backend and
 * #undefs both. Names follow the family's: SPECK with 32-bit words is
 * speck64 (block bits), so its AVX2 kernels are speck64_avx2_encrypt, ...,
 * its backend speck64_avx2, its key schedule speck_ks32, and its tails end
 * in the reference speck64_encrypt_block / speck64_decrypt_block.
 *
 * Tails: what a kernel leaves (fewer than a pair) goes to the next narrower
 * ISA's kernel (AVX-512 -> AVX2 -> SSE2), SSE2's to the reference. On Zen 4 a
 * lone half-empty zmm pair is slower than a full ymm one (512-bit
 * instructions have longer latencies, and a masked store does not forward to
 * the next load: SPECK64 at 64 bytes 1.86 cpb masked zmm, 1.35 ymm).
 */

/* ==== the vocabulary, once per file ======================================= */
#ifndef ARX_TWOWORD_SIMD_H
#define ARX_TWOWORD_SIMD_H

#include "internal.h" /* arx_ctr_inc, arx_xor: the reference counter-mode tail */

#define TW_CAT_(a, b) a##b
#define TW_CAT(a, b) TW_CAT_(a, b)
#define TW_BLOCK_BITS_16 32 /* instance names count block bits */
#define TW_BLOCK_BITS_32 64
#define TW_BLOCK_BITS_64 128

/* Byte permutations per 128-bit lane, for vpshufb (TW_LANES repeats one). */
#define TW_ROR8_IDX_32 0x0c0f0e0d, 0x080b0a09, 0x04070605, 0x00030201
#define TW_ROL8_IDX_32 0x0e0d0c0f, 0x0a09080b, 0x06050407, 0x02010003
#define TW_ROR8_IDX_64 0x080f0e0d, 0x0c0b0a09, 0x00070605, 0x04030201
#define TW_ROL8_IDX_64 0x0e0d0c0b, 0x0a09080f, 0x06050403, 0x02010007
#define TW_BSWAP_IDX_16 0x0e0f0c0d, 0x0a0b0809, 0x06070405, 0x02030001
#define TW_BSWAP_IDX_32 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203
#define TW_BSWAP_IDX_64 0x08090a0b, 0x0c0d0e0f, 0x00010203, 0x04050607
#define TW_EVEN_ODD_IDX_16 0x0f0e0b0a, 0x07060302, 0x0d0c0908, 0x05040100

#if defined(TW_NEON)
/*
 * ARM NEON (AArch64 and ARMv7 with -mfpu=neon), 128-bit vectors: an ISA
 * file defines TW_NEON and TW_VBITS 128. V is uint32x4_t, the type
 * ../neon.h's helpers take; 16- and 64-bit lane operations reinterpret.
 * Rotations are vshl + vsri (two instructions, no OR), byte multiples one
 * vrev or one table lookup (AArch64 vqtbl1q; ARMv7 shifts, see below).
 * Tails go to the reference block by block (no narrower NEON ISA).
 */
#if TW_VBITS != 128
#error "twoword_simd.h: NEON vectors are 128 bits"
#endif
#include "neon.h"
typedef uint32x4_t V;
#define TW_ISA neon
#define TW_ISA_NAME "neon"
#define TW_ISA_REQUIRES ARX_REQ_NEON
#define TW_LINKAGE static /* reached through the backend table only */
#define TW_LOAD(p) NEON_FROM8(vld1q_u8((const uint8_t *)(const void *)(p)))
#define TW_STORE(p, v) vst1q_u8((uint8_t *)(void *)(p), NEON_U8(v))
#define TW_XOR veorq_u32
#define TW_AND vandq_u32
#define TW_OR vorrq_u32
#define TW_SET1_16(x) NEON_FROM16(vdupq_n_u16((uint16_t)(x)))
#define TW_SET1_32(x) vdupq_n_u32((uint32_t)(x))
#if defined(__aarch64__)
#define TW_SET1_64(x) NEON_FROM64(vdupq_n_u64((uint64_t)(x)))
#else
/* GCC 12 builds ARMv7's vdupq_n_u64 through the stack (two stores, a load
 * per round key); a d register from the core pair, then vdup, stays in
 * registers. */
#define TW_SET1_64(x) NEON_FROM64(vdupq_lane_u64(vcreate_u64((uint64_t)(x)), 0))
#endif
#define TW_ADD_16(a, b) NEON_FROM16(vaddq_u16(NEON_U16(a), NEON_U16(b)))
#define TW_ADD_32 vaddq_u32
#define TW_ADD_64(a, b) NEON_FROM64(vaddq_u64(NEON_U64(a), NEON_U64(b)))
#define TW_SUB_16(a, b) NEON_FROM16(vsubq_u16(NEON_U16(a), NEON_U16(b)))
#define TW_SUB_32 vsubq_u32
#define TW_SUB_64(a, b) NEON_FROM64(vsubq_u64(NEON_U64(a), NEON_U64(b)))
/* Lane m of a sliced word holds block m (uzp/zip layouts below). */
#define TW_CTR_OFFSETS_16 NEON_FROM16(((uint16x8_t){0, 1, 2, 3, 4, 5, 6, 7}))
#define TW_CTR_OFFSETS_32 ((uint32x4_t){0, 1, 2, 3})
#define TW_CTR_OFFSETS_64 NEON_FROM64(((uint64x2_t){0, 1}))

/* Rotates: neon.h's vshl + vsri, byte multiples a vrev. S^1's left shift
 * stays a shift: NEON's vsri needs the shifted value as its destination
 * anyway, so an add would not save an instruction. */
#define TW_ROL(w, v, r) TW_CAT(NEON_ROL, w)(v, r)
#define TW_ROR(w, v, r) TW_CAT(NEON_ROL, w)(v, (w) - (r))
#define TW_ROL1(w, v) TW_ROL(w, v, 1)

/* Any byte permutation of a vector, one table lookup (AArch64's vqtbl1q):
 * result byte j is source byte idx[j]. */
#if defined(__aarch64__)
#define TW_TBL(v, ...) NEON_FROM8(vqtbl1q_u8(NEON_U8(v), (uint8x16_t){__VA_ARGS__}))
#endif
/* Per-word index patterns, w = 32 (4 bytes) or 64 (8 bytes). */
#define TW_IDX4_(a, b, c, d) a, b, c, d, a + 4, b + 4, c + 4, d + 4, a + 8, b + 8, c + 8, d + 8, \
                             a + 12, b + 12, c + 12, d + 12
#define TW_IDX8_(a, b, c, d, e, f, g, h) a, b, c, d, e, f, g, h, a + 8, b + 8, c + 8, d + 8, \
                                         e + 8, f + 8, g + 8, h + 8
#define TW_ROTR8_16(v) NEON_FROM8(vrev16q_u8(NEON_U8(v)))
#define TW_ROTL8_16(v) NEON_FROM8(vrev16q_u8(NEON_U8(v)))
/* Rotations by 8 of 32- and 64-bit words: one vtbl, not vshl + vsri. Under
 * llvm-mca (clang-14 -O2) SPECK-128/128 CTR runs at 7.62 cpb with the
 * lookup, 9.84 with shifts on Cortex-A53 (one instruction a cycle either
 * way), but 4.17 against 3.69 on Cortex-A72, whose model gives a q-register
 * TBL three uops on one pipe; -DTW_NEON_ROT8_SHIFT builds the shifts.
 * ARMv7 always shifts: GCC 12 pins vtbl2's table to one d-register pair and
 * copies every operand into it (SPECK-128 decryption: 4 vmov per lookup). */
#if defined(TW_NEON_ROT8_SHIFT) || !defined(__aarch64__)
#define TW_ROTR8_32(v) vsriq_n_u32(vshlq_n_u32((v), 24), (v), 8)
#define TW_ROTL8_32(v) vsriq_n_u32(vshlq_n_u32((v), 8), (v), 24)
#define TW_ROTR8_64(v) NEON_FROM64(vsriq_n_u64(vshlq_n_u64(NEON_U64(v), 56), NEON_U64(v), 8))
#define TW_ROTL8_64(v) NEON_FROM64(vsriq_n_u64(vshlq_n_u64(NEON_U64(v), 8), NEON_U64(v), 56))
#else
#define TW_ROTR8_32(v) TW_TBL(v, TW_IDX4_(1, 2, 3, 0))
#define TW_ROTL8_32(v) TW_TBL(v, TW_IDX4_(3, 0, 1, 2))
#define TW_ROTR8_64(v) TW_TBL(v, TW_IDX8_(1, 2, 3, 4, 5, 6, 7, 0))
#define TW_ROTL8_64(v) TW_TBL(v, TW_IDX8_(7, 0, 1, 2, 3, 4, 5, 6))
#endif
#define TW_ROTL8(w, v) TW_CAT(TW_ROTL8_, w)(v)
#define TW_ROTR8(w, v) TW_CAT(TW_ROTR8_, w)(v)
ARX_INLINE V tw_bswap16(V v) {
    return NEON_FROM8(vrev16q_u8(NEON_U8(v)));
}
ARX_INLINE V tw_bswap32(V v) {
    return NEON_FROM8(vrev32q_u8(NEON_U8(v)));
}
ARX_INLINE V tw_bswap64(V v) {
    return NEON_FROM8(vrev64q_u8(NEON_U8(v)));
}

/* Layouts: a holds blocks 0..BPP/2-1, b the rest, each block y then x. An
 * unzip of a and b gives y (even words) and x (odd words), lane m holding
 * block m for every word size; a zip of y and x restores the blocks. */
#if defined(__aarch64__)
ARX_INLINE void tw_split16(V a, V b, V *x, V *y) {
    *y = NEON_FROM16(vuzp1q_u16(NEON_U16(a), NEON_U16(b)));
    *x = NEON_FROM16(vuzp2q_u16(NEON_U16(a), NEON_U16(b)));
}
ARX_INLINE void tw_split32(V a, V b, V *x, V *y) {
    *y = vuzp1q_u32(a, b);
    *x = vuzp2q_u32(a, b);
}
#else
ARX_INLINE void tw_split16(V a, V b, V *x, V *y) {
    uint16x8x2_t t = vuzpq_u16(NEON_U16(a), NEON_U16(b));
    *y = NEON_FROM16(t.val[0]);
    *x = NEON_FROM16(t.val[1]);
}
ARX_INLINE void tw_split32(V a, V b, V *x, V *y) {
    uint32x4x2_t t = vuzpq_u32(a, b);
    *y = t.val[0];
    *x = t.val[1];
}
#endif
ARX_INLINE void tw_split64(V a, V b, V *x, V *y) {
    *y = NEON_ZIPLO64(a, b);
    *x = NEON_ZIPHI64(a, b);
}
ARX_INLINE void tw_join16(V x, V y, V *a, V *b) {
    *a = NEON_ZIPLO16(y, x);
    *b = NEON_ZIPHI16(y, x);
}
ARX_INLINE void tw_join32(V x, V y, V *a, V *b) {
    *a = NEON_ZIPLO32(y, x);
    *b = NEON_ZIPHI32(y, x);
}
ARX_INLINE void tw_join64(V x, V y, V *a, V *b) {
    *a = NEON_ZIPLO64(y, x);
    *b = NEON_ZIPHI64(y, x);
}

#elif defined(TW_WASM)
/*
 * WebAssembly SIMD128 (wasm32 with -msimd128): an ISA file defines TW_WASM
 * and TW_VBITS 128. The layouts are NEON's (lane m of a sliced word holds
 * block m), with i16x8/i32x4/i64x2 shuffles for the unzips and zips;
 * rotations are shl, shr_u and or, byte multiples too (../wasm.h says
 * why). Tails go to the reference block by block.
 */
#if TW_VBITS != 128
#error "twoword_simd.h: WebAssembly SIMD vectors are 128 bits"
#endif
#include "wasm.h"
typedef v128_t V;
#define TW_ISA wasm
#define TW_ISA_NAME "wasm"
#define TW_ISA_REQUIRES ARX_REQ_WASM
#define TW_LINKAGE static /* reached through the backend table only */
#define TW_LOAD(p) wasm_v128_load(p)
#define TW_STORE(p, v) wasm_v128_store((p), (v))
#define TW_XOR wasm_v128_xor
#define TW_AND wasm_v128_and
#define TW_OR wasm_v128_or
#define TW_SET1_16(x) wasm_u16x8_splat((uint16_t)(x))
#define TW_SET1_32(x) wasm_u32x4_splat((uint32_t)(x))
#define TW_SET1_64(x) wasm_u64x2_splat((uint64_t)(x))
#define TW_ADD_16 wasm_i16x8_add
#define TW_ADD_32 wasm_i32x4_add
#define TW_ADD_64 wasm_i64x2_add
#define TW_SUB_16 wasm_i16x8_sub
#define TW_SUB_32 wasm_i32x4_sub
#define TW_SUB_64 wasm_i64x2_sub
#define TW_CTR_OFFSETS_16 wasm_u16x8_make(0, 1, 2, 3, 4, 5, 6, 7)
#define TW_CTR_OFFSETS_32 wasm_u32x4_make(0, 1, 2, 3)
#define TW_CTR_OFFSETS_64 wasm_u64x2_make(0, 1)
#define TW_ROL(w, v, r) TW_CAT(WASM_ROL, w)(v, r)
#define TW_ROR(w, v, r) TW_CAT(WASM_ROL, w)(v, (w) - (r))
/* A left shift by 1 as an add: more execution ports take it on x86. */
#define TW_SHR_16 wasm_u16x8_shr
#define TW_SHR_32 wasm_u32x4_shr
#define TW_SHR_64 wasm_u64x2_shr
#define TW_ROL1(w, v) wasm_v128_or(TW_ADD(w, v, v), TW_CAT(TW_SHR_, w)(v, (w) - 1))
#define TW_ROTL8(w, v) TW_ROL(w, v, 8)
#define TW_ROTR8(w, v) TW_ROL(w, v, (w) - 8)
ARX_INLINE V tw_bswap16(V v) {
    return WASM_BSWAP16(v);
}
ARX_INLINE V tw_bswap32(V v) {
    return WASM_BSWAP32(v);
}
ARX_INLINE V tw_bswap64(V v) {
    return WASM_BSWAP64(v);
}
/* Layouts: a holds blocks 0..BPP/2-1, b the rest, each block y then x. The
 * even words of a, b are y, the odd ones x, lane m holding block m; a zip of
 * y and x restores the blocks. */
ARX_INLINE void tw_split16(V a, V b, V *x, V *y) {
    *y = wasm_i16x8_shuffle(a, b, 0, 2, 4, 6, 8, 10, 12, 14);
    *x = wasm_i16x8_shuffle(a, b, 1, 3, 5, 7, 9, 11, 13, 15);
}
ARX_INLINE void tw_split32(V a, V b, V *x, V *y) {
    *y = wasm_i32x4_shuffle(a, b, 0, 2, 4, 6);
    *x = wasm_i32x4_shuffle(a, b, 1, 3, 5, 7);
}
ARX_INLINE void tw_split64(V a, V b, V *x, V *y) {
    *y = WASM_ZIPLO64(a, b);
    *x = WASM_ZIPHI64(a, b);
}
ARX_INLINE void tw_join16(V x, V y, V *a, V *b) {
    *a = WASM_ZIPLO16(y, x);
    *b = WASM_ZIPHI16(y, x);
}
ARX_INLINE void tw_join32(V x, V y, V *a, V *b) {
    *a = WASM_ZIPLO32(y, x);
    *b = WASM_ZIPHI32(y, x);
}
ARX_INLINE void tw_join64(V x, V y, V *a, V *b) {
    *a = WASM_ZIPLO64(y, x);
    *b = WASM_ZIPHI64(y, x);
}

#elif TW_VBITS == 128
typedef __m128i V;
typedef __m128 TW_VPS;
#define TW_ISA sse2
#define TW_ISA_NAME "sse2"
#define TW_ISA_REQUIRES ARX_REQ_SSE2
#define TW_LINKAGE /* called by the AVX2 file */
#define TW_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define TW_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define TW_XOR _mm_xor_si128
#define TW_AND _mm_and_si128
#define TW_OR _mm_or_si128
#define TW_SET1_16(x) _mm_set1_epi16((short)(x))
#define TW_SET1_32(x) _mm_set1_epi32((int)(x))
#define TW_SET1_64(x) _mm_set1_epi64x((long long)(x))
#define TW_ADD_16 _mm_add_epi16
#define TW_ADD_32 _mm_add_epi32
#define TW_ADD_64 _mm_add_epi64
#define TW_SUB_32 _mm_sub_epi32
#define TW_SUB_64 _mm_sub_epi64
#define TW_SLLI_16 _mm_slli_epi16
#define TW_SLLI_32 _mm_slli_epi32
#define TW_SLLI_64 _mm_slli_epi64
#define TW_SRLI_16 _mm_srli_epi16
#define TW_SRLI_32 _mm_srli_epi32
#define TW_SRLI_64 _mm_srli_epi64
#define TW_UNPACKLO16 _mm_unpacklo_epi16
#define TW_UNPACKHI16 _mm_unpackhi_epi16
#define TW_UNPACKLO32 _mm_unpacklo_epi32
#define TW_UNPACKHI32 _mm_unpackhi_epi32
#define TW_UNPACKLO64 _mm_unpacklo_epi64
#define TW_UNPACKHI64 _mm_unpackhi_epi64
#define TW_CASTPS _mm_castsi128_ps
#define TW_CASTSI _mm_castps_si128
#define TW_SHUFFLE_PS _mm_shuffle_ps
/* Counter offsets of pair 0's sliced lanes: lane m holds block m. */
#define TW_CTR_OFFSETS_16 _mm_set_epi16(7, 6, 5, 4, 3, 2, 1, 0)
#define TW_CTR_OFFSETS_32 _mm_set_epi32(3, 2, 1, 0)
#define TW_CTR_OFFSETS_64 _mm_set_epi64x(1, 0)

/* 16-bit words without pshufb or packusdw (SSE4.1): the y words are
 * sign-extended in place (two shifts) and the x words shifted down
 * arithmetically, so packssdw's signed saturation keeps every bit. */
ARX_INLINE void tw_split16(V a, V b, V *x, V *y) {
    *y = _mm_packs_epi32(_mm_srai_epi32(_mm_slli_epi32(a, 16), 16),
                         _mm_srai_epi32(_mm_slli_epi32(b, 16), 16));
    *x = _mm_packs_epi32(_mm_srai_epi32(a, 16), _mm_srai_epi32(b, 16));
}

/* Byte swaps without pshufb (SSSE3): of each 16-bit word by shifts, then the
 * words (pshuflw/pshufhw: 0xb1 within 32 bits, 0x1b within 64). */
ARX_INLINE V tw_bswap16(V v) {
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}
ARX_INLINE V tw_bswap32(V v) {
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(tw_bswap16(v), 0xb1), 0xb1);
}
ARX_INLINE V tw_bswap64(V v) {
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(tw_bswap16(v), 0x1b), 0x1b);
}

#elif TW_VBITS == 256
typedef __m256i V;
typedef __m256 TW_VPS;
#define TW_ISA avx2
#define TW_ISA_NAME "avx2"
#define TW_ISA_REQUIRES ARX_REQ_AVX2
#define TW_ISA_NARROW sse2
#define TW_LINKAGE /* called by the AVX-512 file */
#define TW_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define TW_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define TW_XOR _mm256_xor_si256
#define TW_AND _mm256_and_si256
#define TW_OR _mm256_or_si256
#define TW_SET1_16(x) _mm256_set1_epi16((short)(x))
#define TW_SET1_32(x) _mm256_set1_epi32((int)(x))
#define TW_SET1_64(x) _mm256_set1_epi64x((long long)(x))
#define TW_ADD_16 _mm256_add_epi16
#define TW_ADD_32 _mm256_add_epi32
#define TW_ADD_64 _mm256_add_epi64
#define TW_SUB_32 _mm256_sub_epi32
#define TW_SUB_64 _mm256_sub_epi64
#define TW_SLLI_16 _mm256_slli_epi16
#define TW_SLLI_32 _mm256_slli_epi32
#define TW_SLLI_64 _mm256_slli_epi64
#define TW_SRLI_16 _mm256_srli_epi16
#define TW_SRLI_32 _mm256_srli_epi32
#define TW_SRLI_64 _mm256_srli_epi64
#define TW_UNPACKLO16 _mm256_unpacklo_epi16
#define TW_UNPACKHI16 _mm256_unpackhi_epi16
#define TW_UNPACKLO32 _mm256_unpacklo_epi32
#define TW_UNPACKHI32 _mm256_unpackhi_epi32
#define TW_UNPACKLO64 _mm256_unpacklo_epi64
#define TW_UNPACKHI64 _mm256_unpackhi_epi64
#define TW_CASTPS _mm256_castsi256_ps
#define TW_CASTSI _mm256_castps_si256
#define TW_SHUFFLE_PS _mm256_shuffle_ps
#define TW_SHUFFLE8 _mm256_shuffle_epi8
#define TW_LANES(...) _mm256_set_epi32(__VA_ARGS__, __VA_ARGS__)
/* Counter offsets of pair 0's sliced lanes (the layouts below). */
#define TW_CTR_OFFSETS_16 _mm256_set_epi16(15, 14, 13, 12, 7, 6, 5, 4, 11, 10, 9, 8, 3, 2, 1, 0)
#define TW_CTR_OFFSETS_32 _mm256_set_epi32(7, 6, 3, 2, 5, 4, 1, 0)
#define TW_CTR_OFFSETS_64 _mm256_set_epi64x(3, 1, 2, 0)

#elif TW_VBITS == 512
typedef __m512i V;
typedef __m512 TW_VPS;
#define TW_ISA avx512
#define TW_ISA_NAME "avx512"
#define TW_ISA_REQUIRES ARX_REQ_AVX512
#define TW_ISA_NARROW avx2
#define TW_LINKAGE static /* reached through the backend table only */
#define TW_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define TW_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define TW_XOR _mm512_xor_si512
#define TW_AND _mm512_and_si512
#define TW_OR _mm512_or_si512
#define TW_SET1_16(x) _mm512_set1_epi16((short)(x))
#define TW_SET1_32(x) _mm512_set1_epi32((int)(x))
#define TW_SET1_64(x) _mm512_set1_epi64((long long)(x))
#define TW_ADD_16 _mm512_add_epi16
#define TW_ADD_32 _mm512_add_epi32
#define TW_ADD_64 _mm512_add_epi64
#define TW_SUB_32 _mm512_sub_epi32
#define TW_SUB_64 _mm512_sub_epi64
#define TW_UNPACKLO16 _mm512_unpacklo_epi16
#define TW_UNPACKHI16 _mm512_unpackhi_epi16
#define TW_UNPACKLO32 _mm512_unpacklo_epi32
#define TW_UNPACKHI32 _mm512_unpackhi_epi32
#define TW_UNPACKLO64 _mm512_unpacklo_epi64
#define TW_UNPACKHI64 _mm512_unpackhi_epi64
#define TW_CASTPS _mm512_castsi512_ps
#define TW_CASTSI _mm512_castps_si512
#define TW_SHUFFLE_PS _mm512_shuffle_ps
#define TW_SHUFFLE8 _mm512_shuffle_epi8
#define TW_LANES(...) _mm512_set_epi32(__VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__)
/* Every rotate is one instruction: vpshldw (VBMI2) for 16-bit words,
 * vprold/vprolq for 32- and 64-bit ones. */
#define TW_ROL_16(v, r) _mm512_shldi_epi16((v), (v), (r))
#define TW_ROL_32 _mm512_rol_epi32
#define TW_ROL_64 _mm512_rol_epi64
#define TW_ROR_32 _mm512_ror_epi32
#define TW_ROR_64 _mm512_ror_epi64
#define TW_ROL(w, v, r) TW_CAT(TW_ROL_, w)(v, r)
#define TW_ROR(w, v, r) TW_CAT(TW_ROR_, w)(v, r)
#define TW_ROL1(w, v) TW_ROL(w, v, 1)
#define TW_XOR3 0x96    /* vpternlog truth table of a ^ b ^ c */
#define TW_XOR_AND 0x78 /* a ^ (b & c) */
/* Counter offsets of pair 0's sliced lanes (the layouts below). */
#define TW_CTR_OFFSETS_16                                                                          \
    _mm512_set_epi16(31, 30, 29, 28, 15, 14, 13, 12, 27, 26, 25, 24, 11, 10, 9, 8, 23, 22, 21, 20, \
                     7, 6, 5, 4, 19, 18, 17, 16, 3, 2, 1, 0)
#define TW_CTR_OFFSETS_32 _mm512_set_epi32(15, 14, 7, 6, 13, 12, 5, 4, 11, 10, 3, 2, 9, 8, 1, 0)
#define TW_CTR_OFFSETS_64 _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0)
#else
#error "twoword_simd.h: define TW_VBITS as 128, 256 or 512"
#endif

#define TW_VBYTES (TW_VBITS / 8)
#define TW_SET1(w, x) TW_CAT(TW_SET1_, w)(x)
#define TW_ADD(w, a, b) TW_CAT(TW_ADD_, w)(a, b)
#define TW_SUB(w, a, b) TW_CAT(TW_SUB_, w)(a, b)
#define TW_CTR_OFFSETS(w) TW_CAT(TW_CTR_OFFSETS_, w)
#define TW_BSWAP(w, v) TW_CAT(tw_bswap, w)(v)

#if !defined(TW_NEON) && !defined(TW_WASM) /* x86 from here to the end of the vocabulary */
#if TW_VBITS < 512
/* SSE2 and AVX2 have no rotates: two shifts and an OR; a left shift by 1 is
 * an add, which more pipes take. */
#define TW_SLLI(w, v, r) TW_CAT(TW_SLLI_, w)(v, r)
#define TW_SRLI(w, v, r) TW_CAT(TW_SRLI_, w)(v, r)
#define TW_ROL(w, v, r) TW_OR(TW_SLLI(w, v, r), TW_SRLI(w, v, (w) - (r)))
#define TW_ROR(w, v, r) TW_OR(TW_SRLI(w, v, r), TW_SLLI(w, v, (w) - (r)))
#define TW_ROL1(w, v) TW_OR(TW_ADD(w, v, v), TW_SRLI(w, v, (w) - 1))
#endif

#if TW_VBITS == 128
/* No pshufb in SSE2: rotations by 8 by shifts too. */
#define TW_ROTL8(w, v) TW_ROL(w, v, 8)
#define TW_ROTR8(w, v) TW_ROR(w, v, 8)
#else
/* Rotations by 8 and byte swaps are one vpshufb. */
#define TW_ROTL8(w, v) TW_SHUFFLE8(v, TW_LANES(TW_CAT(TW_ROL8_IDX_, w)))
#define TW_ROTR8(w, v) TW_SHUFFLE8(v, TW_LANES(TW_CAT(TW_ROR8_IDX_, w)))
ARX_INLINE V tw_bswap16(V v) {
    return TW_SHUFFLE8(v, TW_LANES(TW_BSWAP_IDX_16));
}
ARX_INLINE V tw_bswap32(V v) {
    return TW_SHUFFLE8(v, TW_LANES(TW_BSWAP_IDX_32));
}
ARX_INLINE V tw_bswap64(V v) {
    return TW_SHUFFLE8(v, TW_LANES(TW_BSWAP_IDX_64));
}

/* 16-bit words: a vpshufb gathers each 128-bit lane's four y words into its
 * low half and four x words into its high half. */
ARX_INLINE void tw_split16(V a, V b, V *x, V *y) {
    const V eo = TW_LANES(TW_EVEN_ODD_IDX_16);
    a = TW_SHUFFLE8(a, eo);
    b = TW_SHUFFLE8(b, eo);
    *y = TW_UNPACKLO64(a, b);
    *x = TW_UNPACKHI64(a, b);
}
#endif

/*
 * Layouts: split slices two loaded vectors a, b (the pair's blocks in order)
 * into x and y; join puts them back. Per 128-bit lane L of a (blocks
 * 0..BPP/2-1) and b (the rest), with Q = BPP/2 (AVX-512: 16-bit words Q = 16,
 * 32-bit Q = 8, 64-bit Q = 4; AVX2 half that, SSE2 a quarter):
 *   16-bit words: sliced lane 8L+m holds block 4L+m (m < 4), else Q+4L+m-4
 *     (SSE2: lane m holds block m); unpacklo/hi_epi16 of y, x restore it.
 *   32-bit words: shufps takes the even (y) and odd (x) words, so lane 4L+m
 *     holds block {2L, 2L+1, Q+2L, Q+2L+1}[m]; unpacklo/hi_epi32 restore it.
 *   64-bit words: unpacklo/hi_epi64 give y and x, lane 2L+m holding block
 *     {L, Q+L}[m]; the same unpacks undo it.
 * TW_CTR_OFFSETS_w lists these block numbers, high lane first.
 */
ARX_INLINE void tw_join16(V x, V y, V *a, V *b) {
    *a = TW_UNPACKLO16(y, x);
    *b = TW_UNPACKHI16(y, x);
}
ARX_INLINE void tw_split32(V a, V b, V *x, V *y) {
    TW_VPS fa = TW_CASTPS(a), fb = TW_CASTPS(b);
    *y = TW_CASTSI(TW_SHUFFLE_PS(fa, fb, 0x88));
    *x = TW_CASTSI(TW_SHUFFLE_PS(fa, fb, 0xdd));
}
ARX_INLINE void tw_join32(V x, V y, V *a, V *b) {
    *a = TW_UNPACKLO32(y, x);
    *b = TW_UNPACKHI32(y, x);
}
ARX_INLINE void tw_split64(V a, V b, V *x, V *y) {
    *y = TW_UNPACKLO64(a, b);
    *x = TW_UNPACKHI64(a, b);
}
ARX_INLINE void tw_join64(V x, V y, V *a, V *b) {
    *a = TW_UNPACKLO64(y, x);
    *b = TW_UNPACKHI64(y, x);
}
#endif /* !TW_NEON && !TW_WASM */

#endif /* ARX_TWOWORD_SIMD_H */

/* ==== the kernels of one cipher instance ================================== */
#ifdef TW_W

#define TW_CIPHER TW_CAT(TW_FAMILY, TW_CAT(TW_BLOCK_BITS_, TW_W)) /* speck64 */
#define TW_KS TW_CAT(TW_CAT(TW_FAMILY, _ks), TW_W)                /* speck_ks32 */
#define TW_FN(name) TW_CAT(TW_CAT(TW_CIPHER, _), TW_CAT(TW_CAT(TW_ISA, _), name))
#define TW_BB (TW_W / 4)                          /* block bytes */
#define TW_BPP ((size_t)TW_VBITS / TW_W)          /* blocks per pair */
#define TW_BATCH (TW_BPP * TW_PAIRS)              /* blocks per batch */
#define TW_SPLIT TW_CAT(tw_split, TW_W)
#define TW_JOIN TW_CAT(tw_join, TW_W)
#ifndef TW_REQUIRES
#define TW_REQUIRES TW_ISA_REQUIRES
#endif

/* The counter's halves (its low half is a block's x word, below). */
#if TW_W == 16
#define TW_WORD uint16_t
#define TW_LOAD_BE(p) ((uint16_t)((p)[0] << 8 | (p)[1]))
#define TW_STORE_BE(p, v) ((p)[0] = (uint8_t)((v) >> 8), (p)[1] = (uint8_t)(v))
#define TW_LOAD_LE arx_load16_le
#elif TW_W == 32
#define TW_WORD uint32_t
#define TW_LOAD_BE arx_load32_be
#define TW_STORE_BE arx_store32_be
#define TW_LOAD_LE arx_load32_le
#else
#define TW_WORD uint64_t
#define TW_LOAD_BE arx_load64_be
#define TW_STORE_BE arx_store64_be
#define TW_LOAD_LE arx_load64_le
#endif

/* Tails of 4 pairs plus 1-3 (a batch of 8 adds one of 4), two shapes of
 * batch instead of seven. */
_Static_assert(TW_PAIRS == 4 || TW_PAIRS == 8, "TW_PAIRS: 4 or 8");

/* llvm-mca region names (ARX_MCA_BEGIN, internal.h) of the batch loops,
 * "<kernel>:<bytes per pass>": "speck128_neon_ctr:128". */
#define TW_STR_(x) #x
#define TW_STR(x) TW_STR_(x)
#if TW_PAIRS * TW_VBITS / 4 == 128
#define TW_PASS_BYTES 128
#elif TW_PAIRS * TW_VBITS / 4 == 256
#define TW_PASS_BYTES 256
#elif TW_PAIRS * TW_VBITS / 4 == 512
#define TW_PASS_BYTES 512
#elif TW_PAIRS * TW_VBITS / 4 == 1024
#define TW_PASS_BYTES 1024
#else
#define TW_PASS_BYTES 2048
#endif
/* The loops over a batch's pairs unroll into registers. GCC does so by
 * itself at -O3 (Release); on NEON the kernels say so, for other optimisation
 * levels and for clang (which at -O2 kept SPECK64's 8-pair join in a loop
 * through the stack). */
#if (defined(TW_NEON) || defined(TW_WASM)) && defined(__clang__)
#define TW_PAIR_LOOP _Pragma("clang loop unroll(full)")
#elif defined(TW_NEON)
#define TW_PAIR_LOOP _Pragma("GCC unroll 8")
#else
#define TW_PAIR_LOOP
#endif
#define TW_MCA(kind) TW_STR(TW_CIPHER) "_" TW_ISA_NAME "_" kind ":" TW_STR(TW_PASS_BYTES)
/* llvm-mca reads a region as straight-line code, and the round loop runs
 * ks->rounds times. An analysis build (-DARX_MCA -S, never linked or run)
 * pins the count to the family's TW_MCA_ROUNDS_<w> (its headline variant,
 * the family header) and unrolls every round into the batch; the kernel
 * then computes garbage for the kernel's other variants. */
#if defined(ARX_MCA)
#define TW_NROUNDS(ks) ((void)(ks), (unsigned)TW_CAT(TW_MCA_ROUNDS_, TW_W))
#if defined(__clang__)
#define TW_ROUND_LOOP _Pragma("clang loop unroll(full)")
#else
#define TW_ROUND_LOOP _Pragma("GCC unroll 128")
#endif
#else
#define TW_NROUNDS(ks) ((ks)->rounds)
#define TW_ROUND_LOOP
#endif

#ifndef TW_GCM_ONLY /* the GCM file (below) needs the rounds only */
/* ---- tails: the narrower ISA, or (SSE2) the reference block by block ---- */
#ifdef TW_ISA_NARROW
#define TW_NARROW_FN(name) TW_CAT(TW_CAT(TW_CIPHER, _), TW_CAT(TW_CAT(TW_ISA_NARROW, _), name))
void TW_NARROW_FN(encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void TW_NARROW_FN(decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void TW_NARROW_FN(ctr_xor)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
ARX_INLINE void TW_FN(tail_ecb)(const TW_KS *ks, uint8_t *out, const uint8_t *in, size_t n, const int dec) {
    if (dec)
        TW_NARROW_FN(decrypt)(ks, out, in, n);
    else
        TW_NARROW_FN(encrypt)(ks, out, in, n);
}
#define TW_TAIL_CTR TW_NARROW_FN(ctr_xor)
#else
ARX_INLINE void TW_FN(tail_ecb)(const TW_KS *ks, uint8_t *out, const uint8_t *in, size_t n, const int dec) {
    for (size_t i = 0; i < n; i++) {
        if (dec)
            TW_CAT(TW_CIPHER, _decrypt_block)(ks, out + i * TW_BB, in + i * TW_BB);
        else
            TW_CAT(TW_CIPHER, _encrypt_block)(ks, out + i * TW_BB, in + i * TW_BB);
    }
}
/* Counter mode one block at a time: out = in XOR E(ctr), ctr += 1, n times. */
static void TW_FN(tail_ctr)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) {
    uint8_t s[TW_BB];
    for (size_t i = 0; i < n; i++, in += TW_BB, out += TW_BB) {
        TW_CAT(TW_CIPHER, _encrypt_block)(ks, s, ctr);
        arx_xor(out, in, s, TW_BB);
        arx_ctr_inc(ctr, TW_BB);
    }
    arx_wipe(s, sizeof s);
}
#define TW_TAIL_CTR TW_FN(tail_ctr)
#endif

#endif /* !TW_GCM_ONLY */

/* ---- rounds on P pairs (P a constant after inlining) -------------------- */
/* Round key i of the encryption rounds (enc_rounds_k): a broadcast of rk[i]
 * for one key, or, for the lane-per-message kernel (many_simd.h, lk non-NULL,
 * a constant either way after inlining), lk[i], a vector holding each lane's
 * own round key i. */
#define TW_RK_(i) (lk ? lk[i] : TW_SET1(TW_W, rk[i]))
#if defined(TW_FEISTEL_PAIR) || defined(TW_FEISTEL_HALF)
/* (x, y) -> (y ^ f(x) ^ k, x), two rounds at a time in place so the swap
 * costs nothing: y ^= f(x) ^ k[i], x ^= f(y) ^ k[i+1], ...; an odd T leaves
 * the last result in y, hence the swap. A family whose T is always even
 * defines TW_EVEN_ROUNDS and has no such code (TW_FEISTEL_HALF requires it).
 * Decryption undoes it all from the end: x ^= f(y) ^ k[i],
 * y ^= f(x) ^ k[i-1], ... `first` is even. */
#if defined(TW_FEISTEL_HALF) && !defined(TW_EVEN_ROUNDS)
#error "twoword_simd.h: TW_FEISTEL_HALF needs TW_EVEN_ROUNDS"
#endif
#ifdef TW_FEISTEL_HALF
#define TW_HALF_ TW_FEISTEL_HALF
#else
#define TW_HALF_(x, y, k, P)                                                                       \
    TW_PAIR_LOOP for (int j_ = 0; j_ < (P); j_++) TW_FEISTEL_PAIR((x)[j_], (y)[j_], k)
#endif
#ifndef TW_EVEN_ROUNDS
/* One round and the swap, (x, y) -> (y ^ f(x) ^ k, x): an odd T's last
 * round (decryption: its first, with x and y exchanged). */
ARX_INLINE void TW_FN(swap_round)(V *x, V *y, const V k, const int P) {
    TW_PAIR_LOOP for (int j = 0; j < P; j++) {
        V t = y[j];
        TW_FEISTEL_PAIR(x[j], t, k);
        y[j] = x[j];
        x[j] = t;
    }
}
#endif
ARX_INLINE void TW_FN(enc_rounds_k)(const TW_WORD *rk, const V *lk, unsigned nr, unsigned first, V *x, V *y,
                                     const int P) {
    unsigned i = first;
    TW_ROUND_LOOP for (; i + 2 <= nr; i += 2) {
        const V k0 = TW_RK_(i), k1 = TW_RK_(i + 1);
        TW_HALF_(x, y, k0, P);
        TW_HALF_(y, x, k1, P);
    }
#ifndef TW_EVEN_ROUNDS
    if (i < nr) TW_FN(swap_round)(x, y, TW_RK_(i), P);
#endif
}
ARX_INLINE void TW_FN(dec_rounds)(const TW_KS *ks, V *x, V *y, const int P) {
    unsigned i = TW_NROUNDS(ks);
    TW_ROUND_LOOP for (; i >= 2; i -= 2) {
        const V k1 = TW_SET1(TW_W, ks->rk[i - 1]), k0 = TW_SET1(TW_W, ks->rk[i - 2]);
        TW_HALF_(y, x, k1, P);
        TW_HALF_(x, y, k0, P);
    }
#ifndef TW_EVEN_ROUNDS
    if (i) TW_FN(swap_round)(y, x, TW_SET1(TW_W, ks->rk[0]), P);
#endif
}
#else
/* One round after another, every pair per round key. */
ARX_INLINE void TW_FN(enc_rounds_k)(const TW_WORD *rk, const V *lk, unsigned nr, unsigned first, V *x, V *y,
                                     const int P) {
    TW_ROUND_LOOP for (unsigned i = first; i < nr; i++) {
        const V k = TW_RK_(i);
        TW_PAIR_LOOP for (int j = 0; j < P; j++) TW_ENC_PAIR(x[j], y[j], k);
    }
}
ARX_INLINE void TW_FN(dec_rounds)(const TW_KS *ks, V *x, V *y, const int P) {
    TW_ROUND_LOOP for (unsigned i = TW_NROUNDS(ks); i-- > 0;) {
        const V k = TW_SET1(TW_W, ks->rk[i]);
        TW_PAIR_LOOP for (int j = 0; j < P; j++) TW_DEC_PAIR(x[j], y[j], k);
    }
}
#endif

/* Encryption with the one key of ks: its round keys are broadcasts. */
ARX_INLINE void TW_FN(enc_rounds)(const TW_KS *ks, unsigned first, V *x, V *y, const int P) {
    TW_FN(enc_rounds_k)(ks->rk, NULL, TW_NROUNDS(ks), first, x, y, P);
}

#ifndef TW_GCM_ONLY
/* ---- ECB ----------------------------------------------------------------- */

/* P pairs (P * 2 vectors of blocks): load, slice, rounds, unslice, store. */
ARX_INLINE void TW_FN(ecb_batch)(const TW_KS *ks, uint8_t *out, const uint8_t *in, const int P,
                                 const int dec) {
    V a[TW_PAIRS], b[TW_PAIRS], x[TW_PAIRS], y[TW_PAIRS];
    TW_PAIR_LOOP for (int j = 0; j < P; j++) {
        a[j] = TW_LOAD(in + 2 * TW_VBYTES * j);
        b[j] = TW_LOAD(in + 2 * TW_VBYTES * j + TW_VBYTES);
    }
    TW_PAIR_LOOP for (int j = 0; j < P; j++) TW_SPLIT(a[j], b[j], &x[j], &y[j]);
    if (dec)
        TW_FN(dec_rounds)(ks, x, y, P);
    else
        TW_FN(enc_rounds)(ks, 0, x, y, P);
    TW_PAIR_LOOP for (int j = 0; j < P; j++) TW_JOIN(x[j], y[j], &a[j], &b[j]);
    TW_PAIR_LOOP for (int j = 0; j < P; j++) {
        TW_STORE(out + 2 * TW_VBYTES * j, a[j]);
        TW_STORE(out + 2 * TW_VBYTES * j + TW_VBYTES, b[j]);
    }
}

/* Whole batches; of the rest, whole pairs as (a batch of 4 and) one of 1-3;
 * then the tail. A macro, not an inline function under a wrapper: GCC 12
 * laid the inlined copy out otherwise and drew 6 register copies per two
 * SIMON64 rounds (AVX-512). */
#if TW_PAIRS > 4
#define TW_ECB_4_(dec)                                                                             \
    if (n >= 4 * TW_BPP) {                                                                         \
        TW_FN(ecb_batch)(ks, out, in, 4, dec);                                                     \
        n -= 4 * TW_BPP;                                                                           \
        in += 4 * TW_BPP * TW_BB;                                                                  \
        out += 4 * TW_BPP * TW_BB;                                                                 \
    }
#else
#define TW_ECB_4_(dec)
#endif
#define TW_ECB_(dec, kind)                                                                         \
    const TW_KS *ks = vks;                                                                         \
    for (; n >= TW_BATCH; n -= TW_BATCH, in += TW_BATCH * TW_BB, out += TW_BATCH * TW_BB) {        \
        ARX_MCA_BEGIN(TW_MCA(kind));                                                               \
        TW_FN(ecb_batch)(ks, out, in, TW_PAIRS, dec);                                              \
        ARX_MCA_END(TW_MCA(kind));                                                                 \
    }                                                                                              \
    TW_ECB_4_(dec)                                                                                 \
    size_t p = n / TW_BPP;                                                                         \
    switch (p) {                                                                                   \
    case 1: TW_FN(ecb_batch)(ks, out, in, 1, dec); break;                                          \
    case 2: TW_FN(ecb_batch)(ks, out, in, 2, dec); break;                                          \
    case 3: TW_FN(ecb_batch)(ks, out, in, 3, dec); break;                                          \
    default: break;                                                                                \
    }                                                                                              \
    TW_FN(tail_ecb)(ks, out + p * TW_BPP * TW_BB, in + p * TW_BPP * TW_BB, n - p * TW_BPP, dec)

TW_LINKAGE void TW_FN(encrypt)(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {
    TW_ECB_(0, "encrypt");
}
TW_LINKAGE void TW_FN(decrypt)(const void *vks, uint8_t *out, const uint8_t *in, size_t n) {
    TW_ECB_(1, "decrypt");
}

#endif /* !TW_GCM_ONLY */

/* ---- counter mode -----------------------------------------------------------
 * Big-endian counter, little-endian words: the counter's low half is the
 * block's second word, x. ctr_xor splits the stream into runs in which the
 * low half does not wrap, so within a run y is one constant and block i has
 * x = bswap(lo + i): an add and a byte swap per vector. A family may fold
 * more into the counter words (SPECK does round 0, speck.h):
 *   TW_CTR_NCONSTS          vectors computed once per run (default 1: y)
 *   TW_CTR_CONSTS(ks, y, c) fill c[0..TW_CTR_NCONSTS-1] from the run's y
 *   TW_CTR_WORDS(c, v, x, y) the words x, y of the blocks whose counter
 *                           low halves are the lanes of v
 *   TW_CTR_FIRST_ROUND      the round the rounds then start at (default 0)
 */
#ifdef TW_CTR_WORDS
#define TW_CTR_NCONSTS_ TW_CTR_NCONSTS
#define TW_CTR_CONSTS_ TW_CTR_CONSTS
#define TW_CTR_WORDS_ TW_CTR_WORDS
#define TW_CTR_FIRST_ROUND_ TW_CTR_FIRST_ROUND
#else
#define TW_CTR_NCONSTS_ 1
#define TW_CTR_CONSTS_(ks, y, c) ((void)(ks), (c)[0] = TW_SET1(TW_W, y))
#define TW_CTR_WORDS_(c, v, x, y) ((x) = TW_BSWAP(TW_W, v), (y) = (c)[0])
#define TW_CTR_FIRST_ROUND_ 0
#endif

#ifndef TW_GCM_ONLY
/* P pairs of counter blocks, the first with counter low halves base + offs[0]. */
ARX_INLINE void TW_FN(ctr_batch)(const TW_KS *ks, uint8_t *out, const uint8_t *in, V base,
                                 const V *c, const V *offs, const int P) {
    V a[TW_PAIRS], b[TW_PAIRS], x[TW_PAIRS], y[TW_PAIRS];
    TW_PAIR_LOOP for (int j = 0; j < P; j++) TW_CTR_WORDS_(c, TW_ADD(TW_W, base, offs[j]), x[j], y[j]);
    TW_FN(enc_rounds)(ks, TW_CTR_FIRST_ROUND_, x, y, P);
    TW_PAIR_LOOP for (int j = 0; j < P; j++) TW_JOIN(x[j], y[j], &a[j], &b[j]);
    TW_PAIR_LOOP for (int j = 0; j < P; j++) {
        a[j] = TW_XOR(a[j], TW_LOAD(in + 2 * TW_VBYTES * j));
        b[j] = TW_XOR(b[j], TW_LOAD(in + 2 * TW_VBYTES * j + TW_VBYTES));
    }
    TW_PAIR_LOOP for (int j = 0; j < P; j++) {
        TW_STORE(out + 2 * TW_VBYTES * j, a[j]);
        TW_STORE(out + 2 * TW_VBYTES * j + TW_VBYTES, b[j]);
    }
}

/* One run of n blocks with y word y and x word bswap(lo + i), lo + i not
 * wrapping. Does whole pairs only and returns how many blocks that was. */
static size_t TW_FN(ctr_run)(const TW_KS *ks, TW_WORD y, TW_WORD lo, uint8_t *out, const uint8_t *in,
                             size_t n) {
    V c[TW_CTR_NCONSTS_], offs[TW_PAIRS];
    TW_CTR_CONSTS_(ks, y, c);
    for (int j = 0; j < TW_PAIRS; j++)
        offs[j] = TW_ADD(TW_W, TW_CTR_OFFSETS(TW_W), TW_SET1(TW_W, TW_BPP * (size_t)j));
    size_t done = 0;
    for (; n - done >= TW_BATCH; done += TW_BATCH) {
        ARX_MCA_BEGIN(TW_MCA("ctr"));
        TW_FN(ctr_batch)(ks, out + TW_BB * done, in + TW_BB * done, TW_SET1(TW_W, lo + done), c,
                         offs, TW_PAIRS);
        ARX_MCA_END(TW_MCA("ctr"));
    }
#if TW_PAIRS > 4
    if (n - done >= 4 * TW_BPP) {
        TW_FN(ctr_batch)(ks, out + TW_BB * done, in + TW_BB * done, TW_SET1(TW_W, lo + done), c,
                         offs, 4);
        done += 4 * TW_BPP;
    }
#endif
    const V base = TW_SET1(TW_W, lo + done);
    uint8_t *o = out + TW_BB * done;
    const uint8_t *i = in + TW_BB * done;
    size_t p = (n - done) / TW_BPP;
    switch (p) {
    case 1: TW_FN(ctr_batch)(ks, o, i, base, c, offs, 1); break;
    case 2: TW_FN(ctr_batch)(ks, o, i, base, c, offs, 2); break;
    case 3: TW_FN(ctr_batch)(ks, o, i, base, c, offs, 3); break;
    default: break;
    }
    return done + TW_BPP * p;
}

/* Runs end where the counter's low half wraps; what a run leaves over (less
 * than a pair) goes to the tail, which advances the counter itself. The
 * counter is public: branching on it leaks nothing. */
TW_LINKAGE void TW_FN(ctr_xor)(const void *vks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                               size_t n) {
    if (n < TW_BPP) { /* not one pair: skip the setup */
        TW_TAIL_CTR(vks, ctr, out, in, n);
        return;
    }
    while (n) {
        TW_WORD hi = TW_LOAD_BE(ctr), lo = TW_LOAD_BE(ctr + TW_W / 8);
        /* blocks until lo wraps, less one (2^W - 1 - lo: 2^64 does not fit) */
        uint64_t room1 = (TW_WORD)~lo;
        size_t m = (uint64_t)(n - 1) <= room1 ? n : (size_t)(room1 + 1);
        size_t done = TW_FN(ctr_run)(vks, TW_LOAD_LE(ctr), lo, out, in, m);
        lo = (TW_WORD)(lo + done);
        if (done && lo == 0) hi = (TW_WORD)(hi + 1); /* the run ended on the wrap */
        TW_STORE_BE(ctr, hi);
        TW_STORE_BE(ctr + TW_W / 8, lo);
        if (done < m) TW_TAIL_CTR(vks, ctr, out + TW_BB * done, in + TW_BB * done, m - done);
        n -= m;
        in += TW_BB * m;
        out += TW_BB * m;
    }
}

/* ---- many messages at once (issue 24) ------------------------------------ */

/* SPECK, SIMON and SIMECK with 64-bit words (128-bit blocks) or 32-bit
 * ones (64-bit blocks) on AVX2 and AVX-512 (the ISA file defines
 * TW_MANY_NB, batches interleaved), and on NEON (4 batches on AArch64, 2 on
 * ARMv7's 16 q registers; at most TW_PAIRS, which sizes SIMECK's round
 * temporaries; both word sizes): one message per word-wide lane through
 * many_simd.h (AVX-512: 8 or 16 messages a call, AVX2: 4 or 8, NEON: 2 or
 * 4), the rounds above with per-lane round-key vectors. Word 0 of a block
 * is y, word 1 x.
 *
 * NEON's two 64-bit lanes (SPECK-128, SIMON-128) are no measured speed-up:
 * qemu-user times nothing. llvm-mca 14 (clang-14 -O2, the rounds of
 * many_rounds alone, one pass) against what the one-message path runs:
 * SPECK-128/128 on Cortex-A72, 401 cycles for 1 batch (a block of each of
 * the 2 messages), 407 for 2, 540 for 4, where a lone block's scalar 64-bit
 * rounds take 197 and a 4-block message (two pairs side by side) ~407: even
 * at one block (16-byte CTR), 1.9x at two (16-byte GCM: E(J0) and a
 * block), 1.5x at four. Cortex-A53 (in order; LLVM's model gives NEON
 * results latency 6): 901 / 862 / 2279 against 290 a scalar block and ~862
 * a 4-block message, 0.64x at one block, 1.35x at two, 0.76x at four. SIMON-128/128, 1 and 4 batches: A72 897
 * and 1524 against 478 a scalar block (1.07x at one block), A53 1819 and
 * 9226 against 678 (a loss, as for SIMON-128's one-message NEON kernel
 * there). Kept for the out-of-order cores gateways and servers run. */
#if defined(TW_NEON) && !defined(TW_MANY_NB)
#if defined(__aarch64__) && TW_PAIRS >= 4
#define TW_MANY_NB 4
#elif TW_PAIRS >= 2
#define TW_MANY_NB 2
#endif
#endif
/* The lane kernels' rounds: n (<= TW_PAIRS) states, y = s[j][0], x = s[j][1]. */
ARX_INLINE void TW_FN(many_rounds)(const V *lk, unsigned nr, V s[][2], const int n) {
    V x[TW_PAIRS], y[TW_PAIRS];
    for (int j = 0; j < n; j++) y[j] = s[j][0], x[j] = s[j][1];
    TW_FN(enc_rounds_k)(NULL, lk, nr, 0, x, y, n);
    for (int j = 0; j < n; j++) s[j][0] = y[j], s[j][1] = x[j];
}
/* WebAssembly SIMD128, 32-bit words: 4 messages a call as on NEON, 2
 * batches (x86-64 hosts have 16 vector registers, as ARMv7). 64-bit words
 * (SPECK-128, SIMON-128, i64x2): 2 messages a call, 4 batches, a lane's
 * four blocks through the rounds together (Node 20, Zen 4, 64 jobs under
 * 16 keys, lanes / the same call without them: 2 batches lost 6-13% at
 * 128-256 B CTR, 4 batches are even there; GCM wins at 16-384 B either
 * way: docs/PERFORMANCE.md). The expression is evaluated per instance. */
#if defined(TW_WASM) && (TW_W == 32 || TW_W == 64) && !defined(TW_MANY_NB) && TW_PAIRS >= 2
#define TW_MANY_NB (TW_W == 64 && TW_PAIRS >= 4 ? 4 : 2)
#endif
#if defined(TW_MANY_NB) && (((TW_W == 64 || TW_W == 32) && (TW_VBITS >= 256 || defined(TW_NEON))) ||       \
                            (defined(TW_WASM) && (TW_W == 32 || TW_W == 64)))
#ifdef TW_NEON
#define LM_NEON
#endif
#define LM_VBITS TW_VBITS
#define LM_W TW_W
#define LM_BLOCK (2 * TW_W)
#define LM_FN(name) TW_FN(name)
#define LM_NB TW_MANY_NB
#define LM_KS_T TW_KS
#define LM_KS_WORDS(ks) ((size_t)TW_NROUNDS(ks))
#define LM_KS_WORD(ks, i) ((ks)->rk[i])
#define LM_ROUNDS(lk, ks, s, nb) TW_FN(many_rounds)(lk, TW_NROUNDS(ks), s, nb)
#include "many_simd.h"
#if TW_W == 64 && defined(TW_MANY_CTR_ALONE) /* the ISA file's ARX_MANY_CTR_ALONE: 128-bit blocks */
#define TW_MANY_FIELDS_ , .many_lanes = TW_VBITS / TW_W, .ctr_many = TW_FN(ctr_many) TW_MANY_CTR_ALONE
#else
#define TW_MANY_FIELDS_ , .many_lanes = TW_VBITS / TW_W, .ctr_many = TW_FN(ctr_many)
#endif
#elif TW_W == 16 && ((defined(TW_MANY_NB) && TW_VBITS >= 256) || defined(TW_NEON) || defined(TW_WASM))
/* 16-bit words (32-bit blocks: SIMECK-32/64) on AVX2, AVX-512, NEON and wasm: one
 * message per 32-bit lane, a block being that lane's one word (y | x << 16);
 * many_simd.h's LM_ROUNDS16 pairs the words of batches 2p and 2p + 1 half
 * by half into y and x vectors of 16-bit lanes, which the rounds above take
 * as they are (lk's words hold each lane's 16-bit round key twice; the
 * state pairs through many_rounds above).
 * TW_MANY16_PAIRS such pairs a call, twice as many batches: x86
 * TW_MANY_NB, NEON 4 on AArch64 (8 batches, as its 32-bit words' kernel),
 * 2 on ARMv7's 16 q registers, 4 on WebAssembly (Node 20 on Zen 4, 128-320
 * B CTR: lanes / the one-message kernel in the same call 0.80-0.91x with
 * 2, 0.85-1.12x with 4; at 16 B 2.1-2.3x either way). */
#ifdef TW_NEON
#define LM_NEON
#if defined(__aarch64__) && TW_PAIRS >= 4
#define TW_MANY16_PAIRS 4
#else
#define TW_MANY16_PAIRS 2
#endif
#elif defined(TW_WASM)
#define TW_MANY16_PAIRS 4
#else
#define TW_MANY16_PAIRS TW_MANY_NB
#endif
#define LM_VBITS TW_VBITS
#define LM_W 32
#define LM_BLOCK 32
#define LM_FN(name) TW_FN(name)
#define LM_NB (2 * TW_MANY16_PAIRS)
#define LM_KS_T TW_KS
#define LM_KS_WORDS(ks) ((size_t)TW_NROUNDS(ks))
#define LM_KS_WORD(ks, i) (0x10001u * (uint32_t)(ks)->rk[i])
#define LM_ROUNDS16(lk, ks, st, np) TW_FN(many_rounds)(lk, TW_NROUNDS(ks), st, np)
#include "many_simd.h"
#define TW_MANY_FIELDS_ , .many_lanes = TW_VBITS / 32, .ctr_many = TW_FN(ctr_many)
#undef TW_MANY16_PAIRS
#else
#define TW_MANY_FIELDS_
#endif

/* SPECK-128 and SIMON-128 on AVX2 (the ISA file defines TW_GCM_AVX2): the
 * stitched GCM pass, written by the family's *_gcm_avx2clmul.c (below). */
#if defined(TW_GCM_AVX2) && TW_W == 64 && TW_VBITS == 256
size_t TW_FN(gcm_xor)(const void *ks, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                      size_t nblocks, int decrypt);
#define TW_GCM_FIELDS_ , .gcm_xor = TW_FN(gcm_xor)
#else
#define TW_GCM_FIELDS_
#endif

const arx_backend TW_CAT(TW_CAT(TW_CIPHER, _), TW_ISA) = {
    TW_ISA_NAME, TW_REQUIRES, (unsigned)TW_BATCH, TW_FN(encrypt), TW_FN(decrypt), TW_FN(ctr_xor) TW_MANY_FIELDS_
    TW_GCM_FIELDS_};
#undef TW_GCM_FIELDS_
#endif /* !TW_GCM_ONLY */

/* ---- stitched GCM (SPECK-128, SIMON-128 on AVX2) --------------------------
 * <family>_gcm_avx2clmul.c defines TW_GCM_ONLY and includes the family's
 * AVX2 file, so this instance is built with VPCLMULQDQ and writes only the
 * gcm_xor above, through ../modes/gcm_stitch_avx2.h. Block: y (bytes 0..7)
 * then x (8..15), little-endian; x's counter half as a big-endian value is
 * (bytes 8..11) << 32 | the inc32 low word, so each batch's counter halves
 * are one 32-bit-lane add to it (the low word wraps alone, as inc32 says,
 * without a branch on its value), then the family's CTR words (SPECK's
 * first round folded in, as in ctr_xor). */
#if defined(TW_GCM_ONLY) && TW_W == 64 && TW_VBITS == 256
typedef struct {
    V c[TW_CTR_NCONSTS_];
    V offs[TW_PAIRS];
    uint64_t hi; /* bytes 8..11, in the high half */
} TW_FN(gcm_ctx);
typedef struct {
    V x[TW_PAIRS], y[TW_PAIRS];
} TW_FN(gcm_state);
ARX_INLINE void TW_FN(gcm_ctx_init)(const TW_KS *ks, TW_FN(gcm_ctx) * c, const uint8_t ctr[16]) {
    TW_CTR_CONSTS_(ks, TW_LOAD_LE(ctr), c->c);
    for (int j = 0; j < TW_PAIRS; j++)
        c->offs[j] = TW_ADD(TW_W, TW_CTR_OFFSETS(TW_W), TW_SET1(TW_W, TW_BPP * (size_t)j));
    c->hi = (uint64_t)arx_load32_be(ctr + 8) << 32;
}
ARX_INLINE void TW_FN(gcm_begin)(const TW_FN(gcm_ctx) * c, TW_FN(gcm_state) * st, uint32_t low) {
    const V base = TW_SET1(TW_W, c->hi | low);
    TW_PAIR_LOOP for (int j = 0; j < TW_PAIRS; j++)
        TW_CTR_WORDS_(c->c, TW_ADD(32, base, c->offs[j]), st->x[j], st->y[j]);
}
ARX_INLINE void TW_FN(gcm_store)(TW_FN(gcm_state) * st, uint8_t *out, const uint8_t *in) {
    TW_PAIR_LOOP for (int j = 0; j < TW_PAIRS; j++) {
        V a, b;
        TW_JOIN(st->x[j], st->y[j], &a, &b);
        TW_STORE(out + 2 * TW_VBYTES * j, TW_XOR(a, TW_LOAD(in + 2 * TW_VBYTES * j)));
        TW_STORE(out + 2 * TW_VBYTES * j + TW_VBYTES, TW_XOR(b, TW_LOAD(in + 2 * TW_VBYTES * j + TW_VBYTES)));
    }
}
#define GS_FN TW_FN(gcm_xor)
#define GS_KS TW_KS
#define GS_BLOCKS TW_BATCH
#ifndef TW_GCM_GROUP
#define TW_GCM_GROUP 4
#endif
#define GS_GROUP TW_GCM_GROUP
#define GS_CTX TW_FN(gcm_ctx)
#define GS_STATE TW_FN(gcm_state)
#define GS_CTX_INIT(ks, c, ctr) TW_FN(gcm_ctx_init)(ks, c, ctr)
#define GS_BEGIN(ks, c, st, low) TW_FN(gcm_begin)(c, st, low)
#define GS_FIRST_ROUND(ks) ((unsigned)TW_CTR_FIRST_ROUND_)
#define GS_NROUNDS(ks) TW_NROUNDS(ks)
#define GS_ROUND_ALIGN 2
#define GS_ROUNDS(ks, st, first, end) TW_FN(enc_rounds_k)((ks)->rk, NULL, (end), (first), (st)->x, (st)->y, TW_PAIRS)
#define GS_STORE(st, out, in) TW_FN(gcm_store)(st, out, in)
#include "../modes/gcm_stitch_avx2.h"
#endif

#undef TW_FN
#undef TW_PASS_BYTES
#undef TW_NROUNDS
#undef TW_ROUND_LOOP
#undef TW_PAIR_LOOP
#undef TW_BB
#undef TW_BPP
#undef TW_BATCH
#undef TW_SPLIT
#undef TW_JOIN
#undef TW_WORD
#undef TW_LOAD_BE
#undef TW_STORE_BE
#undef TW_LOAD_LE
#undef TW_NARROW_FN
#undef TW_TAIL_CTR
#undef TW_ECB_4_
#undef TW_ECB_
#undef TW_HALF_
#undef TW_RK_
#undef TW_MANY_FIELDS_
#undef TW_CTR_NCONSTS_
#undef TW_CTR_CONSTS_
#undef TW_CTR_WORDS_
#undef TW_CTR_FIRST_ROUND_
#undef TW_CIPHER
#undef TW_W
#undef TW_KS
#undef TW_REQUIRES
#endif /* TW_W */
