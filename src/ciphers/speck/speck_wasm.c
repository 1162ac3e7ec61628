/*
 * SPECK64 and SPECK128 on WebAssembly SIMD128, word-sliced
 * (../twoword_simd.h, rounds in speck.h): a pair of vectors holds 4 SPECK64
 * blocks (32-bit lanes) or 2 SPECK128 blocks (64-bit lanes). S^3 is shl +
 * shr_u + or, S^-8 one swizzle (../wasm.h says why not a constant shuffle);
 * in counter mode S^-8 of the byte-swapped counter is one shuffle, once a
 * batch. Tails: whole pairs here, then the reference block functions.
 */
#include "cipher.h"

#if ARX_WASM_SIMD
#include "speck.h"
#define TW_FAMILY speck
#define TW_WASM
#define TW_VBITS 128
#include "../twoword_simd.h"

/* 4 pairs: x86-64 hosts have 16 vector registers (SSE2's choice). */
#define TW_PAIRS 4
#define SPECK_Y(y, s, k, x) TW_XOR(TW_ROL(TW_W, y, 3), x)
/* S^-8 bswap(v): bytes (2 1 0 3) of each 32-bit word, (6 5 4 3 2 1 0 7) of each 64-bit one. */
#define SPECK_CTR_FIRST_32(v) WASM_SHUF32((v), 2, 1, 0, 3)
#define SPECK_CTR_FIRST_64(v) WASM_SHUF64((v), 6, 5, 4, 3, 2, 1, 0, 7)
#define SPECK_CTR_FIRST(v) TW_CAT(SPECK_CTR_FIRST_, TW_W)(v)

/* SPECK-128's CTR messages of 256 bytes and more, multiples of 128 (the
 * one-message kernel's whole 8-block batches), go alone (many.c): the
 * lanes were 1-4% behind there (docs/PERFORMANCE.md). */
#define TW_MANY_CTR_ALONE ARX_MANY_CTR_ALONE(256, 128)

#define TW_W 32
#include "../twoword_simd.h"
#define TW_W 64
#include "../twoword_simd.h"

#else
typedef int speck_wasm_not_built; /* ISO C: no empty translation unit */
#endif
