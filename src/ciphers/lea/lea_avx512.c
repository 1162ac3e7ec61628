/*
 * LEA backend for AVX-512 (F + BW + VL): the kernels of lea_simd.h over
 * 512-bit vectors, 16 blocks per batch, four batches interleaved, tails in
 * ymm and xmm (lea_avx512.h); and the lane-per-message counter mode of
 * lea_many_simd.h, 16 messages per call.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include "lea_avx512.h"

/* ---- multi-message (issue 24): 16 lanes ---- */

/* m[0..15] as a 16 x 16 matrix of words, transposed: unpacks inside 128-bit
 * lanes leave u[4i + j] with, in its lane k, column 4k + j of rows 4i..4i+3;
 * two rounds of vshufi32x4 then gather those four lanes of each column. */
ARX_INLINE void lea_avx512_transpose16(__m512i m[16]) {
    __m512i t[16], u[16];
    for (int i = 0; i < 8; i++) {
        t[2 * i] = _mm512_unpacklo_epi32(m[2 * i], m[2 * i + 1]);
        t[2 * i + 1] = _mm512_unpackhi_epi32(m[2 * i], m[2 * i + 1]);
    }
    for (int i = 0; i < 4; i++) {
        u[4 * i + 0] = _mm512_unpacklo_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 1] = _mm512_unpackhi_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 2] = _mm512_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);
        u[4 * i + 3] = _mm512_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
    }
    for (int j = 0; j < 4; j++) {
        __m512i p0 = _mm512_shuffle_i32x4(u[j], u[4 + j], 0x88), p1 = _mm512_shuffle_i32x4(u[j], u[4 + j], 0xdd);
        __m512i q0 = _mm512_shuffle_i32x4(u[8 + j], u[12 + j], 0x88), q1 = _mm512_shuffle_i32x4(u[8 + j], u[12 + j], 0xdd);
        m[0 + j] = _mm512_shuffle_i32x4(p0, q0, 0x88);
        m[8 + j] = _mm512_shuffle_i32x4(p0, q0, 0xdd);
        m[4 + j] = _mm512_shuffle_i32x4(p1, q1, 0x88);
        m[12 + j] = _mm512_shuffle_i32x4(p1, q1, 0xdd);
    }
}

#define LM_VBITS 512
#define LM_FN(name) lea_avx512_##name
#define LM_ROL _mm512_rol_epi32
#define LM_ROR _mm512_ror_epi32
#define LM_TRANSPOSE lea_avx512_transpose16
/* Batches interleaved, measured on Zen 4 (TSC cycles/byte, lea-128, 64 jobs
 * under 16 keys, GCM 64 B / CTR 1 KiB): 2: 2.29 / 0.63, 3: 2.15 / 0.60,
 * 4: 2.15 / 0.59. */
#define LM_NB 4
#include "lea_many_simd.h"

const arx_backend lea_avx512_backend = {
    "avx512", ARX_REQ_AVX512, 16, lea_avx512_encrypt, lea_avx512_decrypt, lea_avx512_ctr_xor, lea_avx512_gcm_xor,
    lea_avx512_xts_xor,
    .many_lanes = 16, .ctr_many = lea_avx512_ctr_many,
    .xts_sectors = lea_avx512_xts_sectors,
};
#else
typedef int lea_avx512_not_built; /* ISO C: no empty translation unit */
#endif
