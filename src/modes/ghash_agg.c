/*
 * The portable constant-time GHASH, aggregated: ARX_GHASH_AGG_N blocks per
 * reduction. For blocks X_1..X_k and running value Y,
 *     Y' = (Y ^ X_1) H^k ^ X_2 H^(k-1) ^ ... ^ X_k H,
 * so the k products are summed before one reduction, with H^1..H^N
 * computed once per key (ghash.h, hagg). The representation and the
 * multiply are ghash_ct.c's (64 x 64 carry-less products from integer
 * multiplies of every-fourth-bit masks, the high halves from bit-reversed
 * operands, Karatsuba above them), and everything after the multiplies is
 * linear, so it moves out of the per-block work:
 *   - the residue masks of bmul64 (the raw residue sums are XORed over the
 *     k blocks and masked once: ghash_mul64.h),
 *   - the bit reversal and shift of the three high halves,
 *   - the Karatsuba recombination and the reduction.
 * Per block that leaves the 96 multiplies, their XORs and the operand
 * masks, and the operands themselves: the bit-reversed form of a block is
 * its bytes bit-reversed in place (no byte swap), the plain form its
 * big-endian words.
 *
 * The WebAssembly SIMD128 backends used it until ghash_wasm.c, which does
 * the same aggregation with four 32-bit products per i32x4.mul.
 * No branch or index depends on data or H: every loop runs over a public
 * block count.
 */
#include "ghash.h"

#include "../internal.h"
#include "ghash_mul64.h"

#ifdef ARX_GHASH_AGG_N
#define N ARX_GHASH_AGG_N
#ifndef ARX_FREESTANDING
_Static_assert(sizeof(((arx_ghash_key *)0)->hagg) <= sizeof(((arx_ghash_key *)0)->htab),
               "hagg shares htab's room: keys keep their size (ghash.h)");
#endif

void arx_ghash_ct_powers(arx_ghash_key *gk, const uint8_t h[16], uint64_t pw[][2], unsigned n) {
    arx_ghash_ct_key(gk, h); /* h: CT's form, for hpow and fold */
    arx_ghash p, hn, zero;
    arx_ghash_start(&p, gk);
    arx_ghash_start(&hn, gk);
    arx_ghash_start(&zero, gk);
    p.y[0] = hn.y[0] = gk->h[0];
    p.y[1] = hn.y[1] = gk->h[1];
    for (unsigned j = 1; j <= n; j++) { /* p = H^j */
        if (j > 1) arx_ghash_ct_fold(&p, &hn, &zero);
        pw[j - 1][0] = p.y[0];
        pw[j - 1][1] = p.y[1];
    }
    arx_wipe(&p, sizeof p);
    arx_wipe(&hn, sizeof hn);
}

void arx_ghash_agg_key(arx_ghash_key *gk, const uint8_t h[16]) {
    uint64_t pw[N][2];
    arx_ghash_ct_powers(gk, h, pw, N);
    for (int j = 1; j <= N; j++) {
        const uint64_t y0 = pw[j - 1][0], y1 = pw[j - 1][1];
        gk->hagg[0][N - j] = y0;
        gk->hagg[1][N - j] = y1;
        gk->hagg[2][N - j] = y0 ^ y1;
        gk->hagg[3][N - j] = arx_gf_rev64(y0);
        gk->hagg[4][N - j] = arx_gf_rev64(y1);
        gk->hagg[5][N - j] = arx_gf_rev64(y0 ^ y1);
    }
    arx_wipe(pw, sizeof pw);
}

/* Bits reversed inside each byte: rev64(load_be(p)) = brev8(load_le(p)). */
static inline uint64_t brev8(uint64_t x) {
    x = ((x & 0x5555555555555555u) << 1) | ((x >> 1) & 0x5555555555555555u);
    x = ((x & 0x3333333333333333u) << 2) | ((x >> 2) & 0x3333333333333333u);
    return ((x & 0x0f0f0f0f0f0f0f0fu) << 4) | ((x >> 4) & 0x0f0f0f0f0f0f0f0fu);
}

/* sum over i < k of bmul64(x[i], h[i]) */
static inline uint64_t bmul64_sum(const uint64_t *x, const uint64_t *h, unsigned k) {
    uint64_t z[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < k; i++) ARX_GF_BMUL64_ACC(z, x[i], h[i]);
    return arx_gf_bmul64_out(z);
}

/* Y = (Y ^ X_1) H^k ^ ... ^ X_k H for 1 <= k <= N blocks; x is room for
 * the operands (the caller wipes it). */
static inline void agg_run(uint64_t y[2], const arx_ghash_key *gk, const uint8_t *data, unsigned k,
                           uint64_t x[6][N]) {
    for (unsigned i = 0; i < k; i++, data += 16) {
        uint64_t a0 = brev8(arx_load64_le(data)), a1 = brev8(arx_load64_le(data + 8));
        uint64_t b0 = arx_load64_be(data), b1 = arx_load64_be(data + 8);
        if (i == 0) { /* i is public */
            a0 ^= y[0];
            a1 ^= y[1];
            b0 ^= arx_gf_rev64(y[0]);
            b1 ^= arx_gf_rev64(y[1]);
        }
        x[0][i] = a0;
        x[1][i] = a1;
        x[2][i] = a0 ^ a1;
        x[3][i] = b0;
        x[4][i] = b1;
        x[5][i] = b0 ^ b1;
    }
    const uint64_t p0 = bmul64_sum(x[0], gk->hagg[0] + N - k, k);
    const uint64_t p2 = bmul64_sum(x[1], gk->hagg[1] + N - k, k);
    const uint64_t m0 = bmul64_sum(x[2], gk->hagg[2] + N - k, k);
    /* coefficient 63 + j of a product is bit j of rev64(the reversed operands' low half) */
    const uint64_t p1 = arx_gf_rev64(bmul64_sum(x[3], gk->hagg[3] + N - k, k)) >> 1;
    const uint64_t p3 = arx_gf_rev64(bmul64_sum(x[4], gk->hagg[4] + N - k, k)) >> 1;
    const uint64_t m1 = arx_gf_rev64(bmul64_sum(x[5], gk->hagg[5] + N - k, k)) >> 1;
    arx_gf_karatsuba_reduce(y, p0, p1, p2, p3, m0, m1);
}

void arx_ghash_agg_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    uint64_t x[6][N];
    for (; nblocks >= N; nblocks -= N, data += 16 * N) agg_run(g->y, g->key, data, N, x);
    if (nblocks) agg_run(g->y, g->key, data, (unsigned)nblocks, x);
    /* one wipe of all six rows (a short run wrote the start of each): six
     * calls cost more than the 384 bytes */
    arx_wipe(x, sizeof x);
}
#else
typedef int arx_ghash_agg_not_built; /* ISO C: no empty translation unit */
#endif
