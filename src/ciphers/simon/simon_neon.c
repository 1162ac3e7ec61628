/*
 * SIMON64 and SIMON128 on NEON (AArch64, ARMv7), word-sliced
 * (../twoword_simd.h, the round in simon.h): a pair of q registers holds 4
 * SIMON64 blocks (32-bit lanes) or 2 SIMON128 blocks (64-bit lanes).
 *
 * y = y ^ f(x) ^ k, f(x) = (S^1 x & S^8 x) ^ S^2 x: S^8 is one table lookup
 * (vqtbl1q; ARMv7 vshl + vsri), S^1 and S^2 are vshl + vsri each, so a round
 * is 9 instructions per pair. Tails: whole pairs here, then the reference
 * block functions.
 *
 * SIMON32 (16-bit words; S^8 one vrev16) runs the same kernel with 8 blocks
 * a pair; lanes (CTR, 4 messages a call) through twoword_simd.h's 16-bit
 * lane kernel.
 */
#include "cipher.h"

#if ARX_ARM_NEON
#include "simon.h"
#define TW_FAMILY simon
#define TW_NEON
#define TW_VBITS 128
#include "../twoword_simd.h"

/* Pairs per batch: 4 on both. A SIMON round holds three temporaries per
 * pair, so 8 pairs outgrow even AArch64's 32 q registers: GCC 12 -O3 spilled
 * (SIMON-128/128 CTR under llvm-mca, Cortex-A53 / A72: 24.5 / 12.9 cpb with
 * 4 pairs, 33.3 / 14.0 with 8), clang-14 broke even (26.4 / 12.1 against
 * 26.5 / 12.0). */
#if defined(TW_NEON_PAIRS) /* -DTW_NEON_PAIRS=n: comparisons under llvm-mca */
#define TW_PAIRS TW_NEON_PAIRS
#else
#define TW_PAIRS 4
#endif
#define TW_FEISTEL_PAIR SIMON_FEISTEL_PAIR /* the round, in simon.h */

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
