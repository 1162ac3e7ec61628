/* XTS whitening on NEON: one tweak per register, four blocks per step. */
#include "../cipher.h"

#if ARX_ARM_NEON
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the NEON files assume little-endian lanes (build with -DARX_NEON=OFF)"
#endif
#include <arm_neon.h>

#include "xts.h"

/* v * alpha^s; see xts_sse2.c. vshlq_u64 by a negative count shifts right. */
static inline uint64x2_t xts_mul_neon(uint64x2_t v, int s) {
    const uint64x2_t lo = vcombine_u64(vcreate_u64(~0ull), vcreate_u64(0));
    uint64x2_t c = vshlq_u64(v, vdupq_n_s64(s - 64));
    uint64x2_t sw = vextq_u64(c, c, 1);
    uint64x2_t fold = veorq_u64(veorq_u64(vshlq_n_u64(sw, 1), vshlq_n_u64(sw, 2)), vshlq_n_u64(sw, 7));
    return veorq_u64(veorq_u64(vshlq_u64(v, vdupq_n_s64(s)), sw), vandq_u64(fold, lo));
}

#define XV uint64x2_t
#define XL 1
#define XV_LOAD(p) vreinterpretq_u64_u8(vld1q_u8(p))
#define XV_STORE(p, v) vst1q_u8((p), vreinterpretq_u8_u64(v))
#define XV_XOR(a, b) veorq_u64((a), (b))
#define XV_MUL(v, s) xts_mul_neon((v), (s))
#define XV_START(t) XV_LOAD(t)
#define XV_NAME arx_xts_blocks_neon
#include "xts_simd.h"

#endif
