/*
 * LEA internals shared by the reference (lea.c) and the SIMD backends
 * (lea_sse2.c, lea_avx2.c, lea_avx512.c). Portable C only: no intrinsics
 * here; the vector kernels live in lea_simd.h, the AVX-512 entry points a
 * stitched GCM kernel may call in lea_avx512.h.
 */
#ifndef ARX_LEA_H
#define ARX_LEA_H

#include "cipher.h"
#include "internal.h"

/* Largest schedule: LEA-256, 32 rounds of six 32-bit round-key words. */
typedef struct {
    uint32_t rk[32][6];
    unsigned rounds; /* 24, 28 or 32: public, set by the key size */
} lea_ks;

/*
 * Counter-mode precomputation (Seo et al., LEA CTR optimisation). LEA loads a
 * block as four little-endian words X0..X3 from bytes 0-3, 4-7, 8-11, 12-15.
 * While only the low 32 bits of a big-endian counter change, X0, X1 and X2
 * are the same for every block and only X3 = bswap32(low word) varies. Round
 * 0 then has one varying output word (X'2), round 1 two (X''1, X''2), and
 * the first four rounds cost 30 vector operations instead of 48. `c` holds the
 * values that do not depend on X3, named after the round-key word they meet
 * (round r, word j):
 *   c[0] = X2 ^ rk[0][4]         round 0: Y2 = ROR3(c[0] + (X3 ^ rk[0][5]))
 *   c[1] = Y1 ^ rk[1][2]         round 1: Z1 = ROR5(c[1] + (Y2 ^ rk[1][3]))
 *   c[2] = Y3 ^ rk[1][5]         round 1: Z2 = ROR3((Y2 ^ rk[1][4]) + c[2]), Y3 = X0
 *   c[3] = Z0 ^ rk[2][0]         round 2: W0 = ROL9(c[3] + (Z1 ^ rk[2][1]))
 *   c[4] = Z3 ^ rk[2][5]         round 2: W2 = ROR3((Z2 ^ rk[2][4]) + c[4]), Z3 = Y0
 *   c[5] = W3 ^ rk[3][5]         round 3: V2 = ROR3((W2 ^ rk[3][4]) + c[5]), W3 = Z0
 * where (Y, Z, W, V) are the states after rounds 0..3. Derived from key and
 * counter: wipe it when done.
 */
typedef struct {
    uint32_t c[6];
} lea_ctr_pre;

/* Fill *pc for counter blocks whose bytes 0..11 equal ctr[0..11] (lea.c). */
void lea_ctr_precompute(const lea_ks *ks, const uint8_t ctr[16], lea_ctr_pre *pc);

/* The reference kernels (lea.c), for the SIMD files' narrow tails. */
void lea_ref_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
void lea_ref_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);

/* ctr += n for a 16-byte big-endian counter, modulo 2^128, without branches. */
ARX_INLINE void lea_ctr_add(uint8_t ctr[16], uint64_t n) {
    uint64_t hi = arx_load64_be(ctr), lo = arx_load64_be(ctr + 8);
    uint64_t sum = lo + n;
    hi += (uint64_t)(sum < lo);
    arx_store64_be(ctr, hi);
    arx_store64_be(ctr + 8, sum);
}

#if ARX_X86_SIMD
extern const arx_backend lea_sse2_backend, lea_avx2_backend, lea_avx512_backend;
/* Stitched CTR + GHASH (lea_gcm_avx512.c): the avx512 backend's gcm_xor. */
size_t lea_avx512_gcm_xor(const void *ks, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                          size_t nblocks, int decrypt);
/* The same on AVX2 with 256-bit VPCLMULQDQ (lea_gcm_avx2clmul.c): the avx2
 * backend's gcm_xor, called only for keys whose GHASH is ARX_GHASH_VPCLMUL256. */
size_t lea_avx2_gcm_xor(const void *ks, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                        size_t nblocks, int decrypt);
#endif

#if ARX_ARM_NEON
extern const arx_backend lea_neon_backend;
#endif

#if ARX_WASM_SIMD
extern const arx_backend lea_wasm_backend;
#endif

#endif
