/*
 * HIGHT, SSE2: byte-sliced, 16 blocks per batch, one xmm per state byte
 * (template in hight.h).
 *
 * SSE2 has no byte shift or byte shuffle, so F0, F1 are the spec's
 * rotations spelled out: each ROLk of every byte is (x << k) & 0xff<<k |
 * (x >> 8-k) & 0xff>>(8-k) with 16-bit shifts (the masks drop the bits that
 * cross into the neighbouring byte); the three rotations are XORed, so
 * each function is 6 shifts, 6 ANDs and 5 XORs. (Duplicating bytes into
 * 16-bit words with punpcklbw x,x and taking the high byte of the shifted
 * words is 15 operations, but 11 of them on the shift/shuffle pipes.)
 *
 * Round keys are 16-byte memory operands from the key schedule's copies
 * (SSE2 has no byte broadcast).
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <emmintrin.h>

#define HT_SHL(x, k) _mm_and_si128(_mm_slli_epi16((x), (k)), _mm_set1_epi8((char)(0xff << (k))))
#define HT_SHR(x, k) _mm_and_si128(_mm_srli_epi16((x), (k)), _mm_set1_epi8((char)(0xff >> (k))))
#define HT_ROL(x, k) _mm_xor_si128(HT_SHL(x, k), HT_SHR(x, 8 - (k)))

static inline __m128i hight_sse2_f0(__m128i x) {
    return _mm_xor_si128(_mm_xor_si128(HT_ROL(x, 1), HT_ROL(x, 2)), HT_ROL(x, 7));
}
static inline __m128i hight_sse2_f1(__m128i x) {
    return _mm_xor_si128(_mm_xor_si128(HT_ROL(x, 3), HT_ROL(x, 4)), HT_ROL(x, 6));
}

#define HV_ISA sse2
#define HV_T __m128i
#define HV_BYTES 16
#define HV_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define HV_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define HV_ADD _mm_add_epi8
#define HV_SUB _mm_sub_epi8
#define HV_XOR _mm_xor_si128
#define HV_UNPLO8 _mm_unpacklo_epi8
#define HV_UNPHI8 _mm_unpackhi_epi8
#define HV_UNPLO16 _mm_unpacklo_epi16
#define HV_UNPHI16 _mm_unpackhi_epi16
#define HV_UNPLO32 _mm_unpacklo_epi32
#define HV_UNPHI32 _mm_unpackhi_epi32
#define HV_KEY(ks, i) _mm_load_si128((const __m128i *)(const void *)(ks)->skb[i])
#define HV_F0A(x, ks, i) _mm_add_epi8(hight_sse2_f0(x), HV_KEY(ks, i))
#define HV_F1X(x, ks, i) _mm_xor_si128(hight_sse2_f1(x), HV_KEY(ks, i))
#define HV_WK(ks, i) _mm_load_si128((const __m128i *)(const void *)(ks)->wkb[i])
#define HV_SET1(b) _mm_set1_epi8((char)(b))
#define HV_CTR6(b7, base7, base6, base6p1)                                                         \
    _mm_add_epi8((base6p1), _mm_cmpeq_epi8(_mm_max_epu8((b7), (base7)), (b7)))
/* A batch (~570-620 TSC cycles) beats the reference code (~182 per block) from 4 blocks on. */
#define HV_MIN_TAIL 4
/* One batch at a time: two (HV_MAX_WAYS 2) spill the 16 xmm, CTR 3.9 -> 6.7 cpb. */

#include "hight.h"

#endif
