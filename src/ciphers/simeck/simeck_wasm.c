/*
 * SIMECK32 and SIMECK64 on WebAssembly SIMD128, word-sliced
 * (../twoword_simd.h, the round in simeck.h): a pair of vectors holds 8
 * SIMECK32 blocks (16-bit lanes) or 4 SIMECK64 blocks (32-bit lanes).
 * Tails: whole pairs here, then the reference block functions.
 */
#include "cipher.h"

#if ARX_WASM_SIMD
#include "simeck.h"
#define TW_FAMILY simeck
#define TW_WASM
#define TW_VBITS 128
#include "../twoword_simd.h"

#define TW_PAIRS 4
#define TW_EVEN_ROUNDS /* T = 32, 36, 44 */
#define TW_FEISTEL_PAIR SIMECK_FEISTEL_PAIR /* the round, in simeck.h */

#define TW_W 16
#include "../twoword_simd.h"
#define TW_W 32
#include "../twoword_simd.h"

#else
typedef int simeck_wasm_not_built; /* ISO C: no empty translation unit */
#endif
