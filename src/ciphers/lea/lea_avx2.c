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

#define LM_VBITS 256
#define LM_FN(name) lea_avx2_##name
#define LM_ROL(x, r) _mm256_or_si256(_mm256_slli_epi32((x), (r)), _mm256_srli_epi32((x), 32 - (r)))
#define LM_ROR(x, r) _mm256_or_si256(_mm256_srli_epi32((x), (r)), _mm256_slli_epi32((x), 32 - (r)))
#define LM_TRANSPOSE lea_avx2_transpose8
#define LM_NB 2
#include "lea_many_simd.h"

const arx_backend lea_avx2_backend = {
    "avx2", ARX_REQ_AVX2, 8, lea_avx2_encrypt, lea_avx2_decrypt, lea_avx2_ctr_xor, lea_avx2_gcm_xor,
    lea_avx2_xts_xor,
    .many_lanes = 8, .ctr_many = lea_avx2_ctr_many ARX_MANY_CTR_ALONE(384, 128),
    .xts_sectors = lea_avx2_xts_sectors,
};
#else
typedef int lea_avx2_not_built; /* ISO C: no empty translation unit */
#endif
