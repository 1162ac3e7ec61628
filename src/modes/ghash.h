/* GHASH (NIST SP 800-38D, 6.4) over whole 16-byte blocks. */
#ifndef ARX_GHASH_H
#define ARX_GHASH_H

#include <stddef.h>
#include <stdint.h>

/* Field elements are kept as polynomials: bit i of w[0] | w[1] << 64 is the
 * coefficient of x^i (ghash_ct.c explains the conversion from GCM bytes). */
typedef struct arx_ghash {
    uint64_t h[2]; /* hash subkey H */
    uint64_t y[2]; /* running value Y */
} arx_ghash;

void arx_ghash_init(arx_ghash *g, const uint8_t h[16]);
/* Y = (Y xor X_i) * H for each of the nblocks 16-byte blocks. */
void arx_ghash_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks);
/* Absorb len bytes as whole blocks, the last zero-padded (SP 800-38D's 0^v / 0^u padding). */
void arx_ghash_padded(arx_ghash *g, const uint8_t *data, size_t len);
void arx_ghash_out(const arx_ghash *g, uint8_t out[16]);

#endif
