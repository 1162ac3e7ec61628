/* XTS whitening on AVX2: two tweaks per register, eight blocks per step. */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "xts.h"

/* v * alpha^s in each 128-bit lane; see xts_sse2.c. */
static inline __m256i xts_mul_avx2(__m256i v, int s) {
    const __m256i lo = _mm256_set_epi64x(0, -1, 0, -1);
    __m256i sw = _mm256_shuffle_epi32(_mm256_srli_epi64(v, 64 - s), 0x4e);
    __m256i fold = _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(sw, 1), _mm256_slli_epi64(sw, 2)),
                                    _mm256_slli_epi64(sw, 7));
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(v, s), sw), _mm256_and_si256(fold, lo));
}

/* [T, T alpha]: T in both lanes, then lane j times alpha^j by variable shifts
 * (a count of 64 shifts everything out, so lane 0 is left as it is). */
static inline __m256i xts_start_avx2(const uint8_t *t) {
    const __m256i lo = _mm256_set_epi64x(0, -1, 0, -1);
    const __m256i s = _mm256_set_epi64x(1, 1, 0, 0), r = _mm256_set_epi64x(63, 63, 64, 64);
    __m256i v = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)t));
    __m256i sw = _mm256_shuffle_epi32(_mm256_srlv_epi64(v, r), 0x4e);
    __m256i fold = _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(sw, 1), _mm256_slli_epi64(sw, 2)),
                                    _mm256_slli_epi64(sw, 7));
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_sllv_epi64(v, s), sw), _mm256_and_si256(fold, lo));
}

#define XV __m256i
#define XL 2
#define XV_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define XV_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define XV_XOR(a, b) _mm256_xor_si256((a), (b))
#define XV_MUL(v, s) xts_mul_avx2((v), (s))
#define XV_START(t) xts_start_avx2(t)
#define XV_NAME arx_xts_blocks_avx2
#include "xts_simd.h"

#endif
