/*
 * LEA backend for NEON (AArch64, and ARMv7 with NEON): the kernels of
 * lea_simd.h over 128-bit vectors (vocabulary in lea_neon.h), 4 blocks per
 * batch, several batches interleaved so that one batch's xor -> add ->
 * rotate chain overlaps the others'.
 *
 * Three batches interleaved on both (llvm-mca, GCC 12 code, LEA-128 cycles
 * per byte, ECB / decrypt / CTR; bench/mca): AArch64 Cortex-A72 nb 1: 4.69 /
 * 9.71 / 4.51, 2: 3.49 / 4.90 / 3.25, 3: 3.27 / 3.48 / 2.99, 4: 3.29 / 3.14
 * / 2.90. ARMv7 (16 q registers; the A72 model in AArch32) nb 2: 5.75 /
 * 7.11 / 4.93, 3: 4.71 / 4.75 / 4.10, though three batches spill there.
 * (CTR with ctr_first4's batch loop unrolled as well, for clang: 3.12, 4.88.)
 */
#include "cipher.h"

#if ARX_ARM_NEON
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the NEON backends assume little-endian lanes (build with -DARX_NEON=OFF)"
#endif

#define LV_FN(name) lea_neon_##name
#define LV_ENC_NB 3
#define LV_DEC_NB 3
#define LEA_NEON_PASS "192" /* bytes per pass of the widest loops: 3 batches of 64 */

/* Each round's loop over the batches unrolled: GCC (once the round loop
 * around it is unrolled, ARX_MCA) and clang keep it a loop otherwise, with
 * the state in memory. */
#if defined(__clang__)
#define LV_UNROLL_NB _Pragma("clang loop unroll(full)")
#else
#define LV_UNROLL_NB _Pragma("GCC unroll 4")
#endif
#ifdef ARX_MCA
/* The llvm-mca build (analysed, never run): LEA-128's 24 rounds as a
 * constant and the round loop unrolled, so that each region is one pass of
 * straight-line code. The library itself keeps the loop over four rounds
 * (fully unrolled, the three key sizes took 94 KB of code; the loop costs
 * three scalar instructions per 180 vector ones). */
#define LV_ROUNDS(ks) 24u
#define LV_UNROLL _Pragma("GCC unroll 8")
#define LV_MCA_ENC "lea128_neon_ecb:" LEA_NEON_PASS
#define LV_MCA_DEC "lea128_neon_dec:" LEA_NEON_PASS
#define LV_MCA_CTR "lea128_neon_ctr:" LEA_NEON_PASS
#endif
#include "lea_neon.h"

/* ---- multi-message (issue 24): 4 lanes, ../many_simd.h's NEON vocabulary;
 * schedules transposed word by word (no LM_TRANSPOSE). ---- */
#define LM_NEON
#define LM_VBITS 128
#define LM_FN(name) lea_neon_##name
#define LM_ROL(x, r) NEON_ROL32((x), (r))
#define LM_ROR(x, r) NEON_ROL32((x), 32 - (r))
#define LM_NB 3 /* as the one-message kernels */
#include "lea_many_simd.h"

const arx_backend lea_neon_backend = {
    "neon", ARX_REQ_NEON, 4, lea_neon_encrypt, lea_neon_decrypt, lea_neon_ctr_xor,
    .many_lanes = 4, .ctr_many = lea_neon_ctr_many,
};
#else
typedef int lea_neon_not_built; /* ISO C: no empty translation unit */
#endif
