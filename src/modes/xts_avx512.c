/* XTS whitening on AVX-512: four tweaks per register, sixteen blocks per step. */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "../simd_msan.h"
#include "xts.h"

/* v * alpha^s in each 128-bit lane; see xts_sse2.c. 0x96 = a ^ b ^ c
 * (simd_msan.h: plain XORs in MemorySanitizer builds). */
static inline __m512i xts_fold_avx512(__m512i shl, __m512i sw) {
    const __m512i lo = _mm512_set_epi64(0, -1, 0, -1, 0, -1, 0, -1);
    __m512i fold = ARX_TERNLOG_EPI64(_mm512_slli_epi64(sw, 1), _mm512_slli_epi64(sw, 2), _mm512_slli_epi64(sw, 7), 0x96);
    return ARX_TERNLOG_EPI64(shl, sw, _mm512_and_si512(fold, lo), 0x96);
}

static inline __m512i xts_mul_avx512(__m512i v, int s) {
    return xts_fold_avx512(_mm512_slli_epi64(v, s), _mm512_shuffle_epi32(_mm512_srli_epi64(v, 64 - s), (_MM_PERM_ENUM)0x4e));
}

/* [T, T alpha, T alpha^2, T alpha^3] by per-lane variable shifts. */
static inline __m512i xts_start_avx512(const uint8_t *t) {
    const __m512i s = _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0), r = _mm512_set_epi64(61, 61, 62, 62, 63, 63, 64, 64);
    __m512i v = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)t));
    return xts_fold_avx512(_mm512_sllv_epi64(v, s), _mm512_shuffle_epi32(_mm512_srlv_epi64(v, r), (_MM_PERM_ENUM)0x4e));
}

#define XV __m512i
#define XL 4
#define XV_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define XV_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define XV_XOR(a, b) _mm512_xor_si512((a), (b))
#define XV_MUL(v, s) xts_mul_avx512((v), (s))
#define XV_START(t) xts_start_avx512(t)
#define XV_NAME arx_xts_blocks_avx512
#include "xts_simd.h"

#endif
