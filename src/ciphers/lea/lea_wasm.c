/*
 * LEA backend for WebAssembly SIMD128: the kernels of lea_simd.h over the
 * 128-bit vocabulary of ../wasm.h, 4 blocks per batch, as lea_sse2.c with
 * the byte swap of the counter one shuffle (SSE2 has no pshufb; SIMD128's
 * i8x16.shuffle is one on engines with SSSE3).
 */
#include "cipher.h"

#if ARX_WASM_SIMD
#include <string.h>

#include "../wasm.h"
#include "lea.h"

#define LV v128_t
#define LV_LANES 4
#define LV_FN(name) lea_wasm_##name
#define LV_XOR wasm_v128_xor
#define LV_ADD wasm_i32x4_add
#define LV_SUB wasm_i32x4_sub
#define LV_ROL(x, r) WASM_ROL32((x), (r))
#define LV_ROR(x, r) WASM_ROL32((x), 32 - (r))
#define LV_SET1(x) wasm_u32x4_splat(x)
#define LV_LOAD(p) wasm_v128_load(p)
#define LV_STORE(p, v) wasm_v128_store((p), (v))
#define LV_UNPACKLO32 WASM_ZIPLO32
#define LV_UNPACKHI32 WASM_ZIPHI32
#define LV_UNPACKLO64 WASM_ZIPLO64
#define LV_UNPACKHI64 WASM_ZIPHI64
#define LV_BSWAP32(v) WASM_BSWAP32(v)
#define LV_CTR_OFFSETS wasm_u32x4_make(0, 1, 2, 3)

#ifndef LEA_WASM_NB
#define LEA_WASM_NB 2
#endif
#define LV_ENC_NB LEA_WASM_NB
#define LV_DEC_NB LEA_WASM_NB
#define LV_UNROLL_NB _Pragma("clang loop unroll(full)")

#include "lea_simd.h"

/* ---- multi-message (issue 24): 4 lanes, ../many_simd.h's SIMD128
 * vocabulary; the schedules' words transposed four by four with
 * lea_simd.h's 4x4 transpose. ---- */
#define LM_VBITS 128
#define LM_FN(name) lea_wasm_##name
#define LM_ROL(x, r) WASM_ROL32((x), (r))
#define LM_ROR(x, r) WASM_ROL32((x), 32 - (r))
#define LM_TRANSPOSE lea_wasm_transpose
#define LM_NB LEA_WASM_NB /* as the one-message kernels; 1 and 4 measured no better */
#include "lea_many_simd.h"

const arx_backend lea_wasm_backend = {
    "wasm", ARX_REQ_WASM, 4, lea_wasm_encrypt, lea_wasm_decrypt, lea_wasm_ctr_xor,
    .many_lanes = 4, .ctr_many = lea_wasm_ctr_many,
};
#else
typedef int lea_wasm_not_built; /* ISO C: no empty translation unit */
#endif
