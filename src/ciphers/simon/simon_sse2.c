/*
 * SIMON64 and SIMON128 on SSE2, word-sliced (../twoword_simd.h): a pair of
 * xmm holds 4 SIMON64 blocks (32-bit lanes) or 2 SIMON128 blocks (64-bit
 * lanes). SSE2 has neither rotates nor pshufb (SSSE3): each of S^1, S^2, S^8
 * is two shifts and an OR (S^1's left shift an add), so a round is 13
 * instructions per pair. Tails: whole pairs here, then the reference block
 * functions.
 *
 * SIMON32 (16-bit words, the same rotations; S^8 a byte swap) runs the same
 * kernel with 8 blocks a pair.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simon.h"
#define TW_FAMILY simon
#define TW_VBITS 128
#include "../twoword_simd.h"

/* 4 pairs, as for SPECK (speck_sse2.c). */
#define TW_PAIRS 4
#define TW_FEISTEL_PAIR SIMON_FEISTEL_PAIR /* the round, in simon.h */

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
