/*
 * LEA backend for AVX2: the kernels of lea_simd.h over 256-bit vectors
 * (lea_avx2.h). Its gcm_xor, the stitched CTR + GHASH pass, is in
 * lea_gcm_avx2clmul.c: it needs VPCLMULQDQ, which this file's flags lack.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "lea_avx2.h"

/* ---- multi-message (issue 24): 8 lanes ---- */

/* m[0..7] as an 8 x 8 matrix of words, transposed: after the unpacks u[4i + j]
 * holds in its lane k column 4k + j of rows 4i..4i+3; vperm2i128 pairs them. */
static inline void lea_avx2_transpose8(__m256i m[8]) {
    __m256i t[8], u[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = _mm256_unpacklo_epi32(m[2 * i], m[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_epi32(m[2 * i], m[2 * i + 1]);
    }
    for (int i = 0; i < 2; i++) {
        u[4 * i + 0] = _mm256_unpacklo_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 1] = _mm256_unpackhi_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 2] = _mm256_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);
        u[4 * i + 3] = _mm256_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
    }
    for (int j = 0; j < 4; j++) {
        m[j] = _mm256_permute2x128_si256(u[j], u[4 + j], 0x20);
        m[4 + j] = _mm256_permute2x128_si256(u[j], u[4 + j], 0x31);
    }
}

#define LM __m256i
#define LM_LANES 8
#define LM_FN(name) lea_avx2_##name
#define LM_XOR _mm256_xor_si256
#define LM_ADD _mm256_add_epi32
#define LM_SUB _mm256_sub_epi32
#define LM_AND _mm256_and_si256
#define LM_ROL(x, r) _mm256_or_si256(_mm256_slli_epi32((x), (r)), _mm256_srli_epi32((x), 32 - (r)))
#define LM_ROR(x, r) _mm256_or_si256(_mm256_srli_epi32((x), (r)), _mm256_slli_epi32((x), 32 - (r)))
#define LM_SET1(x) _mm256_set1_epi32((int)(x))
#define LM_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define LM_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define LM_UNPACKLO32 _mm256_unpacklo_epi32
#define LM_UNPACKHI32 _mm256_unpackhi_epi32
#define LM_UNPACKLO64 _mm256_unpacklo_epi64
#define LM_UNPACKHI64 _mm256_unpackhi_epi64
#define LM_BSWAP32(v) _mm256_shuffle_epi8((v), _mm256_set_epi32(0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203, 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203))
#define LM_EQ0(v) _mm256_cmpeq_epi32((v), _mm256_setzero_si256())
#define LM_TRANSPOSE lea_avx2_transpose8
#define LM_LANE128(v, k) _mm256_extracti128_si256((v), (k))
#define LM_EACH128(F) F(0) F(1)
#define LM_NB 2
#include "lea_many_simd.h"

const arx_backend lea_avx2_backend = {
    "avx2", ARX_REQ_AVX2, 8, lea_avx2_encrypt, lea_avx2_decrypt, lea_avx2_ctr_xor, lea_avx2_gcm_xor,
    lea_avx2_xts_xor,
    .many_lanes = 8, .ctr_many = lea_avx2_ctr_many,
    .xts_sectors = lea_avx2_xts_sectors,
};
#else
typedef int lea_avx2_not_built; /* ISO C: no empty translation unit */
#endif
