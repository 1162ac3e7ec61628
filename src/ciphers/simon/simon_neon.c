/*
 * SIMON64 and SIMON128 on NEON (AArch64, ARMv7), word-sliced
 * (../twoword_simd.h, the round in simon.h): a pair of q registers holds 4
 * SIMON64 blocks (32-bit lanes) or 2 SIMON128 blocks (64-bit lanes).
 *
 * y = y ^ f(x) ^ k, f(x) = (S^1 x & S^8 x) ^ S^2 x: S^8 is one table lookup
 * (vqtbl1q; ARMv7 two vtbl2), S^1 and S^2 are vshl + vsri each, so a round
 * is 9 instructions per pair. Tails: whole pairs here, then the reference
 * block functions.
 */
#include "cipher.h"

#if ARX_ARM_NEON
#include "simon.h"
#define TW_FAMILY simon
#define TW_NEON
#define TW_VBITS 128
#include "../twoword_simd.h"

/* Pairs per batch: 8 on AArch64 (32 q registers), 4 on ARMv7 (16). */
#if defined(__aarch64__)
#define TW_PAIRS 8
#else
#define TW_PAIRS 4
#endif
#define TW_FEISTEL_PAIR SIMON_FEISTEL_PAIR /* the round, in simon.h */

#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
