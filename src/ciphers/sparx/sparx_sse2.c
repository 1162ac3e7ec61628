/*
 * SPARX, SSE2: 8 blocks per batch, word-sliced in 16-bit lanes (see the
 * kernels in sparx.h). SSE2 has no rotate: two shifts and an OR. The
 * narrowest x86 backend: its tails run as one zero-padded batch.
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
#define V_XOR3(a, b, c) _mm_xor_si128(_mm_xor_si128((a), (b)), (c))
#define V_ADD16 _mm_add_epi16
#define V_SUB16 _mm_sub_epi16
#define V_SET1_16(x) _mm_set1_epi16((short)(x))
#define V_ROL16(x, n) _mm_or_si128(_mm_slli_epi16((x), (n)), _mm_srli_epi16((x), 16 - (n)))
#define V_UNPACKLO16 _mm_unpacklo_epi16
#define V_UNPACKHI16 _mm_unpackhi_epi16
#define V_UNPACKLO32 _mm_unpacklo_epi32
#define V_UNPACKHI32 _mm_unpackhi_epi32
#define V_UNPACKLO64 _mm_unpacklo_epi64
#define V_UNPACKHI64 _mm_unpackhi_epi64

/* Two SPARX-64 batches side by side (see sparx_avx2.c). */
#define SPARX64_INTERLEAVE 2
#define SPARX_ISA sse2
#define SPARX_ISA_NAME "sse2"
#define SPARX_ISA_REQUIRES ARX_REQ_SSE2
#define SPARX_PADDED_TAILS 1
#include "sparx.h"

#endif
