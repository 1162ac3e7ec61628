/*
 * SPARX on NEON (AArch64, ARMv7): 8 blocks per batch, word-sliced in 16-bit
 * lanes (the kernels in sparx.h, over the vocabulary below). ROL 8 is one
 * vrev16; the other rotations vshl + vsri (../neon.h). The transposes' x86
 * unpacks are NEON's zips. Tails run as one zero-padded batch, single
 * blocks through the reference.
 */
#include "cipher.h"
#if ARX_ARM_NEON
#include "../neon.h"

#define V uint32x4_t
#define VB 16
#define V_LOADU(p) NEON_FROM8(vld1q_u8((const uint8_t *)(const void *)(p)))
#define V_STOREU(p, x) vst1q_u8((uint8_t *)(void *)(p), NEON_U8(x))
#define V_ROW(row) vld1q_u32(row) /* each 16-byte program row holds its constant 8 times */
#define V_XOR veorq_u32
#define V_XOR3(a, b, c) veorq_u32(veorq_u32((a), (b)), (c))
#define V_ADD16(a, b) NEON_FROM16(vaddq_u16(NEON_U16(a), NEON_U16(b)))
#define V_SUB16(a, b) NEON_FROM16(vsubq_u16(NEON_U16(a), NEON_U16(b)))
#define V_SET1_16(x) NEON_FROM16(vdupq_n_u16((uint16_t)(x)))
#define V_ROL16 NEON_ROL16
#define V_UNPACKLO16 NEON_ZIPLO16
#define V_UNPACKHI16 NEON_ZIPHI16
#define V_UNPACKLO32 NEON_ZIPLO32
#define V_UNPACKHI32 NEON_ZIPHI32
#define V_UNPACKLO64 NEON_ZIPLO64
#define V_UNPACKHI64 NEON_ZIPHI64

/* Batches side by side: SPARX-64 keeps 4 vectors per batch, SPARX-128 8.
 * AArch64 (32 q registers) runs two of either; ARMv7 (16) two SPARX-64
 * batches but one SPARX-128 batch. llvm-mca on GCC 12 -O3 (the Release
 * build), Cortex-A53 / A72, SPARX-128/128 CTR: 13.0 / 4.56 cpb alone, 11.3 /
 * 4.07 two side by side (clang-14 -O2 spills the pair: 12.6 / 4.37 alone,
 * 14.5 / 5.39); SPARX-64/128 CTR: 9.70 / 3.39 two, 14.4 / 4.32 four (GCC
 * spills; clang-14: 13.5 / 6.36 alone, 9.55 / 3.33 two, 8.30 / 3.15 four). */
#if defined(SPARX_NEON_I64) /* -DSPARX_NEON_I64=a -DSPARX_NEON_I128=b: llvm-mca comparisons */
#define SPARX64_INTERLEAVE SPARX_NEON_I64
#define SPARX128_INTERLEAVE SPARX_NEON_I128
#elif defined(__aarch64__)
#define SPARX64_INTERLEAVE 2
#define SPARX128_INTERLEAVE 2
#else
#define SPARX64_INTERLEAVE 2
#define SPARX128_INTERLEAVE 1
#endif
/* Lane-per-message SPARX (sparx.h, ../many_simd.h; issue 24): 4 messages a
 * call, one per 32-bit lane, two blocks of each per packed state: 4 batches
 * (two states: SPARX-128 16 q registers, SPARX-64 8) on AArch64, 2 on ARMv7. */
#if defined(__aarch64__)
#define SPARX_MANY_NB 4
#else
#define SPARX_MANY_NB 2
#endif
#define SPARX_MANY_NEON 1
#define SPARX_ISA neon
#define SPARX_ISA_NAME "neon"
#define SPARX_ISA_REQUIRES ARX_REQ_NEON
#define SPARX_PADDED_TAILS 1
#include "sparx.h"

#endif
