/*
 * SPECK64 and SPECK128 on AVX2, word-sliced (../twoword_simd.h, rounds in
 * speck.h): a pair of ymm holds 8 SPECK64 blocks (32-bit lanes) or 4
 * SPECK128 blocks (64-bit lanes). AVX2 has no rotate: S^-8 is a vpshufb, S^3
 * two shifts and an OR, 7 instructions per round and pair. Tails: whole
 * pairs here, then the SSE2 kernels, then the reference.
 *
 * SPECK32 (16-bit words, alpha 7 and beta 2, speck.h) runs the same kernel
 * with 16 blocks a pair: S^-7 and S^2 by shifts. Its lane-per-message
 * kernel (CTR, 8 messages a call) is twoword_simd.h's 16-bit one.
 */
#include "cipher.h"

#if ARX_X86_SIMD
#include <immintrin.h>

#include "speck.h"
#define TW_FAMILY speck
#define TW_VBITS 256
#include "../twoword_simd.h"

/* 4 pairs: 0.64 cpb for SPECK64 on Zen 4, against 0.69 with 3 and 0.79 with 2. */
#define TW_PAIRS 4
/* Lane-per-message kernel (SPECK-128, SIMON-128; ../many_simd.h): batches of
 * each message interleaved. */
#define TW_MANY_NB 4
/* Stitched GCM for the 128-bit instance: the backend points at
 * speck128_avx2_gcm_xor, which speck_gcm_avx2clmul.c writes. */
#define TW_GCM_AVX2
/* S^3 y ^ x; S^-8 bswap(v) in one vpshufb (speck.h). */
#define SPECK_Y(y, s, k, x) TW_XOR(TW_ROL(TW_W, y, SPECK_B), x)
#define SPECK_CTR_FIRST(v) TW_SHUFFLE8(v, TW_LANES(TW_CAT(SPECK_BSWAP_ROR8_IDX_, TW_W)))

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#endif
