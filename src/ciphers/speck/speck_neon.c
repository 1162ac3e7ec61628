/*
 * SPECK64 and SPECK128 on NEON (AArch64, ARMv7), word-sliced
 * (../twoword_simd.h, rounds in speck.h): a pair of q registers holds 4
 * SPECK64 blocks (32-bit lanes) or 2 SPECK128 blocks (64-bit lanes).
 *
 * A round, x = (S^-8 x + y) ^ k; y = S^3 y ^ x, is 6 instructions per pair:
 * S^-8 one table lookup (vqtbl1q; ARMv7 vshl + vsri), the add, the key XOR,
 * S^3 as vshl + vsri (no OR: vsri inserts into the shifted value), the XOR.
 * In counter mode round 0 folds into the counter words (speck.h), S^-8 of
 * the byte-swapped counter being one lookup too. Tails: whole pairs here,
 * then the reference block functions.
 *
 * SPECK32 (16-bit words, alpha 7 and beta 2, speck.h) runs the same kernel
 * with 8 blocks a pair, S^-7 as vshl + vsri; lanes (CTR, 4 messages a
 * call) through twoword_simd.h's 16-bit lane kernel.
 */
#include "cipher.h"

#if ARX_ARM_NEON
#include "speck.h"
#define TW_FAMILY speck
#define TW_NEON
#define TW_VBITS 128
#include "../twoword_simd.h"

/* Pairs per batch. AArch64 (32 q registers): 8, 16 state registers. llvm-mca
 * (clang-14 -O2, whole batch) for SPECK-128/128 CTR, Cortex-A53 / A72:
 * 8.01 / 4.24 cpb with 4 pairs, 7.62 / 4.17 with 8; SPECK-64/128 CTR
 * 6.80 / 3.60 and 6.37 / 3.54. ARMv7 (16 q registers): 4. */
#if defined(TW_NEON_PAIRS) /* -DTW_NEON_PAIRS=n: comparisons under llvm-mca */
#define TW_PAIRS TW_NEON_PAIRS
#elif defined(__aarch64__)
#define TW_PAIRS 8
#else
#define TW_PAIRS 4
#endif
#define SPECK_Y(y, s, k, x) TW_XOR(TW_ROL(TW_W, y, SPECK_B), x)
/* S^-8 bswap(v): bytes (2 1 0 3) of each 32-bit word, (6 5 4 3 2 1 0 7) of each 64-bit one. */
#if defined(__aarch64__)
#define SPECK_CTR_FIRST_32(v) TW_TBL(v, TW_IDX4_(2, 1, 0, 3))
#define SPECK_CTR_FIRST_64(v) TW_TBL(v, TW_IDX8_(6, 5, 4, 3, 2, 1, 0, 7))
#define SPECK_CTR_FIRST(v) TW_CAT(SPECK_CTR_FIRST_, TW_W)(v)
#else /* a vrev and a rotate: ARMv7's table lookups cost copies (twoword_simd.h) */
#define SPECK_CTR_FIRST(v) TW_ROTR8(TW_W, TW_BSWAP(TW_W, v))
#endif

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
