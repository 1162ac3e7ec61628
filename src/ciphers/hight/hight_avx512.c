/*
 * HIGHT, AVX-512 (F, BW, VL) + GFNI: byte-sliced, 64 blocks per batch, one
 * zmm per state byte (template in hight.h).
 *
 * F0 and F1 are GF(2)-linear maps of a byte, so each is one gf2p8affineqb
 * with a constant bit matrix. The instruction computes output bit i as the
 * parity of (matrix byte 7-i) AND x, so row i of the map (the input bits
 * that feed output bit i) sits in byte 7 - i of the 64-bit constant:
 *   F0 = ROL1 ^ ROL2 ^ ROL7: bit i <- bits i-1, i-2, i+1 (mod 8) -> 0xc2850b162c58b061
 *   F1 = ROL3 ^ ROL4 ^ ROL6: bit i <- bits i-3, i-4, i-6 (mod 8) -> 0x3468d0a143860d1a
 * (checked against the scalar formulas on all 256 bytes).
 *
 * Round keys are vpbroadcastb zmm, m8 from sk[]: on Zen 4 that is a load
 * (no shuffle-pipe op), shared by the two batches in flight; 64-byte
 * pre-broadcast copies as vpaddb/vpxord memory operands measured the same
 * (0.380/0.343 vs 0.381/0.341 cpb ECB/CTR), so the key schedule has none.
 *
 * Two batches (128 blocks) go through the rounds together: one batch's
 * chain (gf 3 + key op 1 + mix 1 cycles per round, 32 rounds) is nearly as
 * long as its throughput time, and alone it ran at 0.455/0.405 cpb.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>
#include "simd_msan.h"

#define HV_ISA avx512
#define HV_T __m512i
#define HV_BYTES 64
#define HV_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define HV_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define HV_ADD _mm512_add_epi8
#define HV_SUB _mm512_sub_epi8
#define HV_XOR _mm512_xor_si512
#define HV_UNPLO8 _mm512_unpacklo_epi8
#define HV_UNPHI8 _mm512_unpackhi_epi8
#define HV_UNPLO16 _mm512_unpacklo_epi16
#define HV_UNPHI16 _mm512_unpackhi_epi16
#define HV_UNPLO32 _mm512_unpacklo_epi32
#define HV_UNPHI32 _mm512_unpackhi_epi32
#define HV_UNPLO64 _mm512_unpacklo_epi64
#define HV_UNPHI64 _mm512_unpackhi_epi64
/* the lane-per-message kernel (hight.h, ../many_simd.h) */
#define HV_MANY 1
#define HV_SHUFFLE8 _mm512_shuffle_epi8
#define HV_WORD_BYTES _mm512_set4_epi32(0x0c0c0c0c, 0x08080808, 0x04040404, 0)
#define HV_LOAD_LANES(p, q)                                                                        \
    _mm512_inserti32x4(_mm512_inserti32x4(_mm512_inserti32x4(_mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(const void *)(p)[q])), \
                                                             _mm_loadu_si128((const __m128i *)(const void *)(p)[(q) + 4]), 1), \
                                          _mm_loadu_si128((const __m128i *)(const void *)(p)[(q) + 8]), 2), \
                       _mm_loadu_si128((const __m128i *)(const void *)(p)[(q) + 12]), 3)
#define HIGHT_F0_MATRIX 0xc2850b162c58b061ll
#define HIGHT_F1_MATRIX 0x3468d0a143860d1all
#if ARX_MSAN /* simd_msan.h: MemorySanitizer does not model gf2p8affineqb; rotations instead */
#define HV_ROL8(x, r)                                                                              \
    _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16((x), (r)), _mm512_set1_epi8((char)(0xff << (r)))), \
                    _mm512_and_si512(_mm512_srli_epi16((x), 8 - (r)), _mm512_set1_epi8((char)(0xff >> (8 - (r))))))
#define HV_F0(x) _mm512_xor_si512(_mm512_xor_si512(HV_ROL8((x), 1), HV_ROL8((x), 2)), HV_ROL8((x), 7))
#define HV_F1(x) _mm512_xor_si512(_mm512_xor_si512(HV_ROL8((x), 3), HV_ROL8((x), 4)), HV_ROL8((x), 6))
#else
#define HV_F0(x) _mm512_gf2p8affine_epi64_epi8((x), _mm512_set1_epi64(HIGHT_F0_MATRIX), 0)
#define HV_F1(x) _mm512_gf2p8affine_epi64_epi8((x), _mm512_set1_epi64(HIGHT_F1_MATRIX), 0)
#endif
#define HV_F0A(x, ks, i) _mm512_add_epi8(HV_F0(x), _mm512_set1_epi8((char)(ks)->sk[i]))
#define HV_F1X(x, ks, i) _mm512_xor_si512(HV_F1(x), _mm512_set1_epi8((char)(ks)->sk[i]))
#define HV_WK(ks, i) _mm512_set1_epi8((char)(ks)->wk[i])
#define HV_SET1(b) _mm512_set1_epi8((char)(b))
#define HV_SET1_64(q) _mm512_set1_epi64((long long)(q))
#define HV_XOR3(a, b, c) ARX_TERNLOG_EPI64((a), (b), (c), 0x96)
/* byte 6 = base6 + 1 where byte 7 wrapped (byte 7 < its base) */
#define HV_CTR6(b7, base7, base6, base6p1)                                                         \
    _mm512_mask_mov_epi8((base6), _mm512_cmplt_epu8_mask((b7), (base7)), (base6p1))
/* A masked batch costs ~208 TSC cycles, one reference block ~182: a single
 * leftover block goes to the reference code, two or more to a batch. */
#define HV_MIN_TAIL 2
/* Two batches in flight: 16 state zmm of 32. */
#define HV_MAX_WAYS 2

/* Partial batches with masked loads and stores: vector v holds blocks 8v..8v+7. */
static inline __mmask8 hight_avx512_qmask(size_t n, unsigned v) {
    size_t have = n > 8 * (size_t)v ? n - 8 * (size_t)v : 0;
    return (__mmask8)(have >= 8 ? 0xff : (1u << have) - 1);
}
#define HV_LOAD_PARTIAL(b, in, n)                                                                  \
    do {                                                                                           \
        for (unsigned v_ = 0; v_ < 8; v_++)                                                        \
            (b)[v_] = _mm512_maskz_loadu_epi64(hight_avx512_qmask((n), v_), (in) + 64 * v_);       \
    } while (0)
#define HV_STORE_PARTIAL(out, b, n)                                                                \
    do {                                                                                           \
        for (unsigned v_ = 0; v_ < 8; v_++)                                                        \
            _mm512_mask_storeu_epi64((out) + 64 * v_, hight_avx512_qmask((n), v_), (b)[v_]);       \
    } while (0)

#include "hight.h"

#endif
