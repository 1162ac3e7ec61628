/*
 * CHAM, WebAssembly SIMD128: the word-sliced kernels of cham.h over the
 * vocabulary of ../wasm.h, 8 CHAM-64 or 4 CHAM-128 blocks per batch, as
 * cham_sse2.c: rotations are shifts and an or, by 16 in 32-bit lanes one
 * word shuffle (../wasm.h). The only wasm backend: tails run as one
 * zero-padded batch.
 */
#include "cipher.h"
#if ARX_WASM_SIMD
#include "../wasm.h"

#define V v128_t
#define VB 16
#define V_LOADU(p) wasm_v128_load(p)
#define V_STOREU(p, x) wasm_v128_store((p), (x))
#define V_ROW(row) wasm_v128_load(row)
#define V_XOR wasm_v128_xor
#define V_ADD16 wasm_i16x8_add
#define V_SUB16 wasm_i16x8_sub
#define V_ADD32 wasm_i32x4_add
#define V_SUB32 wasm_i32x4_sub
#define V_SET1_16(x) wasm_u16x8_splat((uint16_t)(x))
#define V_SET1_32(x) wasm_u32x4_splat((uint32_t)(x))
#define V_ROL16 WASM_ROL16
#define V_ROL32 WASM_ROL32
#define V_BSWAP32(x) WASM_BSWAP32(x)
#define V_UNPACKLO16 WASM_ZIPLO16
#define V_UNPACKHI16 WASM_ZIPHI16
#define V_UNPACKLO32 WASM_ZIPLO32
#define V_UNPACKHI32 WASM_ZIPHI32
#define V_UNPACKLO64 WASM_ZIPLO64
#define V_UNPACKHI64 WASM_ZIPHI64

/* As SSE2 (16 registers on x86-64 hosts): two batches, four to decrypt. */
#define CHAM_INTERLEAVE 2
#define CHAM_INTERLEAVE_DEC 4
/* Lane-per-message CHAM (cham.h, ../many_simd.h): 4 messages a call. */
#define CHAM_MANY_NB 2
#define CHAM_ISA wasm
#define CHAM_ISA_NAME "wasm"
#define CHAM_ISA_REQUIRES ARX_REQ_WASM
#define CHAM_PADDED_TAILS 1
#include "cham.h"

#else
typedef int cham_wasm_not_built; /* ISO C: no empty translation unit */
#endif
