/*
 * CHAM, AVX2: 16 CHAM-64 or 8 CHAM-128 blocks per batch, word-sliced (see the
 * kernels in cham.h). Rotations by whole bytes are one vpshufb; the others
 * two shifts and an OR. Tails go to the SSE2 kernels.
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
#define V_ADD16 _mm256_add_epi16
#define V_SUB16 _mm256_sub_epi16
#define V_ADD32 _mm256_add_epi32
#define V_SUB32 _mm256_sub_epi32
#define V_SET1_16(x) _mm256_set1_epi16((short)(x))
#define V_SET1_32(x) _mm256_set1_epi32((int)(x))
#define V_SHUF8(x, a, b, c, d)                                                                     \
    _mm256_shuffle_epi8((x), _mm256_setr_epi8(a, b, c, d, a + 4, b + 4, c + 4, d + 4, a + 8, b + 8, \
                                              c + 8, d + 8, a + 12, b + 12, c + 12, d + 12, a, b,  \
                                              c, d, a + 4, b + 4, c + 4, d + 4, a + 8, b + 8,      \
                                              c + 8, d + 8, a + 12, b + 12, c + 12, d + 12))
#define V_ROL16(x, n)                                                                              \
    ((n) == 8 ? V_SHUF8((x), 1, 0, 3, 2)                                                           \
              : _mm256_or_si256(_mm256_slli_epi16((x), (n)), _mm256_srli_epi16((x), 16 - (n))))
#define V_ROL32(x, n)                                                                              \
    ((n) == 8    ? V_SHUF8((x), 3, 0, 1, 2)                                                        \
     : (n) == 16 ? V_SHUF8((x), 2, 3, 0, 1)                                                        \
     : (n) == 24 ? V_SHUF8((x), 1, 2, 3, 0)                                                        \
                 : _mm256_or_si256(_mm256_slli_epi32((x), (n)), _mm256_srli_epi32((x), 32 - (n))))
#define V_BSWAP32(x) V_SHUF8((x), 3, 2, 1, 0)
#define V_UNPACKLO16 _mm256_unpacklo_epi16
#define V_UNPACKHI16 _mm256_unpackhi_epi16
#define V_UNPACKLO32 _mm256_unpacklo_epi32
#define V_UNPACKHI32 _mm256_unpackhi_epi32
#define V_UNPACKLO64 _mm256_unpacklo_epi64
#define V_UNPACKHI64 _mm256_unpackhi_epi64

#define CHAM64_TAIL_ENC cham64_sse2_encrypt
#define CHAM64_TAIL_DEC cham64_sse2_decrypt
#define CHAM64_TAIL_CTR cham64_sse2_ctr
#define CHAM128_TAIL_ENC cham128_sse2_encrypt
#define CHAM128_TAIL_DEC cham128_sse2_decrypt
#define CHAM128_TAIL_CTR cham128_sse2_ctr

/* Two batches side by side, four for decryption (one serial chain per batch):
 * CHAM-128-128-legacy CTR 0.998 -> 0.873, ECB decrypt 2.11 -> 1.28 cpb. With 16
 * registers more spills. */
#define CHAM_INTERLEAVE 2
/* Lane-per-message CHAM-128 (cham.h, ../many_simd.h): batches interleaved. */
#define CHAM_MANY_NB 2
/* whose 256- and 384-byte CTR messages go alone (many.c: the lanes lost 1-3%) */
#define CHAM128_MANY_CTR_ALONE ARX_MANY_CTR_ALONE(256, 128)
#define CHAM_INTERLEAVE_DEC 4
/* Stitched CHAM-128-GCM: the backend points at cham128_avx2_gcm_xor, which
 * cham_gcm_avx2clmul.c writes. */
#define CHAM_GCM_AVX2
#define CHAM_ISA avx2
#define CHAM_ISA_NAME "avx2"
#define CHAM_ISA_REQUIRES ARX_REQ_AVX2
#include "cham.h"

#endif
