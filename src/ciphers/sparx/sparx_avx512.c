/*
 * SPARX, AVX-512: 32 blocks per batch, word-sliced in 16-bit lanes (see the
 * kernels in sparx.h). Every rotation is one vpshldw (VBMI2); every
 * three-input XOR one vpternlogd; program rows are 32-bit broadcasts from
 * memory. Tails go to the AVX2 kernels.
 */
#include "cipher.h"
#if ARX_X86_SIMD
#include <immintrin.h>
#include "simd_msan.h"

#define V __m512i
#define VB 64
#define V_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define V_STOREU(p, x) _mm512_storeu_si512((void *)(p), (x))
#define V_ROW(row) _mm512_set1_epi32((int)(row)[0])
/* Copy u of the row for batch u of an interleaved group: loads the compiler
 * does not merge, so each folds into its instruction as an embedded
 * broadcast ({1to16}) instead of a shared vpbroadcastd. */
#define V_ROWU(row, u) _mm512_set1_epi32((int)(row)[(u) & 3])
#define V_XOR _mm512_xor_si512
#define V_XOR3(a, b, c) ARX_TERNLOG_EPI32((a), (b), (c), 0x96)
#define V_ADD16 _mm512_add_epi16
#define V_SUB16 _mm512_sub_epi16
#define V_SET1_16(x) _mm512_set1_epi16((short)(x))
#define V_ROL16(x, n) _mm512_shldi_epi16((x), (x), (n))
#define V_UNPACKLO16 _mm512_unpacklo_epi16
#define V_UNPACKHI16 _mm512_unpackhi_epi16
#define V_UNPACKLO32 _mm512_unpacklo_epi32
#define V_UNPACKHI32 _mm512_unpackhi_epi32
#define V_UNPACKLO64 _mm512_unpacklo_epi64
#define V_UNPACKHI64 _mm512_unpackhi_epi64

#define SPARX64_TAIL_ENC sparx64_avx2_encrypt
#define SPARX64_TAIL_DEC sparx64_avx2_decrypt
#define SPARX64_TAIL_CTR sparx64_avx2_ctr
#define SPARX128_TAIL_ENC sparx128_avx2_encrypt
#define SPARX128_TAIL_DEC sparx128_avx2_decrypt
#define SPARX128_TAIL_CTR sparx128_avx2_ctr

/* Batches side by side: 4 of SPARX-64 (16 registers of state; 0.527 -> 0.378
 * cpb CTR), 2 of SPARX-128 (8 vectors each: at 4 the state spills, no faster). */
#define SPARX64_INTERLEAVE 4
#define SPARX128_INTERLEAVE 2
/* Lane-per-message SPARX-128 (sparx.h, ../many_simd.h): many_simd.h batches
 * interleaved, two per sliced state: two states, as above. */
#define SPARX_MANY_NB 4
#define SPARX_ISA avx512
#define SPARX_ISA_NAME "avx512"
#define SPARX_ISA_REQUIRES (ARX_REQ_AVX512 | ARX_CPU_AVX512VBMI2)
#include "sparx.h"

#endif
