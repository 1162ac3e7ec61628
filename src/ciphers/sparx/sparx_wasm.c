/*
 * SPARX, WebAssembly SIMD128: 8 blocks per batch, word-sliced in 16-bit
 * lanes (the kernels in sparx.h over ../wasm.h's vocabulary), as
 * sparx_sse2.c (rotations: shifts and an or, ../wasm.h). Tails run as one zero-padded batch,
 * single blocks through the reference.
 */
#include "cipher.h"
#if ARX_WASM_SIMD
#include "../wasm.h"

#define V v128_t
#define VB 16
#define V_LOADU(p) wasm_v128_load(p)
#define V_STOREU(p, x) wasm_v128_store((p), (x))
#define V_ROW(row) wasm_v128_load(row) /* each 16-byte program row holds its constant 8 times */
#define V_XOR wasm_v128_xor
#define V_XOR3(a, b, c) wasm_v128_xor(wasm_v128_xor((a), (b)), (c))
#define V_ADD16 wasm_i16x8_add
#define V_SUB16 wasm_i16x8_sub
#define V_SET1_16(x) wasm_u16x8_splat((uint16_t)(x))
#define V_ROL16 WASM_ROL16
#define V_UNPACKLO16 WASM_ZIPLO16
#define V_UNPACKHI16 WASM_ZIPHI16
#define V_UNPACKLO32 WASM_ZIPLO32
#define V_UNPACKHI32 WASM_ZIPHI32
#define V_UNPACKLO64 WASM_ZIPLO64
#define V_UNPACKHI64 WASM_ZIPHI64

#define SPARX64_INTERLEAVE 2
#define SPARX128_INTERLEAVE 1
/* Lane-per-message SPARX (sparx.h, ../many_simd.h): 4 messages a call, two
 * batches (one packed state). */
#define SPARX_MANY_NB 2
#define SPARX_ISA wasm
#define SPARX_ISA_NAME "wasm"
#define SPARX_ISA_REQUIRES ARX_REQ_WASM
#define SPARX_PADDED_TAILS 1
#include "sparx.h"

#else
typedef int sparx_wasm_not_built; /* ISO C: no empty translation unit */
#endif
