/*
 * SPECK64 and SPECK128 on SSE2, word-sliced (../twoword_simd.h, rounds in
 * speck.h): a pair of xmm holds 4 SPECK64 blocks (32-bit lanes) or 2
 * SPECK128 blocks (64-bit lanes). SSE2 has neither rotates nor pshufb
 * (SSSE3), so both rotations are two shifts and an OR: 9 instructions per
 * round and pair. Tails: whole pairs here, then the reference block functions.
 *
 * SPECK32 (16-bit words, alpha 7 and beta 2, speck.h) runs the same
 * kernel with 8 blocks a pair, its rotations by shifts too.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "speck.h"
#define TW_FAMILY speck
#define TW_VBITS 128
#include "../twoword_simd.h"

/* 4 pairs: 1.67 cpb for SPECK64 on Zen 4, against 1.70 with 3 and 1.83 with 2. */
#define TW_PAIRS 4
/* S^3 y ^ x; S^-8 bswap(v) as a byte swap and a rotate, both by shifts. */
#define SPECK_Y(y, s, k, x) TW_XOR(TW_ROL(TW_W, y, SPECK_B), x)
#define SPECK_CTR_FIRST(v) TW_ROR(TW_W, TW_BSWAP(TW_W, v), 8)

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
