/*
 * HIGHT, AVX2: byte-sliced, 32 blocks per batch, one ymm per state byte
 * (template in hight.h).
 *
 * F0 and F1 are GF(2)-linear in the byte, so F(x) = F(x & 0x0f) ^ F(x & 0xf0):
 * two 16-entry vpshufb tables per function (2 shuffles, a 16-bit shift and
 * 2 ANDs to split the nibbles, 1 XOR).
 *
 * Round keys are 32-byte memory operands from the key schedule's copies
 * (vpbroadcastb m8 instead: 0.93 -> 1.00 cpb ECB).
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

/* Table entries from the spec's formulas (hight.h: hight_f0, hight_f1). */
#define HT_ROL(x, r) ((((x) << (r)) | ((x) >> (8 - (r)))) & 0xff)
#define HT_F0(x) (HT_ROL(x, 1) ^ HT_ROL(x, 2) ^ HT_ROL(x, 7))
#define HT_F1(x) (HT_ROL(x, 3) ^ HT_ROL(x, 4) ^ HT_ROL(x, 6))
#define HT_ROW(F, s)                                                                               \
    F(0 << s), F(1 << s), F(2 << s), F(3 << s), F(4 << s), F(5 << s), F(6 << s), F(7 << s), F(8 << s), \
        F(9 << s), F(10 << s), F(11 << s), F(12 << s), F(13 << s), F(14 << s), F(15 << s)
#define HT_TABLE(F, s) {HT_ROW(F, s), HT_ROW(F, s)}
static const uint8_t hight_avx2_tab[4][32] = {HT_TABLE(HT_F0, 0), HT_TABLE(HT_F0, 4), HT_TABLE(HT_F1, 0),
                                              HT_TABLE(HT_F1, 4)};

static inline __m256i hight_avx2_lin(__m256i x, const uint8_t *tlo, const uint8_t *thi) {
    const __m256i m = _mm256_set1_epi8(0x0f);
    __m256i lo = _mm256_and_si256(x, m);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), m);
    return _mm256_xor_si256(_mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)tlo), lo),
                            _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)thi), hi));
}

#define HV_ISA avx2
#define HV_T __m256i
#define HV_BYTES 32
#define HV_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define HV_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define HV_ADD _mm256_add_epi8
#define HV_SUB _mm256_sub_epi8
#define HV_XOR _mm256_xor_si256
#define HV_UNPLO8 _mm256_unpacklo_epi8
#define HV_UNPHI8 _mm256_unpackhi_epi8
#define HV_UNPLO16 _mm256_unpacklo_epi16
#define HV_UNPHI16 _mm256_unpackhi_epi16
#define HV_UNPLO32 _mm256_unpacklo_epi32
#define HV_UNPHI32 _mm256_unpackhi_epi32
#define HV_UNPLO64 _mm256_unpacklo_epi64
#define HV_UNPHI64 _mm256_unpackhi_epi64
/* the lane-per-message kernel (hight.h, ../many_simd.h) */
#define HV_MANY 1
#define HV_SHUFFLE8 _mm256_shuffle_epi8
#define HV_WORD_BYTES _mm256_set_epi32(0x0c0c0c0c, 0x08080808, 0x04040404, 0, 0x0c0c0c0c, 0x08080808, 0x04040404, 0)
#define HV_LOAD_LANES(p, q)                                                                        \
    _mm256_loadu2_m128i((const __m128i *)(const void *)(p)[(q) + 4], (const __m128i *)(const void *)(p)[q])
#define HV_KEY(ks, i) _mm256_load_si256((const __m256i *)(const void *)(ks)->skb[i])
#define HV_F0(x) hight_avx2_lin((x), hight_avx2_tab[0], hight_avx2_tab[1])
#define HV_F1(x) hight_avx2_lin((x), hight_avx2_tab[2], hight_avx2_tab[3])
#define HV_F0A(x, ks, i) _mm256_add_epi8(HV_F0(x), HV_KEY(ks, i))
#define HV_F1X(x, ks, i) _mm256_xor_si256(HV_F1(x), HV_KEY(ks, i))
#define HV_WK(ks, i) _mm256_load_si256((const __m256i *)(const void *)(ks)->wkb[i])
#define HV_SET1(b) _mm256_set1_epi8((char)(b))
/* byte 6 = (base6 + 1) - [byte 7 did not wrap], i.e. + all-ones where max(b7, base7) == b7 */
#define HV_CTR6(b7, base7, base6, base6p1)                                                         \
    _mm256_add_epi8((base6p1), _mm256_cmpeq_epi8(_mm256_max_epu8((b7), (base7)), (b7)))
/* A batch (~312-364 TSC cycles) beats the reference code (~182 per block) from 2 blocks on. */
#define HV_MIN_TAIL 2
/* Two batches in flight: 16 state ymm with the tables spill a little, yet
 * 1.10 -> 0.93 cpb ECB, 1.00 -> 0.84 CTR (one batch is latency-bound). */
#define HV_MAX_WAYS 2

#include "hight.h"

#endif
