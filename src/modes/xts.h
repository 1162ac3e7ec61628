/*
 * XTS internals shared by src/modes/xts.c and the ISA files
 * (xts_sse2.c, xts_avx2.c, xts_avx512.c, xts_neon.c).
 *
 * The tweak of block j of a data unit is T_j = E_K2(i) * alpha^j in
 * GF(2^128) mod x^128 + x^7 + x^2 + x + 1, the 16 bytes read as one
 * little-endian integer (IEEE 1619-2018, 5.2). Multiplying by alpha^s for
 * s <= 57 is one 128-bit shift left by s and one fold: the s bits c pushed
 * past x^127 stand for c * x^128 = c * (x^7 + x^2 + x + 1), a carry-less
 * product of at most s + 7 <= 64 bits, so it lands in the low word and never
 * needs a second fold. The ISA files do that on 64-bit lanes, several
 * tweaks per register; no branch and no index depends on the tweak.
 */
#ifndef ARX_XTS_H
#define ARX_XTS_H

#include "../key.h"

/*
 * Whole blocks of one data unit: out = E(in ^ T_j) ^ T_j (D for decrypt),
 * j = 0 .. n-1, with T_0 = t; on return t = T_n. out == in allowed. Each
 * implementation runs the key's wide kernel over chunks of ARX_CHUNK_BYTES
 * written in `out` and whitens before and after, recomputing the tweaks in
 * registers rather than storing them.
 */
typedef void (*arx_xts_blocks_fn)(const arx_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                                  size_t n, int decrypt);

void arx_xts_blocks_ref(const arx_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n,
                        int decrypt);
#if ARX_X86_SIMD
void arx_xts_blocks_sse2(const arx_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n,
                         int decrypt);
void arx_xts_blocks_avx2(const arx_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n,
                         int decrypt);
void arx_xts_blocks_avx512(const arx_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n,
                           int decrypt);
#endif
#if ARX_ARM_NEON
void arx_xts_blocks_neon(const arx_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n,
                         int decrypt);
#endif

/* The whitening of one kernel chunk, ARX_CHUNK_BYTES, in blocks. */
#define ARX_XTS_CHUNK_BLOCKS (ARX_CHUNK_BYTES / 16)

#endif
