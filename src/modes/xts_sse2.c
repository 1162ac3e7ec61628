/* XTS whitening on SSE2: one tweak per register, four blocks per step. */
#include "../cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "xts.h"

/* v * alpha^s in each 128-bit lane (xts.h: shift, then one fold of the
 * carried-out bits c: c ^ c<<1 ^ c<<2 ^ c<<7 into the low word). */
static inline __m128i xts_mul_sse2(__m128i v, int s) {
    const __m128i lo = _mm_set_epi64x(0, -1);
    __m128i sw = _mm_shuffle_epi32(_mm_srli_epi64(v, 64 - s), 0x4e); /* carries, words swapped */
    __m128i fold = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(sw, 1), _mm_slli_epi64(sw, 2)), _mm_slli_epi64(sw, 7));
    return _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(v, s), sw), _mm_and_si128(fold, lo));
}

#define XV __m128i
#define XL 1
#define XV_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define XV_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define XV_XOR(a, b) _mm_xor_si128((a), (b))
#define XV_MUL(v, s) xts_mul_sse2((v), (s))
#define XV_START(t) XV_LOAD(t)
#define XV_NAME arx_xts_blocks_sse2
#include "xts_simd.h"

#endif
