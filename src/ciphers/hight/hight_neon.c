/*
 * HIGHT, NEON (AArch64, and ARMv7 with NEON): byte-sliced, 16 blocks per
 * batch, one q register per state byte (template in hight.h).
 *
 * F0 and F1 are GF(2)-linear in the byte. AArch64 computes F(x) =
 * T_lo[x & 0x0f] ^ T_hi[x >> 4] with two tbl lookups (and, ushr, 2 tbl, eor:
 * five operations, the four tables held in registers); ARMv7 spells out the
 * spec's three byte rotations (vshl + vsri each) and two XORs, eight
 * operations but no table registers, which its 16 q registers cannot spare.
 * llvm-mca, GCC 12 code, cycles per byte ECB / CTR (bench/mca):
 *   AArch64 Cortex-A53  tables 12.4 / 11.8   rotations 16.7 / 15.4
 *   AArch64 Cortex-A72  tables  7.0 /  6.2   rotations  6.3 /  5.6
 *   ARMv7   (A72 model) tables 11.7 / 10.5   rotations  7.3 /  6.5
 * AArch64 takes the tables for the in-order A53 (the A72 issues shifts on
 * one pipe only, the reason rotations win there by 10%).
 *
 * One batch at a time: two (HV_MAX_WAYS 2) spill on AArch64 and came out
 * at the same speed (A72 6.85 vs 7.01 cpb ECB) with twice the code.
 * Round keys are ld1r broadcasts from the schedule.
 */
#include "cipher.h"

#if ARX_ARM_NEON
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the NEON backends assume little-endian lanes (build with -DARX_NEON=OFF)"
#endif
#include <arm_neon.h>
#include <string.h>

#include "internal.h"

#if defined(__aarch64__)
/* Table entries from the spec's formulas (hight.h: hight_f0, hight_f1). */
#define HT_ROL(x, r) ((((x) << (r)) | ((x) >> (8 - (r)))) & 0xff)
#define HT_F0(x) (HT_ROL(x, 1) ^ HT_ROL(x, 2) ^ HT_ROL(x, 7))
#define HT_F1(x) (HT_ROL(x, 3) ^ HT_ROL(x, 4) ^ HT_ROL(x, 6))
#define HT_ROW(F, s)                                                                               \
    {F(0 << s), F(1 << s), F(2 << s),  F(3 << s),  F(4 << s),  F(5 << s),  F(6 << s),  F(7 << s),    \
     F(8 << s), F(9 << s), F(10 << s), F(11 << s), F(12 << s), F(13 << s), F(14 << s), F(15 << s)}
static const uint8_t hight_neon_tab[4][16] = {HT_ROW(HT_F0, 0), HT_ROW(HT_F0, 4), HT_ROW(HT_F1, 0),
                                              HT_ROW(HT_F1, 4)};

/* F(x) from the tables of the low and the high nibble (indexes < 16: no
 * lookup falls outside the table). */
ARX_INLINE uint8x16_t hight_neon_lin(uint8x16_t x, const uint8_t *tlo, const uint8_t *thi) {
    return veorq_u8(vqtbl1q_u8(vld1q_u8(tlo), vandq_u8(x, vdupq_n_u8(0x0f))),
                    vqtbl1q_u8(vld1q_u8(thi), vshrq_n_u8(x, 4)));
}
#define HV_F0(x) hight_neon_lin((x), hight_neon_tab[0], hight_neon_tab[1])
#define HV_F1(x) hight_neon_lin((x), hight_neon_tab[2], hight_neon_tab[3])

#define HT_ZIP8(h, a, b) vzip##h##q_u8((a), (b))
#define HT_ZIPW(W, h, a, b)                                                                        \
    vreinterpretq_u8_u##W(vzip##h##q_u##W(vreinterpretq_u##W##_u8(a), vreinterpretq_u##W##_u8(b)))
#else
#define HT_ROL8(x, r) vsriq_n_u8(vshlq_n_u8((x), (r)), (x), 8 - (r))
#define HV_F0(x) veorq_u8(veorq_u8(HT_ROL8((x), 1), HT_ROL8((x), 2)), HT_ROL8((x), 7))
#define HV_F1(x) veorq_u8(veorq_u8(HT_ROL8((x), 3), HT_ROL8((x), 4)), HT_ROL8((x), 6))

/* vzip gives both halves at once (h = 1: low, 2: high); the compiler pairs them. */
#define HT_ZIP8(h, a, b) (vzipq_u8((a), (b)).val[(h) - 1])
#define HT_ZIPW(W, h, a, b)                                                                        \
    vreinterpretq_u8_u##W(vzipq_u##W(vreinterpretq_u##W##_u8(a), vreinterpretq_u##W##_u8(b)).val[(h) - 1])
#endif

#define HV_ISA neon
#define HV_T uint8x16_t
#define HV_BYTES 16
#define HV_LOAD(p) vld1q_u8(p)
#define HV_STORE(p, v) vst1q_u8((p), (v))
#define HV_ADD vaddq_u8
#define HV_SUB vsubq_u8
#define HV_XOR veorq_u8
#define HV_UNPLO8(a, b) HT_ZIP8(1, a, b)
#define HV_UNPHI8(a, b) HT_ZIP8(2, a, b)
#define HV_UNPLO16(a, b) HT_ZIPW(16, 1, a, b)
#define HV_UNPHI16(a, b) HT_ZIPW(16, 2, a, b)
#define HV_UNPLO32(a, b) HT_ZIPW(32, 1, a, b)
#define HV_UNPHI32(a, b) HT_ZIPW(32, 2, a, b)
#define HV_KEY(ks, i) vld1q_dup_u8(&(ks)->sk[i])
#define HV_F0A(x, ks, i) vaddq_u8(HV_F0(x), HV_KEY(ks, i))
#define HV_F1X(x, ks, i) veorq_u8(HV_F1(x), HV_KEY(ks, i))
#define HV_WK(ks, i) vld1q_dup_u8(&(ks)->wk[i])
#define HV_SET1(b) vdupq_n_u8(b)
/* byte 6 = base6 + 1 where byte 7 wrapped (b7 < base7): minus the all-ones mask */
#define HV_CTR6(b7, base7, base6, base6p1) ((void)(base6p1), vsubq_u8((base6), vcltq_u8((b7), (base7))))
#define HV_MIN_TAIL 3
#define HV_UNROLL _Pragma("GCC unroll 16")
#define HV_MCA_ENC "hight_neon_ecb:128" /* one batch: 16 blocks of 8 bytes */
#define HV_MCA_DEC "hight_neon_dec:128"
#define HV_MCA_CTR "hight_neon_ctr:128"
/* The lane-per-message kernel (hight.h, ../many_simd.h): four messages a
 * call, each lane's four blocks byte-sliced in its 32-bit lane; the rounds
 * are the one-message kernel's, 16 blocks a pass, with round-key vectors
 * loaded from the transposed schedule instead of broadcasts (ARMv7: vld1q
 * for vld1q_dup, no more registers). ARMv7 has it too, enabled without a
 * timing (qemu-user times nothing): a message under 16 blocks costs the
 * one-message path a whole 16-block pass (or scalar blocks under
 * HV_MIN_TAIL), where the lanes share one pass among four messages. Under
 * llvm-mca 14 (clang-14 -O2, Cortex-A72 model, one pass with its
 * transposes and key loads) a lane pass costs about what the one-message
 * CTR pass of 16 blocks does: ARMv7 1275 against 1231 cycles, AArch64
 * 813 against 773. So a message of 4 blocks (32 bytes) costs the lanes a
 * quarter of a pass (~3.9x less), one of 16 blocks (128 bytes) 1.04x more;
 * from 256 bytes on messages go alone (many.c's MANY_LONG_CTR64). */
#define HV_MANY 1
#if defined(__aarch64__)
#define HV_UNPLO64(a, b) vreinterpretq_u8_u64(vzip1q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)))
#define HV_UNPHI64(a, b) vreinterpretq_u8_u64(vzip2q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)))
#define HV_SHUFFLE8 vqtbl1q_u8
#else
#define HV_UNPLO64(a, b) vcombine_u8(vget_low_u8(a), vget_low_u8(b))
#define HV_UNPHI64(a, b) vcombine_u8(vget_high_u8(a), vget_high_u8(b))
/* vqtbl1q_u8 as two vtbl2 (indexes < 16; once per set of keys) */
ARX_INLINE uint8x16_t hight_neon_tbl16(uint8x16_t t, uint8x16_t idx) {
    const uint8x8x2_t tt = {{vget_low_u8(t), vget_high_u8(t)}};
    return vcombine_u8(vtbl2_u8(tt, vget_low_u8(idx)), vtbl2_u8(tt, vget_high_u8(idx)));
}
#define HV_SHUFFLE8 hight_neon_tbl16
#endif
#define HV_WORD_BYTES ((uint8x16_t){0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12})
#define HV_LOAD_LANES(p, q) vld1q_u8((p)[q])
#define HV_LM uint32x4_t
#define HV_TO_LM(v) vreinterpretq_u32_u8(v)
#define HV_FROM_LM(v) vreinterpretq_u8_u32(v)
#define LM_NEON

#include "hight.h"

#else
typedef int hight_neon_not_built; /* ISO C: no empty translation unit */
#endif
