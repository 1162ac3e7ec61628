/*
 * The NEON words every <family>_neon.c uses, the same on AArch64 and ARMv7
 * (where the file is compiled with -mfpu=neon and runs only after src/cpu.c
 * saw NEON). Vectors are 128-bit; the type a family keeps its words in is its
 * own (uint16x8_t, uint32x4_t, uint64x2_t), these helpers take and give
 * uint32x4_t unless their name says otherwise.
 *
 *   NEON_ROL16(x, n), NEON_ROL32(x, n), NEON_ROL64(x, n): rotate each lane
 *     left by a constant n: vshl + vsri (two instructions), except byte
 *     multiples, which are one vrev (16-bit by 8, 32-bit by 16, 64-bit by 32)
 *     or one table lookup (NEON_SHUF8: vqtbl1q on AArch64, two vtbl2 on ARMv7).
 *   NEON_ZIP{LO,HI}{16,32,64}(a, b): interleave the low or high halves of two
 *     vectors, like SSE2's unpacklo/unpackhi (zip1/zip2 on AArch64, vzip /
 *     vcombine on ARMv7), so the x86 transposes carry over unchanged.
 */
#ifndef ARX_NEON_H
#define ARX_NEON_H

#include <arm_neon.h>
#include <stdint.h>

#define NEON_U8(x) vreinterpretq_u8_u32(x)
#define NEON_U16(x) vreinterpretq_u16_u32(x)
#define NEON_U64(x) vreinterpretq_u64_u32(x)
#define NEON_FROM8(x) vreinterpretq_u32_u8(x)
#define NEON_FROM16(x) vreinterpretq_u32_u16(x)
#define NEON_FROM64(x) vreinterpretq_u32_u64(x)

/* Byte permutation of each 32-bit lane: result byte 4i + j is source byte
 * 4i + idx[j] (a, b, c, d < 4), one table lookup. */
#if defined(__aarch64__)
#define NEON_SHUF8(x, a, b, c, d)                                                                  \
    NEON_FROM8(vqtbl1q_u8(NEON_U8(x), (uint8x16_t){a, b, c, d, a + 4, b + 4, c + 4, d + 4, a + 8, \
                                                   b + 8, c + 8, d + 8, a + 12, b + 12, c + 12,    \
                                                   d + 12}))
#else
/* ARMv7 vtbl2 reads a 16-byte table from a pair of d registers; the lanes
 * of each half stay in that half, so both halves use the same indices. */
static inline uint32x4_t neon_shuf8_v7(uint32x4_t x, uint8x8_t idx) {
    uint8x16_t b = NEON_U8(x);
    uint8x8x2_t t = {{vget_low_u8(b), vget_high_u8(b)}};
    return NEON_FROM8(vcombine_u8(vtbl2_u8(t, idx), vtbl2_u8(t, vadd_u8(idx, vdup_n_u8(8)))));
}
#define NEON_SHUF8(x, a, b, c, d)                                                                  \
    neon_shuf8_v7((x), (uint8x8_t){a, b, c, d, a + 4, b + 4, c + 4, d + 4})
#endif

#define NEON_ROL16(x, n)                                                                           \
    ((n) == 8 ? NEON_FROM8(vrev16q_u8(NEON_U8(x)))                                                 \
              : NEON_FROM16(vsriq_n_u16(vshlq_n_u16(NEON_U16(x), (n) & 15), NEON_U16(x),           \
                                        (16 - (n)) & 15 ? (16 - (n)) & 15 : 16)))
#define NEON_ROL32(x, n)                                                                           \
    ((n) == 16   ? NEON_FROM16(vrev32q_u16(NEON_U16(x)))                                           \
     : (n) == 8  ? NEON_SHUF8((x), 3, 0, 1, 2)                                                     \
     : (n) == 24 ? NEON_SHUF8((x), 1, 2, 3, 0)                                                     \
                 : vsriq_n_u32(vshlq_n_u32((x), (n) & 31), (x), (32 - (n)) & 31 ? (32 - (n)) & 31 : 32))
#define NEON_ROL64(x, n)                                                                           \
    ((n) == 32 ? vrev64q_u32(x)                                                                    \
               : NEON_FROM64(vsriq_n_u64(vshlq_n_u64(NEON_U64(x), (n) & 63), NEON_U64(x),          \
                                         (64 - (n)) & 63 ? (64 - (n)) & 63 : 64)))

#if defined(__aarch64__)
#define NEON_ZIPLO16(a, b) NEON_FROM16(vzip1q_u16(NEON_U16(a), NEON_U16(b)))
#define NEON_ZIPHI16(a, b) NEON_FROM16(vzip2q_u16(NEON_U16(a), NEON_U16(b)))
#define NEON_ZIPLO32(a, b) vzip1q_u32((a), (b))
#define NEON_ZIPHI32(a, b) vzip2q_u32((a), (b))
#define NEON_ZIPLO64(a, b) NEON_FROM64(vzip1q_u64(NEON_U64(a), NEON_U64(b)))
#define NEON_ZIPHI64(a, b) NEON_FROM64(vzip2q_u64(NEON_U64(a), NEON_U64(b)))
#else
#define NEON_ZIPLO16(a, b) NEON_FROM16(vzipq_u16(NEON_U16(a), NEON_U16(b)).val[0])
#define NEON_ZIPHI16(a, b) NEON_FROM16(vzipq_u16(NEON_U16(a), NEON_U16(b)).val[1])
#define NEON_ZIPLO32(a, b) (vzipq_u32((a), (b)).val[0])
#define NEON_ZIPHI32(a, b) (vzipq_u32((a), (b)).val[1])
#define NEON_ZIPLO64(a, b) vcombine_u32(vget_low_u32(a), vget_low_u32(b))
#define NEON_ZIPHI64(a, b) vcombine_u32(vget_high_u32(a), vget_high_u32(b))
#endif

#endif
