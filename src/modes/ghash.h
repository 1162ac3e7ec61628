/*
 * GHASH (NIST SP 800-38D, 6.4) over whole 16-byte blocks, with one portable
 * constant-time implementation and x86 carry-less-multiply ones. Which one a
 * GCM context uses follows its key's backend (arx_ghash_pick), so forcing a
 * backend also forces the GHASH that goes with it and the tests reach each.
 */
#ifndef ARX_GHASH_H
#define ARX_GHASH_H

#include <stddef.h>
#include <stdint.h>

enum { ARX_GHASH_CT, ARX_GHASH_PCLMUL, ARX_GHASH_VPCLMUL };

/* Blocks per reduction at most (VPCLMULQDQ path): 64 measured fastest on Zen 4
 * (GHASH alone, 16 KiB: 16 per reduction 0.196 TSC cpb, 32: 0.139, 64: see
 * docs/PERFORMANCE.md) as the per-reduction folds and shifts compete with
 * the multiplies for the same pipes. */
#define ARX_GHASH_MAX_POW 64

typedef struct arx_ghash {
    int impl;
    /* portable: polynomials, bit i of w[0] | w[1] << 64 = coefficient of x^i */
    uint64_t h[2];
    uint64_t y[2];
    /* x86: byte-reversed elements (see ghash_pclmul.c); yr = Y,
     * htab[i] = H^(64 - i), so the powers a run of k blocks needs,
     * H^k ... H^1, are the contiguous htab[64 - k .. 63]. */
    uint8_t yr[16];
    uint8_t htab[ARX_GHASH_MAX_POW][16];
    unsigned npow; /* H^1 .. H^npow are in htab so far (filled on demand) */
} arx_ghash;

struct arx_backend;
/* The GHASH for a key on backend `be`: CT for the portable backend, else the
 * widest carry-less multiply the CPU has (VPCLMULQDQ with AVX-512 backends). */
int arx_ghash_pick(const struct arx_backend *be);

void arx_ghash_init(arx_ghash *g, const uint8_t h[16], int impl);
/* Y = (Y xor X_i) * H for each of the nblocks 16-byte blocks. */
void arx_ghash_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
/* Absorb len bytes as whole blocks, the last zero-padded (SP 800-38D's 0^v / 0^u padding). */
void arx_ghash_padded(arx_ghash *g, const uint8_t *data, size_t len);
void arx_ghash_out(const arx_ghash *g, uint8_t out[16]);
void arx_ghash_reset(arx_ghash *g); /* Y = 0, H kept */

/* The implementations behind arx_ghash_blocks (ghash_ct.c, ghash_pclmul.c, ghash_avx512.c). */
void arx_ghash_ct_init(arx_ghash *g, const uint8_t h[16]);
void arx_ghash_ct_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
void arx_ghash_ct_out(const arx_ghash *g, uint8_t out[16]);
void arx_ghash_pclmul_init(arx_ghash *g, const uint8_t h[16]);
void arx_ghash_pclmul_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
/* Make H^1 .. H^need (need <= ARX_GHASH_MAX_POW) available in htab. Short messages need few
 * powers, so they are computed when a run first needs them, not at init. */
void arx_ghash_pclmul_powers(arx_ghash *g, unsigned need);
void arx_ghash_vpclmul_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);

#endif
