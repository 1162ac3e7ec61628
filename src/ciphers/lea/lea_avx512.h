/*
 * LEA on AVX-512 (F + BW + VL): 16 blocks per batch in zmm, four batches
 * interleaved; tails of up to 8 and up to 4 blocks in ymm and xmm, all with
 * vprold/vprord, masked loads and stores, and vpshufb for the counter byte
 * swap. Included by lea_avx512.c (the backend) and by any AVX-512 file that
 * wants LEA's counter keystream inline, such as a stitched LEA-GCM kernel.
 * Only files compiled with CMake's AVX-512 flags may include it.
 *
 * ---- counter-mode entry points (for GCM stitching) -------------------------
 *
 *   lea_ctr_pre pc;
 *   lea_ctr_precompute(ks, cb, &pc);        (lea.h: portable, once a message)
 *   lea_avx512_ctr64_xor(ks, &pc, ctr_low, out, in);   ... then
 *   lea_avx512_ctr_run(ks, &pc, ctr_low, out, in, m);  for what is left
 *   arx_wipe(&pc, sizeof pc);
 *
 * lea_avx512_ctr16_xor: out[i] = in[i] XOR LEA_K(CB_i) for the 16 blocks
 * i = 0..15, 16 bytes each, where CB_i has bytes 0..11 equal to cb[0..11] as
 * given to lea_ctr_precompute and bytes 12..15 the big-endian word
 * (ctr_low + i) mod 2^32. That is SP 800-38D inc32: one precomputation
 * serves a whole GCM message however far the low word runs, wrap included.
 * (A whole-block 128-bit counter carries into byte 11 at the wrap and so needs
 * a new precomputation there: lea_avx512_ctr_xor does that.)
 *   - ks: the LEA key schedule (lea-128/192/256; rounds taken from ks).
 *   - in, out: no alignment; out == in allowed, other overlap not.
 *   - constant time; reads ks->rk[0..rounds-1], *pc and in; writes only out.
 *   - the keystream stays in registers; the caller wipes pc when done.
 * lea_avx512_ctr32_xor, lea_avx512_ctr64_xor: the same for 32 or 64 blocks
 * (512 or 1024 bytes), two or four 16-block batches interleaved. On Zen 4 one
 * batch alone runs about 15% slower than four (dependency chains), so a
 * stitched loop should take 64 blocks a step, as the backend does.
 * lea_avx512_ctr_run: the same for any m >= 0 blocks (64-block steps, then
 * 16, then one masked batch of 1..15 in the narrowest width that holds it);
 * reads and writes exactly 16m bytes.
 * lea_avx512_ctr16_keystream: the keystream of the 16 blocks of
 * lea_avx512_ctr16_xor in block order, ks_out[q] = blocks 4q..4q+3 (the byte
 * order of memory), for a caller that XORs and hashes from registers.
 */
#ifndef ARX_LEA_AVX512_H
#define ARX_LEA_AVX512_H

#if !defined(__AVX512F__) || !defined(__AVX512BW__)
#error "lea_avx512.h needs -mavx512f -mavx512bw (CMake's ARX_ISA_FLAGS_avx512)"
#endif

#include <immintrin.h>
#include <string.h>

#include "lea.h"
#include "../../simd_msan.h"

/* Mask of the 32-bit elements of vector q of a k-block tail (k < 16) in a
 * batch of `lanes` blocks, vector q holding blocks q*lanes/4 ...: the elements
 * of the first k blocks. Masked-off elements are neither read nor written. */
ARX_INLINE uint32_t lea_avx512_tail_mask(size_t k, int q, int lanes) {
    return (uint32_t)((((uint64_t)1 << (4 * k)) - 1) >> (lanes * q)) & (uint32_t)((1u << lanes) - 1);
}

/* Every width has vprold/vprord and masked loads (AVX-512VL below 512 bits)
 * and vpshufb for the counter byte swap: index bytes 3,2,1,0 of each word. */
#define LEA_AVX512_BSWAP_IDX 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203

/* ---- 4 blocks in xmm: tails of 1..4 blocks ---- */
#define LV __m128i
#define LV_LANES 4
#define LV_FN(name) lea_avx512_x4_##name
#define LV_XOR _mm_xor_si128
#define LV_ADD _mm_add_epi32
#define LV_SUB _mm_sub_epi32
#define LV_ROL _mm_rol_epi32
#define LV_ROR _mm_ror_epi32
#define LV_SET1(x) _mm_set1_epi32((int)(x))
#define LV_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define LV_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define LV_UNPACKLO32 _mm_unpacklo_epi32
#define LV_UNPACKHI32 _mm_unpackhi_epi32
#define LV_UNPACKLO64 _mm_unpacklo_epi64
#define LV_UNPACKHI64 _mm_unpackhi_epi64
#define LV_BSWAP32(v) _mm_shuffle_epi8((v), _mm_set_epi32(LEA_AVX512_BSWAP_IDX))
#define LV_CTR_OFFSETS _mm_setr_epi32(0, 1, 2, 3)
#define LV_MASK_LOAD(p, k, q) _mm_maskz_loadu_epi32((__mmask8)lea_avx512_tail_mask((k), (q), 4), (const void *)(p))
#define LV_MASK_STORE(p, k, q, v) _mm_mask_storeu_epi32((void *)(p), (__mmask8)lea_avx512_tail_mask((k), (q), 4), (v))
#define LV_ENC_NB 1
#define LV_DEC_NB 1
#include "lea_simd.h"

/* ---- 8 blocks in ymm: tails of 5..8 blocks ---- */
#define LV __m256i
#define LV_LANES 8
#define LV_FN(name) lea_avx512_x8_##name
#define LV_HALF(name) lea_avx512_x4_##name
#define LV_XOR _mm256_xor_si256
#define LV_ADD _mm256_add_epi32
#define LV_SUB _mm256_sub_epi32
#define LV_ROL _mm256_rol_epi32
#define LV_ROR _mm256_ror_epi32
#define LV_SET1(x) _mm256_set1_epi32((int)(x))
#define LV_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define LV_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define LV_UNPACKLO32 _mm256_unpacklo_epi32
#define LV_UNPACKHI32 _mm256_unpackhi_epi32
#define LV_UNPACKLO64 _mm256_unpacklo_epi64
#define LV_UNPACKHI64 _mm256_unpackhi_epi64
#define LV_BSWAP32(v) _mm256_shuffle_epi8((v), _mm256_set_epi32(LEA_AVX512_BSWAP_IDX, LEA_AVX512_BSWAP_IDX))
#define LV_CTR_OFFSETS _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)
#define LV_MASK_LOAD(p, k, q) _mm256_maskz_loadu_epi32((__mmask8)lea_avx512_tail_mask((k), (q), 8), (const void *)(p))
#define LV_MASK_STORE(p, k, q, v) _mm256_mask_storeu_epi32((void *)(p), (__mmask8)lea_avx512_tail_mask((k), (q), 8), (v))
#define LV_ENC_NB 1
#define LV_DEC_NB 1
#include "lea_simd.h"

/* ---- 16 blocks in zmm: the backend ---- */
#define LV __m512i
#define LV_LANES 16
#define LV_FN(name) lea_avx512_##name
#define LV_HALF(name) lea_avx512_x8_##name
#define LV_XOR _mm512_xor_si512
#define LV_ADD _mm512_add_epi32
#define LV_SUB _mm512_sub_epi32
#define LV_ROL _mm512_rol_epi32
#define LV_ROR _mm512_ror_epi32
#define LV_SET1(x) _mm512_set1_epi32((int)(x))
#define LV_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define LV_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define LV_SHL _mm512_slli_epi32
#define LV_SHR _mm512_srli_epi32
#define LV_SHLV _mm512_sllv_epi32
#if !ARX_MSAN /* MemorySanitizer (clang 14) does not model vpermt2w: shifts there */
/* XTS's 16-bit carry between words: 16-bit element 2e of the result is word
 * 2e+1 of b (b's high half), element 2e+1 is word 2e of a (a's low half):
 * one vpermt2w (AVX512BW) instead of two shifts and an OR. */
#define LV_XTS_PAIR(a, b)                                                                          \
    _mm512_permutex2var_epi16((b),                                                                 \
                              _mm512_set_epi16(62, 31, 60, 29, 58, 27, 56, 25, 54, 23, 52, 21, 50, 19, 48, 17, \
                                               46, 15, 44, 13, 42, 11, 40, 9, 38, 7, 36, 5, 34, 3, 32, 1),     \
                              (a))
#endif
#define LV_SHRV _mm512_srlv_epi32
#define LV_OR _mm512_or_si512
#define LV_UNPACKLO32 _mm512_unpacklo_epi32
#define LV_UNPACKHI32 _mm512_unpackhi_epi32
#define LV_UNPACKLO64 _mm512_unpacklo_epi64
#define LV_UNPACKHI64 _mm512_unpackhi_epi64
#define LV_BSWAP32(v) _mm512_shuffle_epi8((v), _mm512_set4_epi32(LEA_AVX512_BSWAP_IDX))
#define LV_CTR_OFFSETS _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15)
#define LV_MASK_LOAD(p, k, q) _mm512_maskz_loadu_epi32((__mmask16)lea_avx512_tail_mask((k), (q), 16), (const void *)(p))
#define LV_MASK_STORE(p, k, q, v) _mm512_mask_storeu_epi32((void *)(p), (__mmask16)lea_avx512_tail_mask((k), (q), 16), (v))
/* Batches interleaved per loop step, measured on Zen 4 (LEA-128, 16 KiB, core
 * cycles/byte, see lea_simd.h for the bound): encrypt/CTR 1: 0.69/0.72,
 * 2: 0.65/0.63, 3: 0.63/0.62, 4: 0.62/0.60; decrypt 2: 0.84, 3: 0.76, 4: 0.70,
 * 6: 0.70. Four batches use 16 of the 32 zmm registers for state and still
 * leave room for round keys and temporaries. */
#define LV_ENC_NB 4
#define LV_DEC_NB 4
/* XTS: the step's XORs as vpternlogd; four batches a step with the tweaks
 * in registers (LEA-128, 4 KiB sectors, xts/ecb: 1.10; parked in memory
 * 1.11, merged into round 0's key XORs by ternlog 1.14, three batches 1.14,
 * six or eight parked 1.19-1.28). */
#define LV_XOR3(a, b, c) ARX_TERNLOG_EPI32((a), (b), (c), 0x96)
#include "lea_simd.h"

#undef LEA_AVX512_BSWAP_IDX

ARX_INLINE void lea_avx512_ctr16_keystream(const lea_ks *ks, const lea_ctr_pre *pc, uint32_t ctr_low,
                                           __m512i ks_out[4]) {
    __m512i s[1][4];
    lea_avx512_ctr_keystream(ks, pc, ctr_low, s, 1);
    for (int q = 0; q < 4; q++) ks_out[q] = s[0][q];
}

ARX_INLINE void lea_avx512_ctr16_xor(const lea_ks *ks, const lea_ctr_pre *pc, uint32_t ctr_low, uint8_t *out,
                                     const uint8_t *in) {
    lea_avx512_ctr_batches(ks, pc, ctr_low, out, in, 1);
}

ARX_INLINE void lea_avx512_ctr32_xor(const lea_ks *ks, const lea_ctr_pre *pc, uint32_t ctr_low, uint8_t *out,
                                     const uint8_t *in) {
    lea_avx512_ctr_batches(ks, pc, ctr_low, out, in, 2);
}

ARX_INLINE void lea_avx512_ctr64_xor(const lea_ks *ks, const lea_ctr_pre *pc, uint32_t ctr_low, uint8_t *out,
                                     const uint8_t *in) {
    lea_avx512_ctr_batches(ks, pc, ctr_low, out, in, 4);
}

#endif
