/*
 * HIGHT, WebAssembly SIMD128: byte-sliced, 16 blocks per batch, one vector
 * per state byte (template in hight.h).
 *
 * F0 and F1 are GF(2)-linear in the byte, so F(x) = T_lo[x & 0x0f] ^
 * T_hi[x >> 4], two i8x16.swizzle lookups in 16-byte tables held in
 * registers (as the AArch64 NEON file does with tbl). A swizzle is a
 * register permutation (pshufb on x86, tbl on ARM): no memory access
 * depends on the data. Spelling out the three byte rotations instead costs
 * i8x16.shl/shr_u, which x86 engines emulate with 16-bit shifts and masks.
 */
#include "cipher.h"

#if ARX_WASM_SIMD
#include <string.h>

#include "../wasm.h"
#include "internal.h"

/* Table entries from the spec's formulas (hight.h: hight_f0, hight_f1). */
#define HT_ROL(x, r) ((((x) << (r)) | ((x) >> (8 - (r)))) & 0xff)
#define HT_F0(x) (HT_ROL(x, 1) ^ HT_ROL(x, 2) ^ HT_ROL(x, 7))
#define HT_F1(x) (HT_ROL(x, 3) ^ HT_ROL(x, 4) ^ HT_ROL(x, 6))
#define HT_ROW(F, s)                                                                               \
    wasm_u8x16_const(F(0 << s), F(1 << s), F(2 << s), F(3 << s), F(4 << s), F(5 << s), F(6 << s),  \
                     F(7 << s), F(8 << s), F(9 << s), F(10 << s), F(11 << s), F(12 << s),           \
                     F(13 << s), F(14 << s), F(15 << s))

/* F(x) from the tables of the low and the high nibble (indexes < 16). */
ARX_INLINE v128_t hight_wasm_lin(v128_t x, v128_t tlo, v128_t thi) {
    return wasm_v128_xor(wasm_i8x16_swizzle(tlo, wasm_v128_and(x, wasm_u8x16_splat(0x0f))),
                         wasm_i8x16_swizzle(thi, wasm_u8x16_shr(x, 4)));
}
#define HV_F0(x) hight_wasm_lin((x), HT_ROW(HT_F0, 0), HT_ROW(HT_F0, 4))
#define HV_F1(x) hight_wasm_lin((x), HT_ROW(HT_F1, 0), HT_ROW(HT_F1, 4))

#define HV_ISA wasm
#define HV_T v128_t
#define HV_BYTES 16
#define HV_LOAD(p) wasm_v128_load(p)
#define HV_STORE(p, v) wasm_v128_store((p), (v))
#define HV_ADD wasm_i8x16_add
#define HV_SUB wasm_i8x16_sub
#define HV_XOR wasm_v128_xor
#define HV_UNPLO8 WASM_ZIPLO8
#define HV_UNPHI8 WASM_ZIPHI8
#define HV_UNPLO16 WASM_ZIPLO16
#define HV_UNPHI16 WASM_ZIPHI16
#define HV_UNPLO32 WASM_ZIPLO32
#define HV_UNPHI32 WASM_ZIPHI32
#define HV_KEY(ks, i) wasm_v128_load8_splat(&(ks)->sk[i])
#define HV_F0A(x, ks, i) wasm_i8x16_add(HV_F0(x), HV_KEY(ks, i))
#define HV_F1X(x, ks, i) wasm_v128_xor(HV_F1(x), HV_KEY(ks, i))
#define HV_WK(ks, i) wasm_v128_load8_splat(&(ks)->wk[i])
#define HV_SET1(b) wasm_u8x16_splat(b)
/* byte 6 = base6 + 1 where byte 7 wrapped (b7 < base7): minus the all-ones mask */
#define HV_CTR6(b7, base7, base6, base6p1) ((void)(base6p1), wasm_i8x16_sub((base6), wasm_u8x16_lt((b7), (base7))))
/* A batch against the reference block by block, as on SSE2. */
#define HV_MIN_TAIL 4
#define HV_UNROLL _Pragma("clang loop unroll(full)")
/* The lane-per-message kernel (hight.h, ../many_simd.h): four messages a
 * call, one per 32-bit lane, each lane's four blocks byte-sliced in it; the
 * schedule transpose's byte spread is one swizzle (run once per set of keys,
 * its index computed: no data-dependent lookup). */
#define HV_MANY 1
#define HV_UNPLO64 WASM_ZIPLO64
#define HV_UNPHI64 WASM_ZIPHI64
#define HV_SHUFFLE8 wasm_i8x16_swizzle
#define HV_WORD_BYTES wasm_u8x16_const(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12)
#define HV_LOAD_LANES(p, q) wasm_v128_load((p)[q])

#include "hight.h"

#else
typedef int hight_wasm_not_built; /* ISO C: no empty translation unit */
#endif
