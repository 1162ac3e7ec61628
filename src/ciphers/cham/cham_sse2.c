/*
 * CHAM, SSE2: 8 CHAM-64 or 4 CHAM-128 blocks per batch, word-sliced (see the
 * kernels in cham.h). SSE2 has no rotate and no byte shuffle: rotations are
 * two shifts and an OR, except ROL32 by 16 (pshuflw + pshufhw). The narrowest
 * x86 backend: its tails run as one zero-padded batch.
 */
#include "cipher.h"
#if ARX_X86_SIMD
#include <immintrin.h>

#define V __m128i
#define VB 16
#define V_LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STOREU(p, x) _mm_storeu_si128((__m128i *)(void *)(p), (x))
#define V_ROW(row) _mm_load_si128((const __m128i *)(const void *)(row))
#define V_XOR _mm_xor_si128
#define V_ADD16 _mm_add_epi16
#define V_SUB16 _mm_sub_epi16
#define V_ADD32 _mm_add_epi32
#define V_SUB32 _mm_sub_epi32
#define V_SET1_16(x) _mm_set1_epi16((short)(x))
#define V_SET1_32(x) _mm_set1_epi32((int)(x))
#define V_ROL16(x, n) _mm_or_si128(_mm_slli_epi16((x), (n)), _mm_srli_epi16((x), 16 - (n)))
#define V_ROL32(x, n)                                                                              \
    ((n) == 16 ? _mm_shufflehi_epi16(_mm_shufflelo_epi16((x), 0xB1), 0xB1)                         \
               : _mm_or_si128(_mm_slli_epi32((x), (n)), _mm_srli_epi32((x), 32 - (n))))
#define V_BSWAP32(x) V_ROL32(V_ROL16((x), 8), 16)
#define V_UNPACKLO16 _mm_unpacklo_epi16
#define V_UNPACKHI16 _mm_unpackhi_epi16
#define V_UNPACKLO32 _mm_unpacklo_epi32
#define V_UNPACKHI32 _mm_unpackhi_epi32
#define V_UNPACKLO64 _mm_unpacklo_epi64
#define V_UNPACKHI64 _mm_unpackhi_epi64

/* Two batches side by side, four for decryption (see cham_avx2.c). */
#define CHAM_INTERLEAVE 2
#define CHAM_INTERLEAVE_DEC 4
#define CHAM_ISA sse2
#define CHAM_ISA_NAME "sse2"
#define CHAM_ISA_REQUIRES ARX_REQ_SSE2
#define CHAM_PADDED_TAILS 1
#include "cham.h"

#endif
