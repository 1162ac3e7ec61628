/*
 * LEA on AVX2: the kernels of lea_simd.h over 256-bit vectors, 8 blocks per
 * batch, three batches interleaved (two for decryption). AVX2 has no rotate:
 * each is two shifts and an OR (ROL9, ROR5 and ROR3 are not byte multiples,
 * so vpshufb does not apply); the counter byte swap is one vpshufb. Tails of
 * up to 4 blocks run in xmm, with vpmaskmovd loads and stores. Included by
 * lea_avx2.c (the backend) and by lea_gcm_avx2clmul.c (stitched GCM); only
 * files compiled with at least -mavx2 may include it.
 */
#ifndef ARX_LEA_AVX2_H
#define ARX_LEA_AVX2_H

#if !defined(__AVX2__)
#error "lea_avx2.h needs -mavx2"
#endif

#include <immintrin.h>
#include <string.h>

#include "lea.h"

/* AVX2 masked loads/stores (vpmaskmovd) for tails: element e of vector q of a
 * k-block tail is live when e < 4k - (lanes of one vector) * q. */
#define LEA_AVX2_TAIL_MASK256(k, q) _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(4 * (k)) - 8 * (q)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))
#define LEA_AVX2_TAIL_MASK128(k, q) _mm_cmpgt_epi32(_mm_set1_epi32((int)(4 * (k)) - 4 * (q)), _mm_setr_epi32(0, 1, 2, 3))
#define LEA_AVX2_BSWAP_IDX 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203

#if ARX_MSAN
/* MemorySanitizer (clang 14) does not model vpmaskmovd: stores through it
 * look like no write at all, loads like fully defined data. The MSan build
 * moves the same live elements (4k - lanes * q, clamped) with memcpy. */
static inline size_t lea_avx2_msan_lanes(long long k, long long q, long long lanes) {
    long long n = 4 * k - lanes * q;
    return (size_t)(n < 0 ? 0 : n > lanes ? lanes : n);
}
static inline __m128i lea_avx2_msan_load128(const void *p, size_t n) {
    uint32_t t[4] = {0};
    memcpy(t, p, 4 * n);
    return _mm_loadu_si128((const __m128i *)(const void *)t);
}
static inline void lea_avx2_msan_store128(void *p, size_t n, __m128i v) {
    uint32_t t[4];
    _mm_storeu_si128((__m128i *)(void *)t, v);
    memcpy(p, t, 4 * n);
}
static inline __m256i lea_avx2_msan_load256(const void *p, size_t n) {
    uint32_t t[8] = {0};
    memcpy(t, p, 4 * n);
    return _mm256_loadu_si256((const __m256i *)(const void *)t);
}
static inline void lea_avx2_msan_store256(void *p, size_t n, __m256i v) {
    uint32_t t[8];
    _mm256_storeu_si256((__m256i *)(void *)t, v);
    memcpy(p, t, 4 * n);
}
#endif

/* ---- 4 blocks in xmm (VEX-encoded): tails of 1..4 blocks ---- */
#define LV __m128i
#define LV_LANES 4
#define LV_FN(name) lea_avx2_x4_##name
#define LV_XOR _mm_xor_si128
#define LV_ADD _mm_add_epi32
#define LV_SUB _mm_sub_epi32
#define LV_ROL(x, r) _mm_or_si128(_mm_slli_epi32((x), (r)), _mm_srli_epi32((x), 32 - (r)))
#define LV_ROR(x, r) _mm_or_si128(_mm_srli_epi32((x), (r)), _mm_slli_epi32((x), 32 - (r)))
#define LV_SET1(x) _mm_set1_epi32((int)(x))
#define LV_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define LV_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define LV_UNPACKLO32 _mm_unpacklo_epi32
#define LV_UNPACKHI32 _mm_unpackhi_epi32
#define LV_UNPACKLO64 _mm_unpacklo_epi64
#define LV_UNPACKHI64 _mm_unpackhi_epi64
#define LV_BSWAP32(v) _mm_shuffle_epi8((v), _mm_set_epi32(LEA_AVX2_BSWAP_IDX))
#define LV_CTR_OFFSETS _mm_setr_epi32(0, 1, 2, 3)
#if ARX_MSAN
#define LV_MASK_LOAD(p, k, q) lea_avx2_msan_load128((p), lea_avx2_msan_lanes((k), (q), 4))
#define LV_MASK_STORE(p, k, q, v) lea_avx2_msan_store128((p), lea_avx2_msan_lanes((k), (q), 4), (v))
#else
#define LV_MASK_LOAD(p, k, q) _mm_maskload_epi32((const int *)(const void *)(p), LEA_AVX2_TAIL_MASK128((k), (q)))
#define LV_MASK_STORE(p, k, q, v) _mm_maskstore_epi32((int *)(void *)(p), LEA_AVX2_TAIL_MASK128((k), (q)), (v))
#endif
#define LV_ENC_NB 1
#define LV_DEC_NB 1
#include "lea_simd.h"

/* ---- 8 blocks in ymm: the backend ---- */
#define LV __m256i
#define LV_LANES 8
#define LV_FN(name) lea_avx2_##name
#define LV_HALF(name) lea_avx2_x4_##name
#define LV_XOR _mm256_xor_si256
#define LV_ADD _mm256_add_epi32
#define LV_SUB _mm256_sub_epi32
#define LV_ROL(x, r) _mm256_or_si256(_mm256_slli_epi32((x), (r)), _mm256_srli_epi32((x), 32 - (r)))
#define LV_ROR(x, r) _mm256_or_si256(_mm256_srli_epi32((x), (r)), _mm256_slli_epi32((x), 32 - (r)))
#define LV_SET1(x) _mm256_set1_epi32((int)(x))
#define LV_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define LV_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define LV_SHL _mm256_slli_epi32
#define LV_SHR _mm256_srli_epi32
#define LV_OR _mm256_or_si256
#define LV_SHLV _mm256_sllv_epi32
#define LV_SHRV _mm256_srlv_epi32
#define LV_UNPACKLO32 _mm256_unpacklo_epi32
#define LV_UNPACKHI32 _mm256_unpackhi_epi32
#define LV_UNPACKLO64 _mm256_unpacklo_epi64
#define LV_UNPACKHI64 _mm256_unpackhi_epi64
#define LV_BSWAP32(v) _mm256_shuffle_epi8((v), _mm256_set_epi32(LEA_AVX2_BSWAP_IDX, LEA_AVX2_BSWAP_IDX))
#define LV_CTR_OFFSETS _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)
#if ARX_MSAN
#define LV_MASK_LOAD(p, k, q) lea_avx2_msan_load256((p), lea_avx2_msan_lanes((k), (q), 8))
#define LV_MASK_STORE(p, k, q, v) lea_avx2_msan_store256((p), lea_avx2_msan_lanes((k), (q), 8), (v))
#else
#define LV_MASK_LOAD(p, k, q) _mm256_maskload_epi32((const int *)(const void *)(p), LEA_AVX2_TAIL_MASK256((k), (q)))
#define LV_MASK_STORE(p, k, q, v) _mm256_maskstore_epi32((int *)(void *)(p), LEA_AVX2_TAIL_MASK256((k), (q)), (v))
#endif
/* Batches interleaved, measured on Zen 4 (LEA-128, 16 KiB, core cycles/byte):
 * encrypt 1: 1.20, 2: 0.98, 3: 0.96; decrypt 1: 1.64, 2: 1.08, 3: 1.23
 * (three decryption batches spill out of the 16 ymm registers). */
#define LV_ENC_NB 3
/* XTS encryption: four batches a step (32 blocks: a 4 KiB sector is 8 whole
 * steps) with the tweaks parked in memory during the rounds (lea_simd.h;
 * LV_XTS_PARK bit 0), so the rounds' state keeps the 16 ymm registers.
 * LEA-128, 4 KiB sectors, xts/ecb on Zen 4: 2 batches in registers 1.110,
 * 2 parked 1.100, 3 parked 1.111, 4 parked 1.056. Decryption keeps two
 * batches in registers (1.072; 4 parked 1.078, 3 parked 1.23). */
#ifndef LEA_AVX2_XTS_ENC_NB
#define LEA_AVX2_XTS_ENC_NB 4
#endif
#define LV_XTS_ENC_NB LEA_AVX2_XTS_ENC_NB
#ifndef LEA_AVX2_XTS_PARK
#define LEA_AVX2_XTS_PARK 1
#endif
#define LV_XTS_PARK LEA_AVX2_XTS_PARK
#define LV_DEC_NB 2
#ifdef LEA_AVX2_XTS_DEC_NB
#define LV_XTS_DEC_NB LEA_AVX2_XTS_DEC_NB
#endif
#include "lea_simd.h"

#undef LEA_AVX2_BSWAP_IDX

#endif
