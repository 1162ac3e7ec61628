/*
 * The SSE2 vocabulary for lea_simd.h, included by lea_sse2.c once per
 * instance after it has named the instance (LV_FN) and, for the
 * pre-broadcast one, the key view (LV_KS ...). No include guard: lea_simd.h
 * #undefs the vocabulary at its end, so each instance defines it again.
 */
#define LV __m128i
#define LV_LANES 4
#define LV_XOR _mm_xor_si128
#define LV_ADD _mm_add_epi32
#define LV_SUB _mm_sub_epi32
#define LV_ROL(x, r) _mm_or_si128(_mm_slli_epi32((x), (r)), _mm_srli_epi32((x), 32 - (r)))
#define LV_ROR(x, r) _mm_or_si128(_mm_srli_epi32((x), (r)), _mm_slli_epi32((x), 32 - (r)))
#define LV_SHL _mm_slli_epi32
#define LV_SHR _mm_srli_epi32
#define LV_OR _mm_or_si128
#define LV_SET1(x) _mm_set1_epi32((int)(x))
#define LV_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define LV_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define LV_UNPACKLO32 _mm_unpacklo_epi32
#define LV_UNPACKHI32 _mm_unpackhi_epi32
#define LV_UNPACKLO64 _mm_unpacklo_epi64
#define LV_UNPACKHI64 _mm_unpackhi_epi64
#define LV_BSWAP32 lea_sse2_bswap32
#define LV_CTR_OFFSETS _mm_setr_epi32(0, 1, 2, 3)

/* Batches interleaved, measured on Zen 4 (LEA-128, 16 KiB, core cycles/byte):
 * encrypt 1: 2.80, 2: 2.34, 3: 2.16; decrypt 1: 3.32, 2: 2.45, 3: 2.38. */
#ifndef LEA_SSE2_NB
#define LEA_SSE2_NB 3
#endif
#define LV_ENC_NB LEA_SSE2_NB
#define LV_DEC_NB LEA_SSE2_NB
/* XTS (docs/PERFORMANCE.md "XTS"; LEA-128, 4 KiB sectors, xts/ecb on Zen 4):
 * the tweaks parked in memory during the rounds (lea_simd.h; bit 0
 * encryption, bit 1 decryption), and decryption two batches a step:
 * decrypt 3 batches 1.108, 4: 1.051, 2: 1.040; encrypt 3: 1.09-1.11,
 * 4: 1.133, 2: 1.138; unparked, 4 batches: 1.157 / 1.061. */
#ifndef LEA_SSE2_XTS_PARK
#define LEA_SSE2_XTS_PARK 3
#endif
#define LV_XTS_PARK LEA_SSE2_XTS_PARK
#ifndef LEA_SSE2_XTS_DEC_NB
#define LEA_SSE2_XTS_DEC_NB 2
#endif
#define LV_XTS_DEC_NB LEA_SSE2_XTS_DEC_NB

#include "lea_simd.h"
