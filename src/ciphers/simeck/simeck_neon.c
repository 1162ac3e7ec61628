/*
 * SIMECK32 and SIMECK64 on NEON (AArch64, ARMv7), word-sliced
 * (../twoword_simd.h, the round in simeck.h): a pair of q registers holds 8
 * SIMECK32 blocks (16-bit lanes) or 4 SIMECK64 blocks (32-bit lanes).
 *
 * y = y ^ f(x) ^ k, f(x) = (x & S^5 x) ^ S^1 x: S^5 and S^1 are vshl + vsri
 * each, so a round is 8 instructions per pair. Two rounds run in place (T is
 * even). Tails: whole pairs here, then the reference block functions.
 */
#include "cipher.h"

#if ARX_ARM_NEON
#include "simeck.h"
#define TW_FAMILY simeck
#define TW_NEON
#define TW_VBITS 128
#include "../twoword_simd.h"

/* Pairs per batch: 8 on AArch64 (32 q registers), 4 on ARMv7 (16).
 * SIMECK-64/128 CTR under llvm-mca (clang-14 -O2), Cortex-A53 / A72: 16.6 /
 * 6.38 cpb with 4 pairs, 15.4 / 5.75 with 8. */
#if defined(TW_NEON_PAIRS) /* -DTW_NEON_PAIRS=n: comparisons under llvm-mca */
#define TW_PAIRS TW_NEON_PAIRS
#elif defined(__aarch64__)
#define TW_PAIRS 8
#else
#define TW_PAIRS 4
#endif
#define TW_EVEN_ROUNDS /* T = 32, 36, 44 */
#define TW_FEISTEL_PAIR SIMECK_FEISTEL_PAIR /* the round, in simeck.h */

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"

#endif
