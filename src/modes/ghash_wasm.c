/*
 * GHASH for the WebAssembly SIMD128 backends: constant time, no tables
 * indexed by data, no carry-less multiply (SIMD128 has none).
 *
 * The multiply is the masked-integer ("holes") carry-less product of
 * ghash_ct.c on 32-bit lanes with i32x4.mul, which x86 engines emit as one
 * pmulld and ARM ones as one mul: four 32 x 32 -> low 32 products per
 * instruction. With every-fourth-bit masks a kept position of a 32-bit low
 * half collects at most 8 one-bit products, so the residue sums never carry
 * into the next position of the same residue. The high 32 bits come, as in
 * ghash_ct.c, from the low half of the bit-reversed operands: coefficient
 * 31 + j of a * b is bit j of rev32(lo32(rev32 a * rev32 b)).
 *
 * A 128 x 128 product is nine 32 x 32 ones (Karatsuba on 64-bit halves,
 * then on 32-bit words): with a = a0..a3 and h = h0..h3 the words,
 *   V0 = (a0, a1, a2, a3)            low halves of a_i h_i
 *   V1 = (a0^a1, a2^a3, a0^a2, a1^a3) low halves of the middle products
 *   R0, R1 = the same on the bit-reversed words (high halves)
 *   E  = (a0^a1^a2^a3, its reversal, -, -)  the middle of the middle
 * five vectors, 80 pmulld per block (two lanes of E idle), against 96
 * 64-bit multiplies in ghash_agg.c. The H side of each vector is computed
 * once per key for H^1..H^N (ghash.h, hw: 640 bytes; stored under each of
 * the four masks it ran 4% faster at 64 bytes and 8% at 64 KiB, but 2.5 KiB
 * takes SPARX-128's keys past ARX_KEY_STORAGE_MAX), so runs of up to N
 * blocks are aggregated as in ghash_agg.c,
 *     Y' = (Y ^ X_1) H^k ^ X_2 H^(k-1) ^ ... ^ X_k H,
 * and everything after the multiplies is linear: the raw residue sums are
 * XORed over the run's blocks and the masking, the reversals of the high
 * halves, the Karatsuba recombination and the reduction happen once per
 * run. Representation: ghash_ct.c's (bit i of y[0] | y[1] << 64 is the
 * coefficient of x^i); a block's words are its bytes bit-reversed in place,
 * its reversed words its bytes swapped within each 32-bit word.
 * No branch or index depends on data or H: the loops run over public block
 * counts and the powers are indexed by position in the run.
 */
#include "ghash.h"

#include "../cipher.h"
#include "../internal.h"
#include "ghash_mul64.h"

#if ARX_WASM_SIMD && defined(ARX_GHASH_AGG_N)
#include <wasm_simd128.h>

#define N ARX_GHASH_AGG_N

/* bits reversed within each byte */
static inline v128_t brev8(v128_t x) {
    const v128_t m1 = wasm_i8x16_splat(0x55), m2 = wasm_i8x16_splat(0x33), m4 = wasm_i8x16_splat(0x0f);
    x = wasm_v128_or(wasm_v128_and(wasm_u16x8_shr(x, 1), m1), wasm_i16x8_shl(wasm_v128_and(x, m1), 1));
    x = wasm_v128_or(wasm_v128_and(wasm_u16x8_shr(x, 2), m2), wasm_i16x8_shl(wasm_v128_and(x, m2), 2));
    return wasm_v128_or(wasm_v128_and(wasm_u16x8_shr(x, 4), m4), wasm_i16x8_shl(wasm_v128_and(x, m4), 4));
}

#define BSWAP32(x) wasm_i8x16_shuffle((x), (x), 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)

/* each 32-bit lane bit-reversed */
static inline v128_t rev32(v128_t x) { return BSWAP32(brev8(x)); }

/* The five operand vectors of a (words) and r (its reversed words). */
static inline void operands(v128_t v[5], v128_t a, v128_t r) {
    const v128_t a1 = wasm_v128_xor(wasm_i32x4_shuffle(a, a, 0, 2, 0, 1), wasm_i32x4_shuffle(a, a, 1, 3, 2, 3));
    const v128_t r1 = wasm_v128_xor(wasm_i32x4_shuffle(r, r, 0, 2, 0, 1), wasm_i32x4_shuffle(r, r, 1, 3, 2, 3));
    v[0] = a;
    v[1] = a1;
    v[2] = r;
    v[3] = r1;
    v[4] = wasm_v128_xor(wasm_i32x4_shuffle(a1, r1, 0, 4, 0, 4), wasm_i32x4_shuffle(a1, r1, 1, 5, 1, 5));
}

void arx_ghash_wasm_key(arx_ghash_key *gk, const uint8_t h[16]) {
    uint64_t pw[N][2];
    arx_ghash_ct_powers(gk, h, pw, N);
    for (int j = 1; j <= N; j++) {
        const v128_t a = wasm_i64x2_make((int64_t)pw[j - 1][0], (int64_t)pw[j - 1][1]);
        v128_t v[5];
        operands(v, a, rev32(a));
        for (int c = 0; c < 5; c++) wasm_v128_store(gk->hw[N - j][c], v[c]);
        arx_wipe(v, sizeof v);
    }
    arx_wipe(pw, sizeof pw);
}

/* Y = (Y ^ X_1) H^k ^ ... ^ X_k H for 1 <= k <= N blocks; x is room for the
 * operands (the caller wipes it). */
static void run(uint64_t y[2], const arx_ghash_key *gk, const uint8_t *data, unsigned k, v128_t x[N][5]) {
    const v128_t m0 = wasm_i32x4_splat(0x11111111), m1 = wasm_i32x4_splat(0x22222222);
    const v128_t m2 = wasm_i32x4_splat(0x44444444), m3 = wasm_i32x4_splat((int32_t)0x88888888u);
    for (unsigned i = 0; i < k; i++, data += 16) {
        const v128_t b = wasm_v128_load(data);
        v128_t a = brev8(b), r = BSWAP32(b);
        if (i == 0) { /* i is public */
            const v128_t ya = wasm_i64x2_make((int64_t)y[0], (int64_t)y[1]);
            a = wasm_v128_xor(a, ya);
            r = wasm_v128_xor(r, rev32(ya));
        }
        operands(x[i], a, r);
    }
    const uint32_t(*hw)[5][4] = gk->hw + (N - k);
    v128_t p[5];
    for (int c = 0; c < 5; c++) {
        v128_t z0 = wasm_i32x4_splat(0), z1 = z0, z2 = z0, z3 = z0;
        for (unsigned i = 0; i < k; i++) {
            const v128_t xv = x[i][c];
            const v128_t x0 = wasm_v128_and(xv, m0), x1 = wasm_v128_and(xv, m1);
            const v128_t x2 = wasm_v128_and(xv, m2), x3 = wasm_v128_and(xv, m3);
            const v128_t hv = wasm_v128_load(hw[i][c]);
            const v128_t h0 = wasm_v128_and(hv, m0), h1 = wasm_v128_and(hv, m1);
            const v128_t h2 = wasm_v128_and(hv, m2), h3 = wasm_v128_and(hv, m3);
            z0 = wasm_v128_xor(z0, wasm_v128_xor(wasm_v128_xor(wasm_i32x4_mul(x0, h0), wasm_i32x4_mul(x1, h3)),
                                                 wasm_v128_xor(wasm_i32x4_mul(x2, h2), wasm_i32x4_mul(x3, h1))));
            z1 = wasm_v128_xor(z1, wasm_v128_xor(wasm_v128_xor(wasm_i32x4_mul(x0, h1), wasm_i32x4_mul(x1, h0)),
                                                 wasm_v128_xor(wasm_i32x4_mul(x2, h3), wasm_i32x4_mul(x3, h2))));
            z2 = wasm_v128_xor(z2, wasm_v128_xor(wasm_v128_xor(wasm_i32x4_mul(x0, h2), wasm_i32x4_mul(x1, h1)),
                                                 wasm_v128_xor(wasm_i32x4_mul(x2, h0), wasm_i32x4_mul(x3, h3))));
            z3 = wasm_v128_xor(z3, wasm_v128_xor(wasm_v128_xor(wasm_i32x4_mul(x0, h3), wasm_i32x4_mul(x1, h2)),
                                                 wasm_v128_xor(wasm_i32x4_mul(x2, h1), wasm_i32x4_mul(x3, h0))));
        }
        p[c] = wasm_v128_or(wasm_v128_or(wasm_v128_and(z0, m0), wasm_v128_and(z1, m1)),
                            wasm_v128_or(wasm_v128_and(z2, m2), wasm_v128_and(z3, m3)));
    }
    /* high halves: coefficients 32..62 of each product */
    const v128_t q0 = wasm_u32x4_shr(rev32(p[2]), 1), q1 = wasm_u32x4_shr(rev32(p[3]), 1);
    const v128_t q4 = wasm_u32x4_shr(rev32(p[4]), 1);
    /* the nine 64-bit products: a_i h_i, the middle ones, and E's */
    const v128_t c01 = wasm_i32x4_shuffle(p[0], q0, 0, 4, 1, 5), c23 = wasm_i32x4_shuffle(p[0], q0, 2, 6, 3, 7);
    const v128_t d01 = wasm_i32x4_shuffle(p[1], q1, 0, 4, 1, 5), d23 = wasm_i32x4_shuffle(p[1], q1, 2, 6, 3, 7);
    const v128_t e = wasm_i32x4_shuffle(p[4], q4, 0, 5, 0, 5);
    const uint64_t c0 = (uint64_t)wasm_i64x2_extract_lane(c01, 0), c1 = (uint64_t)wasm_i64x2_extract_lane(c01, 1);
    const uint64_t c2 = (uint64_t)wasm_i64x2_extract_lane(c23, 0), c3 = (uint64_t)wasm_i64x2_extract_lane(c23, 1);
    const uint64_t ma = (uint64_t)wasm_i64x2_extract_lane(d01, 0), mb = (uint64_t)wasm_i64x2_extract_lane(d01, 1);
    const uint64_t mc = (uint64_t)wasm_i64x2_extract_lane(d23, 0), md = (uint64_t)wasm_i64x2_extract_lane(d23, 1);
    const uint64_t me = (uint64_t)wasm_i64x2_extract_lane(e, 0);
    /* Karatsuba on 32-bit words: (a0 + a1 t)(h0 + h1 t), t = x^32, and likewise */
    const uint64_t ml = ma ^ c0 ^ c1, mh = mb ^ c2 ^ c3, mm = me ^ mc ^ md;
    arx_gf_karatsuba_reduce(y, c0 ^ (ml << 32), c1 ^ (ml >> 32), c2 ^ (mh << 32), c3 ^ (mh >> 32),
                            mc ^ (mm << 32), md ^ (mm >> 32));
}

void arx_ghash_wasm_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    v128_t x[N][5];
    for (; nblocks >= N; nblocks -= N, data += 16 * N) run(g->y, g->key, data, N, x);
    if (nblocks) run(g->y, g->key, data, (unsigned)nblocks, x);
    arx_wipe(x, sizeof x);
}
#else
typedef int arx_ghash_wasm_not_built; /* ISO C: no empty translation unit */
#endif
