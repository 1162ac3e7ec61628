/*
 * SIMECK32 and SIMECK64 on AVX2, word-sliced (../twoword_simd.h): a pair of
 * ymm holds 16 SIMECK32 blocks (16-bit lanes) or 8 SIMECK64 blocks (32-bit
 * lanes). AVX2 has no rotate: S^5 and S^1 are two shifts and an OR each
 * (S^1's left shift an add, which more pipes take), so a round is 10
 * instructions per pair. Tails: whole pairs here, then the SSE2 kernels, then
 * the reference.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simeck.h"
#define TW_FAMILY simeck
#define TW_VBITS 256
#include "../twoword_simd.h"

/* 4 pairs: SIMECK64 1.38 cpb on Zen 4, against 1.48 with 3. */
#define TW_PAIRS 4
#define TW_EVEN_ROUNDS /* T = 32, 36, 44 */
/* Lane-per-message kernel for SIMECK-64 (8 messages, ../many_simd.h). */
#define TW_MANY_NB 4
#define TW_FEISTEL_PAIR SIMECK_FEISTEL_PAIR /* the round, in simeck.h */

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"

#endif
