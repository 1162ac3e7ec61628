/*
 * Portable constant-time GHASH: no tables, no branches on data.
 *
 * Representation. GCM writes a field element as 16 bytes whose first bit
 * (the MSB of byte 0) is the coefficient of x^0 (SP 800-38D, 6.3). Loading
 * bytes 0..7 big-endian puts that bit at bit 63; reversing the 64 bits puts
 * it at bit 0. So w0 = rev64(load_be(b)), w1 = rev64(load_be(b + 8)) gives a
 * polynomial whose bit i is the coefficient of x^i, and ordinary carry-less
 * multiplication and reduction modulo x^128 + x^7 + x^2 + x + 1 apply.
 *
 * Carry-less multiplication with integer multiplies. Split each 32-bit
 * operand into four masks of every fourth bit. A product of two masked words
 * adds at most 8 one-bit products into any bit position, and positions that
 * share a residue mod 4 are 4 bits apart, so the sums never carry into the
 * next position of the same residue; keeping only the right residue of each
 * product yields the carry-less product (the technique of BearSSL's
 * ghash_ctmul32, written anew here). Integer multiplication is constant time
 * on the CPUs this library targets; docs/SECURITY.md lists the exceptions.
 */
#include "ghash.h"

#include "../internal.h"
#include "ghash_mul64.h"

/*
 * Two ways to a 64 x 64 -> 128 carry-less product, by the width of the
 * target's integer multiply.
 *
 * ARX_GHASH_MUL64 (64-bit targets, and wasm32, whose i64.mul is one
 * instruction): bmul64 below gives the low 64 bits of the product from 16
 * 64-bit multiplies of every-fourth-bit masks. A position of the low half
 * collects at most 16 one-bit products, and only positions 60..63 reach 16,
 * whose carry lands above bit 63: the kept residues stay exact (the
 * observation behind BearSSL's ghash_ctmul64, written anew here). The high
 * half is the low half of the bit-reversed operands' product, reversed:
 * coefficient 63 + j of a*b is bit j of rev64(bmul64(rev64 a, rev64 b)), so
 * shifting that right by one gives coefficients 64.. 127. 32 multiplies per
 * 64 x 64 product, against 48 for Karatsuba over clmul32.
 *
 * Otherwise (32-bit targets, where a 64 x 64 multiply is several
 * instructions): clmul32 with 32 x 32 -> 64 multiplies, Karatsuba above it.
 */
#if UINTPTR_MAX > 0xffffffffu || defined(__wasm__)
#define ARX_GHASH_MUL64 1
#else
#define ARX_GHASH_MUL64 0
#endif

/*
 * Cores whose multiplier is missing or not constant time get a multiply with
 * no integer multiplication at all: RV32I has no M extension (libgcc's
 * __mulsi3 loop stops at the multiplier's highest set bit), and the
 * Cortex-M3's UMULL terminates early (3 to 5 cycles by operand, TRM 18.2).
 * Shift-and-add over the 128 bits of y, each step masked rather than
 * branched: z ^= v & -bit; v *= x (a shift, reduced with a mask of the
 * bit shifted out). 32-bit words, so 32-bit cores get plain word operations.
 */
#if (defined(__riscv) && __riscv_xlen == 32 && !defined(__riscv_mul)) || defined(__ARM_ARCH_7M__)
#define ARX_GHASH_SHIFT_ADD 1
#else
#define ARX_GHASH_SHIFT_ADD 0
#endif

#if ARX_GHASH_SHIFT_ADD
/* no integer multiply: see gf128_mul_by */
#elif ARX_GHASH_MUL64
/* bmul64: ghash_mul64.h */
#define bmul64 arx_gf_bmul64
#else
static uint64_t clmul32(uint32_t x, uint32_t y) {
    const uint32_t m0 = 0x11111111u, m1 = 0x22222222u, m2 = 0x44444444u, m3 = 0x88888888u;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & 0x1111111111111111u) | (z1 & 0x2222222222222222u) |
           (z2 & 0x4444444444444444u) | (z3 & 0x8888888888888888u);
}

/* 64 x 64 -> 128 carry-less, Karatsuba over 32-bit halves: hi:lo. */
static void clmul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32);
    uint32_t b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
    uint64_t m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    *lo = l ^ (m << 32);
    *hi = h ^ (m >> 32);
}

#endif

#define rev64 arx_gf_rev64

/* A multiplier: h, and (ARX_GHASH_MUL64) what the products need of it,
 * computed once per run of blocks. */
typedef struct {
    uint64_t h0, h1, h2; /* h2 = h0 ^ h1, Karatsuba's middle operand */
#if ARX_GHASH_MUL64
    uint64_t r0, r1, r2; /* their bit reversals */
#endif
} gf128_mulby;

static void gf128_prep(gf128_mulby *m, const uint64_t h[2]) {
    m->h0 = h[0];
    m->h1 = h[1];
    m->h2 = h[0] ^ h[1];
#if ARX_GHASH_MUL64
    m->r0 = rev64(m->h0);
    m->r1 = rev64(m->h1);
    m->r2 = rev64(m->h2);
#endif
}

/* y = y * h mod x^128 + x^7 + x^2 + x + 1. */
#if ARX_GHASH_SHIFT_ADD
static void gf128_mul_by(uint64_t y[2], const gf128_mulby *m) {
    uint32_t yw[4] = {(uint32_t)y[0], (uint32_t)(y[0] >> 32), (uint32_t)y[1], (uint32_t)(y[1] >> 32)};
    uint32_t v[4] = {(uint32_t)m->h0, (uint32_t)(m->h0 >> 32), (uint32_t)m->h1, (uint32_t)(m->h1 >> 32)};
    uint32_t z[4] = {0, 0, 0, 0};
    for (unsigned w = 0; w < 4; w++) {
        uint32_t bits = yw[w];
        for (unsigned b = 0; b < 32; b++, bits >>= 1) {
            uint32_t mask = 0u - (bits & 1u);
            z[0] ^= v[0] & mask;
            z[1] ^= v[1] & mask;
            z[2] ^= v[2] & mask;
            z[3] ^= v[3] & mask;
            uint32_t top = 0u - (v[3] >> 31); /* x^127 shifted out to x^128 = x^7 + x^2 + x + 1 */
            v[3] = v[3] << 1 | v[2] >> 31;
            v[2] = v[2] << 1 | v[1] >> 31;
            v[1] = v[1] << 1 | v[0] >> 31;
            v[0] = v[0] << 1 ^ (top & 0x87u);
        }
    }
    y[0] = (uint64_t)z[1] << 32 | z[0];
    y[1] = (uint64_t)z[3] << 32 | z[2];
    arx_wipe(v, sizeof v);
    arx_wipe(yw, sizeof yw);
    arx_wipe(z, sizeof z);
}
#else
static void gf128_mul_by(uint64_t y[2], const gf128_mulby *m) {
    uint64_t p0, p1, p2, p3, m0, m1;
#if ARX_GHASH_MUL64
    const uint64_t a0 = y[0], a1 = y[1], a2 = a0 ^ a1;
    const uint64_t b0 = rev64(a0), b1 = rev64(a1), b2 = b0 ^ b1;
    p0 = bmul64(a0, m->h0);
    p1 = rev64(bmul64(b0, m->r0)) >> 1;
    p2 = bmul64(a1, m->h1);
    p3 = rev64(bmul64(b1, m->r1)) >> 1;
    m0 = bmul64(a2, m->h2);
    m1 = rev64(bmul64(b2, m->r2)) >> 1;
#else
    clmul64(y[0], m->h0, &p1, &p0);
    clmul64(y[1], m->h1, &p3, &p2);
    clmul64(y[0] ^ y[1], m->h2, &m1, &m0);
#endif
    arx_gf_karatsuba_reduce(y, p0, p1, p2, p3, m0, m1);
}
#endif


static void gf128_mul(uint64_t y[2], const uint64_t h[2]) {
    gf128_mulby m;
    gf128_prep(&m, h);
    gf128_mul_by(y, &m);
    arx_wipe(&m, sizeof m);
}

void arx_ghash_ct_key(arx_ghash_key *gk, const uint8_t h[16]) {
    gk->h[0] = rev64(arx_load64_be(h));
    gk->h[1] = rev64(arx_load64_be(h + 8));
}

void arx_ghash_ct_load(uint64_t y[2], const uint8_t b[16]) {
    y[0] = rev64(arx_load64_be(b));
    y[1] = rev64(arx_load64_be(b + 8));
}

void arx_ghash_ct_blocks(arx_ghash *g, const uint8_t *data, size_t nblocks) {
    gf128_mulby m;
    gf128_prep(&m, g->key->h);
    for (size_t i = 0; i < nblocks; i++, data += 16) {
        g->y[0] ^= rev64(arx_load64_be(data));
        g->y[1] ^= rev64(arx_load64_be(data + 8));
        gf128_mul_by(g->y, &m);
    }
    arx_wipe(&m, sizeof m);
}

void arx_ghash_ct_out(const arx_ghash *g, uint8_t out[16]) {
    arx_store64_be(out, rev64(g->y[0]));
    arx_store64_be(out + 8, rev64(g->y[1]));
}

void arx_ghash_ct_hpow(arx_ghash *hn, uint64_t n) {
    uint64_t r[2] = {1, 0}; /* the polynomial 1 */
    for (int b = 63; b >= 0; b--) {
        gf128_mul(r, r);
        if ((n >> b) & 1) gf128_mul(r, hn->key->h); /* n is a public block count */
    }
    hn->y[0] = r[0];
    hn->y[1] = r[1];
}

void arx_ghash_ct_fold(arx_ghash *g, const arx_ghash *hn, const arx_ghash *part) {
    gf128_mul(g->y, hn->y);
    g->y[0] ^= part->y[0];
    g->y[1] ^= part->y[1];
}
