/*
 * CHAM, AVX-512: 32 CHAM-64 or 16 CHAM-128 blocks per batch, word-sliced (see
 * the kernels in cham.h). Every rotation is one instruction: vpshldw (VBMI2)
 * for 16-bit words, vprold for 32-bit words; round keys and round indexes are
 * 32-bit broadcasts from memory. Tails go to the AVX2 kernels.
 */
#include "cipher.h"
#if ARX_X86_SIMD
#include <immintrin.h>

#define V __m512i
#define VB 64
#define V_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define V_STOREU(p, x) _mm512_storeu_si512((void *)(p), (x))
#define V_ROW(row) _mm512_set1_epi32((int)(row)[0])
/* The same value from copy u of the row for batch u of an interleaved group:
 * loads the compiler does not merge, so each folds into its XOR as an
 * embedded broadcast ({1to16}). A separate vpbroadcastd takes an FP pipe slot
 * on Zen 4 (microbenchmark: 4 of them cost ~1.4 cycles next to 8 vpaddd); in
 * these kernels the two forms measured the same, within noise. */
#define V_ROWU(row, u) _mm512_set1_epi32((int)(row)[(u) & 3])
#define V_XOR _mm512_xor_si512
#define V_ADD16 _mm512_add_epi16
#define V_SUB16 _mm512_sub_epi16
#define V_ADD32 _mm512_add_epi32
#define V_SUB32 _mm512_sub_epi32
#define V_SET1_16(x) _mm512_set1_epi16((short)(x))
#define V_SET1_32(x) _mm512_set1_epi32((int)(x))
#define V_ROL16(x, n) _mm512_shldi_epi16((x), (x), (n))
#define V_ROL32(x, n) _mm512_rol_epi32((x), (n))
#define V_BSWAP32(x)                                                                               \
    _mm512_shuffle_epi8((x), _mm512_set4_epi32(0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203))
#define V_UNPACKLO16 _mm512_unpacklo_epi16
#define V_UNPACKHI16 _mm512_unpackhi_epi16
#define V_UNPACKLO32 _mm512_unpacklo_epi32
#define V_UNPACKHI32 _mm512_unpackhi_epi32
#define V_UNPACKLO64 _mm512_unpacklo_epi64
#define V_UNPACKHI64 _mm512_unpackhi_epi64

#define CHAM64_TAIL_ENC cham64_avx2_encrypt
#define CHAM64_TAIL_DEC cham64_avx2_decrypt
#define CHAM64_TAIL_CTR cham64_avx2_ctr
#define CHAM128_TAIL_ENC cham128_avx2_encrypt
#define CHAM128_TAIL_DEC cham128_avx2_decrypt
#define CHAM128_TAIL_CTR cham128_avx2_ctr

/* Four batches side by side (0.643 -> 0.587 cpb, CHAM-128-128-legacy CTR),
 * four groups of four rounds per loop pass (-> 0.571). */
#define CHAM_INTERLEAVE 4
/* Lane-per-message CHAM-128 (cham.h, ../many_simd.h): batches interleaved. */
#define CHAM_MANY_NB 4
/* whose 256-byte CTR messages go alone (many.c: the lanes lost 3-5%) */
#define CHAM128_MANY_CTR_ALONE ARX_MANY_CTR_ALONE(256, 256)
#define CHAM128_GROUP_UNROLL 4
#define CHAM_ISA avx512
#define CHAM_ISA_NAME "avx512"
#define CHAM_ISA_REQUIRES (ARX_REQ_AVX512 | ARX_CPU_AVX512VBMI2)
#include "cham.h"

#endif
