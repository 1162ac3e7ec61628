/*
 * SIMON64 and SIMON128 on WebAssembly SIMD128, word-sliced
 * (../twoword_simd.h, the round in simon.h): a pair of vectors holds 4
 * SIMON64 blocks (32-bit lanes) or 2 SIMON128 blocks (64-bit lanes). S^1 is
 * an add, shr_u and or, S^2 shl, shr_u and or, S^8 one swizzle (../wasm.h
 * says why not a constant shuffle).
 * Tails: whole pairs here, then the reference block functions.
 *
 * SIMON32 (16-bit words): the same kernel with 8 blocks a pair.
 */
#include "cipher.h"

#if ARX_WASM_SIMD
#include "simon.h"
#define TW_FAMILY simon
#define TW_WASM
#define TW_VBITS 128
#include "../twoword_simd.h"

#define TW_PAIRS 4
#define TW_FEISTEL_PAIR SIMON_FEISTEL_PAIR /* the round, in simon.h */

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#else
typedef int simon_wasm_not_built; /* ISO C: no empty translation unit */
#endif
