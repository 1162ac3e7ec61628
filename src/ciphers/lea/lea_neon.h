/*
 * The NEON vocabulary for lea_simd.h (AArch64 and ARMv7), included by
 * lea_neon.c after it has named the instance (LV_FN, LV_ENC_NB, ...).
 *
 * 128-bit vectors, 4 blocks per batch. vld4q_u32 loads a batch and slices it
 * in one instruction (word w of blocks 0..3 into vector w) and vst4q_u32
 * undoes it, so no transpose is spelled out (llvm-mca has it within 3% of
 * four loads and eight zips either way: A72 ECB 3.27 vs 3.36 cpb AArch64,
 * 4.71 vs 4.61 ARMv7). Rotates are vshl + vsri (LEA's
 * 9, 5 and 3 are not byte multiples); the counter byte swap is one vrev32.
 */
#include <arm_neon.h>
#include <string.h>

#include "../neon.h"
#include "lea.h"

#define LV uint32x4_t
#define LV_LANES 4
#define LV_XOR veorq_u32
#define LV_ADD vaddq_u32
#define LV_SUB vsubq_u32
#define LV_ROL(x, r) NEON_ROL32((x), (r))
#define LV_ROR(x, r) NEON_ROL32((x), 32 - (r))
#define LV_SET1(x) vdupq_n_u32(x)
#define LV_LOAD(p) NEON_FROM8(vld1q_u8(p))
#define LV_STORE(p, v) vst1q_u8((p), NEON_U8(v))
#define LV_UNPACKLO32 NEON_ZIPLO32
#define LV_UNPACKHI32 NEON_ZIPHI32
#define LV_UNPACKLO64 NEON_ZIPLO64
#define LV_UNPACKHI64 NEON_ZIPHI64
#define LV_BSWAP32(v) NEON_FROM8(vrev32q_u8(NEON_U8(v)))
#define LV_CTR_OFFSETS ((uint32x4_t){0, 1, 2, 3})
#define LV_LOAD_SLICED(p, v) lea_neon_load_sliced((p), (v))
#define LV_STORE_SLICED(p, v) lea_neon_store_sliced((p), (v))
#ifndef LEA_NEON_VOCAB_ONCE
#define LEA_NEON_VOCAB_ONCE
/* LD4/ST4 (and ARMv7's VLD4/VST4 without an alignment qualifier) take any
 * address, like vld1q_u8; the words are little-endian in memory and in the
 * lanes (lea_neon.c refuses big-endian targets). */
ARX_INLINE void lea_neon_load_sliced(const uint8_t *p, uint32x4_t v[4]) {
    uint32x4x4_t w = vld4q_u32((const uint32_t *)(const void *)p);
    v[0] = w.val[0], v[1] = w.val[1], v[2] = w.val[2], v[3] = w.val[3];
}
ARX_INLINE void lea_neon_store_sliced(uint8_t *p, const uint32x4_t v[4]) {
    uint32x4x4_t w = {{v[0], v[1], v[2], v[3]}};
    vst4q_u32((uint32_t *)(void *)p, w);
}
#endif

#include "lea_simd.h"
