/*
 * SIMON64 and SIMON128 on AVX2, word-sliced (../twoword_simd.h): a pair of
 * ymm holds 8 SIMON64 blocks (32-bit lanes) or 4 SIMON128 blocks (64-bit
 * lanes). AVX2 has no rotate: S^8 is a vpshufb, S^1 and S^2 are two shifts
 * and an OR each (S^1's left shift an add, which more pipes take), so a
 * round is 11 instructions per pair. Tails: whole pairs here, then the SSE2
 * kernels, then the reference.
 *
 * SIMON32 (16-bit words, the same rotations; S^8 a byte swap, one vpshufb)
 * runs the same kernel with 16 blocks a pair. Its lane-per-message kernel
 * (CTR, 8 messages a call) is twoword_simd.h's 16-bit one.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "simon.h"
#define TW_FAMILY simon
#define TW_VBITS 256
#include "../twoword_simd.h"

/* 4 pairs, as for SPECK (speck_avx2.c). */
#define TW_PAIRS 4
/* Lane-per-message kernel (SPECK-128, SIMON-128; ../many_simd.h): batches of
 * each message interleaved. */
#define TW_MANY_NB 4
/* Stitched GCM for the 128-bit instance: the backend points at
 * simon128_avx2_gcm_xor, which simon_gcm_avx2clmul.c writes. */
#define TW_GCM_AVX2
#define TW_FEISTEL_PAIR SIMON_FEISTEL_PAIR /* the round, in simon.h */

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
