/*
 * SPARX, AVX2: 16 blocks per batch, word-sliced in 16-bit lanes (see the
 * kernels in sparx.h). ROL 8 is one vpshufb; the other rotations two shifts
 * and an OR. Tails go to the SSE2 kernels.
 */
#include "cipher.h"
#if ARX_X86_SIMD
#include <immintrin.h>

#define V __m256i
#define VB 32
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STOREU(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), (x))
#define V_ROW(row) _mm256_set1_epi32((int)(row)[0])
#define V_XOR _mm256_xor_si256
#define V_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256((a), (b)), (c))
#define V_ADD16 _mm256_add_epi16
#define V_SUB16 _mm256_sub_epi16
#define V_SET1_16(x) _mm256_set1_epi16((short)(x))
#define V_ROL16(x, n)                                                                              \
    ((n) == 8 ? _mm256_shuffle_epi8((x), _mm256_set_epi64x(0x0e0f0c0d0a0b0809, 0x0607040502030001, \
                                                           0x0e0f0c0d0a0b0809, 0x0607040502030001)) \
              : _mm256_or_si256(_mm256_slli_epi16((x), (n)), _mm256_srli_epi16((x), 16 - (n))))
#define V_UNPACKLO16 _mm256_unpacklo_epi16
#define V_UNPACKHI16 _mm256_unpackhi_epi16
#define V_UNPACKLO32 _mm256_unpacklo_epi32
#define V_UNPACKHI32 _mm256_unpackhi_epi32
#define V_UNPACKLO64 _mm256_unpacklo_epi64
#define V_UNPACKHI64 _mm256_unpackhi_epi64

#define SPARX64_TAIL_ENC sparx64_sse2_encrypt
#define SPARX64_TAIL_DEC sparx64_sse2_decrypt
#define SPARX64_TAIL_CTR sparx64_sse2_ctr
#define SPARX128_TAIL_ENC sparx128_sse2_encrypt
#define SPARX128_TAIL_DEC sparx128_sse2_decrypt
#define SPARX128_TAIL_CTR sparx128_sse2_ctr

/* Two SPARX-64 batches side by side (CTR 0.985 -> 0.792 cpb); SPARX-128 (8
 * registers per batch) is fastest alone with 16 registers. */
#define SPARX64_INTERLEAVE 2
/* Lane-per-message SPARX-128 (sparx.h, ../many_simd.h): two many_simd.h
 * batches, one sliced state (8 of the 16 ymm). */
#define SPARX_MANY_NB 2
/* whose 256-byte CTR messages go alone (many.c: the lanes lost 5-6%) */
#define SPARX128_MANY_CTR_ALONE ARX_MANY_CTR_ALONE(256, 256)
/* Stitched SPARX-128-GCM: the backend points at sparx128_avx2_gcm_xor,
 * which sparx_gcm_avx2clmul.c writes. */
#define SPARX_GCM_AVX2
#define SPARX_ISA avx2
#define SPARX_ISA_NAME "avx2"
#define SPARX_ISA_REQUIRES ARX_REQ_AVX2
#include "sparx.h"

#endif
